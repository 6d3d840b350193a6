"""Playing style: the aggression map."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from rakestats.plots._style import OKABE_ITO, Data, axes, frame, group_label
from rakestats.plots._text import literal

__all__ = ["aggression_map"]


def aggression_map(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """VPIP against AF: one labelled point per player, its area proportional to the
    player's hands. Loose players are to the right, aggressive ones higher. ``data`` is
    ``Warehouse.player_stats()`` output, or a warehouse. Players without an AF (no calls)
    are left out and counted in the legend's title."""
    df = frame(data, lambda wh: wh.player_stats(**filters), ("player", "vpip", "af", "hands"))
    ok = df["vpip"].notna() & df["af"].notna()
    left_out = int((~ok).sum())
    df = df[ok]
    ax = axes(ax, (8.0, 6.0))
    hands = df["hands"].to_numpy(dtype=float)
    biggest = hands.max() if len(hands) else 1.0
    sizes = 30 + 400 * hands / biggest
    x = 100 * df["vpip"].to_numpy(dtype=float)
    y = df["af"].to_numpy(dtype=float)
    ax.scatter(
        x, y, s=sizes, color=OKABE_ITO["sky_blue"], edgecolors=OKABE_ITO["blue"],
        alpha=0.8, label="player (area: hands)",
    )  # fmt: skip
    for xi, yi, row in zip(x, y, df.itertuples(index=False), strict=True):
        ax.annotate(
            group_label(row, df), (xi, yi), xytext=(4, 4), textcoords="offset points",
            fontsize=8,
        )  # fmt: skip
    if len(y) and np.nanmax(y) > 0:
        ax.set_ylim(0, 1.1 * float(np.nanmax(y)))
    ax.set_xlim(0, 100)
    ax.set_title("Aggression map: VPIP against aggression factor")
    ax.set_xlabel("VPIP (% of hands, first betting round)")
    ax.set_ylabel("AF ((bets + raises) / calls)")
    title = f"{left_out} without AF left out" if left_out else None
    ax.legend(loc="upper right", title=title)
    return literal(ax)

"""Playing style: the aggression map."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from rakestats.plots._labels import label_points
from rakestats.plots._style import (
    EDGE,
    OKABE_ITO,
    Data,
    axes,
    frame,
    group_label,
    nothing_to_draw,
)
from rakestats.plots._text import literal

__all__ = ["AF_CAP_MIN", "MAX_LABELS", "af_cap", "aggression_map"]

MAX_LABELS = 12  # players labelled at most (most hands first)
AF_CAP_MIN = 2.0  # the AF axis is never clipped below this


def af_cap(af: Any) -> float | None:
    """Where the AF axis is clipped, or None when no point lies beyond: the upper
    quartile plus three interquartile ranges (Tukey's far-out fence), at least
    :data:`AF_CAP_MIN`.

    >>> af_cap([0.3, 0.5, 0.6, 0.8, 1.0, 9.8])
    2.2
    >>> af_cap([0.3, 0.5, 0.6]) is None
    True
    """
    a = np.asarray(af, dtype=float)
    a = a[np.isfinite(a)]
    if len(a) < 4:
        return None
    q1, q3 = np.quantile(a, [0.25, 0.75])
    cap = max(AF_CAP_MIN, float(q3 + 3 * (q3 - q1)))
    return round(cap, 1) if float(a.max()) > cap else None


def aggression_map(
    data: Data, *, ax: Axes | None = None, max_labels: int = MAX_LABELS, **filters: Any
) -> Axes:
    """VPIP against AF: one point per player, its area proportional to the player's
    hands. Loose players are to the right, aggressive ones higher. ``data`` is
    ``Warehouse.player_stats()`` output, or a warehouse. Players without an AF (no calls)
    are left out and counted in the legend's title; with no player left the Axes says
    there is nothing to draw.

    Labels never overlap each other or the points: the players with the most hands are
    labelled first, after the points drawn at the clipped edge (at most ``max_labels``),
    a label with no free place is left out, and the x label counts the players not
    labelled (:func:`rakestats.plots.point_labels` gives the labels drawn). An AF far
    above the others (:func:`af_cap`) is drawn at the top edge as a triangle, and the
    legend says where the axis was clipped."""
    df = frame(
        data,
        lambda st: st.player_stats(**filters),
        ("player", "vpip", "af", "hands"),
        "player_stats()",
    )
    ok = df["vpip"].notna() & df["af"].notna()
    left_out = int((~ok).sum())
    df = df[ok].sort_values(["hands", "player"], ascending=[False, True], kind="stable")
    ax = axes(ax, (8.0, 6.0))
    ax.set_title("Aggression map: VPIP against aggression factor")
    if df.empty:
        reason = "no player with both a VPIP and an AF"
        if left_out:
            reason += f"\n({left_out} without an AF: no calls)"
        return literal(nothing_to_draw(ax, reason))
    hands = df["hands"].to_numpy(dtype=float)
    biggest = hands.max() if len(hands) else 1.0
    sizes = 30 + 400 * hands / biggest
    x = 100 * df["vpip"].to_numpy(dtype=float)
    y = df["af"].to_numpy(dtype=float)
    cap = af_cap(y)
    over = y > cap if cap is not None else np.zeros(len(y), dtype=bool)
    shown_y = np.where(over, cap if cap is not None else 0.0, y)
    ax.scatter(
        x[~over], y[~over], s=sizes[~over], color=OKABE_ITO["sky_blue"],
        edgecolors=OKABE_ITO["blue"], alpha=0.8, label="player (area: hands)",
    )  # fmt: skip
    if over.any():
        ax.scatter(
            x[over], shown_y[over], s=sizes[over], marker="^", color=OKABE_ITO["orange"],
            edgecolors=OKABE_ITO["vermillion"], alpha=0.9, clip_on=False,
            label=f"AF above {cap:g}, drawn at the top",
        )  # fmt: skip
    top = cap if cap is not None else (float(np.nanmax(y)) if len(y) else 1.0)
    upper = 1.12 * top if top > 0 else 1.0
    ax.set_ylim(-upper * EDGE / 100, upper)  # a player of AF 0 drawn whole
    ax.set_xlim(-EDGE, 100 + EDGE)  # a player at 0 or 100 % drawn whole
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("VPIP (% of hands, first betting round)")
    ax.set_ylabel("AF ((bets + raises) / calls)")
    title = f"{left_out} without AF left out" if left_out else None
    ax.legend(  # beside the Axes: over the points it hid players at the top right
        loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, title=title,
        fontsize=8, title_fontsize=8,
    )  # fmt: skip
    names = [group_label(r, df) for r in df.itertuples(index=False)]
    labels = [f"{n} (AF {v:.1f})" if o else n for n, v, o in zip(names, y, over, strict=True)]
    order = sorted(range(len(labels)), key=lambda i: not over[i])  # clipped points first
    missing = label_points(
        ax,
        [float(x[i]) for i in order],
        [float(shown_y[i]) for i in order],
        [labels[i] for i in order],
        sizes=[float(sizes[i]) for i in order],
        max_labels=max_labels,
    )
    if missing:
        ax.set_xlabel(
            f"{ax.get_xlabel()}\n{len(missing)} of {len(labels)} players not labelled "
            "(fewest hands, or no free place)"
        )
    return literal(ax)

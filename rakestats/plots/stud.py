"""The stud games (Razz, Seven-Card Stud, Stud Hi/Lo): 3rd-street profile and
aggression by street."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.patches import Patch

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
from rakestats.stats import STREETS

__all__ = ["MAX_PLAYERS", "THIRD_STREET_BARS", "street_aggression", "third_street"]

# Bars of the 3rd-street profile: (column of stud_stats, label, colour).
THIRD_STREET_BARS = (
    ("bring_in_pct", "bring-in", OKABE_ITO["yellow"]),
    ("complete_pct", "complete", OKABE_ITO["sky_blue"]),
    ("raise_3rd_pct", "raise", OKABE_ITO["vermillion"]),
    ("vpip_3rd", "VPIP", OKABE_ITO["blue"]),
)
# Players drawn by street_aggression unless told otherwise (most hands first), as many as
# the report's stud figures show.
MAX_PLAYERS = 8
_LEGEND_ROWS = 40  # entries per legend column at most
_NO_STUD = "no stud hands (3rd to 7th street are the stud games' streets)"


def third_street(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Per player, the shares of hands with the bring-in, a completion, a raise and
    voluntary money in on 3rd street (grouped bars, % of hands). ``data`` is
    ``Warehouse.stud_stats()`` output, or a warehouse; without stud rows the Axes says
    there is nothing to draw."""
    df = frame(
        data,
        lambda st: st.stud_stats(**filters),
        ("player", "hands", *(c for c, _, _ in THIRD_STREET_BARS)),
        "stud_stats()",
    )
    df = df.sort_values(["hands", "player"], ascending=[False, True], kind="stable")
    ax = axes(ax, (8.0, max(3.0, 0.5 * len(df) + 1.5)))
    ax.set_title("3rd street: bring-in, complete, raise and VPIP")
    if df.empty:
        return literal(nothing_to_draw(ax, _NO_STUD))
    y = np.arange(len(df))
    height = 0.8 / len(THIRD_STREET_BARS)
    for i, (col, label, colour) in enumerate(THIRD_STREET_BARS):
        values = 100 * df[col].to_numpy(dtype=float, na_value=np.nan)
        ax.barh(y + (i - 1.5) * height, np.nan_to_num(values), height=height, color=colour,
                label=label)  # fmt: skip
    ax.set_yticks(y, [group_label(r, df) for r in df.itertuples(index=False)])
    ax.invert_yaxis()  # most hands on top
    ax.set_xlim(0, 100)
    ax.set_xlabel("% of hands")
    ax.set_ylabel("player")
    handles = [Patch(facecolor=colour, label=label) for _, label, colour in THIRD_STREET_BARS]
    ax.legend(handles=handles, loc="lower right", fontsize=8)
    return literal(ax)


def _most_hands(df: pd.DataFrame, limit: int | None) -> pd.DataFrame:
    """The ``limit`` rows with the most hands (all with None); in the order given when
    the frame has no ``hands``."""
    if "hands" in df.columns:
        df = df.sort_values(["hands", "player"], ascending=[False, True], kind="stable")
    return df if limit is None else df.head(limit)


def street_aggression(
    data: Data,
    *,
    measure: str = "afq",
    max_players: int | None = MAX_PLAYERS,
    ax: Axes | None = None,
    **filters: Any,
) -> Axes:
    """Aggression per street, 3rd to 7th, one line per player: ``measure`` ``afq``
    (% of bets and raises among bets, raises, calls and folds) or ``af`` ((bets +
    raises) / calls). Streets without the figure (no actions, or no calls for AF) are
    gaps. ``data`` is ``Warehouse.stud_stats()`` output, or a warehouse; without stud
    rows the Axes says there is nothing to draw.

    ``max_players``: the players drawn, those with the most hands first (default
    :data:`MAX_PLAYERS`; None draws every row): with more rows than that, the legend's
    title says how many are drawn of how many. The legend stands right of the Axes; a
    player's game and currency are named when the data (all of it) has several."""
    if measure not in ("afq", "af"):
        raise ValueError("measure must be 'afq' or 'af'")
    if max_players is not None and max_players < 1:
        raise ValueError(f"max_players must be at least 1 (or None for all), got {max_players}")
    cols = tuple(f"{measure}_{s}" for s in STREETS)
    df = frame(data, lambda st: st.stud_stats(**filters), ("player", *cols), "stud_stats()")
    whole, everyone = df, len(df)
    df = _most_hands(df, max_players)
    ncols = max(1, math.ceil(len(df) / _LEGEND_ROWS))
    rows = math.ceil(len(df) / ncols)
    # a new figure is widened for each legend column beyond the first, and made taller
    # for long columns
    ax = axes(ax, (8.0 + 2.4 * (ncols - 1), max(4.5, 0.2 * rows + 1.5)))
    ax.set_title(f"Aggression by street ({'AFq' if measure == 'afq' else 'AF'})")
    if df.empty:
        return literal(nothing_to_draw(ax, _NO_STUD))
    x = np.arange(len(STREETS))
    palette = list(OKABE_ITO.values())
    scale = 100.0 if measure == "afq" else 1.0
    for i, row in enumerate(df.itertuples(index=False)):
        y = scale * np.array([getattr(row, c) for c in cols], dtype=float)
        style = ("-", "--", ":")[(i // len(palette)) % 3]
        ax.plot(x, y, marker="o", linestyle=style, color=palette[i % len(palette)],
                label=group_label(row, whole))  # fmt: skip
    ax.set_xticks(x, [f"{s} street" for s in STREETS])
    if measure == "afq":
        ax.set_ylim(-EDGE, 100 + EDGE)  # a marker at 0 or 100 drawn whole
        ax.set_yticks(range(0, 101, 20))
        ax.set_ylabel("AFq (% of bets and raises among actions)")
    else:
        ax.set_ylabel("AF ((bets + raises) / calls)")
    ax.set_xlabel("street")
    title = f"{len(df)} of {everyone} players (most hands)" if len(df) < everyone else None
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0, fontsize=8,
              title=title, title_fontsize=8, ncols=ncols)  # fmt: skip
    return literal(ax)

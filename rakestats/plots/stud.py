"""The stud games (Razz, Seven-Card Stud, Stud Hi/Lo): 3rd-street profile and
aggression by street."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from rakestats.plots._style import OKABE_ITO, Data, axes, frame, group_label
from rakestats.plots._text import literal
from rakestats.stats import STREETS

__all__ = ["THIRD_STREET_BARS", "street_aggression", "third_street"]

# Bars of the 3rd-street profile: (column of stud_stats, label, colour).
THIRD_STREET_BARS = (
    ("bring_in_pct", "bring-in", OKABE_ITO["yellow"]),
    ("complete_pct", "complete", OKABE_ITO["sky_blue"]),
    ("raise_3rd_pct", "raise", OKABE_ITO["vermillion"]),
    ("vpip_3rd", "VPIP", OKABE_ITO["blue"]),
)


def third_street(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Per player, the shares of hands with the bring-in, a completion, a raise and
    voluntary money in on 3rd street (grouped bars, % of hands). ``data`` is
    ``Warehouse.stud_stats()`` output, or a warehouse."""
    df = frame(
        data,
        lambda st: st.stud_stats(**filters),
        ("player", "hands", *(c for c, _, _ in THIRD_STREET_BARS)),
    )
    df = df.sort_values(["hands", "player"], ascending=[False, True], kind="stable")
    ax = axes(ax, (8.0, max(3.0, 0.5 * len(df) + 1.5)))
    y = np.arange(len(df))
    height = 0.8 / len(THIRD_STREET_BARS)
    for i, (col, label, colour) in enumerate(THIRD_STREET_BARS):
        values = 100 * df[col].to_numpy(dtype=float, na_value=np.nan)
        ax.barh(y + (i - 1.5) * height, np.nan_to_num(values), height=height, color=colour,
                label=label)  # fmt: skip
    ax.set_yticks(y, [group_label(r, df) for r in df.itertuples(index=False)])
    ax.invert_yaxis()  # most hands on top
    ax.set_xlim(0, 100)
    ax.set_title("3rd street: bring-in, complete, raise and VPIP")
    ax.set_xlabel("% of hands")
    ax.set_ylabel("player")
    ax.legend(loc="lower right", fontsize=8)
    return literal(ax)


def street_aggression(
    data: Data, *, measure: str = "afq", ax: Axes | None = None, **filters: Any
) -> Axes:
    """Aggression per street, 3rd to 7th, one line per player: ``measure`` ``afq``
    (% of bets and raises among bets, raises, calls and folds) or ``af`` ((bets +
    raises) / calls). Streets without the figure (no actions, or no calls for AF) are
    gaps. ``data`` is ``Warehouse.stud_stats()`` output, or a warehouse."""
    if measure not in ("afq", "af"):
        raise ValueError("measure must be 'afq' or 'af'")
    cols = tuple(f"{measure}_{s}" for s in STREETS)
    df = frame(data, lambda st: st.stud_stats(**filters), ("player", *cols))
    ax = axes(ax)
    x = np.arange(len(STREETS))
    palette = list(OKABE_ITO.values())
    scale = 100.0 if measure == "afq" else 1.0
    for i, row in enumerate(df.itertuples(index=False)):
        y = scale * np.array([getattr(row, c) for c in cols], dtype=float)
        style = ("-", "--", ":")[(i // len(palette)) % 3]
        ax.plot(x, y, marker="o", linestyle=style, color=palette[i % len(palette)],
                label=group_label(row, df))  # fmt: skip
    ax.set_xticks(x, [f"{s} street" for s in STREETS])
    if measure == "afq":
        ax.set_ylim(0, 100)
        ax.set_ylabel("AFq (% of bets and raises among actions)")
    else:
        ax.set_ylabel("AF ((bets + raises) / calls)")
    ax.set_title(f"Aggression by street ({'AFq' if measure == 'afq' else 'AF'})")
    ax.set_xlabel("street")
    if len(df):
        ax.legend(loc="best", fontsize=8)
    return literal(ax)

"""Shared plumbing of the plot helpers: the palette, Axes creation without pyplot,
and reading a DataFrame from a warehouse when one is given instead."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any, Literal

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.axis import Axis, XAxis
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter, MaxNLocator, StrMethodFormatter

from rakestats.money import decimals, format_units
from rakestats.plots._display import made_here
from rakestats.stats import HasStatistics, Statistics, is_stud, split_text

__all__ = [
    "EDGE",
    "EMPTY_GID",
    "OKABE_ITO",
    "RATE_UNITS",
    "Data",
    "MoneyFormatter",
    "axes",
    "count_axis",
    "frame",
    "group_label",
    "nothing_drawn",
    "nothing_to_draw",
    "only_stud",
    "rate_label",
    "require",
]

# Okabe & Ito (2008), a palette that colour-blind readers can tell apart.
OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
}

# A DataFrame from the statistics layer, or a warehouse (anything with the statistics)
# to compute it from.
Data = pd.DataFrame | HasStatistics


def axes(ax: Axes | None, size: tuple[float, float] = (8.0, 4.5)) -> Axes:
    """``ax``, or the Axes of a new :class:`Figure` (no pyplot state involved)."""
    if ax is not None:
        return ax
    fig = made_here(Figure(figsize=size, layout="constrained"))
    return fig.add_subplot()


#: The room beyond 0 and 100 on a percentage axis, so that a marker there is drawn whole.
EDGE = 4.0

# The gid of the text that says an Axes has nothing to draw.
EMPTY_GID = "nothing-to-draw"
_EMPTY_HEAD = "Nothing to draw"


def nothing_to_draw(ax: Axes, reason: str) -> Axes:
    """Say on ``ax`` that there is nothing to draw, and ``reason``: a text in the middle
    of the Axes; ticks, axis labels and any legend are removed (the title stays).
    Returns ``ax``."""
    legend = ax.get_legend()
    if legend is not None:
        legend.remove()
    ax.set_xticks([])
    ax.set_yticks([])
    ax.minorticks_off()
    ax.set_xlabel("")
    ax.set_ylabel("")
    ax.text(
        0.5, 0.5, f"{_EMPTY_HEAD}\n{reason}", transform=ax.transAxes, ha="center",
        va="center", wrap=True, color="dimgrey", gid=EMPTY_GID,
    )  # fmt: skip
    return ax


def only_stud(df: pd.DataFrame) -> bool:
    """Whether the rows of ``df`` are all of stud games, and there are some (a reason
    for a Rake-only figure to be empty)."""
    games = set(df["game"].dropna().astype(str)) if "game" in df.columns else set()
    return bool(games) and all(is_stud(g) for g in games)


def nothing_drawn(ax: Axes) -> str | None:
    """Why a plot helper drew nothing on ``ax`` (``no stud hands``), or None when it
    drew something.

    >>> from matplotlib.figure import Figure
    >>> ax = nothing_to_draw(Figure().add_subplot(), "no hands")
    >>> nothing_drawn(ax), [t.get_text() for t in ax.texts]
    ('no hands', ['Nothing to draw\\nno hands'])
    """
    for text in ax.texts:
        if text.get_gid() == EMPTY_GID:
            return text.get_text().split("\n", 1)[1]
    return None


def frame(
    data: Data,
    method: Callable[[Statistics], pd.DataFrame],
    needs: tuple[str, ...],
    source: str,
) -> pd.DataFrame:
    """The DataFrame to draw: ``data`` itself, or ``method`` of the statistics of a
    warehouse; checks that the columns ``needs`` are there. ``source`` names the
    warehouse method whose output the plot draws (``stud_stats()``), for the error
    when they are not."""
    df = data if isinstance(data, pd.DataFrame) else method(data.statistics)
    return require(df, needs, source)


def require(df: pd.DataFrame, needs: tuple[str, ...], source: str | None = None) -> pd.DataFrame:
    """``df``, after checking that the columns ``needs`` are there; the error names
    ``source``, the warehouse method whose output has them.

    >>> try:
    ...     require(pd.DataFrame({"player": ["Ann"]}), ("player", "afq_3rd"), "stud_stats()")
    ... except ValueError as e:
    ...     print(str(e).replace(": ", ":\\n"))
    the data lacks the column(s) afq_3rd:
    this plot draws the output of Warehouse.stud_stats() (or pass the warehouse itself)
    """
    missing = [c for c in needs if c not in df.columns]
    if missing:
        text = f"the data lacks the column(s) {', '.join(missing)}"
        if source is not None:
            text += (
                f": this plot draws the output of Warehouse.{source} (or pass the warehouse itself)"
            )
        raise ValueError(text)
    return df


def group_label(row: Any, df: pd.DataFrame) -> str:
    """A row's player name, with game and currency when the frame mixes several, and
    the value of each breakdown column (``player_stats(by=...)``: site, table size,
    position, stakes) that differs between rows (the label of the row's point in a plot).

    >>> df = pd.DataFrame({"player": ["Ann", "Ann"], "game": ["rake", "razz"]})
    >>> [group_label(r, df) for r in df.itertuples(index=False)]
    ['Ann (rake)', 'Ann (razz)']
    >>> df = pd.DataFrame({"player": ["Ann", "Ann"], "currency": ["USD", "USD"],
    ...                    "site": ["PokerStars", "iPoker"], "big_bet": [200, 8]})
    >>> [group_label(r, df) for r in df.itertuples(index=False)]
    ['Ann (PokerStars, big bet $2.00)', 'Ann (iPoker, big bet $0.08)']
    """
    extra = [
        split_text(c, getattr(row, c), getattr(row, "currency", None))
        for c in ("game", "currency", *_SPLITS)
        if c in df.columns and df[c].nunique(dropna=False) > 1
    ]
    return f"{row.player} ({', '.join(extra)})" if extra else str(row.player)


# The columns ``player_stats(by=...)`` adds, in a label's order.
_SPLITS = (
    "site", "year", "month", "week", "day", "table_size", "position", "from_dealer", "ante",
    "big_bet",
)  # fmt: skip


# The game's units (``winrate_unit``): (plural, singular) for labels.
RATE_UNITS = {"ante": ("antes", "ante"), "big_bet": ("big bets", "big bet")}


def rate_label(df: pd.DataFrame, what: str = "win rate") -> str:
    """The axis label of a rate per 100 hands in the rows' game units: ``win rate (antes
    per 100 hands)``; with Rake and stud rows together it says which game is in which."""
    units = set(df["winrate_unit"].dropna()) if "winrate_unit" in df.columns else set()
    if len(units) == 1 and next(iter(units)) in RATE_UNITS:
        return f"{what} ({RATE_UNITS[next(iter(units))][0]} per 100 hands)"
    if units == set(RATE_UNITS):
        return f"{what} per 100 hands (Rake in antes, the stud games in big bets)"
    return f"{what} (game units per 100 hands)"


def count_axis(axis: Axis) -> Axis:
    """Ticks of a count (hands) on ``axis``: whole numbers with thousands separators
    (``1,200,000``), never matplotlib's ``1e6`` above the axis.

    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> _ = ax.plot([0, 1], [0, 1_250_000])
    >>> _ = count_axis(ax.yaxis)
    >>> ax.figure.canvas.draw()
    >>> ax.yaxis.get_offset_text().get_text(), [t.get_text() for t in ax.get_yticklabels()][-2]
    ('', '1,200,000')
    """
    # along x, fewer ticks: "120,000" is wide, and ten of them overlap on a narrow Axes
    bins: int | Literal["auto"] = 6 if isinstance(axis, XAxis) else "auto"
    axis.set_major_locator(MaxNLocator(nbins=bins, integer=True, steps=[1, 2, 2.5, 5, 10]))
    axis.set_major_formatter(StrMethodFormatter("{x:,.0f}"))
    return axis


class MoneyFormatter(Formatter):
    """Tick labels of an axis in a currency's units (dollars, not cents; chips with
    thousands separators): ``$0.25``, ``-€1,250.00``, ``8,200,000``. All ticks get the
    same digits after the point: the currency's, or more when the ticks are closer."""

    def __init__(self, currency: str | None) -> None:
        super().__init__()
        self.currency = currency
        self.places: int | None = None

    def set_locs(self, locs: list[float]) -> None:
        super().set_locs(locs)
        steps = np.diff(np.unique(np.asarray(locs, dtype=float)))
        steps = steps[np.isfinite(steps) & (steps > 0)]
        places = decimals(self.currency)
        if len(steps):
            step = Decimal(f"{float(steps.min()):.6g}").normalize()
            places = max(places, -int(step.as_tuple().exponent))
        self.places = places

    def __call__(self, x: float, pos: int | None = None) -> str:
        return format_units(x, self.currency, places=self.places)

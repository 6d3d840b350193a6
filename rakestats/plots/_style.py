"""Shared plumbing of the plot helpers: the palette, Axes creation without pyplot,
and reading a DataFrame from a warehouse when one is given instead."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rakestats.stats import StatsMixin

__all__ = ["OKABE_ITO", "Data", "axes", "frame", "group_label", "unit_label"]

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

# A DataFrame from the statistics layer, or a warehouse to compute it from.
Data = pd.DataFrame | StatsMixin


def axes(ax: Axes | None, size: tuple[float, float] = (8.0, 4.5)) -> Axes:
    """``ax``, or the Axes of a new :class:`Figure` (no pyplot state involved)."""
    if ax is not None:
        return ax
    fig = Figure(figsize=size, layout="constrained")
    return fig.add_subplot()


def frame(
    data: Data, method: Callable[[StatsMixin], pd.DataFrame], needs: tuple[str, ...]
) -> pd.DataFrame:
    """The DataFrame to draw: ``data`` itself, or ``method(data)`` for a warehouse;
    checks that the columns ``needs`` are there."""
    df = data if isinstance(data, pd.DataFrame) else method(data)
    missing = [c for c in needs if c not in df.columns]
    if missing:
        raise ValueError(f"the data lacks the column(s) {', '.join(missing)}")
    return df


def group_label(row: Any, df: pd.DataFrame) -> str:
    """A row's player name, with game and currency when the frame mixes several."""
    extra = [
        str(getattr(row, c))
        for c in ("game", "currency")
        if c in df.columns and df[c].nunique(dropna=False) > 1
    ]
    return f"{row.player} ({', '.join(extra)})" if extra else str(row.player)


def unit_label(df: pd.DataFrame) -> str:
    """The win-rate unit of the rows: ``antes``, ``big bets`` or ``units`` when mixed."""
    units = set(df["winrate_unit"].dropna()) if "winrate_unit" in df.columns else set()
    if units == {"ante"}:
        return "antes"
    if units == {"big_bet"}:
        return "big bets"
    return "units"

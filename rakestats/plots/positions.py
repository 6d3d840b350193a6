"""Win rate by position at the table."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from rakestats.plots._style import (
    OKABE_ITO,
    Data,
    axes,
    frame,
    nothing_to_draw,
    only_stud,
    rate_label,
)
from rakestats.plots._text import literal

__all__ = ["winrate_by_position"]

Z95 = 1.96


def _pooled(df: pd.DataFrame, key: str) -> pd.DataFrame:
    """Win rate per ``key`` pooled over rows: mean, standard error and hands, from each
    row's mean, standard deviation and count (exact: sums of x and x² are recovered)."""
    n = df["winrate_hands"].astype(float)
    mean = df["winrate_per100"].astype(float) / 100
    sd = df["sd_per_hand"].astype(float).fillna(0)
    work = pd.DataFrame(
        {
            key: df[key],
            "n": n,
            "sx": mean * n,
            "sxx": sd**2 * (n - 1).clip(lower=0) + n * mean**2,
        }
    )
    g = work.groupby(key, sort=True)[["n", "sx", "sxx"]].sum()
    m = g["sx"] / g["n"]
    var = (g["sxx"] - g["n"] * m**2) / (g["n"] - 1).where(g["n"] > 1)
    se = np.sqrt(var.clip(lower=0) / g["n"])
    return pd.DataFrame({"rate": 100 * m, "se": 100 * se, "hands": g["n"]})


def winrate_by_position(
    data: Data, *, by: str = "from_dealer", ax: Axes | None = None, **filters: Any
) -> Axes:
    """Win rate per 100 hands by seat, pooled over the rows given (all players, or the
    ones filtered), with 95% intervals. ``by`` is ``from_dealer`` (0 = the dealer, who
    acts last; pooled over table sizes) or ``position`` (1 = first to act). ``data`` is
    ``Warehouse.positions()`` or ``player_stats(by=(by,))`` output, or a warehouse.
    Rows without a position (the stud games have no dealer) are left out; with none
    left the Axes says there is nothing to draw."""
    if by not in ("from_dealer", "position"):
        raise ValueError("by must be 'from_dealer' or 'position'")
    df = frame(
        data,
        lambda st: st.player_stats(by=(by,), **filters),
        (by, "winrate_per100", "winrate_hands", "sd_per_hand"),
        f"player_stats(by=({by!r},))",
    )
    stud = only_stud(df)
    df = df[df[by].notna() & df["winrate_per100"].notna()]
    ax = axes(ax)
    ax.set_title("Win rate by position")
    if df.empty:
        reason = "no hands with a seat position"
        if stud:
            reason += "\n(the stud games have no dealer: only Rake has seats by position)"
        return literal(nothing_to_draw(ax, reason))
    pooled = _pooled(df, by)
    x = pooled.index.to_numpy(dtype=int)
    err = np.nan_to_num(Z95 * pooled["se"].to_numpy(dtype=float))
    rate = pooled["rate"].to_numpy(dtype=float)
    colours = [OKABE_ITO["blue"] if r >= 0 else OKABE_ITO["vermillion"] for r in rate]
    ax.bar(x, rate, color=colours, label="win rate")
    ax.errorbar(x, rate, yerr=err, fmt="none", ecolor=OKABE_ITO["black"], capsize=3,
                label="95% interval")  # fmt: skip
    ax.axhline(0, color="grey", linewidth=0.8)
    ax.set_xticks(x, [str(v) for v in x])
    if by == "from_dealer":
        ax.set_xlabel("seats before the dealer (0 = dealer, acts last)")
    else:
        ax.set_xlabel("position (1 = first to act)")
    ax.set_ylabel(rate_label(df))
    ax.legend(loc="best")
    return literal(ax)

"""Results: the net-won graph and the win rate per player with its interval."""

from __future__ import annotations

from typing import Any

import numpy as np
from matplotlib.axes import Axes

from rakestats.plots._style import OKABE_ITO, Data, axes, frame, group_label, unit_label
from rakestats.stats import STUD_GAMES

__all__ = ["net_won_graph", "winrate"]


def net_won_graph(
    data: Data, *, player: str | None = None, ax: Axes | None = None, **filters: Any
) -> Axes:
    """Cumulative net won over a player's hands: the total, and the hands that went to
    the Reveal (the showdown, for stud games) and those that did not. ``data`` is
    ``Warehouse.net_won()`` output (or a warehouse, queried with ``filters``); with
    several players, name one in ``player``.
    """
    df = frame(
        data,
        lambda wh: wh.net_won(**filters),
        ("player", "hand_no", "cum_net", "cum_net_reveal", "cum_net_no_reveal"),
    )
    if player is not None:
        df = df[df["player"] == player]
    keys = [c for c in ("player", "game", "currency") if c in df.columns]
    groups = df[keys].drop_duplicates()
    if len(groups) > 1:
        raise ValueError("several players (or games, currencies) in the data: choose one")
    ax = axes(ax)
    currency = str(df["currency"].iloc[0]) if "currency" in df.columns and len(df) else "chips"
    x = df["hand_no"].to_numpy()
    stud = "game" in df.columns and len(df) > 0 and str(df["game"].iloc[0]) in STUD_GAMES
    showdown = ("at showdown", "without showdown")
    if not stud:
        showdown = ("at the Reveal", "without a Reveal")
    for col, label, colour in (
        ("cum_net", "total", OKABE_ITO["black"]),
        ("cum_net_reveal", showdown[0], OKABE_ITO["vermillion"]),
        ("cum_net_no_reveal", showdown[1], OKABE_ITO["blue"]),
    ):
        ax.plot(x, df[col].to_numpy(), label=label, color=colour, linewidth=1.5)
    ax.axhline(0, color="grey", linewidth=0.8, linestyle=":")
    who = str(df["player"].iloc[0]) if len(df) else (player or "no hands")
    ax.set_title(f"Net won: {who}")
    ax.set_xlabel("hands played")
    ax.set_ylabel(f"cumulative net won ({currency})")
    ax.legend(loc="best")
    return ax


def winrate(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Win rate per player (per 100 hands, in the game's unit) with its 95% interval as
    error bars; players sorted by win rate. ``data`` is ``Warehouse.player_stats()``
    output (or a warehouse, queried with ``filters``). Players without an interval
    (fewer than two hands) are drawn without bars."""
    df = frame(
        data,
        lambda wh: wh.player_stats(**filters),
        ("player", "winrate_per100", "winrate_ci_low", "winrate_ci_high"),
    )
    df = df[df["winrate_per100"].notna()].sort_values("winrate_per100")
    ax = axes(ax, (8.0, max(3.0, 0.32 * len(df) + 1.2)))
    y = np.arange(len(df))
    rate = df["winrate_per100"].to_numpy(dtype=float)
    low = (rate - df["winrate_ci_low"].to_numpy(dtype=float, na_value=np.nan)).clip(min=0)
    high = (df["winrate_ci_high"].to_numpy(dtype=float, na_value=np.nan) - rate).clip(min=0)
    err = np.nan_to_num(np.vstack([low, high]))
    colours = [OKABE_ITO["blue"] if r >= 0 else OKABE_ITO["vermillion"] for r in rate]
    ax.errorbar(
        rate, y, xerr=err, fmt="none", ecolor=OKABE_ITO["black"], elinewidth=1, capsize=3,
        label="95% interval",
    )  # fmt: skip
    ax.scatter(rate, y, c=colours, zorder=3, label="win rate")
    ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
    ax.set_yticks(y, [group_label(r, df) for r in df.itertuples(index=False)])
    ax.set_title("Win rate per player, with 95% confidence interval")
    ax.set_xlabel(f"win rate ({unit_label(df)} per 100 hands)")
    ax.set_ylabel("player")
    ax.legend(loc="lower right")
    return ax

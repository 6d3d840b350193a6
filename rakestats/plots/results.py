"""Results: the net-won graph and the win rate per player with its interval."""

from __future__ import annotations

from typing import Any, Literal

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.ticker import MaxNLocator

from rakestats.money import CHIPS, format_money, is_cash, scale, unit_label
from rakestats.plots._style import (
    OKABE_ITO,
    RATE_UNITS,
    Data,
    MoneyFormatter,
    axes,
    frame,
    group_label,
    rate_label,
    require,
)
from rakestats.plots._text import literal
from rakestats.stats import STUD_GAMES

__all__ = ["NET_WON_UNITS", "net_won_graph", "stakes", "winrate"]

NetWonUnit = Literal["auto", "chips", "game"]
# The units the net-won graph can be drawn in (see :func:`net_won_graph`).
NET_WON_UNITS: tuple[NetWonUnit, ...] = ("auto", "chips", "game")

_LINES = (  # (column in money, column in game units, colour)
    ("cum_net", "cum_units", OKABE_ITO["black"]),
    ("cum_net_reveal", "cum_units_reveal", OKABE_ITO["vermillion"]),
    ("cum_net_no_reveal", "cum_units_no_reveal", OKABE_ITO["blue"]),
)


def stakes(df: pd.DataFrame) -> list[int]:
    """The distinct stakes (the game's unit per hand: the ante, or the big bet, in the
    smallest unit) of a ``Warehouse.net_won()`` frame, smallest first. A frame without
    ``unit_size`` has them recovered from ``net / net_units``."""
    if "unit_size" in df.columns:
        sizes = pd.to_numeric(df["unit_size"], errors="coerce")
    elif {"net", "net_units"} <= set(df.columns):
        units = pd.to_numeric(df["net_units"], errors="coerce")
        sizes = (pd.to_numeric(df["net"], errors="coerce") / units.where(units != 0)).round()
    else:
        return []
    return sorted(int(v) for v in sizes.dropna().unique() if v > 0)


def _game_unit(df: pd.DataFrame) -> str:
    if "winrate_unit" in df.columns and df["winrate_unit"].notna().any():
        return str(df["winrate_unit"].dropna().iloc[0])
    stud = "game" in df.columns and len(df) > 0 and str(df["game"].iloc[0]) in STUD_GAMES
    return "big_bet" if stud else "ante"


def _stakes_text(currency: str, sizes: list[int]) -> str:
    """``3 stakes: 1–10 chips`` or ``2 stakes: $0.08–$0.20``, for an axis label."""
    chips = "" if is_cash(currency) else " chips"
    low, high = format_money(sizes[0], currency), format_money(sizes[-1], currency)
    return f"{len(sizes)} stakes: {low}–{high}{chips}"


def _axis_label(df: pd.DataFrame, currency: str, sizes: list[int], in_game: bool) -> str:
    """The y label: the unit, and on a second line the stakes behind it."""
    if not in_game:
        label = f"cumulative net won ({unit_label(currency)})"
        return label + (f"\n{_stakes_text(currency, sizes)}, added up" if len(sizes) > 1 else "")
    plural, singular = RATE_UNITS.get(_game_unit(df), ("units", "unit"))
    label = f"cumulative net won ({plural})"
    if len(sizes) == 1:
        chips = "" if is_cash(currency) else " chips"
        return f"{label}\n1 {singular} = {format_money(sizes[0], currency)}{chips}"
    return label + (f"\n{_stakes_text(currency, sizes)}" if sizes else "")


def net_won_graph(
    data: Data,
    *,
    player: str | None = None,
    unit: NetWonUnit = "auto",
    ax: Axes | None = None,
    **filters: Any,
) -> Axes:
    """Cumulative net won over a player's hands: the total, and the hands that went to
    the Reveal (the showdown, for stud games) and those that did not. ``data`` is
    ``Warehouse.net_won()`` output (or a warehouse, queried with ``filters``); with
    several players, name one in ``player``.

    ``unit``: ``"chips"`` draws amounts in the currency's units (chips, or dollars for
    USD: cents / 100, ticks as ``$0.25``); ``"game"`` in the game's unit, each hand's
    net divided by that hand's ante (Rake) or big bet (Razz); ``"auto"`` (default) in
    the game's unit when the hands were played at more than one stake (chips of
    different stakes do not add up) and in the currency's units otherwise. The axis
    label says which, and the stakes.
    """
    if unit not in NET_WON_UNITS:
        raise ValueError(f"unit must be one of {', '.join(NET_WON_UNITS)}, got {unit!r}")
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
    sizes = stakes(df)
    in_game = unit == "game" or (unit == "auto" and len(sizes) > 1)
    if in_game:
        require(df, tuple(g for _, g, _ in _LINES))
    x = df["hand_no"].to_numpy()
    stud = "game" in df.columns and len(df) > 0 and str(df["game"].iloc[0]) in STUD_GAMES
    showdown = ("at showdown", "without showdown")
    if not stud:
        showdown = ("at the Reveal", "without a Reveal")
    for (money, game, colour), label in zip(_LINES, ("total", *showdown), strict=True):
        if in_game:
            y = df[game].to_numpy(dtype=float, na_value=np.nan)
        else:
            y = df[money].to_numpy(dtype=float, na_value=np.nan) / scale(currency)
        ax.plot(x, y, label=label, color=colour, linewidth=1.5)
    ax.axhline(0, color="grey", linewidth=0.8, linestyle=":")
    who = str(df["player"].iloc[0]) if len(df) else (player or "no hands")
    ax.set_title(f"Net won: {who}")
    ax.set_xlabel("hands played")
    ax.set_ylabel(_axis_label(df, currency, sizes, in_game))
    ax.yaxis.set_major_formatter(MoneyFormatter(CHIPS if in_game else currency))
    ax.xaxis.set_major_locator(MaxNLocator(integer=True, steps=[1, 2, 2.5, 5, 10]))
    ax.legend(loc="best")
    return literal(ax)


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
    ax.set_xlabel(rate_label(df))
    ax.set_ylabel("player")
    ax.legend(loc="lower right")
    return literal(ax)

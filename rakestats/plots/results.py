"""Results: the net-won graph and the win rate per player with its interval."""

from __future__ import annotations

import math
from typing import Any, Literal

import numpy as np
import pandas as pd
from matplotlib import rcParams
from matplotlib.axes import Axes
from matplotlib.font_manager import FontProperties
from matplotlib.ticker import NullLocator

from rakestats.money import CHIPS, format_money, is_cash, scale, unit_label
from rakestats.plots._style import (
    OKABE_ITO,
    RATE_UNITS,
    Data,
    MoneyFormatter,
    axes,
    count_axis,
    frame,
    group_label,
    nothing_to_draw,
    rate_label,
    require,
)
from rakestats.plots._text import literal
from rakestats.stats import STUD_GAMES

__all__ = [
    "NET_WON_UNITS",
    "SYMLOG_SPREAD",
    "net_won_graph",
    "stakes",
    "symlog_threshold",
    "winrate",
]

NetWonUnit = Literal["auto", "chips", "game", "money"]
# The units the net-won graph can be drawn in (see :func:`net_won_graph`); "money" is
# "chips" by the name a cash game's player looks for.
NET_WON_UNITS: tuple[NetWonUnit, ...] = ("auto", "chips", "game", "money")

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


def _several(df: pd.DataFrame, keys: list[str]) -> str:
    """Why ``net_won_graph`` cannot draw ``df``: the players, games and currencies it
    holds more than one of, and the arguments that choose one.

    >>> df = pd.DataFrame({"player": ["Ann", "Ann", "Ann"], "game": ["stud", "stud8", "stud"],
    ...                    "currency": ["USD", "USD", "EUR"]})
    >>> print(_several(df, ["player", "game", "currency"]))  # doctest: +NORMALIZE_WHITESPACE
    several series in the data (one is drawn): 2 games (stud, stud8), 2 currencies
    (EUR, USD); choose one with game= and currency= (filters of a warehouse), or
    filter the frame
    """
    plural = {"player": "players", "game": "games", "currency": "currencies"}
    many = []
    for key in keys:
        values = sorted({str(v) for v in df[key]})
        if len(values) > 1:
            shown = ", ".join(values[:5]) + (", …" if len(values) > 5 else "")
            many.append((key, f"{len(values)} {plural[key]} ({shown})"))
    args = " and ".join(f"{key}=" for key, _ in many)
    return (
        f"several series in the data (one is drawn): {', '.join(text for _, text in many)}; "
        f"choose one with {args} (filters of a warehouse), or filter the frame"
    )


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
    several players, name one in ``player``. Without hands (or none of ``player``) the
    Axes says there is nothing to draw.

    ``unit``: ``"chips"`` (or ``"money"``, the same) draws amounts in the currency's
    units (chips, or dollars for USD: cents / 100, ticks as ``$0.25``); ``"game"`` in
    the game's unit, each hand's net divided by that hand's ante (Rake) or big bet (stud
    games); ``"auto"`` (default) in the game's unit when the hands were played at more
    than one stake (chips of different stakes do not add up) and in the currency's units
    otherwise. The axis label says which, and the stakes.
    """
    if unit not in NET_WON_UNITS:
        raise ValueError(f"unit must be one of {', '.join(NET_WON_UNITS)}, got {unit!r}")
    asked = filters
    if player is not None and not ({"player", "players"} & filters.keys()):
        asked = {**filters, "players": [player]}  # that player's hands, not everyone's
    df = frame(
        data,
        lambda st: st.net_won(**asked),
        ("player", "hand_no", "cum_net", "cum_net_reveal", "cum_net_no_reveal"),
        "net_won()",
    )
    if player is not None:
        df = df[df["player"] == player]
    keys = [c for c in ("player", "game", "currency") if c in df.columns]
    if len(df[keys].drop_duplicates()) > 1:
        raise ValueError(_several(df, keys))
    ax = axes(ax)
    if df.empty:
        ax.set_title(f"Net won: {player}" if player is not None else "Net won")
        reason = f"no hands of {player}" if player is not None else "no hands"
        return literal(nothing_to_draw(ax, reason))
    currency = str(df["currency"].iloc[0]) if "currency" in df.columns else "chips"
    sizes = stakes(df)
    in_game = unit == "game" or (unit == "auto" and len(sizes) > 1)
    if in_game:
        require(df, tuple(g for _, g, _ in _LINES), "net_won()")
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
        # the total drawn first and wider: where a part equals it (no showdowns at all,
        # or every hand at one) both lines still show, the part inside the total
        ax.plot(x, y, label=label, color=colour, linewidth=2.4 if label == "total" else 1.2)
    ax.axhline(0, color="grey", linewidth=0.8, linestyle=":")
    ax.set_title(f"Net won: {df['player'].iloc[0]}")
    ax.set_xlabel("hands played")
    ax.set_ylabel(_axis_label(df, currency, sizes, in_game))
    ax.yaxis.set_major_formatter(MoneyFormatter(CHIPS if in_game else currency))
    count_axis(ax.xaxis)
    ax.legend(loc="best")
    return literal(ax)


WinrateScale = Literal["auto", "linear", "symlog"]
# "auto" draws a symmetric-log axis when the widest extent is more than this many times
# the typical (median) one: one outlier would otherwise squash every other player.
SYMLOG_SPREAD = 8.0


def _nice(value: float) -> float:
    """The 1-2-5 step at or above ``value`` (``_nice(130) == 200``)."""
    if value <= 0:
        return 1.0
    mag = 10 ** np.floor(np.log10(value))
    return float(next(m * mag for m in (1, 2, 5, 10) if m * mag >= value))


def symlog_threshold(extent: Any) -> float | None:
    """The linear range (±) of the win-rate axis when it should be symmetric-log, else
    None: when the largest of the rows' extents (the farthest of the estimate and the
    interval's ends from 0) exceeds :data:`SYMLOG_SPREAD` times their median; the
    threshold is the 1-2-5 step at or above their lower quartile.

    >>> symlog_threshold([40, 60, 80, 9000])
    100.0
    >>> symlog_threshold([40, 60, 80]) is None
    True
    """
    e = np.asarray(extent, dtype=float)
    e = e[np.isfinite(e) & (e > 0)]
    if len(e) < 2:
        return None
    med = float(np.median(e))
    return _nice(float(np.quantile(e, 0.25))) if float(e.max()) > SYMLOG_SPREAD * med else None


def _symlog_ticks(ax: Axes, threshold: float, extent: Any) -> None:
    """Ticks at 0, ± the threshold and ± each power of ten beyond it, as plain numbers."""
    top = float(np.nanmax(np.asarray(extent, dtype=float))) if len(extent) else threshold
    ticks = [0.0, threshold]
    p = 10 ** np.ceil(np.log10(threshold * 1.0001))
    while p <= top * 1.0001 or len(ticks) < 3:
        if p / ticks[-1] >= 2.5:
            ticks.append(float(p))
        p *= 10
    both = sorted({-t for t in ticks if t} | set(ticks))
    ax.set_xticks(both, [f"{t:,.0f}" if t else "0" for t in both])
    ax.xaxis.set_minor_locator(NullLocator())


def winrate(
    data: Data, *, scale: WinrateScale = "auto", ax: Axes | None = None, **filters: Any
) -> Axes:
    """Win rate per player (per 100 hands, in the game's unit) with its 95% interval as
    error bars; players sorted by win rate. ``data`` is ``Warehouse.player_stats()``
    output (or a warehouse, queried with ``filters``). Players without an interval
    (fewer than two hands) are drawn without bars; with no player at all the Axes says
    there is nothing to draw.

    ``scale``: ``"symlog"`` draws a symmetric-log axis (linear near 0, logarithmic
    beyond), ``"linear"`` a plain one; ``"auto"`` (default) the symmetric-log one when a
    few players' figures are far wider than the rest (:func:`symlog_threshold`), with
    a note on the Axes saying where the linear part ends."""
    if scale not in ("auto", "linear", "symlog"):
        raise ValueError("scale must be 'auto', 'linear' or 'symlog'")
    df = frame(
        data,
        lambda st: st.player_stats(**filters),
        ("player", "winrate_per100", "winrate_ci_low", "winrate_ci_high"),
        "player_stats()",
    )
    rows = len(df)
    df = df[df["winrate_per100"].notna()].sort_values("winrate_per100")
    ax = axes(ax, (8.0, max(3.0, 0.32 * len(df) + 1.2)))
    ax.set_title("Win rate per player, with 95% confidence interval")
    if df.empty:
        reason = "no player with a win rate" + ("" if rows else ": no players in the data")
        return literal(nothing_to_draw(ax, reason))
    y = np.arange(len(df))
    rate = df["winrate_per100"].to_numpy(dtype=float)
    ci_low = df["winrate_ci_low"].to_numpy(dtype=float, na_value=np.nan)
    ci_high = df["winrate_ci_high"].to_numpy(dtype=float, na_value=np.nan)
    low = (rate - ci_low).clip(min=0)
    high = (ci_high - rate).clip(min=0)
    err = np.nan_to_num(np.vstack([low, high]))
    colours = [OKABE_ITO["blue"] if r >= 0 else OKABE_ITO["vermillion"] for r in rate]
    ax.errorbar(
        rate, y, xerr=err, fmt="none", ecolor=OKABE_ITO["black"], elinewidth=1, capsize=3,
        label="95% interval",
    )  # fmt: skip
    ax.scatter(rate, y, c=colours, zorder=3, label="win rate")
    ax.axvline(0, color="grey", linewidth=0.8, linestyle=":")
    named = _name_rows(ax, [group_label(r, df) for r in df.itertuples(index=False)])
    label = rate_label(df)
    extent = np.fmax(np.abs(rate), np.fmax(np.abs(np.nan_to_num(ci_low)),
                                           np.abs(np.nan_to_num(ci_high))))  # fmt: skip
    threshold = symlog_threshold(extent) if scale == "auto" else None
    if scale == "symlog":
        threshold = symlog_threshold(extent) or _nice(float(np.nanmedian(extent)))
    if threshold is not None:
        ax.set_xscale("symlog", linthresh=threshold, linscale=1.5)
        ax.axvspan(-threshold, threshold, color=OKABE_ITO["sky_blue"], alpha=0.08, lw=0)
        _symlog_ticks(ax, threshold, extent)
        label += f"\nsymmetric-log axis: linear within ±{threshold:,g}, logarithmic beyond"
    ax.set_xlabel(label)
    if named < len(df):
        ax.set_ylabel(f"player ({named} of {len(df)} named; a taller Axes names all)")
    else:
        ax.set_ylabel("player")
    ax.legend(loc="best")
    return literal(ax)


def _name_rows(ax: Axes, labels: list[str]) -> int:
    """Name the rows ``0 .. n-1`` of ``ax``'s y axis with ``labels``: all of them when
    the Axes is tall enough for a label each, else every k-th from the top (the best
    win rate), so that the names do not overlap. Returns how many are named.

    >>> from matplotlib.figure import Figure
    >>> names = [f"p{i}" for i in range(60)]
    >>> _name_rows(Figure(figsize=(6, 30)).add_subplot(), names)
    60
    >>> ax = Figure(figsize=(6, 3)).add_subplot()
    >>> n = _name_rows(ax, names)
    >>> 10 < n < 60, ax.get_yticklabels()[-1].get_text()
    (True, 'p59')
    """
    fig = ax.get_figure()
    assert fig is not None  # an Axes drawn on is on a figure
    height = ax.bbox.height * 72 / fig.dpi  # points
    size = FontProperties(size=rcParams["ytick.labelsize"]).get_size_in_points()
    room = max(1, int(height // (1.2 * size)))
    step = max(1, math.ceil(len(labels) / room))
    rows = list(range(len(labels) - 1, -1, -step))[::-1]
    ax.set_yticks(rows, [labels[i] for i in rows])
    return len(rows)

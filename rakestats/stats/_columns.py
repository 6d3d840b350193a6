"""The columns of the statistics as a person reads them: each column's title, its kind
(a count, a percentage, an amount of money, a ratio, ...) and its place among the
others, defined once for every table that shows it (the command line's and the
report's), and :func:`cell_text`, which writes a value of each kind.

A table is a selection of :data:`STAT_COLUMNS`, always in their order:

>>> [c.title for c in stat_columns("player hands vpip af")]
['player', 'hands', 'VPIP', 'AF']
>>> cell_text(0.1234, Kind.PERCENT), cell_text(-4250, Kind.MONEY, "chips")
('12.3%', '-4,250')
>>> cell_text(1234.56, Kind.RATE), cell_text(1234.56, Kind.RATE, terminal=True)
('1,234.6', '1234.6')
>>> cell_text((1, 8), Kind.STAKES, "USD"), cell_text(float("nan"), Kind.RATIO)
('$0.01/$0.08', '-')
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

import numpy as np
import pandas as pd

from rakestats.money import format_money

__all__ = [
    "STAT_COLUMNS",
    "Kind",
    "StatColumn",
    "cell_text",
    "round_columns",
    "row_value",
    "sort_key",
    "stat_columns",
]


class Kind(Enum):
    """How the values of a column read."""

    TEXT = "text"  # as it is
    TIME = "time"  # an instant, in UTC
    COUNT = "count"  # a whole number
    MONEY = "money"  # an amount in the row's currency, stored in its smallest unit
    MEAN_MONEY = "mean money"  # a mean amount, rounded to the smallest unit
    STAKES = "stakes"  # (ante, big bet) amounts: ``5``, ``$0.01/$0.08``
    PERCENT = "percent"  # a rate from 0 to 1, shown as a percentage: ``12.3%``
    SHARE = "share"  # a share from 0 to 1, a whole percentage: ``12%``
    RATE = "rate"  # one decimal: a win rate per 100 hands and its interval
    RATIO = "ratio"  # two decimals: the aggression factor
    WHOLE = "whole"  # no decimals: minutes

    @property
    def is_text(self) -> bool:
        """Whether the values are words (flush left, sorted as text) rather than
        numbers or amounts."""
        return self in (Kind.TEXT, Kind.TIME)


@dataclass(frozen=True)
class StatColumn:
    """A column of a statistics frame as a table shows it: ``key`` (the frame's
    column), ``title``, ``kind``; ``short``, the title where a terminal table is
    narrower (empty: the title); ``summed``, whether a table's totals add it up (per
    currency, for amounts)."""

    key: str
    title: str
    kind: Kind
    short: str = ""
    summed: bool = False

    @property
    def terminal_title(self) -> str:
        """The title in a terminal table."""
        return self.short or self.title


# Every column a table shows: (key, title, kind), in the order tables show them.
_SPECS = (
    ("hand_id", "hand", Kind.TEXT),
    ("played_at", "played (UTC)", Kind.TIME),
    ("player", "player", Kind.TEXT),
    ("hand_description", "hand", Kind.TEXT),
    ("ending", "ending", Kind.TEXT),
    ("category", "category", Kind.TEXT),
    ("shown", "at the Reveal", Kind.COUNT),
    ("won", "won a pot", Kind.COUNT),
    ("won_share", "share won", Kind.PERCENT),
    ("game", "game", Kind.TEXT),
    ("currency", "currency", Kind.TEXT),
    ("site", "site", Kind.TEXT),
    ("year", "year", Kind.TEXT),
    ("month", "month", Kind.TEXT),
    ("week", "week", Kind.TEXT),
    ("day", "day", Kind.TEXT),
    ("session", "session", Kind.COUNT),
    ("start", "start (UTC)", Kind.TIME),
    ("minutes", "minutes", Kind.WHOLE),
    ("stakes", "stakes", Kind.STAKES),
    ("players", "players", Kind.TEXT),
    ("total_pot", "pot", Kind.MONEY),
    ("winners", "winners", Kind.TEXT),
    ("skull_ace_outcome", "Ace of Skulls", Kind.TEXT),
    ("table_size", "players dealt in", Kind.COUNT),
    ("position", "position", Kind.COUNT),
    ("from_dealer", "from dealer", Kind.COUNT),
    ("ante", "ante", Kind.MONEY),
    ("big_bet", "big bet", Kind.MONEY),
    ("sessions", "sessions", Kind.COUNT),
    ("hands", "hands", Kind.COUNT),
    ("median_minutes", "median length (min)", Kind.WHOLE),
    ("net_per_session", "net per session", Kind.MEAN_MONEY),
    ("best", "best", Kind.MONEY),
    ("worst", "worst", Kind.MONEY),
    ("net", "net", Kind.MONEY),
    ("winrate_per100", "win/100", Kind.RATE),
    ("winrate_ci", "95% CI", Kind.TEXT),
    ("winrate_ci_low", "CI low", Kind.RATE),
    ("winrate_ci_high", "CI high", Kind.RATE),
    ("winrate_unit", "unit", Kind.TEXT),
    ("largest_hand_share", "top hand", Kind.SHARE),
    ("uncertainty_note", "note", Kind.TEXT),
    ("vpip", "VPIP", Kind.PERCENT),
    ("raise_r1", "R1 raise", Kind.PERCENT),
    ("bring_in_pct", "bring-in", Kind.PERCENT),
    ("complete_pct", "complete", Kind.PERCENT),
    ("complete_of_chances", "complete/chances", Kind.PERCENT),
    ("steal_chances", "steal chances", Kind.COUNT),
    ("steal_pct", "steal", Kind.PERCENT),
    ("steal_success", "steal won", Kind.PERCENT),
    ("fold_to_steal", "fold to steal", Kind.PERCENT),
    ("fold_to_complete", "fold to complete", Kind.PERCENT),
    ("raise_3rd_pct", "3rd raise", Kind.PERCENT),
    ("vpip_3rd", "VPIP 3rd", Kind.PERCENT),
    ("af", "AF", Kind.RATIO),
    ("afq", "AFq", Kind.PERCENT),
    ("showdowns", "showdowns", Kind.COUNT),
    ("wtsd", "WTSD", Kind.PERCENT),
    ("wsd", "W$SD", Kind.PERCENT),
    ("scoop_pct", "scoop", Kind.PERCENT),
    ("high_won_pct", "high won", Kind.PERCENT),
    ("low_won_pct", "low won", Kind.PERCENT),
    ("low_qualified_pct", "low made", Kind.PERCENT),
    ("low_won_of_qualified", "low made won", Kind.PERCENT),
    ("quartered_pct", "quartered", Kind.PERCENT),
    ("won_no_reveal_pct", "won w/o Reveal", Kind.PERCENT),
    ("won_pct", "hands won", Kind.PERCENT),
    ("skull_ace_held", "held", Kind.COUNT),
    ("skull_ace_reveals", "Reveals", Kind.COUNT),
    ("skull_ace_auto_wins", "auto wins", Kind.COUNT),
    ("skull_ace_auto_losses", "auto losses", Kind.COUNT),
    ("skull_ace_loss_freq", "loss freq", Kind.PERCENT),
    ("skull_ace_loss_ci_low", "CI low", Kind.PERCENT),
    ("skull_ace_loss_ci_high", "CI high", Kind.PERCENT),
    ("skull_ace_folds", "folds", Kind.COUNT),
    ("skull_ace_net", "net", Kind.MONEY),
    ("command", "print it", Kind.TEXT),
)
# Titles in a terminal table, where it is narrower.
_SHORT = {
    "currency": "cur",
    "table_size": "size",
    "fold_to_complete": "fold to compl",
    "skull_ace_reveals": "skull rev",
    "skull_ace_auto_losses": "skull loss",
}
# Columns a table's totals add up (amounts per currency).
_SUMMED = frozenset(
    [
        "shown",
        "won",
        "sessions",
        "hands",
        "net",
        "skull_ace_held",
        "skull_ace_reveals",
        "skull_ace_auto_wins",
        "skull_ace_auto_losses",
        "skull_ace_folds",
        "skull_ace_net",
    ]
)
STAT_COLUMNS: Mapping[str, StatColumn] = {
    key: StatColumn(key, title, kind, _SHORT.get(key, ""), key in _SUMMED)
    for key, title, kind in _SPECS
}
_ORDER = {key: i for i, key in enumerate(STAT_COLUMNS)}


def stat_columns(
    keys: str | Sequence[str], *, titles: Mapping[str, str] | None = None
) -> tuple[StatColumn, ...]:
    """The columns ``keys`` (names separated by spaces, or a sequence of names) of
    :data:`STAT_COLUMNS`, given in their order (a ValueError otherwise, so that every
    table shows its columns in the one order); ``titles`` renames some for one table
    (``{"winrate_per100": "BB/100"}``)."""
    keys = keys.split() if isinstance(keys, str) else list(keys)
    unknown = [k for k in keys if k not in STAT_COLUMNS]
    if unknown:
        raise ValueError(f"no statistics column {', '.join(map(repr, unknown))}")
    if sorted(keys, key=_ORDER.__getitem__) != keys:
        raise ValueError(f"columns out of order: {', '.join(keys)}")
    named = titles or {}
    return tuple(
        replace(STAT_COLUMNS[k], title=named[k], short="") if k in named else STAT_COLUMNS[k]
        for k in keys
    )


def round_columns(rounds: Sequence[str]) -> tuple[StatColumn, ...]:
    """AF and AFq per betting round: ``rounds`` are the round names (Rake: ``r1`` ...,
    Razz: ``3rd`` ... ``7th``); the columns are ``af_rN`` and ``afq_rN``."""
    af, afq = STAT_COLUMNS["af"], STAT_COLUMNS["afq"]
    return tuple(
        replace(c, key=f"{c.key}_r{i}", title=f"{c.title} {name}")
        for i, name in enumerate(rounds, start=1)
        for c in (af, afq)
    )


def _missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, (float, np.floating)) and not math.isfinite(value)


_DECIMALS = {Kind.RATE: 1, Kind.RATIO: 2, Kind.WHOLE: 0}


_RAKE_ONLY_PREFIX = "skull_ace"  # the Ace of Skulls is a Rake card


def row_value(rec: Mapping[Any, Any], key: str) -> Any:
    """The value of column ``key`` in a table's row ``rec``, None (shown ``-``) where the
    column does not apply to the row's game: the Ace of Skulls columns of a stud row.

    >>> row_value({"game": "razz", "skull_ace_reveals": 0}, "skull_ace_reveals") is None
    True
    >>> row_value({"game": "rake", "skull_ace_reveals": 0}, "skull_ace_reveals")
    0
    """
    value = rec.get(key)
    if key.startswith(_RAKE_ONLY_PREFIX) and rec.get("game", "rake") not in ("rake", None):
        return None
    return value


def cell_text(
    value: Any, kind: Kind, currency: str | None = None, *, terminal: bool = False
) -> str:
    """``value`` as a table shows it (``-`` when missing). Amounts are in
    ``currency``'s units (``$0.97`` for 97 cents, ``4,250`` chips). ``terminal``: as
    the command line's tables show numbers, without thousands separators, and times
    to the second."""
    if kind is Kind.STAKES:
        amounts = [cell_text(v, Kind.MONEY, currency) for v in value if not _missing(v)]
        return "/".join(amounts) or "-"
    if _missing(value):
        return "-"
    if kind is Kind.TEXT:
        return str(value)
    if kind is Kind.TIME:
        return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M" + (":%S" if terminal else ""))
    if kind in (Kind.MONEY, Kind.MEAN_MONEY):
        amount = round(float(value)) if kind is Kind.MEAN_MONEY else value
        return format_money(amount, currency if isinstance(currency, str) else None)
    if kind in (Kind.PERCENT, Kind.SHARE):
        return f"{100 * float(value):.{1 if kind is Kind.PERCENT else 0}f}%"
    group = "" if terminal else ","
    if kind is Kind.COUNT:
        return f"{int(value):{group}}"
    return f"{float(value):{group}.{_DECIMALS[kind]}f}"


def sort_key(value: Any, kind: Kind) -> str:
    """A text by which a sortable table orders the values of a column: text as it is,
    a time in ISO 8601, a number or an amount as a float (``repr``); empty when
    missing."""
    if _missing(value):
        return ""
    if kind is Kind.TEXT:
        return str(value)
    if kind is Kind.TIME:
        return pd.Timestamp(value).isoformat()
    return repr(float(value))

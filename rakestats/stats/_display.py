"""Amounts as a person reads them, beside the stored integers: ``with_display`` adds a
``<column>_display`` text for each amount column of a statistics frame (``net`` 97 in
USD is ``$0.97``; chips ``-4,250``), the amounts themselves unchanged. The command line's
``--format csv|json`` columns are these; in a notebook, ``with_display(wh.player_stats())``.

>>> import pandas as pd
>>> df = pd.DataFrame({"currency": ["USD", "chips"], "net": [97, -4250],
...                    "net_per_hand": [10.78, -3.4]})
>>> with_display(df)[["net_display", "net_per_hand_display"]].values.tolist()
[['$0.97', '$0.1078'], ['-4,250', '-3.40']]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from rakestats.money import (
    AMOUNT_COLUMNS,
    PER_HAND_COLUMNS,
    PER_HAND_EXTRA_PLACES,
    decimals,
    format_money,
)

__all__ = [
    "DISPLAY_SUFFIX",
    "STAKE_COLUMNS",
    "display_columns",
    "money_text",
    "split_text",
    "with_display",
]

DISPLAY_SUFFIX = "_display"


def money_text(value: Any, currency: Any, *, per_hand: bool = False) -> str:
    """A stored amount (or an amount per hand, with two more digits) in ``currency``'s
    units; empty when missing."""
    cur = currency if isinstance(currency, str) else None
    places = decimals(cur) + PER_HAND_EXTRA_PLACES if per_hand else None
    return format_money(value, cur, places=places)


def split_text(column: str, value: Any, currency: Any) -> str:
    """A breakdown column's value (``player_stats(by=...)``) as a label or a note says
    it: ``6 players``, ``position 1``, ``the dealer``, ``big bet $2.00`` (in the row's
    currency), a date as it is; ``no position`` when missing (the stud games have none).

    >>> split_text("table_size", 6, None), split_text("big_bet", 200, "USD")
    ('6 players', 'big bet $2.00')
    >>> split_text("from_dealer", None, "USD"), split_text("month", "2026-01", "USD")
    ('no position', '2026-01')
    """
    if value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)):
        return "no position" if column == "from_dealer" else f"no {column.replace('_', ' ')}"
    if column == "table_size":
        return f"{int(value)} players"
    if column == "position":
        return f"position {int(value)}"
    if column == "from_dealer":
        return "the dealer" if int(value) == 0 else f"{int(value)} before the dealer"
    if column in ("ante", "big_bet"):
        cur = currency if isinstance(currency, str) else None
        return f"{column.replace('_', ' ')} {format_money(int(value), cur)}"
    return str(value)


# Stakes: amounts too, shown like the others where a command lists them (``hands``).
STAKE_COLUMNS = ("ante", "big_bet", "small_bet")


def display_columns(columns: Any, extra: Sequence[str] = ()) -> list[str]:
    """The amount columns among ``columns`` (in their order) that get a display text;
    ``extra`` names more amount columns (e.g. :data:`STAKE_COLUMNS`)."""
    money = set(AMOUNT_COLUMNS) | set(PER_HAND_COLUMNS) | set(extra)
    return [str(c) for c in columns if c in money]


def with_display(df: pd.DataFrame, extra: Sequence[str] = ()) -> pd.DataFrame:
    """``df`` with ``<column>_display`` appended for each amount column (and each of
    ``extra`` present): the amount as a person reads it in the row's currency
    (``$0.97``, ``-4,250``); the amounts themselves are unchanged. A missing amount has
    no text (None)."""
    if "currency" not in df.columns:
        return df
    out = df.copy()
    for col in display_columns(df.columns, extra):
        per_hand = col in PER_HAND_COLUMNS
        if df[col].dtype.kind in "iu":  # whole amounts repeat (stakes, pots): each once
            out[col + DISPLAY_SUFFIX] = _money_texts(df[col], df["currency"])
        else:
            out[col + DISPLAY_SUFFIX] = [
                money_text(v, c, per_hand=per_hand) or None
                for v, c in zip(df[col], df["currency"], strict=True)
            ]
    return out


def _money_texts(amounts: pd.Series, currencies: pd.Series) -> list[str | None]:
    """``money_text(v, c) or None`` for each whole amount ``v`` and currency ``c``,
    computed once for each distinct pair (a million hands' stakes and pots have a few
    thousand): the same texts as row by row, in a fraction of the time.

    >>> _money_texts(pd.Series([200, 5, 200, None], dtype="Int64"),
    ...              pd.Series(["USD", "chips", "USD", "USD"]))
    ['$2.00', '5', '$2.00', None]
    """
    texts = np.full(len(amounts), None, dtype=object)
    by_currency, currency_names = pd.factorize(currencies, use_na_sentinel=True)
    for k in range(-1, len(currency_names)):
        rows = np.flatnonzero(by_currency == k)
        if not len(rows):
            continue
        currency = currency_names[k] if k >= 0 else None
        codes, values = pd.factorize(amounts.iloc[rows], use_na_sentinel=True)
        known = codes >= 0
        shown = np.array([money_text(v, currency) or None for v in values] + [None], dtype=object)
        texts[rows[known]] = shown[codes[known]]
    return texts.tolist()

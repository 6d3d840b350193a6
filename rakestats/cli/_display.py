"""Money and tables in the command line's output, for a person to read.

Stored amounts stay integers in the smallest unit (``net`` is 97 for $0.97); tables show
them in the currency's units, and ``--format csv|json`` add a ``<column>_display`` text
beside the numbers (after every other column, so the existing ones keep their places).

>>> import pandas as pd
>>> df = pd.DataFrame({"currency": ["USD", "chips"], "net": [97, -4250],
...                    "net_per_hand": [10.78, -3.4]})
>>> with_display(df)[["net_display", "net_per_hand_display"]].values.tolist()
[['$0.97', '$0.1078'], ['-4,250', '-3.40']]
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import pandas as pd

from rakestats.cli._common import safe_text
from rakestats.money import (
    AMOUNT_COLUMNS,
    PER_HAND_COLUMNS,
    PER_HAND_EXTRA_PLACES,
    decimals,
    format_money,
)
from rakestats.stats import StatColumn, cell_text, row_value

__all__ = [
    "DISPLAY_SUFFIX",
    "STAKE_COLUMNS",
    "display_columns",
    "iso_times",
    "money_text",
    "stat_table",
    "text_table",
    "with_display",
]

DISPLAY_SUFFIX = "_display"


def money_text(value: Any, currency: Any, *, per_hand: bool = False) -> str:
    """A stored amount (or an amount per hand, with two more digits) in ``currency``'s
    units; empty when missing."""
    cur = currency if isinstance(currency, str) else None
    places = decimals(cur) + PER_HAND_EXTRA_PLACES if per_hand else None
    return format_money(value, cur, places=places)


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


def iso_times(times: pd.Series) -> list[str | None]:
    """Each time as :meth:`pandas.Timestamp.isoformat` writes it (None when missing):
    for a column of UTC times, formatted by numpy in one pass, not one by one.

    >>> iso_times(pd.Series(pd.to_datetime(["2009-03-18 23:10:00", "2009-03-18 23:10:00.5",
    ...                                     None], format="ISO8601", utc=True)
    ...                     ).astype("datetime64[us, UTC]"))
    ['2009-03-18T23:10:00+00:00', '2009-03-18T23:10:00.500000+00:00', None]
    """
    dtype = times.dtype
    tz = getattr(dtype, "tz", None)
    if str(tz) not in ("UTC", "Etc/UTC") or getattr(dtype, "unit", None) not in ("s", "ms", "us"):
        return [None if pd.isna(t) else pd.Timestamp(t).isoformat() for t in times]
    stamps = times.dt.tz_localize(None).to_numpy("datetime64[us]")
    text = np.char.add(np.datetime_as_string(stamps, unit="s"), "+00:00").astype(object)
    fraction = stamps.astype("int64") % 1_000_000 != 0
    if fraction.any():  # isoformat writes the microseconds only where there are some
        text[fraction] = np.char.add(np.datetime_as_string(stamps[fraction], unit="us"), "+00:00")
    text[np.isnat(stamps)] = None
    return list(text)


def text_table(heads: Sequence[str], rows: Sequence[Sequence[str]], left: Collection[int]) -> str:
    """Rows of text as an aligned table under a ruled header: the columns in ``left``
    flush left, the others (numbers, amounts) flush right.

    >>> print(text_table(["who", "net"], [["Ann", "$0.97"], ["Bo", "-4,250"]], {0}))
    who     net
    ---  ------
    Ann   $0.97
    Bo   -4,250
    """
    widths = [max([len(h)] + [len(r[i]) for r in rows]) for i, h in enumerate(heads)]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return "\n".join([line(heads), line(["-" * w for w in widths]), *map(line, rows)])


def stat_table(df: pd.DataFrame, columns: Sequence[StatColumn]) -> str:
    """The rows of ``df`` as a :func:`text_table` of ``columns`` (chosen with
    :func:`rakestats.stats.stat_columns`): each value written for its kind, amounts in
    the row's currency, text made safe for the terminal; words flush left.

    >>> from rakestats.stats import stat_columns
    >>> df = pd.DataFrame({"player": ["Ann"], "currency": ["USD"], "net": [97]})
    >>> print(stat_table(df, stat_columns("player currency net")))
    player  cur    net
    ------  ---  -----
    Ann     USD  $0.97
    """
    rows = [
        [
            safe_text(cell_text(row_value(rec, c.key), c.kind, rec.get("currency"), terminal=True))
            for c in columns
        ]
        for rec in df.to_dict(orient="records")
    ]
    left = {i for i, c in enumerate(columns) if c.kind.is_text}
    return text_table([c.terminal_title for c in columns], rows, left)

"""Money and tables in the command line's output, for a person to read.

Stored amounts stay integers in the smallest unit (``net`` is 97 for $0.97); tables show
them in the currency's units, and ``--format csv|json`` add a ``<column>_display`` text
beside the numbers (after every other column, so the existing ones keep their places:
:func:`rakestats.stats.with_display`, re-exported here for the commands).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import pandas as pd

from rakestats.cli._common import safe_text
from rakestats.stats import (
    DISPLAY_SUFFIX,
    STAKE_COLUMNS,
    StatColumn,
    cell_text,
    display_columns,
    money_text,
    row_value,
    with_display,
)

__all__ = [
    "DISPLAY_SUFFIX",
    "STAKE_COLUMNS",
    "display_columns",
    "iso_times",
    "json_value",
    "money_text",
    "stat_table",
    "text_table",
    "with_display",
]


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


def json_value(value: Any) -> Any:
    """A value as the commands write it in JSON: None for missing (None, NA, NaT) or not
    finite, ISO 8601 text for a time, Python's scalars for numpy's, lists item by item.

    >>> json_value(np.int64(3)), json_value(float("nan")), json_value([pd.NA, "a"])
    (3, None, [None, 'a'])
    """
    if isinstance(value, list):
        return [json_value(v) for v in value]
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


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

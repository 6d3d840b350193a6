"""Quarantine entries resolved by a complete copy of their hand.

A hand quarantined while it was being written (or damaged in one copy) may later be
stored from a complete copy. Its quarantine entry is then marked ``resolved_at``: kept
for the record, no longer listed as open (``Warehouse.quarantine()``,
``rakestats quarantine``, ``--retry-quarantined`` and ``--strict`` count open entries).

Only a copy stored *after* the entry resolves it, in the order of the input: a damaged
copy read after the stored one, and a copy that conflicts with the stored one (another
hand under the same id), stay open. The ingest decides this as each entry comes in
(:func:`copy_order`), so that the outcome does not depend on how the run is committed.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from enum import IntEnum
from typing import Protocol

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.columns import hand_key
from rakestats.records import QuarantineRecord
from rakestats.warehouse._store import Store, Transaction
from rakestats.warehouse.schema import QUARANTINE

__all__ = [
    "Resolution",
    "copy_order",
    "mark_resolved",
    "record_key",
    "resolve_quarantine",
    "stamp_resolved",
]


class HandKeys(Protocol):
    """Hand keys that can be looked up (a :class:`~rakestats.warehouse._dedupe.KeySet`)."""

    def __contains__(self, key: int) -> bool: ...


class Resolution(IntEnum):
    """What a new quarantine entry's hand has become when the entry comes in."""

    LATER = 0  # not stored yet: a complete copy stored later resolves the entry
    KEPT = 1  # stored from an earlier copy, or a conflicting copy: the entry stays open
    RESOLVED = 2  # stored from a complete copy later in the same file (or member)


def _key(site: str | None, hand_id: str | None) -> int:
    """The hand key of (site, hand id), 0 when either is unknown."""
    return 0 if site is None or hand_id is None else hand_key(site, hand_id)


def record_key(record: QuarantineRecord) -> int:
    """The hand key of a quarantined hand, 0 when its site or hand id is unknown."""
    return _key(record.site, record.hand_id)


def copy_order(
    record: QuarantineRecord, stored: HandKeys, stored_line: Mapping[int, int]
) -> Resolution:
    """The :class:`Resolution` of a new quarantine entry, read after everything before
    it: ``stored`` holds the keys of the hands stored so far (from earlier input, and
    from the entry's own file), ``stored_line`` maps those of its own file (or archive
    member) to their first lines."""
    key = record_key(record)
    if key == 0 or key not in stored:
        return Resolution.LATER
    line = stored_line.get(key)
    if line is not None and line > record.line:
        return Resolution.RESOLVED
    return Resolution.KEPT


def _resolved_mask(table: pa.Table, stored: np.ndarray) -> np.ndarray:
    """Open entries of ``table`` whose (site, hand id) is among the ``stored`` keys."""
    keys = np.array(
        [
            _key(site, hid)
            for site, hid in zip(
                table["site"].to_pylist(), table["hand_id"].to_pylist(), strict=True
            )
        ],
        dtype=np.int64,
    )
    open_ = pc.is_null(table["resolved_at"]).to_numpy(zero_copy_only=False)
    mask: np.ndarray = open_ & (keys != 0) & np.isin(keys, stored)
    return mask


def mark_resolved(
    table: pa.Table, stored: np.ndarray, now: datetime, resolvable: np.ndarray | None = None
) -> tuple[pa.Table, int]:
    """``table`` (quarantine rows) with the entries of stored hands marked resolved
    (only those of ``resolvable``, a mask of the rows, when it is given)."""
    if table.num_rows == 0 or len(stored) == 0:
        return table, 0
    mask = _resolved_mask(table, stored)
    if resolvable is not None:
        mask &= resolvable
    return stamp_resolved(table, mask, now)


def stamp_resolved(table: pa.Table, mask: np.ndarray, now: datetime) -> tuple[pa.Table, int]:
    """``table`` (quarantine rows) with the rows of ``mask`` marked resolved at ``now``."""
    n = int(mask.sum())
    if n == 0:
        return table, 0
    stamp = pa.scalar(now, QUARANTINE.field("resolved_at").type)
    resolved = pc.if_else(pa.array(mask), stamp, table["resolved_at"])
    i = table.schema.get_field_index("resolved_at")
    return table.set_column(i, QUARANTINE.field(i), resolved), n


def resolve_quarantine(store: Store, txn: Transaction, stored: np.ndarray, now: datetime) -> int:
    """Mark, in ``txn``, the committed quarantine entries whose hands are now among the
    ``stored`` hand keys; returns how many. (An entry kept open as a later or
    conflicting copy is never among them: its hand was stored before it came in.)"""
    total = 0
    if len(stored) == 0:
        return total  # nothing stored, nothing resolved: the quarantine is not read
    for rel in txn.base.files("quarantine"):
        part = pq.read_table(store.root / rel)
        marked, n = mark_resolved(part, stored, now)
        if n:
            txn.remove("quarantine", rel)
            txn.write("quarantine", marked)
            total += n
    return total

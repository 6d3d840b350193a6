"""Quarantine entries resolved by a complete copy of their hand.

A hand quarantined while it was being written (or damaged in one copy) may later be
stored from a complete copy. Its quarantine entry is then marked ``resolved_at``: kept
for the record, no longer listed as open (``Warehouse.quarantine()``,
``rakestats quarantine``, ``--retry-quarantined`` and ``--strict`` count open entries).
"""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.columns import hand_key
from rakestats.warehouse._store import Store, Transaction
from rakestats.warehouse.schema import QUARANTINE

__all__ = ["mark_resolved", "resolve_quarantine"]


def _resolved_mask(table: pa.Table, stored: np.ndarray) -> np.ndarray:
    """Open entries of ``table`` whose (site, hand id) is among the ``stored`` keys."""
    keys = np.array(
        [
            hand_key(site, hid) if site is not None and hid is not None else 0
            for site, hid in zip(
                table["site"].to_pylist(), table["hand_id"].to_pylist(), strict=True
            )
        ],
        dtype=np.int64,
    )
    open_ = pc.is_null(table["resolved_at"]).to_numpy(zero_copy_only=False)
    mask: np.ndarray = open_ & (keys != 0) & np.isin(keys, stored)
    return mask


def mark_resolved(table: pa.Table, stored: np.ndarray, now: datetime) -> tuple[pa.Table, int]:
    """``table`` (quarantine rows) with the entries of stored hands marked resolved."""
    if table.num_rows == 0 or len(stored) == 0:
        return table, 0
    mask = _resolved_mask(table, stored)
    n = int(mask.sum())
    if n == 0:
        return table, 0
    stamp = pa.scalar(now, QUARANTINE.field("resolved_at").type)
    resolved = pc.if_else(pa.array(mask), stamp, table["resolved_at"])
    i = table.schema.get_field_index("resolved_at")
    return table.set_column(i, QUARANTINE.field(i), resolved), n


def resolve_quarantine(store: Store, txn: Transaction, stored: np.ndarray, now: datetime) -> int:
    """Mark, in ``txn``, the committed quarantine entries whose hands are now among the
    ``stored`` hand keys; returns how many."""
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

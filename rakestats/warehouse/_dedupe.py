"""Deduplication on (site, hand id), through 64-bit hand keys held in numpy."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._arrow import hand_key, quarantine_key
from rakestats.warehouse._store import Snapshot, Store
from rakestats.warehouse.schema import HAND_TABLES

__all__ = ["KeySet", "unique_hands"]

_MERGE_AT = 200_000


def unique_hands(records: Iterable[HandRecord], seen: set[int]) -> Iterator[HandRecord | None]:
    """Each record, or None for a repeat of a hand already in ``seen`` (updated)."""
    for rec in records:
        key = hand_key(rec.site, rec.hand_id)
        if key in seen:
            yield None
        else:
            seen.add(key)
            yield rec


class KeySet:
    """The hand keys already in the warehouse plus those added by this run."""

    def __init__(self, base: np.ndarray, quarantine: set[int]) -> None:
        self._base = np.sort(base.astype(np.int64))
        self._recent: set[int] = set()
        self._quarantine = quarantine

    @classmethod
    def load(cls, store: Store, snapshot: Snapshot) -> KeySet:
        arrays = [
            pq.read_table(p, columns=["hand_key"])["hand_key"].to_numpy()
            for p in store.paths(snapshot, "hands")
        ]
        base = np.concatenate(arrays) if arrays else np.empty(0, dtype=np.int64)
        qkeys: set[int] = set()
        for p in store.paths(snapshot, "quarantine"):
            qkeys.update(pq.read_table(p, columns=["q_key"])["q_key"].to_pylist())
        return cls(base, qkeys)

    def __len__(self) -> int:
        return len(self._base) + len(self._recent)

    def __contains__(self, key: int) -> bool:
        i = int(np.searchsorted(self._base, key))
        return (i < len(self._base) and int(self._base[i]) == key) or key in self._recent

    def filter_new(self, tables: dict[str, pa.Table]) -> tuple[dict[str, pa.Table], int]:
        """Keep the hands not seen before; returns the filtered tables and the number of
        duplicates dropped. A batch holds each hand once (see :func:`unique_hands`)."""
        keys = tables["hands"]["hand_key"].to_numpy()
        if len(np.unique(keys)) != len(keys):
            raise ValueError("a batch must hold each hand once; dedupe it with unique_hands")
        idx = np.searchsorted(self._base, keys)
        idx[idx >= len(self._base)] = 0
        in_base = self._base[idx] == keys if len(self._base) else np.zeros(len(keys), bool)
        keep = np.zeros(len(keys), dtype=bool)
        for i, k in enumerate(keys.tolist()):
            if not in_base[i] and k not in self._recent:
                keep[i] = True
                self._recent.add(k)
        n_dup = int(len(keys) - keep.sum())
        if len(self._recent) > _MERGE_AT:
            self._base = np.sort(np.concatenate([self._base, np.fromiter(self._recent, np.int64)]))
            self._recent = set()
        if n_dup == 0:
            return tables, 0
        fresh = pa.array(keys[keep])
        out = {"hands": tables["hands"].filter(pa.array(keep))}
        for name in HAND_TABLES[1:]:
            out[name] = tables[name].filter(pc.is_in(tables[name]["hand_key"], value_set=fresh))
        return out, n_dup

    def new_quarantine(self, records: Iterable[QuarantineRecord]) -> Iterator[QuarantineRecord]:
        """Quarantine records not already stored (a re-read damaged hand is kept once)."""
        for r in records:
            k = quarantine_key(r)
            if k not in self._quarantine:
                self._quarantine.add(k)
                yield r

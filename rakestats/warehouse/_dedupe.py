"""Deduplication on (site, hand id), through 64-bit hand keys held in numpy."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._arrow import hand_key, quarantine_key
from rakestats.warehouse._merge import view_signature
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


def _signatures(t: pa.Table) -> np.ndarray:
    """View signatures of a hands table, one per distinct hero rather than per row."""
    sig = np.zeros(t.num_rows, dtype=np.int64)
    heroes = pc.dictionary_encode(t["hero"].combine_chunks())
    codes = heroes.indices.to_numpy(zero_copy_only=False)
    valid = pc.is_valid(heroes.indices).to_numpy(zero_copy_only=False)
    player_view = pc.not_equal(t["view"], "server").to_numpy(zero_copy_only=False)
    per_hero = np.array(
        [view_signature("player", h) for h in heroes.dictionary.to_pylist()] or [0],
        dtype=np.int64,
    )
    mask = valid & player_view
    sig[mask] = per_hero[codes[mask].astype(np.int64)]
    return sig


class KeySet:
    """The hand keys already in the warehouse plus those added by this run, each with
    the signature of the view it came from (see :func:`view_signature`)."""

    def __init__(self, base: np.ndarray, sigs: np.ndarray, quarantine: set[int]) -> None:
        order = np.argsort(base.astype(np.int64), kind="stable")
        self._base = base.astype(np.int64)[order]
        self._sigs = sigs.astype(np.int64)[order]
        self._recent: dict[int, int] = {}
        self._quarantine = quarantine

    @classmethod
    def load(cls, store: Store, snapshot: Snapshot) -> KeySet:
        keys, sigs = [], []
        for p in store.paths(snapshot, "hands"):
            t = pq.read_table(p, columns=["hand_key", "view", "hero"])
            keys.append(t["hand_key"].to_numpy())
            sigs.append(_signatures(t))
        base = np.concatenate(keys) if keys else np.empty(0, dtype=np.int64)
        sig = np.concatenate(sigs) if sigs else np.empty(0, dtype=np.int64)
        qkeys: set[int] = set()
        for p in store.paths(snapshot, "quarantine"):
            qkeys.update(pq.read_table(p, columns=["q_key"])["q_key"].to_pylist())
        return cls(base, sig, qkeys)

    def __len__(self) -> int:
        return len(self._base) + len(self._recent)

    def _lookup(self, key: int) -> int | None:
        """The stored view signature of ``key``, or None when the hand is new."""
        if key in self._recent:
            return self._recent[key]
        i = int(np.searchsorted(self._base, key))
        if i < len(self._base) and int(self._base[i]) == key:
            return int(self._sigs[i])
        return None

    def __contains__(self, key: int) -> bool:
        return self._lookup(key) is not None

    def filter_new(
        self, tables: dict[str, pa.Table]
    ) -> tuple[dict[str, pa.Table], int, dict[str, pa.Table] | None]:
        """Split a batch into the hands not seen before and duplicates.

        Returns the tables of the new hands, the number of duplicates, and the tables of
        the duplicates that come from another view than the stored copy (candidates for
        :func:`~rakestats.warehouse._merge.merge_views`), or None. A batch holds each
        hand once (see :func:`unique_hands`).
        """
        hands = tables["hands"]
        keys = hands["hand_key"].to_numpy()
        if len(np.unique(keys)) != len(keys):
            raise ValueError("a batch must hold each hand once; dedupe it with unique_hands")
        sigs = _signatures(hands)
        found = np.zeros(len(keys), dtype=bool)
        stored = np.zeros(len(keys), dtype=np.int64)
        base = self._base
        if len(base) and len(keys):
            at = np.minimum(np.searchsorted(base, keys), len(base) - 1)
            hit = base[at] == keys
            found |= hit
            stored[hit] = self._sigs[at[hit]]
        recent = self._recent
        if recent:
            for i, k in enumerate(keys.tolist()):
                sig = recent.get(k)
                if sig is not None:
                    found[i] = True
                    stored[i] = sig
        keep = ~found
        other_view = found & (stored != 0) & (stored != sigs)
        recent.update(zip(keys[keep].tolist(), sigs[keep].tolist(), strict=True))
        for k, sig in zip(keys[other_view].tolist(), sigs[other_view].tolist(), strict=True):
            recent[k] = 0 if sig == 0 else -1  # now merged
        n_dup = int(len(keys) - keep.sum())
        if len(self._recent) > _MERGE_AT:
            self._absorb_recent()
        if n_dup == 0:
            return tables, 0, None
        out = _select(tables, keys, keep)
        merge = _select(tables, keys, other_view) if other_view.any() else None
        return out, n_dup, merge

    def _absorb_recent(self) -> None:
        rk = np.fromiter(self._recent.keys(), np.int64, len(self._recent))
        rs = np.fromiter(self._recent.values(), np.int64, len(self._recent))
        in_base = np.isin(self._base, rk)
        base, sigs = self._base[~in_base], self._sigs[~in_base]
        order = np.argsort(np.concatenate([base, rk]), kind="stable")
        self._base = np.concatenate([base, rk])[order]
        self._sigs = np.concatenate([sigs, rs])[order]
        self._recent = {}

    def new_quarantine(self, records: Iterable[QuarantineRecord]) -> Iterator[QuarantineRecord]:
        """Quarantine records not already stored (a re-read damaged hand is kept once)."""
        for r in records:
            k = quarantine_key(r)
            if k not in self._quarantine:
                self._quarantine.add(k)
                yield r


def _select(tables: dict[str, pa.Table], keys: np.ndarray, mask: np.ndarray) -> dict[str, pa.Table]:
    chosen = pa.array(keys[mask])
    out = {"hands": tables["hands"].filter(pa.array(mask))}
    for name in HAND_TABLES[1:]:
        out[name] = tables[name].filter(pc.is_in(tables[name]["hand_key"], value_set=chosen))
    return out

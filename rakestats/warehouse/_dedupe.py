"""Deduplication on (site, hand id), through 64-bit hand keys held in numpy."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._arrow import hand_key, quarantine_key
from rakestats.warehouse._keyruns import KeyRuns
from rakestats.warehouse._merge import view_signature
from rakestats.warehouse._store import STAGING, Snapshot, Store
from rakestats.warehouse._units import HAND_INDEX
from rakestats.warehouse.schema import HAND_TABLES

__all__ = ["KeySet", "Split", "spill_folder", "unique_hands"]


def spill_folder(store: Store) -> Path:
    """Where this process's :class:`KeySet` puts the keys that go to files: beside the
    parts being staged (removed by the next writer if the process dies)."""
    return store.root / STAGING / f"keys-{os.getpid()}"


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


@dataclass
class Split:
    """A batch split by :meth:`KeySet.split`: the hands not seen before (``new``),
    how many were duplicates, the duplicates that come from another view than the
    stored copy (``merge``, candidates for :func:`~rakestats.warehouse._merge.merge_views`)
    and the copies whose content differs from the stored copy's (``conflicts``: the
    same hand id for a different hand, never a duplicate)."""

    new: dict[str, pa.Table]
    duplicates: int = 0
    merge: dict[str, pa.Table] | None = None
    conflicts: pa.Table | None = None  # rows of ``hands``


class KeySet:
    """The hand keys already in the warehouse plus those added by this run, each with
    the signature of the view it came from (see :func:`view_signature`) and the hand's
    content key (see :mod:`rakestats.warehouse._fingerprint`): 24 bytes a hand, in
    sorted runs (:class:`~rakestats.warehouse._keyruns.KeyRuns`), of which all but
    the last two million or so go to files in ``spill`` when it is given (then
    :meth:`close` removes them)."""

    def __init__(
        self,
        base: np.ndarray,
        sigs: np.ndarray,
        quarantine: set[int],
        contents: np.ndarray | None = None,
        spill: Path | None = None,
    ) -> None:
        self._runs = KeyRuns(spill)
        cks = np.zeros(len(base), np.int64) if contents is None else contents
        self._add_stored(base, sigs, cks)
        self._quarantine = quarantine

    def _add_stored(self, keys: np.ndarray, sigs: np.ndarray, cks: np.ndarray) -> None:
        """Add stored hands (a key held already keeps its first values)."""
        keys = np.asarray(keys, dtype=np.int64)
        keys, first = np.unique(keys, return_index=True)
        held = self._runs.find(keys)[0]
        new = first[~held]
        self._runs.add(keys[~held], np.asarray(sigs)[new], np.asarray(cks)[new])

    @classmethod
    def load(cls, store: Store, snapshot: Snapshot, spill: Path | None = None) -> KeySet:
        """The keys of the hands and quarantined entries of ``snapshot``."""
        keys = cls(np.empty(0, np.int64), np.empty(0, np.int64), set(), spill=spill)
        for p in store.paths(snapshot, "hands"):  # part by part: no copy of them all
            t = pq.read_table(p, columns=["hand_key", "view", "hero", "content_key"])
            cks = t["content_key"].fill_null(0).to_numpy()
            keys._add_stored(t["hand_key"].to_numpy(), _signatures(t), cks)
        for p in store.paths(snapshot, "quarantine"):
            keys._quarantine.update(pq.read_table(p, columns=["q_key"])["q_key"].to_pylist())
        return keys

    def __len__(self) -> int:
        return len(self._runs)

    def close(self) -> None:
        """Remove the files the keys went to (see :class:`KeySet`)."""
        self._runs.close()

    def _lookup(self, key: int) -> int | None:
        """The stored view signature of ``key``, or None when the hand is new."""
        found, sigs, _, _ = self._runs.find(np.array([key], dtype=np.int64))
        return int(sigs[0]) if found[0] else None

    def __contains__(self, key: int) -> bool:
        return self._lookup(key) is not None

    def split(self, tables: dict[str, pa.Table]) -> Split:
        """Split a batch into the hands not seen before, duplicates, other views of
        stored hands and conflicts (see :class:`Split`).

        A batch may hold copies of one hand id when its child rows carry their hand's
        row (the ``_hand`` column of staged batches): the first copy is taken as any
        hand, each later one against what came before it."""
        index = {
            n: tables[n][HAND_INDEX]
            for n in HAND_TABLES[1:]
            if HAND_INDEX in tables[n].schema.names
        }
        clean = {
            n: t.drop_columns([HAND_INDEX]) if HAND_INDEX in t.schema.names else t
            for n, t in tables.items()
        }
        keys = clean["hands"]["hand_key"].to_numpy()
        if len(np.unique(keys)) == len(keys):
            return self._split_unique(clean)
        if len(index) != len(HAND_TABLES) - 1:
            raise ValueError("a batch must hold each hand once; dedupe it with unique_hands")
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
        starts = np.r_[0, np.flatnonzero(ordered[1:] != ordered[:-1]) + 1]
        run_start = np.repeat(starts, np.diff(np.r_[starts, len(keys)]))
        rank = np.empty(len(keys), dtype=np.int64)
        rank[order] = np.arange(len(keys)) - run_start
        parts = [
            self._split_unique(_rows(clean, index, rank == r)) for r in range(int(rank.max()) + 1)
        ]
        return _combine(parts)

    def _split_unique(self, tables: dict[str, pa.Table]) -> Split:
        hands = tables["hands"]
        keys = hands["hand_key"].to_numpy()
        if len(np.unique(keys)) != len(keys):
            raise ValueError("a batch must hold each hand once; dedupe it with unique_hands")
        sigs = _signatures(hands)
        cks = hands["content_key"].fill_null(0).to_numpy(zero_copy_only=False)
        found, stored, stored_ck, where = self._runs.find(keys)
        keep = ~found
        # 0 is an unknown content key (a part written before content keys existed)
        conflict = found & (stored_ck != cks) & (stored_ck != 0) & (cks != 0)
        # a copy from another view than the stored one: cards to add, or to check (a
        # server copy knows them all, but a player's copy may still contradict it)
        other_view = found & ~conflict & ((stored != sigs) | (stored == -1))
        if other_view.any():  # now merged: 0 when a server's copy was among them
            merged_sig = np.where((sigs == 0) | (stored == 0), 0, -1)[other_view]
            self._runs.set(where[other_view], merged_sig, cks[other_view])
        self._runs.add(keys[keep], sigs[keep], cks[keep])  # (after set: places move)
        n_dup = int(found.sum() - conflict.sum())
        if not found.any():
            return Split(tables)
        return Split(
            _select(tables, keys, keep),
            n_dup,
            _select(tables, keys, other_view) if other_view.any() else None,
            hands.filter(pa.array(conflict)) if conflict.any() else None,
        )

    def new_quarantine(self, records: Iterable[QuarantineRecord]) -> Iterator[QuarantineRecord]:
        """Quarantine records not already stored (a re-read damaged hand is kept once)."""
        for r in records:
            k = quarantine_key(r)
            if k not in self._quarantine:
                self._quarantine.add(k)
                yield r


def _rows(
    tables: dict[str, pa.Table], index: dict[str, pa.ChunkedArray], mask: np.ndarray
) -> dict[str, pa.Table]:
    """The hands of ``mask`` and their child rows (found through ``index``)."""
    out = {"hands": tables["hands"].filter(pa.array(mask))}
    for name in HAND_TABLES[1:]:
        at = index[name].to_numpy().astype(np.int64)
        out[name] = tables[name].filter(pa.array(mask[at]))
    return out


def _combine(parts: list[Split]) -> Split:
    new = {t: pa.concat_tables([p.new[t] for p in parts]) for t in HAND_TABLES}
    merges = [p.merge for p in parts if p.merge is not None]
    conflicts = [p.conflicts for p in parts if p.conflicts is not None]
    return Split(
        new,
        sum(p.duplicates for p in parts),
        {t: pa.concat_tables([m[t] for m in merges]) for t in HAND_TABLES} if merges else None,
        pa.concat_tables(conflicts) if conflicts else None,
    )


def _select(tables: dict[str, pa.Table], keys: np.ndarray, mask: np.ndarray) -> dict[str, pa.Table]:
    chosen = pa.array(keys[mask])
    out = {"hands": tables["hands"].filter(pa.array(mask))}
    for name in HAND_TABLES[1:]:
        out[name] = tables[name].filter(pc.is_in(tables[name]["hand_key"], value_set=chosen))
    return out

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
from rakestats.warehouse._keyindex import keep_keys, take_keys
from rakestats.warehouse._keyruns import MEMORY_KEYS, KeyRuns
from rakestats.warehouse._merge import view_signature
from rakestats.warehouse._store import STAGING, Snapshot, Store
from rakestats.warehouse._units import HAND_INDEX
from rakestats.warehouse.schema import HAND_TABLES

__all__ = [
    "CONFLICT",
    "DUPLICATE",
    "NEW",
    "OTHER_VIEW",
    "KeySet",
    "Split",
    "spill_folder",
    "unique_hands",
]


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
    # what became of each row of the batch's hands (NEW, DUPLICATE, OTHER_VIEW or
    # CONFLICT); None for a batch that held copies of one hand
    status: np.ndarray | None = None


# What :meth:`KeySet.split` found each hand to be (:attr:`Split.status`): a hand not
# seen before, a copy of a stored one from the same view, a copy from another view
# (counted as a duplicate, and merged), another hand under a stored hand's id.
NEW, DUPLICATE, OTHER_VIEW, CONFLICT = 0, 1, 2, 3
LOAD_KEYS = MEMORY_KEYS // 2  # stored hands :meth:`KeySet.load` adds at once


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
        # the keys of stored hands that a copy from another view marked merged: their
        # marks are not what a load of the parts gives (:meth:`keep`)
        self._marked: list[np.ndarray] = []

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
        # parts read one by one and added in groups of about LOAD_KEYS hands: no copy of
        # them all, and one sort and lookup a group rather than a part
        held: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
        n_held = 0
        for p in store.paths(snapshot, "hands"):
            t = pq.read_table(p, columns=["hand_key", "view", "hero", "content_key"])
            cks = t["content_key"].fill_null(0).to_numpy()
            held.append((t["hand_key"].to_numpy(), _signatures(t), cks))
            n_held += t.num_rows
            if n_held >= LOAD_KEYS:
                keys._add_stored(*(np.concatenate(c) for c in zip(*held, strict=True)))
                held, n_held = [], 0
        if held:
            keys._add_stored(*(np.concatenate(c) for c in zip(*held, strict=True)))
        for p in store.paths(snapshot, "quarantine"):
            keys._quarantine.update(pq.read_table(p, columns=["q_key"])["q_key"].to_pylist())
        return keys

    @classmethod
    def open(cls, store: Store, snapshot: Snapshot, spill: Path) -> KeySet:
        """The keys of ``snapshot``, as :meth:`load` reads them: those a clean ingest
        kept for it (see :mod:`~rakestats.warehouse._keyindex`) when there are, else
        read from the parts."""
        taken = take_keys(store, snapshot, spill)
        if taken is None:
            return cls.load(store, snapshot, spill)
        runs, quarantine = taken
        keys = cls(np.empty(0, np.int64), np.empty(0, np.int64), quarantine, spill=spill)
        keys._runs.adopt(runs)
        return keys

    def keep(self, store: Store, snapshot: Snapshot, spill: Path, since: Snapshot) -> bool:
        """Keep the keys for the next ingest, as ``snapshot``'s parts give them (the
        caller's last commit made it; ``since``: the snapshot it began from). A hand
        marked merged in memory is given the mark its stored copy reads with. True
        when kept; this holds no keys after it then."""
        if self._marked and not self._marks_as_stored(store, snapshot, since):
            return False
        return keep_keys(store, snapshot, self._runs, self._quarantine, spill)

    def _marks_as_stored(self, store: Store, snapshot: Snapshot, since: Snapshot) -> bool:
        """Set the marks of the hands marked merged to those of their stored copies:
        looked for in the parts of ``snapshot`` that ``since`` does not hold first (a
        merge rewrites the parts that hold its hands), then in the others (a merge that
        changed nothing, or found a conflict, left its part as it was). False when a
        hand is in none."""
        wanted = np.unique(np.concatenate(self._marked))
        old = set(since.files("hands"))
        rels = [r for r in snapshot.files("hands") if r not in old]
        rels += [r for r in snapshot.files("hands") if r in old]
        found: list[pa.Table] = []
        for rel in rels:
            if not len(wanted):
                break
            part = pq.ParquetFile(store.root / rel)
            key = part.read(columns=["hand_key"])["hand_key"]
            hit = np.isin(key.to_numpy(), wanted)
            if hit.any():  # the part's other columns read only then
                rest = part.read(columns=["view", "hero", "content_key"])
                t = rest.append_column("hand_key", key).filter(pa.array(hit))
                found.append(t)
                wanted = np.setdiff1d(wanted, t["hand_key"].to_numpy())
        if len(wanted) or not found:
            return False
        t = pa.concat_tables(found)
        where_found, _, _, where = self._runs.find(t["hand_key"].to_numpy())
        if not where_found.all():
            return False
        self._runs.set(where, _signatures(t), t["content_key"].fill_null(0).to_numpy())
        self._marked = []
        return True

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
        clean = {n: _without_index(t) for n, t in tables.items()}
        keys = clean["hands"]["hand_key"].to_numpy()
        if _distinct(keys):
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

    def split_segments(self, segments: list[dict[str, pa.Table]]) -> list[tuple[Split, int]]:
        """Split consecutive segments of staged batches (in input order), with what
        each came to: ``(split, segments)`` pairs whose splits, taken in order, hold
        each segment's hands once. Each run of segments among which no hand key repeats
        is split as one batch (the outcome is that of splitting them one after another:
        no segment of a run sees another's hands), which costs a split's fixed part
        once a run instead of once a segment; a segment that holds one hand twice is
        split on its own.

        >>> def seg(*keys):
        ...     n, key = len(keys), pa.array(keys, pa.int64())
        ...     view, hero = pa.array(["server"] * n), pa.nulls(n, pa.string())
        ...     hands = pa.table({"hand_key": key, "view": view, "hero": hero, "content_key": key})
        ...     empty = pa.table({"hand_key": pa.array([], pa.int64())})
        ...     return {"hands": hands, "players": empty, "actions": empty, "pickups": empty}
        >>> keys = KeySet(np.array([1]), np.array([0]), set(), np.array([1]))
        >>> [(s.new["hands"].num_rows, s.duplicates, n) for s, n in keys.split_segments(
        ...     [seg(1, 2), seg(3), seg(3, 4), seg(5)])]
        [(2, 1, 2), (2, 1, 2)]
        """
        alone, latest = _repeats([s["hands"]["hand_key"].to_numpy() for s in segments])
        out: list[tuple[Split, int]] = []
        start = 0  # the first segment of the run
        for j, seg in enumerate(segments):
            if alone[j]:
                out += self._split_run(segments[start:j])
                out.append((self.split(seg), 1))
                start = j + 1
            elif latest[j] >= start:
                out += self._split_run(segments[start:j])
                start = j
        return out + self._split_run(segments[start:])

    def _split_run(self, run: list[dict[str, pa.Table]]) -> list[tuple[Split, int]]:
        """Segments with no hand key in common, split as one batch."""
        if len(run) < 2:
            return [(self.split(seg), 1) for seg in run]
        clean = [{n: _without_index(t) for n, t in seg.items()} for seg in run]
        whole = {n: pa.concat_tables([seg[n] for seg in clean]) for n in HAND_TABLES}
        return [(self._split_unique(whole), len(run))]

    def _split_unique(self, tables: dict[str, pa.Table]) -> Split:
        hands = tables["hands"]
        keys = hands["hand_key"].to_numpy()
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
            self._marked.append(keys[other_view])
            merged_sig = np.where((sigs == 0) | (stored == 0), 0, -1)[other_view]
            self._runs.set(where[other_view], merged_sig, cks[other_view])
        self._runs.add(keys[keep], sigs[keep], cks[keep])  # (after set: places move)
        n_dup = int(found.sum() - conflict.sum())
        status = np.full(len(keys), NEW, dtype=np.int8)
        if not found.any():
            return Split(tables, status=status)
        status[found] = DUPLICATE
        status[other_view] = OTHER_VIEW
        status[conflict] = CONFLICT
        return Split(
            _select(tables, keys, keep),
            n_dup,
            _select(tables, keys, other_view) if other_view.any() else None,
            hands.filter(pa.array(conflict)) if conflict.any() else None,
            status,
        )

    def new_quarantine(self, records: Iterable[QuarantineRecord]) -> Iterator[QuarantineRecord]:
        """Quarantine records not already stored (a re-read damaged hand is kept once)."""
        for r in records:
            k = quarantine_key(r)
            if k not in self._quarantine:
                self._quarantine.add(k)
                yield r


def _repeats(keys: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """For each of consecutive segments' hand keys: whether a key repeats within it,
    and the last segment before it that holds one of its keys (-1: none). One sort of
    all the keys, not a search a segment.

    >>> alone, latest = _repeats([np.array([1, 2]), np.array([3]), np.array([2, 4, 4])])
    >>> alone.tolist(), latest.tolist()
    ([False, False, True], [-1, -1, 0])
    >>> [a.tolist() for a in _repeats([np.array([5]), np.array([], np.int64), np.array([5])])]
    [[False, False, False], [-1, -1, 0]]
    """
    seg = np.repeat(np.arange(len(keys)), [len(k) for k in keys])
    flat = np.concatenate(keys) if keys else np.empty(0, np.int64)
    order = np.argsort(flat, kind="stable")  # a key's copies in input order
    ordered = flat[order]
    prev = np.full(len(flat), -1, dtype=np.int64)  # the segment of a key's copy before
    same = np.flatnonzero(ordered[1:] == ordered[:-1]) + 1
    prev[order[same]] = seg[order[same - 1]]
    sizes = np.array([len(k) for k in keys], dtype=np.int64)
    held = sizes > 0  # (a segment without hands has no repeats)
    starts = (np.cumsum(sizes) - sizes)[held]
    alone = np.zeros(len(keys), dtype=bool)
    latest = np.full(len(keys), -1, dtype=np.int64)
    if len(flat):
        alone[held] = np.logical_or.reduceat(prev == seg, starts)
        latest[held] = np.maximum.reduceat(np.where(prev < seg, prev, -1), starts)
    return alone, latest


def _distinct(keys: np.ndarray) -> bool:
    """Whether no hand key repeats in ``keys``."""
    return len(np.unique(keys)) == len(keys)


def _without_index(table: pa.Table) -> pa.Table:
    return table.drop_columns([HAND_INDEX]) if HAND_INDEX in table.schema.names else table


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

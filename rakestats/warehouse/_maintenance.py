"""Compaction and re-validation of quarantined hands."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._arrow import (
    hand_key,
    hand_partitions,
    hands_to_tables,
    quarantine_to_table,
)
from rakestats.warehouse._dedupe import KeySet, spill_folder, unique_hands
from rakestats.warehouse._keyindex import carry_keys
from rakestats.warehouse._store import Store
from rakestats.warehouse._words import count
from rakestats.warehouse.schema import HAND_TABLES, TABLES

if TYPE_CHECKING:
    from rakestats.formats import ParseResult

__all__ = ["CompactSummary", "RetrySummary", "compact", "retry_quarantined"]


@dataclass(frozen=True)
class CompactSummary:
    parts_before: int
    parts_after: int

    def __str__(self) -> str:  # print(summary) prints its line
        return self.line()

    def line(self) -> str:
        return f"compacted {self.parts_before} parts into {self.parts_after}"


@dataclass(frozen=True)
class RetrySummary:
    retried: int
    ingested: int
    duplicates: int
    still_quarantined: int

    def __str__(self) -> str:  # print(summary) prints its line
        return self.line()

    def line(self) -> str:
        return (
            f"re-validated {count(self.retried, 'quarantined hand')}: {self.ingested} ingested, "
            f"{count(self.duplicates, 'duplicate')}, {self.still_quarantined} still quarantined"
        )


def compact(
    store: Store,
    target_rows: int = 2_000_000,
    progress: Callable[[int, int], None] | None = None,
) -> CompactSummary:
    """Rewrite each partition's small parts into large ones, in one atomic commit
    (the caller holds the lock), with the store's derived tables of every part, new or
    kept (a part written without them gets them). ``progress`` is told (partitions
    done, partitions)."""
    txn = store.begin()
    txn.complete_derived()
    before = after = 0
    work: list[tuple[str, str, list[str]]] = []
    for table in TABLES:
        groups: dict[str, list[str]] = defaultdict(list)
        for rel in txn.base.files(table):
            groups[rel.rsplit("/", 1)[0]].append(rel)
        work.extend((table, directory, rels) for directory, rels in groups.items())
    for done, (table, directory, rels) in enumerate(work):
        if progress is not None:
            progress(done, len(work))
        before += len(rels)
        if len(rels) < 2:
            after += len(rels)
            continue
        partition = directory.split("/", 1)[1] if "/" in directory else ""
        data = pa.concat_tables(pq.read_table(store.root / rel) for rel in rels)
        for start in range(0, max(data.num_rows, 1), target_rows):
            txn.write(table, data.slice(start, target_rows), partition)
            after += 1
        for rel in rels:
            txn.remove(table, rel)
    if progress is not None:
        progress(len(work), len(work))
    if not txn.empty:
        txn.commit()
        carry_keys(store, txn.base, store.snapshot())  # the same hands: kept keys hold
    return CompactSummary(before, after)


def _record_of(row: dict[str, Any], reason: str) -> QuarantineRecord:
    """A stored quarantine row as a record, with ``reason``."""
    return QuarantineRecord(
        row["source_file"],
        row["line"],
        reason,
        row["raw_text"],
        row["site"],
        row["hand_id"],
        row["game"],
    )


_WITHIN_THE_HAND = " (line numbers counted from the hand's first line)"
_NUMBER = re.compile(r"(\d+)")


def _parse_again(lines: list[str], source_file: str) -> list[ParseResult] | None:
    """The results of a quarantined hand's lines, or None when they are in no known
    format (a damaged header, a block of binary data between hands)."""
    from rakestats.formats import UnrecognizedFileError, iter_text

    try:
        return list(iter_text(lines, source_file))
    except UnrecognizedFileError:
        return None


def _in_the_file(row: dict[str, Any], lines: list[str], failed: QuarantineRecord) -> str:
    """The reason of a hand that still fails, as an ingest of its file gives it.

    The hand is parsed from its own text, so its line numbers count from the hand's
    first line. When its failure is the one stored, the stored reason (counted in the
    file) is it. Otherwise where the hand begins in the file is not known: the reason
    says that its line numbers are the hand's."""
    again = _parse_again(["", *lines], row["source_file"])  # each line number one more
    moved = next((r for r in again or [] if isinstance(r, QuarantineRecord)), None)
    before, after = _NUMBER.split(failed.reason), _NUMBER.split(moved.reason) if moved else []
    same_shape = len(before) == len(after) and before[::2] == after[::2]
    if same_shape and row["line"] is not None:
        offset = row["line"] - failed.line
        parts = list(before)
        for i in range(1, len(parts), 2):
            if int(after[i]) == int(before[i]) + 1:  # a line number
                parts[i] = str(int(before[i]) + offset)
            elif after[i] != before[i]:
                break
        else:
            if "".join(parts) == row["reason"]:
                return str(row["reason"])
    return failed.reason + _WITHIN_THE_HAND


_RETRY_BATCH = 10_000  # quarantined entries re-validated at a time


def retry_quarantined(store: Store) -> RetrySummary:
    """Re-validate every quarantined hand; move those that now pass into the warehouse.

    A hand whose text is in no known format stays as it is; one that still fails keeps
    the reason an ingest of its file gives (see :func:`_in_the_file`). The quarantine is
    read a batch of entries at a time: those that still fail are written as they are
    found, and those that pass are stored a batch at a time (the first copy of a hand
    is kept, as when all are taken at once), so a large quarantine is never held whole."""
    txn = store.begin()
    rels = txn.base.files("quarantine")
    if not rels:
        return RetrySummary(0, 0, 0, 0)
    now = datetime.now(UTC)
    settled: list[pa.Table] = []  # entries resolved by a complete copy: kept as they are
    passed: list[tuple[HandRecord, dict[str, Any]]] = []
    seen: set[int] = set()  # the hands that passed so far: a later copy is a duplicate
    clashed: set[int] = set()  # those that contradict their stored copy: conflicts still
    keys: KeySet | None = None
    retried = still = ingested = dups = 0

    def store_passed() -> None:
        """Store the hands that passed since the last call (a hand that now parses but
        contradicts the stored copy stays quarantined, as a conflict)."""
        nonlocal keys, still, ingested, dups
        once = [r for r in unique_hands([rec for rec, _ in passed], seen) if r is not None]
        new = 0
        if once:
            if keys is None:
                keys = KeySet.load(store, txn.base, spill_folder(store))
            split = keys.split(hands_to_tables(once, txn.version))
            new = split.new["hands"].num_rows
            if split.conflicts is not None:
                clashed.update(split.conflicts["hand_key"].to_pylist())
            for name, partition, part in hand_partitions((n, split.new[n]) for n in HAND_TABLES):
                txn.append(name, part, partition)
        kept = [row for rec, row in passed if hand_key(rec.site, rec.hand_id) in clashed]
        once_each = list({id(row): row for row in kept}.values())  # a row of two clashing
        if once_each:
            conflicts = [_record_of(row, row["reason"]) for row in once_each]
            txn.append("quarantine", quarantine_to_table(conflicts, txn.version, now))
            still += len(conflicts)
        ingested += new
        dups += len(passed) - new - len(kept)
        passed.clear()

    try:
        for rel in rels:
            parts = pq.ParquetFile(store.root / rel).iter_batches(batch_size=_RETRY_BATCH)
            for batch in parts:
                entries = pa.Table.from_batches([batch])
                done = entries.filter(pc.is_valid(entries["resolved_at"]))
                if done.num_rows:
                    settled.append(done)
                remaining: list[QuarantineRecord] = []
                for row in entries.filter(pc.is_null(entries["resolved_at"])).to_pylist():
                    retried += 1
                    lines = row["raw_text"].split("\n")  # as the file's lines (no other breaks)
                    results = _parse_again(lines, row["source_file"])
                    if results is None:
                        remaining.append(_record_of(row, row["reason"]))
                        continue
                    hands = [r for r in results if isinstance(r, HandRecord)]
                    if hands and len(hands) == len(results):  # (several: hands that were joined)
                        passed.extend((hand, row) for hand in hands)
                        continue
                    failed = next((r for r in results if isinstance(r, QuarantineRecord)), None)
                    reason = row["reason"] if failed is None else _in_the_file(row, lines, failed)
                    remaining.append(_record_of(row, reason))
                if remaining:
                    txn.append("quarantine", quarantine_to_table(remaining, txn.version, now))
                    still += len(remaining)
                if len(passed) >= _RETRY_BATCH:
                    store_passed()
        store_passed()
    finally:
        if keys is not None:
            keys.close()
    for rel in rels:
        txn.remove("quarantine", rel)
    if settled:
        txn.write("quarantine", pa.concat_tables(settled))
    txn.commit()
    return RetrySummary(retried, ingested, dups, still)

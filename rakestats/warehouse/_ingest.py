"""Ingestion: files → parser/validator (in worker processes) → Arrow → committed parts.

Workers parse and validate whole files and send Arrow batches back through a bounded
queue; the driver alone deduplicates on (site, hand id), buffers, and commits a
transaction every ``commit_every`` hands, so a killed run loses at most the open
transaction and the next run completes it (hands already in are duplicates).
"""

from __future__ import annotations

import hashlib
import multiprocessing as mp
import os
import queue as queue_mod
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa

from rakestats.records import HandRecord, QuarantineRecord, SkipRecord
from rakestats.warehouse._arrow import hand_key, hands_to_tables, partitions, quarantine_to_table
from rakestats.warehouse._dedupe import KeySet
from rakestats.warehouse._merge import merge_views
from rakestats.warehouse._store import Store, Transaction
from rakestats.warehouse.schema import FILES, HAND_TABLES

__all__ = ["IngestSummary", "ingest_paths", "walk"]

BATCH_HANDS = 2_000
COMMIT_EVERY = 200_000
_SKIP_NAMES = {"players.json", "README.md", "README.txt"}

ProgressFn = Callable[[int, int], None]  # (files done, hands read)


@dataclass
class FileResult:
    path: str
    size: int
    content_hash: str
    read: int = 0
    ingested: int = 0
    duplicates: int = 0
    quarantined: int = 0
    skipped: int = 0
    error: str | None = None


@dataclass
class IngestSummary:
    files: int = 0
    files_unchanged: int = 0
    unrecognized: list[tuple[str, str]] = field(default_factory=list)
    read: int = 0
    ingested: int = 0
    duplicates: int = 0
    quarantined: int = 0
    skipped: int = 0
    merged: int = 0
    commits: int = 0

    def line(self) -> str:
        text = (
            f"read {self.read} hands from {self.files} files: {self.ingested} ingested, "
            f"{self.duplicates} duplicates, {self.quarantined} quarantined, {self.skipped} skipped"
        )
        if self.merged:
            text += f" ({self.merged} stored hands gained cards from another view)"
        if self.files_unchanged:
            text += f" ({self.files_unchanged} unchanged files not re-read)"
        return text

    def add(self, r: FileResult) -> None:
        self.read += r.read
        self.ingested += r.ingested
        self.duplicates += r.duplicates
        self.quarantined += r.quarantined
        self.skipped += r.skipped


def walk(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Files named, and every file under the folders named, in a stable order."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(
                    Path(root) / f
                    for f in sorted(files)
                    if not f.startswith(".") and f not in _SKIP_NAMES
                )
        else:
            out.append(p)
    return out


def _hash_file(path: Path) -> tuple[int, str]:
    h = hashlib.sha256()
    size = 0
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            h.update(chunk)
            size += len(chunk)
    return size, h.hexdigest()


# ---------------------------------------------------------------------- workers
Message = tuple[str, int, Any]


def _parse_file(index: int, path: str) -> Iterator[Message]:
    """Parse one file into ("batch", index, (tables, quarantine records)) messages and a
    final ("done", index, (read, skipped, repeats)) or ("unrecognized", index, reason)."""
    from rakestats.parse import ReadError, UnrecognizedFileError, iter_file

    batch: list[HandRecord] = []
    quarantined: list[QuarantineRecord] = []
    seen: set[int] = set()
    read = skipped = repeats = 0
    try:
        for rec in iter_file(path):
            read += 1
            if isinstance(rec, HandRecord):
                if hand_key(rec.site, rec.hand_id) in seen:
                    repeats += 1  # the same hand twice in one file
                    continue
                seen.add(hand_key(rec.site, rec.hand_id))
                batch.append(rec)
            elif isinstance(rec, QuarantineRecord):
                quarantined.append(rec)
            elif isinstance(rec, SkipRecord):
                skipped += 1
            if len(batch) >= BATCH_HANDS:
                yield ("batch", index, (hands_to_tables(batch, 0), quarantined))
                batch, quarantined = [], []
    except UnrecognizedFileError as exc:
        yield ("unrecognized", index, str(getattr(exc, "reason", exc)))
        return
    except ReadError as exc:
        # hands before the damage are kept; the file is reported and not recorded as
        # ingested, so a later run reads it again
        if batch or quarantined:
            yield ("batch", index, (hands_to_tables(batch, 0) if batch else None, quarantined))
        yield ("unrecognized", index, f"read error after line {exc.line}: {exc.reason}")
        return
    except OSError as exc:
        yield ("unrecognized", index, f"cannot read: {exc.strerror or exc}")
        return
    if batch or quarantined:
        yield ("batch", index, (hands_to_tables(batch, 0) if batch else None, quarantined))
    yield ("done", index, (read, skipped, repeats))


_QUEUE: Any = None


def _init_worker(q: Any) -> None:
    global _QUEUE
    _QUEUE = q
    _die_with_parent()


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when the ingest process dies (a killed ingest must
    not leave workers behind); elsewhere workers end when their queue breaks."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
    except (OSError, AttributeError):
        pass


def _work(unit: tuple[int, str]) -> None:
    index, path = unit
    try:
        for msg in _parse_file(index, path):
            _QUEUE.put(msg)
    except Exception as exc:  # report, never lose the file silently
        _QUEUE.put(("unrecognized", index, f"internal error: {type(exc).__name__}: {exc}"))


def _messages(units: Sequence[tuple[int, str]], jobs: int) -> Iterator[Message]:
    if jobs <= 1 or len(units) <= 1:
        for index, path in units:
            yield from _parse_file(index, path)
        return
    ctx = mp.get_context("fork")
    q = ctx.Queue(maxsize=4 * jobs)
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(q,))
    try:
        result = pool.map_async(_work, units, chunksize=1)
        finished = 0
        while finished < len(units):
            try:
                msg = q.get(timeout=1.0)
            except queue_mod.Empty:
                if result.ready():
                    result.get()  # re-raise a worker crash
                    if q.empty():
                        break
                continue
            if msg[0] in ("done", "unrecognized"):
                finished += 1
            yield msg
        pool.close()
    finally:
        pool.terminate()
        pool.join()


# ---------------------------------------------------------------------- driver
@dataclass
class _Buffer:
    tables: dict[str, list[pa.Table]] = field(default_factory=lambda: {t: [] for t in HAND_TABLES})
    quarantine: list[QuarantineRecord] = field(default_factory=list)
    files: list[FileResult] = field(default_factory=list)
    merges: list[dict[str, pa.Table]] = field(default_factory=list)
    hands: int = 0


def _flush(store: Store, buf: _Buffer, summary: IngestSummary) -> None:
    if not (buf.hands or buf.quarantine or buf.files or buf.merges):
        return
    txn: Transaction = store.begin()
    for name in HAND_TABLES:
        if not buf.tables[name]:
            continue
        whole = pa.concat_tables(buf.tables[name])
        if name == "hands":
            stamp = pa.array(np.full(whole.num_rows, txn.version, dtype=np.int64))
            whole = whole.set_column(whole.schema.get_field_index("txn"), "txn", stamp)
        for partition, part in partitions(whole):
            txn.write(name, part, partition)
    now = datetime.now(UTC)
    if buf.quarantine:
        txn.write("quarantine", quarantine_to_table(buf.quarantine, txn.version, now))
    if buf.files:
        cols: dict[str, list[Any]] = {f.name: [] for f in FILES}
        for r in buf.files:
            for name in ("path", "size", "content_hash"):
                cols[name].append(getattr(r, name))
            cols["hands_read"].append(r.read)
            for name in ("ingested", "duplicates", "quarantined", "skipped"):
                cols[name].append(getattr(r, name))
            cols["ingested_at"].append(now)
            cols["txn"].append(txn.version)
        txn.write("files", pa.table(cols, schema=FILES))
    txn.commit()
    summary.commits += 1
    if buf.merges:
        merged = {t: pa.concat_tables([m[t] for m in buf.merges]) for t in HAND_TABLES}
        summary.merged += merge_views(store, merged)
    buf.tables = {t: [] for t in HAND_TABLES}
    buf.quarantine, buf.files, buf.merges, buf.hands = [], [], [], 0


def ingest_paths(
    store: Store,
    paths: Iterable[str | os.PathLike[str]],
    *,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    commit_every: int = COMMIT_EVERY,
) -> IngestSummary:
    """Ingest files and folders into ``store`` (the caller holds the lock)."""
    from rakestats.warehouse._manifest import known_files

    summary = IngestSummary()
    snapshot = store.snapshot()
    keys = KeySet.load(store, snapshot)
    seen_files = known_files(store, snapshot)
    units: list[tuple[int, str]] = []
    results: list[FileResult] = []
    for path in walk(paths):
        try:
            size, digest = _hash_file(path)
        except OSError as exc:
            summary.unrecognized.append((str(path), f"cannot read: {exc.strerror or exc}"))
            continue
        summary.files += 1
        if (str(path), digest) in seen_files:
            summary.files_unchanged += 1
            continue
        results.append(FileResult(str(path), size, digest))
        units.append((len(results) - 1, str(path)))

    buf = _Buffer()
    files_done = 0
    for kind, index, payload in _messages(units, jobs):
        r = results[index]
        if kind == "batch":
            tables, quarantined = payload
            if tables is not None:
                fresh, n_dup, other_view = keys.filter_new(tables)
                if other_view is not None:
                    buf.merges.append(other_view)
                r.ingested += fresh["hands"].num_rows
                r.duplicates += n_dup
                for name in HAND_TABLES:
                    if fresh[name].num_rows:
                        buf.tables[name].append(fresh[name])
                buf.hands += fresh["hands"].num_rows
            r.quarantined += len(quarantined)
            buf.quarantine.extend(keys.new_quarantine(quarantined))
        elif kind == "done":
            r.read, r.skipped, repeats = payload
            r.duplicates += repeats
            buf.files.append(r)
            summary.add(r)
            files_done += 1
        else:
            r.error = payload
            summary.unrecognized.append((r.path, payload))
            summary.files -= 1
            files_done += 1
        if progress is not None and kind != "batch":
            progress(files_done, summary.read)
        if buf.hands >= commit_every:
            _flush(store, buf, summary)
    _flush(store, buf, summary)
    return summary

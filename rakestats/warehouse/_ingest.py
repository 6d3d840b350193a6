"""Ingestion: files → parser/validator (in workers) → staged Arrow batches → commits.

Files are split into units (a file, or a zip member; see ``_units``). Workers — the
driver itself, local processes, or a Dask cluster — parse and validate units and stage
their hands as Parquet batches. The driver alone takes the results in unit order,
deduplicates on (site, hand id), buffers, and commits a transaction every
``commit_every`` hands, so a killed run loses at most the open transaction and the next
run completes it (hands already in are duplicates).
"""

from __future__ import annotations

import contextlib
import hashlib
import numbers
import os
import shutil
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import chain
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from rakestats.formats.files import (
    HIDDEN_FILE,
    HIDDEN_FOLDER,
    NOTES,
    RefusedError,
    member_passed_over,
    open_regular,
)
from rakestats.formats.files import passed_over as name_passed_over
from rakestats.ingest_settings import (
    COMMIT_EVERY,
    PENDING_SECONDS,
    POOL_MIN_BYTES,
    ingest_pool,
    pool_min_bytes,
)
from rakestats.records import QuarantineRecord
from rakestats.warehouse._arrow import hand_partitions, quarantine_to_table
from rakestats.warehouse._conflicts import conflict_records, stored_sources
from rakestats.warehouse._dedupe import (
    CONFLICT,
    DUPLICATE,
    NEW,
    OTHER_VIEW,
    KeySet,
    Split,
    spill_folder,
)
from rakestats.warehouse._errors import WarehouseWriteError
from rakestats.warehouse._filestat import Status, read_statuses, status_of, write_statuses
from rakestats.warehouse._merge import merge_views
from rakestats.warehouse._resolve import (
    Resolution,
    copy_order,
    mark_resolved,
    record_key,
    resolve_quarantine,
    stamp_resolved,
)
from rakestats.warehouse._store import MARKER, STAGING, Store, Transaction
from rakestats.warehouse._units import (
    DAMAGED,
    Unit,
    UnitResult,
    read_batches,
    run_unit,
    run_units,
    units_of,
)
from rakestats.warehouse._words import count, plural
from rakestats.warehouse.schema import FILES, HAND_TABLES

__all__ = [
    "DAMAGED",
    "POOL_MIN_BYTES",
    "HashedFn",
    "IngestSummary",
    "ProgressFn",
    "check_ingest_arguments",
    "ingest_paths",
    "passed_over_in_folder",
    "pool_min_bytes",
    "walk",
]

SPILL_EVERY = 20_000  # hands held in memory at most before they go to the open transaction
_SAME_FILE = "the same file as "  # + the path it was first reached by
_WAREHOUSE = "a rakestats warehouse (not walked)"
# the summary's note when the paths named hold no file at all (an empty folder)
_NOTHING_UNDER = "nothing to read: no files under the paths named"


def check_ingest_arguments(
    *, jobs: int = 1, commit_every: int = 1, pending_seconds: float = 0.0
) -> None:
    """Refuse what the command line's ranges refuse, before anything is read or
    created: ``jobs`` and ``commit_every`` whole numbers of at least 1,
    ``pending_seconds`` a number of at least 0 (``jobs=0`` and ``commit_every=0`` were
    taken without a word).

    >>> check_ingest_arguments(jobs=0)
    Traceback (most recent call last):
    ...
    ValueError: jobs must be a whole number of at least 1, got 0
    """
    for name, value in (("jobs", jobs), ("commit_every", commit_every)):
        if not isinstance(value, numbers.Integral) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{name} must be a whole number of at least 1, got {value!r}")
    ok = isinstance(pending_seconds, numbers.Real) and not isinstance(pending_seconds, bool)
    if not ok or not pending_seconds >= 0:  # NaN too
        raise ValueError(f"pending_seconds must be a number of at least 0, got {pending_seconds!r}")


def passed_over_in_folder(root: Path, parts: Sequence[str]) -> bool:
    """Whether a file a walk of the folder ``root`` reaches by ``parts`` (its path below
    ``root``) is passed over: hidden, in a hidden folder, notes, or in a rakestats
    warehouse below ``root`` (see :func:`walk`).

    >>> here = Path(".")
    >>> [passed_over_in_folder(here, p) for p in (["a.txt"], [".git", "x"], ["s", "README.md"])]
    [False, True, True]
    """
    if not parts:
        return False
    if member_passed_over("/".join(parts)) is not None:
        return True
    folder = root
    for part in parts[:-1]:
        folder = folder / part
        if (folder / MARKER).is_file():
            return True
    return False


ProgressFn = Callable[[int, int], None]  # (files done, hands read)
HashedFn = Callable[[int], None]  # (files looked at so far, before their hands are read)


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
    pending: int = 0
    error: str | None = None


@dataclass
class IngestSummary:
    """What an ingest did. ``files`` counts the files read (or found unchanged),
    ``files_unreadable`` those not read at all; ``unrecognized`` names each file or
    archive member that was not read, or not read to its end, with the reason;
    ``passed_over`` each file or folder a folder's walk passed over (hidden, or notes
    such as a README; see :func:`walk`), with the reason."""

    files: int = 0
    files_unchanged: int = 0
    files_unreadable: int = 0
    unrecognized: list[tuple[str, str]] = field(default_factory=list)
    passed_over: list[tuple[str, str]] = field(default_factory=list)
    read: int = 0
    ingested: int = 0
    duplicates: int = 0
    quarantined: int = 0
    skipped: int = 0
    merged: int = 0
    conflicts: int = 0  # copies of stored hand ids with other content (quarantined)
    pending: int = 0  # files whose last hand is still being written (read again later)
    pending_files: list[str] = field(default_factory=list)
    resolved: int = 0  # quarantined hands now stored from a complete copy
    commits: int = 0
    seconds: float = 0.0  # wall time of the run
    unit_seconds: float = 0.0  # CPU time of the units, wherever they ran
    driver_seconds: float = 0.0  # wall time the driver spent deduplicating and committing
    # hands the fast path passed to the full parser, by reason (see formats.rake._unhandled)
    fast_path_declined: dict[str, int] = field(default_factory=dict)
    # hands of games rakestats does not analyse, by the game as the room names it
    skipped_games: dict[str, int] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        """True when every input was recognised and read and no hand was quarantined
        (what ``rakestats ingest --strict`` requires)."""
        return not self.unrecognized and not self.quarantined

    def __str__(self) -> str:  # print(summary) prints its line
        return self.line()

    def line(self) -> str:
        seen = self.files + self.files_unreadable
        text = f"read {count(self.read, 'hand')} from {count(seen, 'file')}"
        damaged = sum(why.startswith(DAMAGED) for _, why in self.unrecognized)
        unreadable = sum(why.startswith(_CANNOT_READ) for _, why in self.unrecognized)
        if len(self.unrecognized) > damaged + unreadable:
            text += f" ({len(self.unrecognized) - damaged - unreadable} not recognised)"
        if unreadable:  # a file or folder gone, or not allowed: not a question of format
            text += f" ({unreadable} could not be read)"
        if damaged:
            text += f" ({damaged} damaged: read to the line named)"
        text += (
            f": {self.ingested} ingested, {count(self.duplicates, 'duplicate')}, "
            f"{self.quarantined} quarantined, {self.skipped} skipped"
        )
        if self.skipped_games:
            games = ", ".join(f"{g} {n}" for g, n in sorted(self.skipped_games.items()))
            text += f" (games not analysed: {games})"
        if self.conflicts:
            text += f" ({self.conflicts} quarantined as conflicting copies of stored hands)"
        if self.pending:
            ends = "ends" if self.pending == 1 else "end"
            text += (
                f" ({count(self.pending, 'file')} {ends} in a hand still being written: "
                "read again later)"
            )
        if self.resolved:
            resolved = count(self.resolved, "quarantined hand")
            text += f" ({resolved} resolved by a complete copy)"
        if self.merged:
            text += f" ({count(self.merged, 'stored hand')} gained cards from another view)"
        if self.files_unchanged:
            unchanged = plural(self.files_unchanged, "file")
            text += f" ({self.files_unchanged} unchanged {unchanged} not re-read)"
        if self.passed_over:
            nothing = "nothing to read: " if seen == 0 else ""
            text += f" ({nothing}{_passed_over_note(self.passed_over)})"
        elif seen == 0 and not self.files_unchanged and not self.unrecognized:
            text += f" ({_NOTHING_UNDER})"
        return text

    def add(self, r: FileResult) -> None:
        self.read += r.read
        self.ingested += r.ingested
        self.duplicates += r.duplicates
        self.quarantined += r.quarantined
        self.skipped += r.skipped


_CANNOT_READ = "cannot read"  # the start of the reasons of files and folders not read


def _passed_over_note(passed: list[tuple[str, str]]) -> str:
    """``3 files passed over: hidden, or notes`` for the entries of
    :attr:`IngestSummary.passed_over`."""
    folders = sum(reason in (HIDDEN_FOLDER, _WAREHOUSE) for _, reason in passed)
    files = len(passed) - folders
    counts = [
        f"{n} {word}{'s' if n > 1 else ''}"
        for n, word in ((folders, "folder"), (files, "file"))
        if n
    ]
    kinds = [
        kind
        for kind, reasons in (
            ("hidden", (HIDDEN_FILE, HIDDEN_FOLDER)),
            ("notes", (NOTES,)),
            ("a warehouse", (_WAREHOUSE,)),
        )
        if any(reason in reasons for _, reason in passed)
    ]
    if any(reason.startswith(_SAME_FILE) for _, reason in passed):
        kinds.append("named again (read once)")
    return f"{' and '.join(counts)} passed over: {', or '.join(kinds)}"


def walk(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    errors: list[tuple[str, str]] | None = None,
    passed_over: list[tuple[str, str]] | None = None,
) -> list[Path]:
    """Files named, and every file under the folders named, in a stable order.

    Links to folders are followed (a folder of links to where the histories are is
    read as the folders themselves), each folder once: a link back up the tree, or a
    second link to a folder already walked, is not walked again. A folder that cannot
    be listed is never passed over in silence: it is added to ``errors`` as (path,
    reason) when a list is given, else the ``OSError`` is raised.

    Within the folders, hidden files and folders (named ``.*``; a hidden folder is not
    walked) and the notes kept beside histories (``README.md``, ``README.txt``, the
    simulator's ``players.json``) are passed over: each is added to ``passed_over`` as
    (path, reason) when a list is given. A path named in ``paths`` is never passed
    over for its name. A rakestats warehouse (a folder holding ``_rakestats.json``, such as
    the one being written, kept beside the histories) is never walked, named or not: it
    is passed over as ``a rakestats warehouse``. A file reached twice (named twice, under
    two folders named, or through a link to it) is read once: the second way is passed
    over as ``the same file as`` the first. One path may be given alone (a text is a
    path, not its letters)."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out: list[Path] = []
    walked: set[str] = set()  # real paths of the folders walked
    passed = passed_over if passed_over is not None else []
    first_of: dict[str, Path] = {}  # real path of each file found: the path it was found by

    def found(path: Path, real: str | None = None) -> None:
        """``real``: the file's real path when known without resolving it."""
        if real is None or os.path.islink(path):
            real = os.path.realpath(path)  # (32 us a file: once per folder below)
        first = first_of.setdefault(real, path)
        if first is path:
            out.append(path)
        else:
            passed.append((str(path), f"{_SAME_FILE}{first}"))

    def failed(exc: OSError) -> None:
        if errors is None:
            raise exc
        errors.append((str(exc.filename or ""), f"cannot read folder: {exc.strerror or exc}"))

    for p in map(Path, paths):
        if p.is_dir() and (p / MARKER).is_file():
            passed.append((str(p), _WAREHOUSE))
        elif p.is_dir():
            for root, dirs, files in os.walk(p, onerror=failed, followlinks=True):
                real = os.path.realpath(root)
                if real in walked:
                    dirs[:] = []
                    continue
                walked.add(real)
                kept = []
                for d in sorted(dirs):
                    why = name_passed_over(d, folder=True)
                    if why is None and os.path.isfile(os.path.join(root, d, MARKER)):
                        why = _WAREHOUSE
                    if why is not None:
                        passed.append((os.path.join(root, d), why))
                    elif os.path.realpath(os.path.join(root, d)) not in walked:
                        kept.append(d)
                dirs[:] = kept
                for f in sorted(files):
                    why = name_passed_over(f)
                    if why is not None:
                        passed.append((os.path.join(root, f), why))
                    else:
                        found(Path(root) / f, os.path.join(real, f))
        else:
            found(p)
    return out


def _hash_file(
    path: Path, earlier: Mapping[str, int] | None = None
) -> tuple[int, str, tuple[int, int] | None]:
    """The file's size and SHA-256, and where a read of it may start: ``(offset,
    lines_before)`` at the end of the largest version of it ingested before
    (``earlier``: content hash to size) that the file begins with, when that version
    ends with a blank line (at a hand's end); None to read it whole.

    >>> import tempfile
    >>> hand = b"PokerStars Hand #1: Razz Limit ($0.04/$0.08 USD)\\n...\\n\\n"
    >>> with tempfile.TemporaryDirectory() as d:
    ...     f = Path(d, "h.txt")
    ...     _ = f.write_bytes(hand)
    ...     size, first, _ = _hash_file(f)
    ...     _ = f.write_bytes(hand + hand)
    ...     _hash_file(f, {first: size})[2] == (len(hand), 3)
    True
    """
    h = hashlib.sha256()
    size = 0
    marks = sorted({n for n in (earlier or {}).values() if n > 0})  # sizes of earlier versions
    at_mark: dict[int, tuple[str, int, bytes]] = {}  # hash, line ends and last bytes there
    newlines = 0
    tail = b""
    with open_regular(path) as fh:  # a FIFO or a device would block or never end
        while chunk := fh.read(1 << 20):
            while marks and marks[0] <= size + len(chunk):
                mark = marks.pop(0)
                part = chunk[: mark - size]
                before = h.copy()
                before.update(part)
                at_mark[mark] = (
                    before.hexdigest(),
                    newlines + part.count(b"\n"),
                    (tail + part)[-4:],  # (a watched file has a version a hand: keep little)
                )
            if marks:
                newlines += chunk.count(b"\n")
            tail = (tail + chunk)[-4:]
            h.update(chunk)
            size += len(chunk)
    resume: tuple[int, int] | None = None
    for digest, mark in (earlier or {}).items():
        got = at_mark.get(mark)
        if (
            got is not None
            and got[0] == digest
            and mark < size
            and got[2].endswith((b"\n\n", b"\n\r\n"))  # a blank line: a hand's end
            and (resume is None or mark > resume[0])
        ):
            resume = (mark, got[1])
    return size, h.hexdigest(), resume


def _keep_statuses(
    store: Store,
    kept: dict[str, tuple[Status, str]],
    seen: dict[str, tuple[Status, str]],
    results: list[FileResult],
    real_paths: list[str],
    known: Mapping[str, Mapping[str, int]],
) -> None:
    """Keep the status of every file the manifest now records as read, for the next
    ingest (:mod:`._filestat`): those found unchanged, and those this run recorded (not
    a file that failed or ends in a pending hand: it is read again)."""
    recorded = {
        real: r.content_hash
        for r, real in zip(results, real_paths, strict=True)
        if r.error is None and not r.pending
    }
    merged = dict(kept)
    for real, (status, digest) in seen.items():
        if digest in known.get(real, {}) or recorded.get(real) == digest:
            merged[real] = (status, digest)
        else:
            merged.pop(real, None)  # not recorded: hashed again next time
    if merged != kept:
        write_statuses(store.root, merged)


# ---------------------------------------------------------------------- workers
def _run(args: tuple[list[Unit], str]) -> list[UnitResult]:
    return run_units(*args)


CHUNK_BYTES = 4 << 20  # input per task at least (small files travel together)
CHUNK_UNITS = 64
# Tasks a worker may finish before the driver takes their results: enough to keep the
# workers busy while the driver writes a spill or commits (each task's hands wait
# staged on disk, not in memory).
TASKS_AHEAD = 8


def _unit_bytes(unit: Unit) -> int:
    """The input of ``unit`` in bytes, as far as the size of work goes: its file's size,
    1 MiB for a zip member, 0 for a file gone (the unit reports why)."""
    if unit.member is not None:
        return 1 << 20
    try:
        return max(os.stat(unit.path).st_size - unit.offset, 0)
    except OSError:
        return 0


def _chunks(units: Iterable[Unit]) -> Iterator[list[Unit]]:
    """Consecutive units grouped into tasks of about :data:`CHUNK_BYTES` of input."""
    chunk: list[Unit] = []
    size = 0
    for unit in units:
        chunk.append(unit)
        size += _unit_bytes(unit)
        if size >= CHUNK_BYTES or len(chunk) >= CHUNK_UNITS:
            yield chunk
            chunk, size = [], 0
    if chunk:
        yield chunk


def _head(it: Iterator[Unit], min_bytes: int) -> tuple[list[Unit], bool]:
    """The first units of ``it``: at least two and ``min_bytes`` of input when there
    are, and whether there were (the units are planned lazily: this reads ahead only
    that far)."""
    head: list[Unit] = []
    size = 0
    for unit in it:
        head.append(unit)
        size += _unit_bytes(unit)
        if len(head) >= 2 and size >= min_bytes:
            return head, True
    return head, False


def _local_results(
    units: Iterable[Unit], staging: str, jobs: int, min_bytes: int
) -> Iterator[UnitResult]:
    """Unit results in unit order: inline, or from a pool of worker processes when
    there are two units or more and ``min_bytes`` of input."""
    it = iter(units)
    head, enough = _head(it, min_bytes) if jobs > 1 else ([], False)
    if not enough:
        for unit in chain(head, it):
            yield run_unit(unit, staging)
        return
    # (the workers the command line started early, when it did: see workers_started_early)
    with ingest_pool(jobs) as pool:
        tasks = ((chunk, staging) for chunk in _chunks(chain(head, it)))
        for results in pool.imap(_run, tasks, ahead=TASKS_AHEAD):
            yield from results


# ---------------------------------------------------------------------- driver
@dataclass
class _Buffer:
    tables: dict[str, list[pa.Table]] = field(default_factory=lambda: {t: [] for t in HAND_TABLES})
    quarantine: list[QuarantineRecord] = field(default_factory=list)
    resolution: list[Resolution] = field(default_factory=list)  # one per quarantine entry
    files: list[FileResult] = field(default_factory=list)
    merges: list[dict[str, pa.Table]] = field(default_factory=list)
    conflicts: list[pa.Table] = field(default_factory=list)  # rows of hands
    new_keys: list[np.ndarray] = field(default_factory=list)  # hands stored by this flush
    hands: int = 0  # buffered in memory
    solid: int = 0  # leading tables of each list in ``tables`` already consolidated
    spilled: int = 0  # written into the open transaction, not yet committed
    txn: Transaction | None = None


_MAX_PIECES = 256  # small tables held before they are copied into one


def _consolidate(buf: _Buffer) -> None:
    """Copy the buffered pieces of each table into one contiguous table: many small
    files give many small slices, whose per-table overhead (and the staged files they
    keep mapped) would otherwise grow with the number of files."""
    for name in HAND_TABLES:
        pieces = buf.tables[name]
        if len(pieces) - buf.solid > 1:
            whole = pa.concat_tables(pieces[buf.solid :]).combine_chunks()
            buf.tables[name] = [*pieces[: buf.solid], whole]
    buf.solid = len(buf.tables["hands"])


def _spill(store: Store, buf: _Buffer) -> None:
    """Write the buffered hands into the open transaction (opening one if needed)."""
    if buf.txn is None:
        buf.txn = store.begin()
    txn = buf.txn

    def wholes() -> Iterator[tuple[str, pa.Table]]:
        for name in HAND_TABLES:  # the hands first
            if not buf.tables[name]:
                continue
            whole = pa.concat_tables(buf.tables[name])
            if name == "hands":
                stamp = pa.array(np.full(whole.num_rows, txn.version, dtype=np.int64))
                whole = whole.set_column(whole.schema.get_field_index("txn"), "txn", stamp)
            yield name, whole
            buf.tables[name] = []

    for name, partition, part in hand_partitions(wholes()):
        txn.append(name, part, partition)
    buf.solid = 0
    buf.spilled += buf.hands
    buf.hands = 0


def _files_table(files: list[FileResult], txn: Transaction, now: datetime) -> pa.Table:
    cols: dict[str, list[Any]] = {f.name: [] for f in FILES}
    for r in files:
        for name in ("path", "size", "content_hash"):
            cols[name].append(getattr(r, name))
        cols["hands_read"].append(r.read)
        for name in ("ingested", "duplicates", "quarantined", "skipped"):
            cols[name].append(getattr(r, name))
        cols["ingested_at"].append(now)
        cols["txn"].append(txn.version)
    return pa.table(cols, schema=FILES)


def _file_of(files: list[FileResult], source_file: str) -> FileResult | None:
    for r in files:
        if source_file == r.path or source_file.startswith(r.path + "!"):
            return r
    return None


def _flush(store: Store, buf: _Buffer, summary: IngestSummary, keys: KeySet) -> None:
    """Commit everything buffered and spilled: hands, quarantine and file manifest.

    Copies of stored hands from other views are merged in a second commit, which also
    records the files: a run killed between the two commits has not recorded its files
    as read, so the next run reads them again and redoes the merge."""
    pending = buf.hands or buf.spilled or buf.quarantine or buf.files or buf.merges
    if not (pending or buf.conflicts):
        return
    snapshot = store.snapshot()
    if buf.conflicts:
        conflicts = pa.concat_tables(buf.conflicts)
        sources = stored_sources(
            store, snapshot, conflicts["hand_key"].to_pylist(), buf.tables["hands"]
        )
        for rec in keys.new_quarantine(conflict_records(conflicts, sources)):
            buf.quarantine.append(rec)
            buf.resolution.append(Resolution.KEPT)  # another hand: no copy resolves it
    _spill(store, buf)
    txn = buf.txn
    assert txn is not None
    now = datetime.now(UTC)
    stored = np.concatenate(buf.new_keys) if buf.new_keys else np.empty(0, np.int64)
    if buf.quarantine:
        # an entry is resolved by a copy of its hand stored after it only: one stored
        # by this commit from later input, or one later in its own file (see _resolve)
        fresh_q = quarantine_to_table(buf.quarantine, txn.version, now)
        state = np.array(buf.resolution, dtype=np.int8)
        fresh_q, n = mark_resolved(fresh_q, stored, now, state == Resolution.LATER)
        fresh_q, m = stamp_resolved(fresh_q, state == Resolution.RESOLVED, now)
        summary.resolved += n + m
        txn.write("quarantine", fresh_q)
    summary.resolved += resolve_quarantine(store, txn, stored, now)
    if buf.files and not buf.merges:
        txn.write("files", _files_table(buf.files, txn, now))
    txn.commit()
    summary.commits += 1
    if buf.merges:
        merged = {t: pa.concat_tables([m[t] for m in buf.merges]) for t in HAND_TABLES}
        txn = store.begin()
        result = merge_views(store, merged, txn)
        summary.merged += len(result.updated)
        if result.conflicts:
            bad = merged["hands"].filter(
                pc.is_in(merged["hands"]["hand_key"], pa.array(sorted(result.conflicts)))
            )
            sources = stored_sources(store, txn.base, result.conflicts)
            records = list(keys.new_quarantine(conflict_records(bad, sources, result.conflicts)))
            for rec in records:
                r = _file_of(buf.files, rec.source_file)
                if r is not None:
                    r.duplicates -= 1
                    r.quarantined += 1
            summary.duplicates -= len(records)
            summary.quarantined += len(records)
            summary.conflicts += len(records)
            if records:
                txn.write("quarantine", quarantine_to_table(records, txn.version, now))
        if buf.files:
            txn.write("files", _files_table(buf.files, txn, now))
        txn.commit()
        summary.commits += 1
    buf.txn = None
    buf.quarantine, buf.files, buf.merges, buf.conflicts, buf.spilled = [], [], [], [], 0
    buf.resolution = []
    buf.new_keys = []


def _abandon(txn: Transaction) -> None:
    """Drop an uncommitted transaction's staged parts (it is in no snapshot)."""
    for writer in txn._writers.values():
        with contextlib.suppress(OSError):
            writer.close()
    txn._writers.clear()
    shutil.rmtree(txn.staging, ignore_errors=True)


def _drive(
    store: Store,
    plan: Callable[[], Iterator[Unit]],
    results: list[FileResult],
    summary: IngestSummary,
    keys: KeySet,
    buf: _Buffer,
    staging: str,
    jobs: int,
    client: Any,
    progress: ProgressFn | None,
    commit_every: int,
    min_bytes: int,
) -> None:
    """Run the units, take their results in order, deduplicate, and commit (``jobs``
    local processes at most, for ``min_bytes`` of input or more)."""
    if client is not None:
        from rakestats.warehouse._distributed import dask_results

        stream = dask_results(client, list(plan()), staging)
    else:
        stream = _local_results(plan(), staging, jobs, min_bytes)
    files_done = 0
    dropped = 0
    held: list[tuple[FileResult, dict[str, pa.Table]]] = []  # segments not split yet
    waiting: list[UnitResult] = []  # units read whole, their segments held or split
    held_hands = 0

    def take(split: Split, r: FileResult, wanted: np.ndarray, stored_line: dict[int, int]) -> None:
        """Buffer a split's hands, counted to the file ``r`` (see :func:`_take`)."""
        _take(split, buf, summary, wanted, stored_line)
        r.ingested += split.new["hands"].num_rows
        r.duplicates += split.duplicates
        if split.conflicts is not None:
            r.quarantined += split.conflicts.num_rows

    def check_memory() -> None:
        if len(buf.tables["hands"]) - buf.solid >= _MAX_PIECES:
            _consolidate(buf)
        if buf.hands + buf.spilled >= commit_every:
            _flush(store, buf, summary, keys)
        elif buf.hands >= SPILL_EVERY:
            _spill(store, buf)

    def split_held() -> None:
        """Split the held segments (several units' hands at once, see
        :meth:`KeySet.split_segments`), then finish the units read whole."""
        nonlocal held_hands
        at = 0
        done = keys.split_segments([tables for _, tables in held]) if held else []
        for split, n in done:
            files = [r for r, _ in held[at : at + n]]
            if n == 1:
                take(split, files[0], _NO_KEYS, {})
            else:  # the segments' hands in order: each file counted its rows' share
                _take(split, buf, summary, _NO_KEYS, {})
                _count_segments(split, files, [t["hands"].num_rows for _, t in held[at : at + n]])
            at += n
        held.clear()
        held_hands = 0
        for res in waiting:  # (their files are committed with their hands)
            finish(res)
        waiting.clear()
        check_memory()

    def finish(res: UnitResult) -> None:
        """What a unit read besides its hands, once they are split."""
        nonlocal files_done, dropped
        r = results[res.unit.file_index]
        r.read += res.read
        r.skipped += res.skipped
        r.pending += res.pending
        r.quarantined += len(res.quarantined)
        for reason, n in res.declined.items():
            summary.fast_path_declined[reason] = summary.fast_path_declined.get(reason, 0) + n
        for game, n in res.skipped_games.items():
            summary.skipped_games[game] = summary.skipped_games.get(game, 0) + n
        if res.error is not None:
            where = f"{r.path}!{res.unit.member}" if res.unit.member else r.path
            r.error = r.error or res.error
            summary.unrecognized.append((where, res.error))
        if res.unit.last:
            files_done += 1
            summary.add(r)
            if r.pending:
                summary.pending += 1
                summary.pending_files.append(r.path)
            if r.error is None and not r.pending:  # a pending file is read again later
                buf.files.append(r)
            elif r.read == 0:
                dropped += 1  # (summary.files is counted by the planner's thread)
            if progress is not None:
                progress(files_done, summary.read)

    for res in stream:
        driver_start = time.perf_counter()
        summary.unit_seconds += res.seconds
        r = results[res.unit.file_index]
        if not res.quarantined:
            # held, to be split with the next units' segments: the fixed cost of a
            # split is paid once for many small files (a unit is often one of them)
            for tables in read_batches(res):
                held.append((r, tables))
                held_hands += tables["hands"].num_rows
                # split by the next commit or spill as the segments would have been
                due = min(commit_every - buf.spilled, SPILL_EVERY) - buf.hands
                if held_hands >= min(SPLIT_HANDS, due):
                    split_held()
            waiting.append(res)
        else:
            # a quarantined hand's resolution depends on the hands stored before it:
            # the units before this one are taken first, and this one on its own
            split_held()
            # the first lines of the unit's stored hands that it also quarantined a copy of
            wanted = np.array([record_key(q) for q in res.quarantined], dtype=np.int64)
            stored_line: dict[int, int] = {}
            for tables in read_batches(res):
                take(keys.split(tables), r, wanted, stored_line)
                check_memory()
            for rec in keys.new_quarantine(res.quarantined):
                buf.quarantine.append(rec)
                buf.resolution.append(copy_order(rec, keys, stored_line))
            finish(res)
        summary.driver_seconds += time.perf_counter() - driver_start
    driver_start = time.perf_counter()
    split_held()
    summary.files -= dropped
    summary.files_unreadable += dropped
    _flush(store, buf, summary, keys)
    summary.driver_seconds += time.perf_counter() - driver_start


SPLIT_HANDS = 4_000  # hands of held segments split together at most (about a staged batch)
_NO_KEYS = np.empty(0, np.int64)


def _take(
    split: Split,
    buf: _Buffer,
    summary: IngestSummary,
    wanted: np.ndarray,
    stored_line: dict[int, int],
) -> None:
    """Buffer the hands of a split, its copies from other views and its conflicts;
    ``stored_line`` gains the first lines of the stored hands among ``wanted``."""
    fresh = split.new
    if split.merge is not None:
        buf.merges.append(split.merge)
    if split.conflicts is not None:
        buf.conflicts.append(split.conflicts)
        summary.conflicts += split.conflicts.num_rows
    if fresh["hands"].num_rows:
        new_keys = fresh["hands"]["hand_key"].to_numpy()
        buf.new_keys.append(new_keys)
        if len(wanted):
            at = np.flatnonzero(np.isin(new_keys, wanted))
            lines = fresh["hands"]["source_line"].take(pa.array(at)).to_pylist()
            stored_line.update(zip(new_keys[at].tolist(), lines, strict=True))
    for name in HAND_TABLES:
        if fresh[name].num_rows:
            buf.tables[name].append(fresh[name])
    buf.hands += fresh["hands"].num_rows


def _count_segments(split: Split, files: list[FileResult], rows: list[int]) -> None:
    """Count to each file its segment's share of a split of several segments (``rows``:
    each segment's hands, in order)."""
    assert split.status is not None  # a split of distinct hands
    bounds = np.cumsum([0, *rows])
    for k, r in enumerate(files):
        found = np.bincount(split.status[bounds[k] : bounds[k + 1]], minlength=4)
        r.ingested += int(found[NEW])
        r.duplicates += int(found[DUPLICATE] + found[OTHER_VIEW])
        r.quarantined += int(found[CONFLICT])


def ingest_paths(
    store: Store,
    paths: Iterable[str | os.PathLike[str]],
    *,
    jobs: int = 1,
    progress: ProgressFn | None = None,
    commit_every: int = COMMIT_EVERY,
    client: Any = None,
    pending_seconds: float = PENDING_SECONDS,
    on_hashed: HashedFn | None = None,
) -> IngestSummary:
    """Ingest files and folders into ``store`` (the caller holds the lock).

    ``progress`` is told the files done and the hands read as results come in;
    ``on_hashed`` the files looked at (hashed, or found unreadable) before that, from
    the first second of a run.

    A plain-text file changed within ``pending_seconds`` that does not end with a blank
    line may still be being written: if its last hand fails, that hand is *pending*
    (not quarantined), and the file is not recorded as read, so a later run reads it
    again (see :func:`~rakestats.warehouse._units.trailing_hand_pending`).

    Units of work (files, zip members) run inline (``jobs=1``, or an input under
    :func:`pool_min_bytes`), in ``jobs`` local worker processes, or on a Dask cluster
    through ``client``; in every case the results are taken in unit order, so the
    warehouse ends the same."""
    from rakestats.warehouse._manifest import known_versions, real_path

    min_bytes = pool_min_bytes()  # a bad setting fails before any work

    run_start = time.perf_counter()
    summary = IngestSummary()
    snapshot = store.snapshot()
    spill = spill_folder(store)  # where the keys past the first two million go
    try:
        keys = KeySet.open(store, snapshot, spill)
    except OSError as exc:
        shutil.rmtree(spill, ignore_errors=True)
        with contextlib.suppress(OSError):
            (store.root / STAGING).rmdir()  # only when empty
        if Path(exc.filename or "").parent == spill:
            raise WarehouseWriteError(f"{exc.filename}: cannot write: {exc.strerror}") from None
        raise
    seen_files = known_versions(store, snapshot)
    kept_status = read_statuses(store.root)  # files unchanged since: known without a read
    seen_status: dict[str, tuple[Status, str]] = {}  # this run's, by real path
    results: list[FileResult] = []
    result_paths: list[str] = []  # the real path of each of ``results``

    def plan() -> Iterator[Unit]:
        """Units file by file, each file hashed first (an unchanged one is not read
        again): lazily, so that workers start on the first files while later ones are
        being hashed."""
        n_units = 0
        unlisted: list[tuple[str, str]] = []  # folders that could not be listed
        found = walk(paths, unlisted, summary.passed_over)
        summary.unrecognized.extend(unlisted)
        for n_seen, path in enumerate(found, start=1):
            if on_hashed is not None:
                on_hashed(n_seen)
            real = real_path(path)
            earlier = seen_files.get(real)
            try:
                status = status_of(os.stat(path))  # before the hash: a later write shows
            except OSError:
                status = None  # (hashing says why)
            kept = kept_status.get(real)
            if kept is not None and kept[0] == status and earlier and kept[1] in earlier:
                summary.files += 1  # the same file, untouched since: known, not read
                summary.files_unchanged += 1
                seen_status[real] = kept
                continue
            try:
                size, digest, resume = _hash_file(path, earlier)
            except OSError as exc:
                summary.unrecognized.append((str(path), f"cannot read: {exc.strerror or exc}"))
                summary.files_unreadable += 1
                continue
            except RefusedError as exc:
                summary.unrecognized.append((str(path), exc.reason))
                summary.files_unreadable += 1
                continue
            summary.files += 1
            if status is not None:  # kept if the manifest holds the hash once the run ends
                seen_status[real] = (status, digest)
            if earlier is not None and digest in earlier:
                summary.files_unchanged += 1
                continue
            results.append(FileResult(str(path), size, digest))
            result_paths.append(real)
            units = units_of(
                str(path), len(results) - 1, n_units, pending_seconds, summary.passed_over, resume
            )
            n_units += len(units)
            yield from units

    buf = _Buffer()
    staging = str(store.root / STAGING / f"units-{os.getpid()}")
    try:
        _drive(
            store,
            plan,
            results,
            summary,
            keys,
            buf,
            staging,
            jobs,
            client,
            progress,
            commit_every,
            min_bytes,
        )
        keys.keep(store, store.snapshot(), spill, snapshot)  # for the next ingest (a cache)
        _keep_statuses(store, kept_status, seen_status, results, result_paths, seen_files)
    except OSError as exc:
        # a failed write (disk full, file-size limit, I/O error) fails the run: what the
        # open transaction held is not committed, and its files are not recorded as read
        where = getattr(exc, "filename", None) or store.root
        raise WarehouseWriteError(f"{where}: cannot write: {exc.strerror or exc}") from None
    finally:
        keys.close()
        shutil.rmtree(spill, ignore_errors=True)
        if buf.txn is not None:
            _abandon(buf.txn)
        shutil.rmtree(staging, ignore_errors=True)
        with contextlib.suppress(OSError):
            (store.root / STAGING).rmdir()  # only when empty
    summary.seconds = time.perf_counter() - run_start
    return summary

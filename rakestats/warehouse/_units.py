"""Units of ingest work: one file, or one member of a zip or tar archive.

A unit is parsed and validated where it runs (in the driver, a local worker process or
a Dask worker) and its hands are written as staged Parquet batches under the
warehouse's staging area, with fixed names: running a unit twice (a retried task)
rewrites the same files, so nothing is written twice. The driver alone reads the staged
batches, deduplicates and commits them.
"""

from __future__ import annotations

import contextlib
import gc
import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pyarrow as pa

from rakestats.columns import HandColumns
from rakestats.formats.files import archive_kind
from rakestats.records import QuarantineRecord, SkipRecord
from rakestats.warehouse._arrow import columns_to_tables, int64s
from rakestats.warehouse._errors import WarehouseWriteError
from rakestats.warehouse.schema import HAND_TABLES

__all__ = [
    "BATCH_HANDS",
    "DAMAGED",
    "HAND_INDEX",
    "Segment",
    "Unit",
    "UnitResult",
    "read_batches",
    "run_unit",
    "run_units",
    "units_of",
]

BATCH_HANDS = 4_000
# The reason of a file read to a point and no further (damaged, cut short): its hands
# up to the line named are kept, the file is not recorded as read.
DAMAGED = "damaged: read to line "


@dataclass(frozen=True)
class Unit:
    """Work on ``path`` (only ``member`` of it when the file is a zip archive);
    ``file_index`` is the file's place in the run, ``last`` whether this is the file's
    last unit. ``offset``: read a file that grew from this byte on (where an earlier
    read of it ended, at a hand's end), ``lines_before`` lines of it before that byte;
    see :func:`~rakestats.formats.scan_file`."""

    index: int
    file_index: int
    path: str
    member: str | None = None
    last: bool = True
    pending_seconds: float = 0.0  # see :func:`trailing_hand_pending`
    offset: int = 0
    lines_before: int = 0


@dataclass
class Segment:
    """A unit's rows in a staged batch (which several units of a chunk may share):
    ``files`` maps each table to its staged file, ``rows`` each table to a range of its
    rows; ``last`` says no later segment reads these files."""

    files: dict[str, str]
    rows: dict[str, tuple[int, int]]
    last: bool = False


@dataclass
class UnitResult:
    unit: Unit
    batches: list[Segment] = field(default_factory=list)
    quarantined: list[QuarantineRecord] = field(default_factory=list)
    read: int = 0
    skipped: int = 0
    pending: int = 0  # a trailing hand still being written (not counted in ``read``)
    error: str | None = None
    seconds: float = 0.0  # CPU time the unit took where it ran
    declined: dict[str, int] = field(default_factory=dict)  # by the fast path, by reason
    skipped_games: dict[str, int] = field(default_factory=dict)  # skipped hands by game


def units_of(
    path: str,
    file_index: int,
    first: int,
    pending_seconds: float = 0.0,
    passed_over: list[tuple[str, str]] | None = None,
    resume: tuple[int, int] | None = None,
) -> list[Unit]:
    """The units of one file (``first``: the index of its first unit in the run): one
    per member of a zip or tar archive but those a folder's walk would pass over
    (:func:`~rakestats.formats.files.kept_members`), each added to ``passed_over``.
    ``resume``: ``(offset, lines_before)`` of a file that grew (:class:`Unit`)."""
    from rakestats.formats import archive_members
    from rakestats.formats.files import kept_members

    try:
        members = archive_members(path)
    except (OSError, ValueError):
        members = None  # unreadable or damaged: the unit reports why
    if not members:
        offset, lines_before = resume if resume is not None else (0, 0)
        return [Unit(first, file_index, path, None, True, pending_seconds, offset, lines_before)]
    members, passed = kept_members(members)
    if passed_over is not None:
        passed_over += [(f"{path}!{m}", why) for m, why in passed]
    last = len(members) - 1
    return [Unit(first + k, file_index, path, m, k == last) for k, m in enumerate(members)]


class _EveryCopy(HandColumns):
    """A batch that keeps every copy of a hand: a file may hold one hand twice, from
    the same view (a duplicate), from another view (to merge) or with other content
    (a conflict); the driver tells which."""

    declined: dict[str, int]  # the unit's tally of the hands the fast path declined

    def claim(self, key: int) -> bool:
        self.keys.add(key)
        return True


HAND_INDEX = "_hand"  # staged child rows carry the index of their hand in the batch


def _stage(
    staging: Path, unit: Unit, k: int, cols: HandColumns, seg_start: np.ndarray
) -> dict[str, str]:
    """Write a batch as Arrow IPC files (uncompressed: the driver maps them in place).
    Rows of players, actions and pickups carry their hand's row in the batch
    (:data:`HAND_INDEX`, counted from the first hand of its unit's rows in the batch),
    since one batch may hold copies of one hand id. A failed
    write fails the run (:class:`WarehouseWriteError`): it says nothing of the input."""
    try:
        return _write_stage(staging, unit, k, cols, seg_start)
    except OSError as exc:
        raise WarehouseWriteError(
            f"{staging}: cannot write the ingest's staging area: {exc.strerror or exc}"
        ) from None


def _write_stage(
    staging: Path, unit: Unit, k: int, cols: HandColumns, seg_start: np.ndarray
) -> dict[str, str]:
    tables = columns_to_tables(cols, 0)
    hand = int64s(cols.column("players", "hand"))
    p_hand = hand - seg_start[hand]
    index = {
        "players": p_hand,
        "actions": p_hand[int64s(cols.column("actions", "prow"))],
        "pickups": p_hand[int64s(cols.column("pickups", "prow"))],
    }
    out = {}
    for name in HAND_TABLES:
        final = staging / f"u{unit.index:07d}-b{k:05d}-{name}.arrow"
        tmp = final.with_name(f".{final.name}.{os.getpid()}")
        table = tables[name]
        if name in index:
            table = table.append_column(HAND_INDEX, pa.array(index[name], pa.int32()))
        with pa.OSFile(str(tmp), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
            writer.write_table(table)
        os.replace(tmp, final)
        out[name] = str(final)
    return out


class _Chunk:
    """Staging for a chunk of units: their hands share batches of about
    :data:`BATCH_HANDS`, each unit knowing its rows (:class:`Segment`)."""

    def __init__(self, staging: Path, first: Unit) -> None:
        self.staging = staging
        self.first = first
        self.cols = _EveryCopy()
        self.n_batches = 0
        self.open: list[tuple[UnitResult, dict[str, tuple[int, int]]]] = []  # unstaged
        self.last: Segment | None = None

    def start(self) -> dict[str, int]:
        self.cols.keys = set()
        return self.cols.sizes()

    def close(self, result: UnitResult, begin: dict[str, int]) -> None:
        """The unit's rows since ``begin`` form a segment of the batch being built."""
        end = self.cols.sizes()
        if end["hands"] > begin["hands"]:
            self.open.append((result, {t: (begin[t], end[t]) for t in end}))

    def flush(self) -> None:
        if not len(self.cols):
            return
        cols = self.cols.take()
        # each hand's index is written relative to the first hand of its unit's segment
        seg_start = np.zeros(len(cols), dtype=np.int32)
        for _, rows in self.open:
            a, b = rows["hands"]
            seg_start[a:b] = a
        files = _stage(self.staging, self.first, self.n_batches, cols, seg_start)
        self.n_batches += 1
        for result, rows in self.open:
            seg = Segment(files, rows)
            result.batches.append(seg)
            self.last = seg
        if self.last is not None:
            self.last.last = True
        self.open = []


def run_unit(unit: Unit, staging: str) -> UnitResult:
    """Parse and validate one unit, staging its hands in batches. Never raises for a
    bad input: the result says what went wrong."""
    return run_units([unit], staging)[0]


GC_YOUNG = 20_000  # allocations between collections of the youngest generation, in a scan
_gc_lock = threading.Lock()
_gc_scans = 0  # scans running in this process (threads may each run one)
_gc_before: tuple[int, ...] = ()


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Collect cycles less often while scans run (the previous thresholds after the
    last one ends). A batch keeps hundreds of thousands of small containers (each
    player's pots won, for one), and at Python's default of 700 allocations the
    collector kept walking them: 3-5 % of the scan's CPU. Cycles are still collected,
    only in larger steps."""
    global _gc_scans, _gc_before
    with _gc_lock:
        if _gc_scans == 0:
            _gc_before = gc.get_threshold()
            gc.set_threshold(max(_gc_before[0], GC_YOUNG), *_gc_before[1:])
        _gc_scans += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_scans -= 1
            if _gc_scans == 0:
                gc.set_threshold(*_gc_before)


def run_units(units: list[Unit], staging: str) -> list[UnitResult]:
    """Parse and validate a chunk of units in order, staging their hands together in
    batches of about :data:`BATCH_HANDS` (small files make few staged files)."""
    with _fewer_collections():
        return _run_units(units, staging)


def _run_units(units: list[Unit], staging: str) -> list[UnitResult]:
    where = Path(staging)
    try:
        where.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WarehouseWriteError(
            f"{staging}: cannot create the ingest's staging area: {exc.strerror or exc}"
        ) from None
    chunk = _Chunk(where, units[0])
    results = []
    for unit in units:
        started = time.process_time()
        result = UnitResult(unit)
        _scan_unit(unit, chunk, result)
        result.seconds = time.process_time() - started
        results.append(result)
    started = time.process_time()
    chunk.flush()
    results[-1].seconds += time.process_time() - started
    return results


def trailing_hand_pending(path: str, pending_seconds: float) -> bool:
    """Whether a plain-text file may still be being written: it changed within the last
    ``pending_seconds`` and does not end with a blank line (every complete hand is
    followed by one). Its last hand, if it fails, is then *pending*, not quarantined:
    the file is read again when it changes, or when the time has passed."""
    if pending_seconds <= 0:
        return False
    try:
        with open(path, "rb") as fh:
            st = os.fstat(fh.fileno())
            if time.time() - st.st_mtime > pending_seconds or st.st_size == 0:
                return False
            if archive_kind(fh.read(262)) is not None:
                return False  # archives are not written a line at a time
            fh.seek(max(st.st_size - 2, 0))
            end = fh.read(2)
    except OSError:
        return False
    return not end.endswith(b"\n\n") and end != b"\n"


def _scan_unit(unit: Unit, chunk: _Chunk, result: UnitResult) -> None:
    from rakestats.formats import ReadError, Stored, UnrecognizedFileError, scan_file

    cols = chunk.cols
    cols.declined = result.declined
    begin = chunk.start()
    stored = Stored.STORED
    last: object = None
    # hands the batch takes before it is staged, counted down here: one stored record
    # is one hand more (``len(cols)`` each time is a Python call a hand)
    room = BATCH_HANDS - len(cols)
    try:
        records = scan_file(
            unit.path, cols, member=unit.member, offset=unit.offset, lines_before=unit.lines_before
        )
        for rec in records:
            result.read += 1
            last = rec
            if rec is stored:
                room -= 1
                if room <= 0:
                    if len(cols) >= BATCH_HANDS:
                        chunk.close(result, begin)
                        chunk.flush()
                        begin = cols.sizes()
                    room = BATCH_HANDS - len(cols)
            elif isinstance(rec, QuarantineRecord):
                result.quarantined.append(rec)
            elif isinstance(rec, SkipRecord):
                result.skipped += 1
                result.skipped_games[rec.game] = result.skipped_games.get(rec.game, 0) + 1
    except WarehouseWriteError:
        raise
    except UnrecognizedFileError as exc:
        result.error = exc.reason
    except ReadError as exc:
        # the hands before the damage are kept; the file is reported and not recorded
        # as ingested, so a later run reads it again
        result.error = f"{DAMAGED}{exc.line}: {exc.reason}"
    except OSError as exc:
        result.error = f"cannot read: {exc.strerror or exc}"
    except Exception as exc:  # a bug must not lose the file silently
        result.error = f"internal error: {type(exc).__name__}: {exc}"
    if (
        result.error is None
        and result.quarantined
        and last is result.quarantined[-1]
        and unit.member is None
        and trailing_hand_pending(unit.path, unit.pending_seconds)
    ):
        result.quarantined.pop()
        result.read -= 1
        result.pending = 1
    if result.read == 0 and result.error is None and not result.pending and not unit.offset:
        # an empty file is named, never passed over in silence (nor recorded as read,
        # so a file that is still being written is read again); a file that grew by
        # blank lines alone holds the hands read before
        result.error = "no hands in this file"
    chunk.close(result, begin)


_mapped: dict[str, dict[str, pa.Table]] = {}  # staged batches being read, by first file


def read_batches(result: UnitResult) -> Iterator[dict[str, pa.Table]]:
    """The unit's hands, batch by batch in order (zero-copy slices of the staged
    batches); a staged batch's files are removed once its last segment is read."""
    for seg in result.batches:
        key = seg.files["hands"]
        tables = _mapped.get(key)
        if tables is None:
            _mapped.clear()  # segments of one batch come one after another
            tables = _mapped[key] = {}
            for name, path in seg.files.items():
                with pa.memory_map(path) as source:
                    tables[name] = pa.ipc.open_file(source).read_all()
        yield {name: tables[name].slice(a, b - a) for name, (a, b) in seg.rows.items()}
        if seg.last:
            _mapped.pop(key, None)
            for path in seg.files.values():
                Path(path).unlink(missing_ok=True)

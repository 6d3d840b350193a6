"""The warehouse on disk: Parquet parts, snapshots, a lock, and atomic commits.

Layout of a warehouse directory::

    _rakestats.json                 format marker and schema_version
    _snapshots/00000007.json        committed states; the highest number is current
    _lock                           held (flock) by the one process that writes
    _staging/txn-00000008/          parts being written by an open transaction
    hands/game=rake/month=2026-01/part-00000007-0000.parquet
    players/... actions/... pickups/...   partitioned like hands
    quarantine/part-....parquet  files/part-....parquet
    _derived/<name>/<version>/players/...  tables derived from each part (``_derived``)

Readers use the file list of the current snapshot and nothing else, so they never see
a part that is being written, and a commit is one atomic rename of a small JSON file.
Parts that no snapshot mentions (left by a killed run) are removed by the next writer.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import threading
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

import pyarrow as pa
import pyarrow.parquet as pq

from rakestats._version import __version__
from rakestats.warehouse._derived import (
    DerivedParts,
    PartDerivation,
    derived_doc,
    read_derived,
    referenced_files,
    split_parts,
    stage_derived,
    uncombined,
    unreferenced,
)
from rakestats.warehouse._lock import StaleLockWarning, stale_lock_warning, take_lock
from rakestats.warehouse.schema import SCHEMA_VERSION, TABLES

__all__ = [
    "Snapshot",
    "StaleLockWarning",
    "Store",
    "Transaction",
    "WarehouseCorruptError",
    "WarehouseError",
    "WarehouseLockedError",
    "WarehouseVersionError",
]

MARKER = "_rakestats.json"
SNAPSHOTS = "_snapshots"
STAGING = "_staging"
LOCK = "_lock"
KEEP_SNAPSHOT_SECONDS = 600.0

# Warehouses this process holds the writer lock of (POSIX locks do not exclude the
# process that holds them, so a second writer in the same process is refused here).
_HELD: set[str] = set()
_HELD_GUARD = threading.Lock()


class WarehouseError(Exception):
    """A warehouse that cannot be used, with the directory and the reason."""


class WarehouseLockedError(WarehouseError):
    pass


class WarehouseVersionError(WarehouseError):
    pass


class WarehouseCorruptError(WarehouseError):
    """A damaged warehouse: a snapshot file that is not a snapshot, or a part file that a
    snapshot lists and that is missing; the message names the file."""


@dataclass(frozen=True)
class Snapshot:
    """One committed state: the part files of every table, relative to the root, and
    the files derived from them (``rakestats.warehouse._derived``)."""

    version: int
    tables: Mapping[str, tuple[str, ...]]
    created_at: str = ""
    derived: Mapping[str, DerivedParts] = field(default_factory=dict)

    def files(self, table: str) -> tuple[str, ...]:
        return tuple(self.tables.get(table, ()))


EMPTY = Snapshot(0, {name: () for name in TABLES})


def _fsync_dir(path: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _left_by_create(root: Path) -> bool:
    """True for a directory holding nothing, or only what a create that failed before
    writing its marker leaves (an empty snapshots folder, a temporary marker file)."""
    for entry in root.iterdir():
        if entry.name == SNAPSHOTS and entry.is_dir() and not any(entry.iterdir()):
            continue
        if entry.name.startswith(f".{MARKER}.tmp-") and entry.is_file():
            entry.unlink()
            continue
        return False
    return True


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    _fsync_dir(path.parent)


def _read_json(path: Path, error: type[WarehouseError], what: str) -> object:
    """The JSON in ``path``; ``error`` names the file and what is wrong with it (a
    missing file raises :class:`FileNotFoundError`)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError as exc:
        raise error(f"{path}: corrupt {what}: not UTF-8 text ({exc.reason})") from None
    except ValueError as exc:
        raise error(f"{path}: corrupt {what}: not JSON ({exc})") from None
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise error(f"{path}: unreadable {what}: {exc.strerror or exc}") from None


def _read_snapshot(path: Path) -> Snapshot:
    """The snapshot in ``path``; :class:`WarehouseCorruptError` names the file and says
    what is wrong with it."""
    try:
        data: Any = _read_json(path, WarehouseCorruptError, "snapshot")
    except FileNotFoundError as exc:
        raise WarehouseCorruptError(f"{path}: unreadable snapshot: {exc.strerror}") from None
    try:
        tables = data["tables"]
        files = {name: tuple(str(f) for f in tables.get(name, [])) for name in TABLES}
        derived = read_derived(data.get("derived"), files)
        snap = Snapshot(int(data["version"]), files, str(data.get("created_at", "")), derived)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise WarehouseCorruptError(
            f"{path}: corrupt snapshot: {type(exc).__name__}: {exc}"
        ) from None
    for name in TABLES:
        for rel in snap.files(name):
            parts = Path(rel).parts
            if Path(rel).is_absolute() or ".." in parts or not parts or parts[0] != name:
                raise WarehouseCorruptError(
                    f"{path}: corrupt snapshot: part {rel!r} is not a file of table {name}"
                )
    return snap


class Store:
    """Low-level access to a warehouse directory. Construction does no I/O.

    ``derived``: tables to compute from each part of their source table whenever a
    transaction adds one, committed with it (``rakestats.warehouse._derived``)."""

    def __init__(
        self, root: str | os.PathLike[str], derived: Sequence[PartDerivation] = ()
    ) -> None:
        # Every read and write goes through the absolute path, so that no library
        # reading the parts takes a relative name for something else (``~x``, ``s3:``).
        # Glob characters in it are escaped where a reader would glob (``_duck``).
        self.name = os.fspath(root)  # as given, for messages
        self.root = Path(root).absolute()
        self.derived = tuple(derived)
        names = [d.name for d in self.derived]
        if len(set(names)) != len(names) or any(d.source not in TABLES for d in self.derived):
            raise ValueError(f"derived tables: names must differ, sources be tables: {names}")

    # ------------------------------------------------------------------ format
    def exists(self) -> bool:
        return (self.root / MARKER).is_file()

    def create(self) -> None:
        """Create an empty warehouse (idempotent for an existing one)."""
        if self.exists():
            self.check_version()
            return
        try:
            if self.root.exists() and not self.root.is_dir():
                raise WarehouseError(f"{self.name}: cannot create the warehouse: not a directory")
            if self.root.exists() and not _left_by_create(self.root):
                raise WarehouseError(
                    f"{self.name}: directory is not empty and is not a rakestats warehouse"
                )
            (self.root / SNAPSHOTS).mkdir(parents=True, exist_ok=True)
            meta = {
                "format": "rakestats-warehouse",
                "schema_version": SCHEMA_VERSION,
                "created_by": f"rakestats {__version__}",
                "created_at": datetime.now(UTC).isoformat(),
            }
            _write_atomic(self.root / MARKER, json.dumps(meta, indent=2).encode())
        except OSError as exc:
            where = f" ({exc.filename})" if isinstance(exc.filename, str) else ""
            raise WarehouseError(
                f"{self.name}: cannot create the warehouse: {exc.strerror or exc}{where}"
            ) from None

    def schema_version(self) -> int:
        try:
            meta = _read_json(self.root / MARKER, WarehouseError, "marker")
        except FileNotFoundError:
            raise WarehouseError(f"{self.name}: not a rakestats warehouse (no {MARKER})") from None
        version = meta.get("schema_version") if isinstance(meta, dict) else None
        if not isinstance(version, int):
            raise WarehouseError(f"{self.root / MARKER}: no integer schema_version")
        return version

    def check_version(self) -> None:
        """Refuse a warehouse of another schema version with a clear message."""
        version = self.schema_version()
        if version > SCHEMA_VERSION:
            raise WarehouseVersionError(
                f"{self.name}: warehouse schema_version {version} is newer than this rakestats "
                f"({__version__}) understands ({SCHEMA_VERSION}); upgrade rakestats"
            )
        if version < SCHEMA_VERSION:
            raise WarehouseVersionError(
                f"{self.name}: warehouse schema_version {version} is older than {SCHEMA_VERSION} "
                "and no migration from it exists; re-ingest the histories into a new warehouse"
            )

    # ------------------------------------------------------------------ snapshots
    def _snapshot_paths(self) -> list[Path]:
        d = self.root / SNAPSHOTS
        if not d.is_dir():
            return []
        return sorted(p for p in d.iterdir() if p.suffix == ".json" and p.stem.isdigit())

    def snapshot(self) -> Snapshot:
        """The current committed state (empty for a new warehouse)."""
        self.check_version()
        paths = self._snapshot_paths()
        if not paths:
            return EMPTY
        return _read_snapshot(paths[-1])

    def paths(self, snapshot: Snapshot, table: str) -> list[str]:
        """The absolute paths of a table's part files in ``snapshot``."""
        return [str(self.root / rel) for rel in snapshot.files(table)]

    def check_parts(self, snapshot: Snapshot) -> None:
        """Raise :class:`WarehouseCorruptError` naming the first part file that
        ``snapshot`` lists and that is not there."""
        for name in TABLES:
            for rel in snapshot.files(name):
                part = self.root / rel
                if not part.is_file():
                    raise WarehouseCorruptError(
                        f"{part}: part file missing: snapshot {snapshot.version} of "
                        f"{self.name} lists it; restore it from a backup or re-ingest "
                        "into a new warehouse"
                    )

    # ------------------------------------------------------------------ locking
    @contextlib.contextmanager
    def lock(self, wait: bool = False, *, create: bool = True) -> Iterator[None]:
        """Hold the writer lock; a second writer waits or gets a clear error. The
        warehouse is created first when it does not exist; with ``create=False`` (work
        on what is stored: compacting, re-validating the quarantine) a folder that is
        not a warehouse is refused instead, and left as it was.

        The lock is a POSIX record lock (``lockf``; on Windows a ``msvcrt`` byte-range
        lock): it belongs to this process alone, is not inherited by worker processes,
        and is released by the operating system when the process dies, however it dies.
        """
        if create:
            self.create()
        else:
            self.check_version()
        path = self.root / LOCK
        key = str(path.resolve())
        with _HELD_GUARD:
            if key in _HELD:
                raise WarehouseLockedError(
                    f"{self.name}: this process is already writing to this warehouse"
                )
            _HELD.add(key)
        try:
            try:
                fh: IO[str] = open(path, "a+", encoding="utf-8")  # noqa: SIM115
            except OSError as exc:
                raise WarehouseError(
                    f"{path}: cannot take the writer lock: {exc.strerror or exc}"
                ) from None
            held = False
            try:
                if not take_lock(fh, wait):
                    fh.seek(0)
                    holder = fh.read().strip() or "another process"
                    raise WarehouseLockedError(
                        f"{self.name}: another rakestats process is writing to this warehouse "
                        f"({holder}); wait for it to finish, or pass --wait"
                    ) from None
                held = True
                fh.seek(0)
                stale = fh.read().strip()
                fh.seek(0)
                fh.truncate()
                fh.write(f"pid {os.getpid()} since {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC\n")
                fh.flush()
                if stale:  # a holder that ends, however it ends, empties the file ...
                    self._warn_stale(stale)  # ... unless it was killed
                self._collect_garbage()
                self.check_parts(self.snapshot())
                yield
            finally:
                if held:  # a writer refused leaves the holder's pid in place
                    with contextlib.suppress(OSError):
                        fh.seek(0)
                        fh.truncate()
                fh.close()  # closing releases the lock
        finally:
            with _HELD_GUARD:
                _HELD.discard(key)

    def _warn_stale(self, holder: str) -> None:
        """Say that the lock was taken over from a process that died holding it."""
        warnings.warn(stale_lock_warning(self.name, holder), stacklevel=4)

    def _collect_garbage(self) -> None:
        """Remove staging leftovers, parts no retained snapshot mentions, and old
        snapshots (kept for a while so that running readers can finish)."""
        shutil.rmtree(self.root / STAGING, ignore_errors=True)
        snaps = self._snapshot_paths()
        now = time.time()
        keep = snaps[-2:] + [
            p for p in snaps[:-2] if now - p.stat().st_mtime < KEEP_SNAPSHOT_SECONDS
        ]
        referenced: set[str] = set()
        for p in keep:
            snap = _read_snapshot(p)
            for files in snap.tables.values():
                referenced.update(files)
            referenced |= referenced_files(snap.derived)
        for p in snaps:
            if p not in keep:
                p.unlink(missing_ok=True)
        for path in list(unreferenced(self.root, referenced)):
            path.unlink(missing_ok=True)
        for name in TABLES:
            base = self.root / name
            if not base.is_dir():
                continue
            for part in base.rglob("*.parquet"):
                rel = part.relative_to(self.root).as_posix()
                if rel not in referenced:
                    part.unlink(missing_ok=True)

    # ------------------------------------------------------------------ writing
    def begin(self) -> Transaction:
        """Open a transaction on top of the current snapshot (hold the lock first)."""
        return Transaction(self, self.snapshot())


ZSTD_LEVEL = 1  # as small as the default level on these tables, and faster to write
# Text columns with about one value per row gain nothing from dictionary encoding.
_UNIQUE_TEXT = frozenset({"hand_id", "cards", "hole_cards", "up_cards", "raw_text", "reason"})


def _dictionary_columns(table: str) -> list[str]:
    return [
        f.name for f in TABLES[table] if pa.types.is_string(f.type) and f.name not in _UNIQUE_TEXT
    ]


def _parquet_options(table: str) -> dict[str, Any]:
    return {
        "compression": "zstd",
        "compression_level": ZSTD_LEVEL,
        "use_dictionary": _dictionary_columns(table),
    }


@dataclass
class Transaction:
    store: Store
    base: Snapshot
    added: dict[str, list[str]] = field(default_factory=dict)
    removed: dict[str, set[str]] = field(default_factory=dict)
    _staged: list[tuple[Path, Path]] = field(default_factory=list)
    _counter: int = 0
    _writers: dict[tuple[str, str], pq.ParquetWriter] = field(default_factory=dict)
    _complete: list[tuple[PartDerivation, str]] = field(default_factory=list)
    _recombine: bool = False

    @property
    def version(self) -> int:
        return self.base.version + 1

    @property
    def staging(self) -> Path:
        return self.store.root / STAGING / f"txn-{self.version:08d}"

    def _new_part(self, table: str, partition: str) -> Path:
        rel_dir = f"{table}/{partition}" if partition else table
        rel = f"{rel_dir}/part-{self.version:08d}-{self._counter:04d}.parquet"
        self._counter += 1
        staged = self.staging / rel
        staged.parent.mkdir(parents=True, exist_ok=True)
        self._staged.append((staged, self.store.root / rel))
        self.added.setdefault(table, []).append(rel)
        return staged

    def write(self, table: str, data: pa.Table, partition: str = "") -> None:
        """Stage one whole Parquet part, published by :meth:`commit`."""
        if data.num_rows == 0:
            return
        if not data.schema.equals(TABLES[table]):
            data = data.cast(TABLES[table])
        staged = self._new_part(table, partition)
        pq.write_table(data, staged, row_group_size=256 * 1024, **_parquet_options(table))

    def append(self, table: str, data: pa.Table, partition: str = "") -> None:
        """Add rows to this transaction's part of ``table`` in ``partition``, as a new row
        group: a long transaction streams to disk instead of holding its rows."""
        if data.num_rows == 0:
            return
        if not data.schema.equals(TABLES[table]):
            data = data.cast(TABLES[table])
        writer = self._writers.get((table, partition))
        if writer is None:
            staged = self._new_part(table, partition)
            writer = pq.ParquetWriter(staged, TABLES[table], **_parquet_options(table))
            self._writers[(table, partition)] = writer
        writer.write_table(data)

    def remove(self, table: str, rel: str) -> None:
        """Drop a committed part from the next snapshot (compaction, rewrites)."""
        self.removed.setdefault(table, set()).add(rel)

    def complete_derived(self) -> None:
        """Have :meth:`commit` also compute the store's derived tables of the committed
        parts that have none (written before, or by a store without them), and their
        combined files."""
        for d in self.store.derived:
            parts = self.base.files(d.source)
            _, missing = split_parts(self.store.root, self.base.derived, parts, d)
            self._complete += [(d, rel) for rel in missing]
            entry = self.base.derived.get(d.name)
            if d.combine and entry is not None and uncombined(self.store.root, entry)[1]:
                self._recombine = True

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self._complete or self._recombine)

    def commit(self) -> Snapshot:
        """Stage the derived tables, move staged files into place, then publish the new
        snapshot atomically."""
        for writer in self._writers.values():
            writer.close()
        self._writers.clear()
        tables = {}
        for name in TABLES:
            gone = self.removed.get(name, set())
            kept = [f for f in self.base.files(name) if f not in gone]
            tables[name] = kept + self.added.get(name, [])
        derived, derived_files = stage_derived(
            self.store.derived,
            self.base.derived,
            tables,
            [
                (d, rel, self.staging / rel)
                for d in self.store.derived
                for rel in self.added.get(d.source, [])
            ]
            + [(d, rel, self.store.root / rel) for d, rel in self._complete],
            (self.store.root, self.staging, self.version),
            {"compression": "zstd", "compression_level": ZSTD_LEVEL},
        )
        self._staged += derived_files
        for staged, final in self._staged:
            final.parent.mkdir(parents=True, exist_ok=True)
            with open(staged, "rb") as fh:
                os.fsync(fh.fileno())
            os.replace(staged, final)
        for final_dir in {final.parent for _, final in self._staged}:
            _fsync_dir(final_dir)
        created = datetime.now(UTC).isoformat()
        doc = {"version": self.version, "schema_version": SCHEMA_VERSION, "created_at": created}
        doc["tables"] = tables
        doc["derived"] = derived_doc(derived)
        snap_dir = self.store.root / SNAPSHOTS
        snap_dir.mkdir(parents=True, exist_ok=True)
        _write_atomic(snap_dir / f"{self.version:08d}.json", json.dumps(doc, indent=1).encode())
        shutil.rmtree(self.staging, ignore_errors=True)
        with contextlib.suppress(OSError):  # the staging area, when nothing else is in it
            self.staging.parent.rmdir()
        return Snapshot(self.version, {k: tuple(v) for k, v in tables.items()}, created, derived)

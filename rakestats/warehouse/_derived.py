"""Tables derived from each part of a warehouse table, committed with the part.

A layer above the warehouse may want something computed from every part of a table
ready when a snapshot is published (the statistics keep a rollup of each ``players``
part, so that a query sums small per-part results instead of scanning every row). The
warehouse does not know what is computed: a :class:`PartDerivation` names it, says
which table it comes from, and brings the function that computes it from one part
file. A :class:`~rakestats.warehouse.Store` made with derivations computes them in
every transaction that adds parts of their table (an ingest, the merge of views, a
retry of the quarantine, a compaction), stages them beside the parts, and the snapshot
that publishes the parts lists them too. Parts are never changed once written (a
rewrite is a new part) and a derived file is named after its part and the
derivation's version, so a snapshot never lists a derived file that is missing or was
computed from other rows or by another version. Parts without one (a warehouse
written before, or by a store without the derivation) are the reader's to compute;
:func:`~rakestats.warehouse.compact` writes them.

A derivation whose rows add up (a sum by key) may also bring ``combine``: the rows of
several parts at once from their derived files. Each commit then also folds the files
of the parts it added into one *combined* file covering every part (from the previous
combined file and the new parts' files, or from every part's file when a part it
covered is gone), so a reader reads one file instead of one a part, however many
commits made the warehouse. The files of each part stay: they are what a new combined
file is made of when parts are rewritten.

On disk::

    _derived/<name>/<version>/<part path>
    _derived/player_rollup/3f0c9a1b2d4e/players/game=rake/month=2026-01/part-00000007-0000.parquet
    _derived/player_rollup/3f0c9a1b2d4e/combined-00000007.parquet

and in the snapshot file, beside ``tables``::

    "derived": {"player_rollup": {"source": "players", "version": "3f0c9a1b2d4e",
                                  "parts": ["players/game=rake/month=2026-01/part-...", ...],
                                  "combined": {"file": "_derived/player_rollup/...",
                                               "parts": [...]}}}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

if TYPE_CHECKING:
    from rakestats.warehouse._store import Snapshot, Store

__all__ = [
    "DERIVED",
    "DerivedParts",
    "PartDerivation",
    "carry_derived",
    "combine_parts",
    "combined_rel",
    "derived_doc",
    "derived_parts",
    "derived_rel",
    "read_derived",
    "referenced_files",
    "split_parts",
    "stage_derived",
    "uncombined",
    "unreferenced",
    "write_derived",
]

DERIVED = "_derived"
_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
_VERSION = re.compile(r"[0-9a-zA-Z][0-9a-zA-Z_.-]{0,63}")  # never "." or ".."
_COMBINED = re.compile(r"combined-\d{8}\.parquet")


@dataclass(frozen=True)
class PartDerivation:
    """A table computed from each part of the table ``source`` alone.

    ``build`` takes the absolute path of one part file and returns the derived rows;
    ``version`` names what it computes (change it whenever the result would change:
    files derived by another version are not used). ``name`` and ``version`` become
    directory names (``name``: lower-case letters, digits and ``_``). ``combine``, for
    rows that add up, takes the paths of several derived files and returns their rows
    together (see the module's doc). ``fold``, when given, does what ``combine`` does
    for a combined file and the files of new parts (its two arguments), in pieces: so
    that a commit need not hold the whole combined table, which grows with the
    warehouse, but only the rows the new parts change.

    >>> d = PartDerivation("row_count", "players", "1", lambda path: pa.table({"n": [0]}))
    >>> derived_rel(d.name, d.version, "players/game=rake/month=2026-01/part-00000001-0000.parquet")
    '_derived/row_count/1/players/game=rake/month=2026-01/part-00000001-0000.parquet'
    """

    name: str
    source: str
    version: str
    build: Callable[[str], pa.Table]
    combine: Callable[[Sequence[str]], pa.Table] | None = None
    fold: Callable[[str, Sequence[str]], Iterable[pa.Table]] | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"derivation name {self.name!r}: lower-case letters, digits, _")
        if not _VERSION.fullmatch(self.version):
            raise ValueError(
                f"derivation version {self.version!r}: a letter or digit, then also _ . -"
            )


@dataclass(frozen=True)
class DerivedParts:
    """The parts of ``source`` that have a file of one derivation in a snapshot, the
    version those files were computed by, and the file that combines the parts
    ``covered`` (relative to the root; empty when there is none)."""

    source: str
    version: str
    parts: frozenset[str]
    combined: str = ""
    covered: frozenset[str] = frozenset()


def derived_rel(name: str, version: str, part: str) -> str:
    """Where the file derived from ``part`` (relative to the root) lives."""
    return f"{DERIVED}/{name}/{version}/{part}"


def combined_rel(name: str, version: str, txn: int) -> str:
    """Where the combined file written by transaction ``txn`` lives.

    >>> combined_rel("player_rollup", "1", 7)
    '_derived/player_rollup/1/combined-00000007.parquet'
    """
    return f"{DERIVED}/{name}/{version}/combined-{txn:08d}.parquet"


def read_derived(data: Any, tables: Mapping[str, Sequence[str]]) -> dict[str, DerivedParts]:
    """The ``derived`` entry of a snapshot file (absent in older ones), checked against
    its ``tables``: a ``ValueError`` says what is wrong."""
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ValueError("derived is not an object")
    out: dict[str, DerivedParts] = {}
    for name, entry in data.items():
        source, version = entry["source"], entry["version"]
        parts = frozenset(str(p) for p in entry["parts"])
        if not (_NAME.fullmatch(name) and _VERSION.fullmatch(str(version))):
            raise ValueError(f"derived table {name!r} of version {version!r}")
        combined = entry.get("combined") or {"file": "", "parts": []}
        file, covered = str(combined["file"]), frozenset(str(p) for p in combined["parts"])
        folder, _, base = file.rpartition("/")
        if file and (folder != f"{DERIVED}/{name}/{version}" or not _COMBINED.fullmatch(base)):
            raise ValueError(f"derived table {name}: combined file {file!r}")
        stray = (parts | covered) - set(tables.get(str(source), ()))
        if stray:
            raise ValueError(f"derived table {name} names a part not in {source}: {min(stray)}")
        out[name] = DerivedParts(str(source), str(version), parts, file, covered)
    return out


def derived_doc(derived: Mapping[str, DerivedParts]) -> dict[str, Any]:
    """The ``derived`` entry of a snapshot file."""
    doc: dict[str, Any] = {}
    for name, d in sorted(derived.items()):
        doc[name] = {"source": d.source, "version": d.version, "parts": sorted(d.parts)}
        if d.combined:
            doc[name]["combined"] = {"file": d.combined, "parts": sorted(d.covered)}
    return doc


def carry_derived(
    base: Mapping[str, DerivedParts],
    tables: Mapping[str, Sequence[str]],
    derivations: Iterable[PartDerivation],
    built: Mapping[str, Iterable[str]],
) -> dict[str, DerivedParts]:
    """The derived files of the next snapshot: those of ``base`` whose part is still in
    ``tables`` (unless a derivation of the same name has another version now: those are
    stale) and its combined file while every part it covers is, and the parts each
    derivation ``built`` in this transaction."""
    out: dict[str, DerivedParts] = {}
    current = {d.name: d for d in derivations}
    for name, old in base.items():
        d = current.get(name)
        if d is None or (d.version == old.version and d.source == old.source):
            there = set(tables.get(old.source, ()))
            kept = replace(old, parts=old.parts & there)
            out[name] = (
                kept if old.covered <= there else replace(kept, combined="", covered=frozenset())
            )
    for name, rels in built.items():
        d = current[name]
        old = out.get(name, DerivedParts(d.source, d.version, frozenset()))
        out[name] = replace(old, parts=old.parts | frozenset(rels))
    return {name: d for name, d in out.items() if d.parts or d.combined}


def uncombined(root: Path, entry: DerivedParts) -> tuple[bool, list[str]]:
    """Whether ``entry``'s combined file can be built on (listed and on disk), and the
    parts with a file that it does not cover (all of them when it cannot)."""
    ok = bool(entry.combined) and (root / entry.combined).is_file()
    covered = entry.covered if ok else frozenset()
    return ok, sorted(entry.parts - covered)


def write_derived(
    derivation: PartDerivation, part: Path, out: Path, options: Mapping[str, Any]
) -> None:
    """Compute the derived rows of the part file ``part`` and write them to ``out``."""
    table = derivation.build(str(part))
    out.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(table, out, **options)


def split_parts(
    root: Path, derived: Mapping[str, DerivedParts], parts: Sequence[str], d: PartDerivation
) -> tuple[list[str], list[str]]:
    """For a snapshot's ``derived`` files and the ``parts`` of ``d.source`` (relative to
    ``root``): the files of ``d`` to read (the combined file, and the files of the parts
    it does not cover), and the parts that have none (none listed, one of another
    version, or a file gone), whose rows the reader derives itself.

    >>> d = PartDerivation("row_count", "players", "1", lambda path: pa.table({"n": [0]}))
    >>> split_parts(Path("/nowhere"), {}, ["players/part-00000001-0000.parquet"], d)
    ([], ['players/part-00000001-0000.parquet'])
    """
    entry = derived.get(d.name)
    if entry is None or entry.version != d.version:
        entry = DerivedParts(d.source, d.version, frozenset())
    ok = entry.covered <= set(parts) and uncombined(root, entry)[0]
    files = [entry.combined] if ok else []
    missing: list[str] = []
    for rel in parts:
        out = derived_rel(d.name, d.version, rel)
        if ok and rel in entry.covered:
            continue
        if rel in entry.parts and (root / out).is_file():
            files.append(out)
        else:
            missing.append(rel)
    return files, missing


def unreferenced(root: Path, referenced: set[str]) -> Iterable[Path]:
    """Derived files under ``root`` that no retained snapshot lists (``referenced``:
    paths relative to the root)."""
    base = root / DERIVED
    if not base.is_dir():
        return
    for path in base.rglob("*.parquet"):
        if path.relative_to(root).as_posix() not in referenced:
            yield path


def referenced_files(derived: Mapping[str, DerivedParts]) -> set[str]:
    """The derived files a snapshot lists, relative to the root."""
    files = {derived_rel(n, d.version, rel) for n, d in derived.items() for rel in d.parts}
    return files | {d.combined for d in derived.values() if d.combined}


def derived_parts(
    store: Store, snapshot: Snapshot, derivation: PartDerivation
) -> tuple[list[str], list[str]]:
    """What a reader of ``snapshot`` needs for ``derivation``: the absolute paths of the
    derived files to read, and of the parts of its source table that have none (the
    reader derives their rows itself; a ``compact`` writes them)."""
    files, missing = split_parts(
        store.root, snapshot.derived, snapshot.files(derivation.source), derivation
    )
    return [str(store.root / f) for f in files], [str(store.root / m) for m in missing]


def combine_parts(
    d: PartDerivation,
    entry: DerivedParts,
    root: Path,
    fresh: Mapping[str, Path],
    out: tuple[str, Path],
    options: Mapping[str, Any],
) -> DerivedParts:
    """Fold the files of ``entry``'s parts that its combined file does not cover into a
    new combined file (``out``: where it will live, relative to ``root``, and where it
    is staged), with ``d.combine``; ``fresh`` are the files this transaction staged, by
    part. Returns the entry that lists it (``entry`` itself when there is nothing to
    fold)."""
    ok, todo = uncombined(root, entry)
    if d.combine is None:
        return entry
    inputs = []
    folded = []
    for rel in todo:
        path = fresh.get(rel) or root / derived_rel(d.name, d.version, rel)
        if path.is_file():
            inputs.append(str(path))
            folded.append(rel)
    if not folded:
        return entry
    out[1].parent.mkdir(parents=True, exist_ok=True)
    if ok and d.fold is not None:
        _write_pieces(d.fold(str(root / entry.combined), inputs), out[1], options)
    else:
        previous = [str(root / entry.combined)] if ok else []
        pq.write_table(d.combine(previous + inputs), out[1], **options)
    covered = (entry.covered if ok else frozenset()) | frozenset(folded)
    return replace(entry, combined=out[0], covered=covered)


_GROUP_ROWS = 1 << 16  # rows of a row group written from pieces (small pieces are joined)


def _write_pieces(
    pieces: Iterable[pa.Table],
    path: Path,
    options: Mapping[str, Any],
    group_rows: int = _GROUP_ROWS,
) -> None:
    """One Parquet file of the tables ``pieces`` (the first one's schema), piece by
    piece, in row groups of about ``group_rows`` rows: small pieces are joined, so that
    a file folded again and again does not collect ever smaller row groups.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "folded.parquet"
    >>> _write_pieces((pa.table({"n": [i]}) for i in range(5)), path, {}, group_rows=2)
    >>> f = pq.ParquetFile(path)
    >>> f.metadata.num_rows, f.metadata.num_row_groups
    (5, 3)
    >>> path.unlink(); path.parent.rmdir()
    """
    writer: pq.ParquetWriter | None = None
    held: list[pa.Table] = []
    rows = 0
    try:
        for piece in pieces:
            if writer is None:
                writer = pq.ParquetWriter(path, piece.schema, **options)
            held.append(piece.cast(writer.schema))
            rows += piece.num_rows
            if rows >= group_rows:
                writer.write_table(pa.concat_tables(held), row_group_size=group_rows)
                held, rows = [], 0
        if writer is not None and held:
            writer.write_table(pa.concat_tables(held), row_group_size=group_rows)
    finally:
        if writer is not None:
            writer.close()
    if writer is None:
        raise ValueError(f"{path}: a fold gave no rows, not even an empty table")


def stage_derived(
    derivations: Sequence[PartDerivation],
    base: Mapping[str, DerivedParts],
    tables: Mapping[str, Sequence[str]],
    todo: Iterable[tuple[PartDerivation, str, Path]],
    where: tuple[Path, Path, int],
    options: Mapping[str, Any],
) -> tuple[dict[str, DerivedParts], list[tuple[Path, Path]]]:
    """What a transaction commits of ``derivations``: the derived files of the parts in
    ``todo`` (derivation, part, where the part file is now) that are in the next
    snapshot's ``tables``, and combined files. ``where`` is the warehouse root, the
    transaction's staging folder and its version; ``options`` those of the Parquet
    writer. Returns the ``derived`` entry of the next snapshot and the staged files
    with their places (staged, final)."""
    root, staging, version = where
    staged: list[tuple[Path, Path]] = []
    built: dict[str, dict[str, Path]] = {d.name: {} for d in derivations}
    there = {name: set(rels) for name, rels in tables.items()}
    for d, rel, part in todo:
        if rel not in there.get(d.source, ()):
            continue  # removed by the same transaction
        out = derived_rel(d.name, d.version, rel)
        write_derived(d, part, staging / out, options)
        staged.append((staging / out, root / out))
        built[d.name][rel] = staging / out
    derived = carry_derived(base, tables, derivations, built)
    for d in derivations:
        if d.name in derived:
            rel = combined_rel(d.name, d.version, version)
            entry = combine_parts(
                d, derived[d.name], root, built[d.name], (rel, staging / rel), options
            )
            if entry.combined == rel:
                staged.append((staging / rel, root / rel))
            derived[d.name] = entry
    return derived, staged

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

On disk::

    _derived/<name>/<version>/<part path>
    _derived/player_rollup/3f0c9a1b2d4e/players/game=rake/month=2026-01/part-00000007-0000.parquet

and in the snapshot file, beside ``tables``::

    "derived": {"player_rollup": {"source": "players", "version": "3f0c9a1b2d4e",
                                  "parts": ["players/game=rake/month=2026-01/part-...", ...]}}
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    "derived_doc",
    "derived_parts",
    "derived_rel",
    "read_derived",
    "referenced_files",
    "split_parts",
    "unreferenced",
    "write_derived",
]

DERIVED = "_derived"
_NAME = re.compile(r"[a-z][a-z0-9_]{0,63}")
_VERSION = re.compile(r"[0-9a-zA-Z][0-9a-zA-Z_.-]{0,63}")  # never "." or ".."


@dataclass(frozen=True)
class PartDerivation:
    """A table computed from each part of the table ``source`` alone.

    ``build`` takes the absolute path of one part file and returns the derived rows;
    ``version`` names what it computes (change it whenever the result would change:
    files derived by another version are not used). ``name`` and ``version`` become
    directory names (``name``: lower-case letters, digits and ``_``).

    >>> d = PartDerivation("row_count", "players", "1", lambda path: pa.table({"n": [0]}))
    >>> derived_rel(d.name, d.version, "players/game=rake/month=2026-01/part-00000001-0000.parquet")
    '_derived/row_count/1/players/game=rake/month=2026-01/part-00000001-0000.parquet'
    """

    name: str
    source: str
    version: str
    build: Callable[[str], pa.Table]

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"derivation name {self.name!r}: lower-case letters, digits, _")
        if not _VERSION.fullmatch(self.version):
            raise ValueError(
                f"derivation version {self.version!r}: a letter or digit, then also _ . -"
            )


@dataclass(frozen=True)
class DerivedParts:
    """The parts of ``source`` that have a file of one derivation in a snapshot, and the
    version those files were computed by."""

    source: str
    version: str
    parts: frozenset[str]


def derived_rel(name: str, version: str, part: str) -> str:
    """Where the file derived from ``part`` (relative to the root) lives."""
    return f"{DERIVED}/{name}/{version}/{part}"


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
        stray = parts - set(tables.get(str(source), ()))
        if stray:
            raise ValueError(f"derived table {name} names a part not in {source}: {min(stray)}")
        out[name] = DerivedParts(str(source), str(version), parts)
    return out


def derived_doc(derived: Mapping[str, DerivedParts]) -> dict[str, Any]:
    """The ``derived`` entry of a snapshot file."""
    return {
        name: {"source": d.source, "version": d.version, "parts": sorted(d.parts)}
        for name, d in sorted(derived.items())
    }


def carry_derived(
    base: Mapping[str, DerivedParts],
    tables: Mapping[str, Sequence[str]],
    derivations: Iterable[PartDerivation],
    built: Mapping[str, Iterable[str]],
) -> dict[str, DerivedParts]:
    """The derived files of the next snapshot: those of ``base`` whose part is still in
    ``tables`` (unless a derivation of the same name has another version now: those are
    stale), and the parts each derivation ``built`` in this transaction."""
    out: dict[str, DerivedParts] = {}
    current = {d.name: d for d in derivations}
    for name, old in base.items():
        d = current.get(name)
        if d is None or (d.version == old.version and d.source == old.source):
            kept = old.parts & set(tables.get(old.source, ()))
            out[name] = DerivedParts(old.source, old.version, kept)
    for name, rels in built.items():
        d = current[name]
        old_parts = out[name].parts if name in out else frozenset()
        out[name] = DerivedParts(d.source, d.version, old_parts | frozenset(rels))
    return {name: d for name, d in out.items() if d.parts}


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
    ``root``): the files of ``d`` to read, and the parts that have none (none listed,
    one of another version, or a file gone), whose rows the reader derives itself.

    >>> d = PartDerivation("row_count", "players", "1", lambda path: pa.table({"n": [0]}))
    >>> split_parts(Path("/nowhere"), {}, ["players/part-00000001-0000.parquet"], d)
    ([], ['players/part-00000001-0000.parquet'])
    """
    entry = derived.get(d.name)
    have = entry.parts if entry is not None and entry.version == d.version else frozenset()
    files: list[str] = []
    missing: list[str] = []
    for rel in parts:
        out = derived_rel(d.name, d.version, rel)
        if rel in have and (root / out).is_file():
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
    return {derived_rel(n, d.version, rel) for n, d in derived.items() for rel in d.parts}


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

"""A rollup of ``players`` by player, game, currency, site, stakes, table size, position
and UTC day, with every additive figure of ``player_stats`` summed.

``player_stats`` answers from the rollup whenever its filters are whole days (the usual
case), which turns a scan of every player-hand into a scan of a table a few hundred times
smaller.

The rollup is kept per part: the transaction that writes a part of ``players`` (an
ingest, the merge of views, a retry of the quarantine, a compaction) also writes that
part's rollup and commits it with the part (:func:`part_rollup`, a table the warehouse
derives from each part; see ``rakestats.warehouse._derived``). Every figure is a count
or a sum (:class:`~rakestats.stats._scope.Partial`; a mean or a deviation is carried as
its sums), so the rollup of any set of parts is the sum of their rollups: each commit
also folds its parts' rollups into one combined rollup of every part (``combine``), and
the first query on a new snapshot reads that file (and sums in the rollup of any part
it does not cover) into one table, kept with the DuckDB connection for the snapshot's
later queries, instead of grouping every player-hand. A part without a rollup (a
warehouse written before, or by a store not given :func:`part_rollup`) is rolled up by
the query itself; ``compact`` writes the missing ones. The version of the rollups is a
digest of their SQL, so rollups computed by other figures are never used.
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.stats._games import unit_sql
from rakestats.stats._scope import Partial
from rakestats.warehouse import (
    PartDerivation,
    Snapshot,
    Store,
    connect,
    derived_parts,
    memory_connection,
    parquet_sql,
)

__all__ = ["DAY_NUMBER", "ROLLUP", "ROLLUP_KEYS", "StatsCache", "part_rollup", "rollup_sql"]

ROLLUP = "_rakestats_rollup"
ROLLUP_KEYS = ("player", "game", "currency", "site", "ante", "big_bet", "n_players", "position")
PART_ROLLUP = "player_rollup"  # the name of the per-part table in the warehouse
#: A players row's UTC day of play, as a number: days since 1970-01-01.
DAY_NUMBER = "CAST(floor(epoch_us(played_at) / 86400000000.0) AS INTEGER)"
_DAY = f"{DAY_NUMBER} AS day"
_UNIT = unit_sql()  # the hand's win-rate unit: its big bet (stud games) or ante (Rake)
_SOURCE = "<players>"  # where the rows come from, in the SQL the version is a digest of


def _select(partials: Sequence[Partial], source: str) -> str:
    """The rollup of the ``players`` rows of the table expression ``source``."""
    keys = ", ".join(ROLLUP_KEYS)
    return (
        f"SELECT {keys}, {_DAY}, {', '.join(p.raw() for p in partials)} "
        f"FROM (SELECT *, net::DOUBLE / nullif({_UNIT}, 0) AS x FROM {source}) "
        f"GROUP BY {keys}, day"
    )


def _sum(partials: Sequence[Partial], source: str) -> str:
    """The sum of the rollups in the table expression ``source``, by key and day."""
    keys = ", ".join(ROLLUP_KEYS)
    return (
        f"SELECT {keys}, day, {', '.join(p.merged() for p in partials)} "
        f"FROM {source} GROUP BY {keys}, day"
    )


def rollup_sql(
    partials: Sequence[Partial], files: Sequence[str] = (), missing: Sequence[str] = ()
) -> str:
    """The statement that makes the rollup table: the sum of the rollup files ``files``
    (one, usually: the parts' combined rollup) and of the rollup of the ``players``
    parts ``missing`` (absolute paths); with no ``files``, the rollup of the whole
    ``players`` view."""
    make = f"CREATE OR REPLACE TABLE {ROLLUP} AS"
    if not files:
        return f"{make} {_select(partials, 'players')}"
    if len(files) == 1 and not missing:  # one rollup file is summed already
        return f"{make} SELECT * FROM {parquet_sql(files)}"
    pieces = [f"SELECT * FROM {parquet_sql(files)}"]
    if missing:
        pieces.append(_select(partials, parquet_sql(missing)))
    return f"{make} {_sum(partials, '(' + ' UNION ALL BY NAME '.join(pieces) + ')')}"


@functools.cache
def part_rollup(partials: tuple[Partial, ...]) -> PartDerivation:
    """The rollup of one ``players`` part, as a table the warehouse derives from each
    part it commits (a :class:`~rakestats.warehouse.PartDerivation`).

    >>> d = part_rollup((Partial("hands", "count(*)"),))
    >>> (d.name, d.source, len(d.version))
    ('player_rollup', 'players', 16)
    """
    template, combine = _select(partials, _SOURCE), _sum(partials, _SOURCE)
    version = hashlib.sha256(f"{template}\n{combine}".encode()).hexdigest()[:16]
    return PartDerivation(
        PART_ROLLUP,
        "players",
        version,
        lambda path: _run(template, [path]),
        lambda paths: _run(combine, paths),
        lambda previous, paths: _fold(combine, previous, paths),
    )


def _run(template: str, paths: Sequence[str]) -> pa.Table:
    """``template`` run on the Parquet files ``paths`` in place of its source."""
    con = memory_connection()
    try:
        return con.sql(template.replace(_SOURCE, parquet_sql(paths))).to_arrow_table()
    finally:
        con.close()


_FOLD_BATCH = 1 << 16  # rows of the combined rollup read at a time


def _fold(combine: str, previous: str, paths: Sequence[str]) -> Iterator[pa.Table]:
    """The combined rollup ``previous`` with the part rollups ``paths`` summed in, in
    pieces: a row of ``previous`` whose day the parts do not have is a group they
    cannot change, and is passed on as it is; the rows of the parts' days are summed
    with the parts'. So a commit holds the rows of the days it touches, not the whole
    combined rollup (which grows with the warehouse's days).

    The rows are those of ``combine`` over ``previous`` and ``paths`` (the sums of the
    touched groups are the same rows, added in another order)."""
    fresh = _run(combine, paths)  # the new parts summed: a commit's few days
    days = pc.unique(fresh["day"])
    touched = []
    # a row group at a time, with no read-ahead (the file is written a batch a row group)
    stored = pq.ParquetFile(previous, pre_buffer=False)
    for batch in stored.iter_batches(batch_size=_FOLD_BATCH, use_threads=False):
        hit = pc.is_in(batch.column("day"), value_set=days)
        kept = batch.filter(pc.invert(hit))
        if kept.num_rows:
            yield pa.Table.from_batches([kept])
        if pc.any(hit).as_py():
            touched.append(batch.filter(hit))
    if not touched:
        yield fresh
        return
    con = memory_connection()
    try:
        con.register("fresh", fresh)
        con.register("touched", pa.Table.from_batches(touched))
        both = "(SELECT * FROM touched UNION ALL BY NAME SELECT * FROM fresh)"
        yield con.sql(combine.replace(_SOURCE, both)).to_arrow_table()
    finally:
        con.close()


@dataclass
class StatsCache:
    """One DuckDB connection per snapshot of a store, with the rollup once made.
    Queries on it are serialised by a lock (a DuckDB connection is not for concurrent
    use from several threads)."""

    con: duckdb.DuckDBPyConnection | None = None
    key: tuple[str, int] | None = None
    has_rollup: bool = False
    lock: threading.RLock = field(default_factory=threading.RLock)
    pinned: Snapshot | None = None  # set while a caller needs one consistent snapshot
    snapshot: Snapshot | None = None  # the snapshot ``con`` reads
    store: Store | None = None

    def connection(self, store: Store) -> duckdb.DuckDBPyConnection:
        """The connection for the store's current snapshot (caller holds ``lock``)."""
        snap: Snapshot = self.pinned if self.pinned is not None else store.snapshot()
        key = (os.path.realpath(store.root), snap.version)
        if self.con is None or self.key != key:
            self.close()
            self.con = connect(store, snap)
            self.key, self.snapshot, self.store = key, snap, store
        return self.con

    def ensure_rollup(self, partials: Sequence[Partial]) -> None:
        """Make the rollup table of the connection's snapshot, once: the sum of its
        parts' rollups, rolling up the parts that have none."""
        if not self.has_rollup:
            assert self.con is not None and self.snapshot is not None and self.store is not None
            files, missing = derived_parts(self.store, self.snapshot, part_rollup(tuple(partials)))
            self.con.execute(rollup_sql(partials, files, missing))
            self.has_rollup = True

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
        self.con, self.key, self.has_rollup = None, None, False
        self.snapshot = self.store = None

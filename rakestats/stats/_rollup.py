"""A rollup of ``players`` by player, game, currency, site, stakes, table size, position
and UTC day, with every additive figure of ``player_stats`` summed.

``player_stats`` answers from the rollup whenever its filters are whole days (the usual
case), which turns a scan of every player-hand into a scan of a table a few hundred times
smaller. The rollup is built once per warehouse snapshot in the process (on the first
query) and kept with the DuckDB connection; a new snapshot (an ingest) rebuilds it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field

import duckdb

from rakestats.stats._scope import Partial
from rakestats.warehouse import Snapshot, Store, connect

__all__ = ["ROLLUP", "ROLLUP_KEYS", "StatsCache"]

ROLLUP = "_rakestats_rollup"
ROLLUP_KEYS = ("player", "game", "currency", "site", "ante", "big_bet", "n_players", "position")
_DAY = "CAST(floor(epoch_us(played_at) / 86400000000.0) AS INTEGER) AS day"
_UNIT = "CASE WHEN game = 'razz' THEN big_bet ELSE ante END"


def rollup_sql(partials: Sequence[Partial]) -> str:
    keys = ", ".join(ROLLUP_KEYS)
    return (
        f"CREATE OR REPLACE TABLE {ROLLUP} AS SELECT {keys}, {_DAY}, "
        f"{', '.join(p.raw() for p in partials)} "
        f"FROM (SELECT *, net::DOUBLE / nullif({_UNIT}, 0) AS x FROM players) "
        f"GROUP BY {keys}, day"
    )


@dataclass
class StatsCache:
    """One DuckDB connection per snapshot of a store, with the rollup once built.
    Queries on it are serialised by a lock (a DuckDB connection is not for concurrent
    use from several threads)."""

    con: duckdb.DuckDBPyConnection | None = None
    key: tuple[str, int] | None = None
    has_rollup: bool = False
    lock: threading.RLock = field(default_factory=threading.RLock)
    pinned: Snapshot | None = None  # set while a caller needs one consistent snapshot

    def connection(self, store: Store) -> duckdb.DuckDBPyConnection:
        """The connection for the store's current snapshot (caller holds ``lock``)."""
        if not store.exists():
            store.create()
        snap: Snapshot = self.pinned if self.pinned is not None else store.snapshot()
        key = (os.path.realpath(store.root), snap.version)
        if self.con is None or self.key != key:
            self.close()
            self.con = connect(store, snap)
            self.key = key
        return self.con

    def ensure_rollup(self, partials: Sequence[Partial]) -> None:
        if not self.has_rollup:
            assert self.con is not None
            self.con.execute(rollup_sql(partials))
            self.has_rollup = True

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
        self.con, self.key, self.has_rollup = None, None, False

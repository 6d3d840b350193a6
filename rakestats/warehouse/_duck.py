"""DuckDB views over one committed snapshot of the warehouse."""

from __future__ import annotations

import contextlib

import duckdb
import pyarrow as pa

from rakestats.warehouse._store import Snapshot, Store
from rakestats.warehouse.schema import TABLES

__all__ = ["connect", "literal_path"]

_GLOB = frozenset("*?[]")


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def literal_path(path: str) -> str:
    """``path`` as a DuckDB file pattern that matches that one file: DuckDB globs every
    name given to ``read_parquet``, so ``*``, ``?``, ``[`` and ``]`` are put in brackets
    (``wh*`` would otherwise read ``wh1`` as well). ``path`` must be absolute (DuckDB
    also expands a leading ``~``)."""
    return "".join(f"[{ch}]" if ch in _GLOB else ch for ch in path)


def connect(store: Store, snapshot: Snapshot | None = None) -> duckdb.DuckDBPyConnection:
    """An in-process DuckDB connection with a view per table over one snapshot, so every
    query on it sees the same committed data even while an ingest runs.

    A part file the snapshot lists and that is missing raises
    :class:`~rakestats.warehouse.WarehouseCorruptError` naming it."""
    snap = snapshot if snapshot is not None else store.snapshot()
    store.check_parts(snap)
    con = duckdb.connect(database=":memory:")
    # DuckDB draws a progress bar on stdout for long queries: a library must not print.
    # (Under Jupyter without ipywidgets DuckDB refuses the setting, and draws none.)
    with contextlib.suppress(duckdb.InvalidInputException):
        con.execute("SET enable_progress_bar = false")
    for name, schema in TABLES.items():
        files = store.paths(snap, name)
        if files:
            listing = ", ".join(_sql_string(literal_path(f)) for f in files)
            con.execute(
                f"CREATE VIEW {name} AS SELECT * FROM read_parquet([{listing}], "
                "hive_partitioning = false, union_by_name = false)"
            )
        else:
            con.register(f"_empty_{name}", pa.table({f.name: pa.array([], f.type) for f in schema}))
            con.execute(f"CREATE VIEW {name} AS SELECT * FROM _empty_{name}")
    return con

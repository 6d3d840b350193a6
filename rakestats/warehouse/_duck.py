"""DuckDB views over one committed snapshot of the warehouse."""

from __future__ import annotations

import contextlib
import itertools
import os
import tempfile
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pyarrow as pa

from rakestats.warehouse._store import Snapshot, Store
from rakestats.warehouse.schema import TABLES

if TYPE_CHECKING:
    import duckdb

__all__ = ["connect", "literal_path", "memory_connection", "parquet_sql"]

_GLOB = frozenset("*?[]")


def _sql_string(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def literal_path(path: str) -> str:
    """``path`` as a DuckDB file pattern that matches that one file: DuckDB globs every
    name given to ``read_parquet``, so ``*``, ``?``, ``[`` and ``]`` are put in brackets
    (``wh*`` would otherwise read ``wh1`` as well). ``path`` must be absolute (DuckDB
    also expands a leading ``~``)."""
    return "".join(f"[{ch}]" if ch in _GLOB else ch for ch in path)


def parquet_sql(paths: Sequence[str]) -> str:
    """A DuckDB table expression that reads the Parquet files ``paths`` (absolute) and
    nothing else, with no columns taken from the folder names.

    >>> parquet_sql(["/wh/players/game=rake/part-[1].parquet"]).split(", hive")[0]
    "read_parquet(['/wh/players/game=rake/part-[[]1[]].parquet']"
    """
    listing = ", ".join(_sql_string(literal_path(f)) for f in paths)
    return f"read_parquet([{listing}], hive_partitioning = false, union_by_name = false)"


def duck_type(t: pa.DataType) -> str:
    """The DuckDB type of an Arrow type of the warehouse schema.

    >>> duck_type(pa.list_(pa.struct([("pot", pa.int16()), ("amount", pa.int64())])))
    'STRUCT("pot" SMALLINT, "amount" BIGINT)[]'
    """
    simple = {
        pa.int8(): "TINYINT",
        pa.int16(): "SMALLINT",
        pa.int32(): "INTEGER",
        pa.int64(): "BIGINT",
        pa.float64(): "DOUBLE",
        pa.bool_(): "BOOLEAN",
        pa.string(): "VARCHAR",
        pa.large_string(): "VARCHAR",
    }
    if t in simple:
        return simple[t]
    if pa.types.is_timestamp(t):
        return "TIMESTAMPTZ" if t.tz is not None else "TIMESTAMP"
    if pa.types.is_list(t) or pa.types.is_large_list(t):
        return f"{duck_type(t.value_type)}[]"
    if pa.types.is_struct(t):
        fields = ", ".join(
            f'"{t.field(i).name}" {duck_type(t.field(i).type)}' for i in range(t.num_fields)
        )
        return f"STRUCT({fields})"
    raise TypeError(f"no DuckDB type for {t}")


_SPILLS = itertools.count()  # numbers the spill folders of this process's connections


def _spill_path() -> str:
    """A folder of its own, not yet made, under the system's temporary directory
    (``TMPDIR``), for one connection's spill files.

    >>> import tempfile
    >>> a, b = _spill_path(), _spill_path()
    >>> a != b and a.startswith(tempfile.gettempdir()) and not os.path.exists(a)
    True
    """
    name = f"rakestats-duckdb-{os.getpid()}-{next(_SPILLS)}"
    return os.path.join(tempfile.gettempdir(), name)


def memory_connection() -> duckdb.DuckDBPyConnection:
    """A new in-memory DuckDB connection as the library uses them: it draws no progress
    bar (DuckDB's goes to stdout, and a library must not print), and a query larger than
    memory spills to a folder of its own under the system's temporary directory, which
    DuckDB makes when it spills and removes when the connection closes. (DuckDB's own
    default is ``.tmp`` in the current directory: files left in the analyst's folder, and
    an error, ``Failed to create directory ".tmp"``, where that folder is read-only.)"""
    import duckdb  # here: the ingest's workers import this package and need no DuckDB

    con = duckdb.connect(database=":memory:", config={"temp_directory": _spill_path()})
    # (Under Jupyter without ipywidgets DuckDB refuses the setting, and draws none.)
    with contextlib.suppress(duckdb.InvalidInputException):
        con.execute("SET enable_progress_bar = false")
    return con


def connect(store: Store, snapshot: Snapshot | None = None) -> duckdb.DuckDBPyConnection:
    """An in-process DuckDB connection with a view per table over one snapshot, so every
    query on it sees the same committed data even while an ingest runs.

    A part file the snapshot lists and that is missing raises
    :class:`~rakestats.warehouse.WarehouseCorruptError` naming it."""
    snap = snapshot if snapshot is not None else store.snapshot()
    store.check_parts(snap)
    con = memory_connection()
    for name, schema in TABLES.items():
        files = store.paths(snap, name)
        if files:
            con.execute(f"CREATE VIEW {name} AS SELECT * FROM {parquet_sql(files)}")
        else:
            # typed in SQL, not registered from Arrow (registering imports pandas)
            cols = ", ".join(f'CAST(NULL AS {duck_type(f.type)}) AS "{f.name}"' for f in schema)
            con.execute(f"CREATE VIEW {name} AS SELECT {cols} WHERE false")
    return con

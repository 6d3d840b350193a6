"""The Parquet warehouse: schema, storage, ingestion and DuckDB access.

>>> import tempfile
>>> from rakestats.warehouse import Store
>>> with tempfile.TemporaryDirectory() as d:
...     s = Store(d + "/wh")
...     s.create()
...     s.snapshot().version
0
"""

from rakestats.ingest_settings import (
    COMMIT_EVERY,
    PENDING_SECONDS,
    POOL_MIN_BYTES,
    pool_min_bytes,
)
from rakestats.warehouse._derived import PartDerivation, derived_parts
from rakestats.warehouse._distributed import DaskUnavailableError, client_for
from rakestats.warehouse._duck import connect, memory_connection, parquet_sql
from rakestats.warehouse._ingest import (
    DAMAGED,
    IngestSummary,
    ProgressFn,
    check_ingest_arguments,
    ingest_paths,
    walk,
)
from rakestats.warehouse._maintenance import (
    CompactSummary,
    RetrySummary,
    compact,
    retry_quarantined,
)
from rakestats.warehouse._store import (
    Snapshot,
    Store,
    WarehouseError,
    WarehouseLockedError,
    WarehouseVersionError,
)
from rakestats.warehouse._watch import WatchSummary, watch_paths
from rakestats.warehouse.schema import SCHEMA_VERSION, TABLES

__all__ = [
    "COMMIT_EVERY",
    "DAMAGED",
    "PENDING_SECONDS",
    "POOL_MIN_BYTES",
    "SCHEMA_VERSION",
    "TABLES",
    "CompactSummary",
    "DaskUnavailableError",
    "IngestSummary",
    "PartDerivation",
    "ProgressFn",
    "RetrySummary",
    "Snapshot",
    "Store",
    "WarehouseError",
    "WarehouseLockedError",
    "WarehouseVersionError",
    "WatchSummary",
    "check_ingest_arguments",
    "client_for",
    "compact",
    "connect",
    "derived_parts",
    "ingest_paths",
    "memory_connection",
    "parquet_sql",
    "pool_min_bytes",
    "retry_quarantined",
    "walk",
    "watch_paths",
]

"""``Warehouse``: the analyst's entry point, a thin facade over the stages.

>>> import tempfile
>>> from rakestats import Warehouse
>>> with tempfile.TemporaryDirectory() as d:
...     wh = Warehouse(d + "/wh")          # no I/O until used
...     wh.sql("SELECT count(*) AS n FROM hands")["n"].tolist()
[0]
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from typing import Any

import duckdb
import pandas as pd

from rakestats.stats import StatsMixin
from rakestats.warehouse import (
    CompactSummary,
    IngestSummary,
    RetrySummary,
    Store,
    compact,
    connect,
    ingest_paths,
    retry_quarantined,
)
from rakestats.warehouse._ingest import COMMIT_EVERY, ProgressFn

__all__ = ["Warehouse"]


class Warehouse(StatsMixin):
    """A rakestats warehouse directory. Construction does no I/O."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.store = Store(path)

    def __repr__(self) -> str:
        return f"Warehouse({self.path!r})"

    # ------------------------------------------------------------------ writing
    def ingest(
        self,
        paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
        *,
        jobs: int = 1,
        wait: bool = False,
        progress: ProgressFn | None = None,
        commit_every: int = COMMIT_EVERY,
        client: Any = None,
    ) -> IngestSummary:
        """Parse, validate and add hand histories (files or folders; plain or compressed).

        Work is spread over ``jobs`` local processes, or over a Dask cluster when a
        ``distributed.Client`` is given (the warehouse must then be on a file system the
        workers see). A commit is made every ``commit_every`` new hands, so an
        interrupted run keeps what it committed. The result is the same either way."""
        if isinstance(paths, (str, os.PathLike)):
            paths = [paths]
        with self.store.lock(wait=wait):
            return ingest_paths(
                self.store,
                list(paths),
                jobs=jobs,
                progress=progress,
                commit_every=commit_every,
                client=client,
            )

    def compact(self, *, wait: bool = False) -> CompactSummary:
        """Rewrite the small parts left by incremental ingests into large ones, atomically."""
        with self.store.lock(wait=wait):
            return compact(self.store)

    def retry_quarantined(self, *, wait: bool = False) -> RetrySummary:
        """Re-validate quarantined hands and move those that now pass into the warehouse."""
        with self.store.lock(wait=wait):
            return retry_quarantined(self.store)

    # ------------------------------------------------------------------ reading
    def connect(self) -> duckdb.DuckDBPyConnection:
        """A DuckDB connection with a view per table over the current snapshot (the
        pinned one inside :meth:`pinned`)."""
        if not self.store.exists():
            self.store.create()
        pinned = self._stats_cache.pinned if self._stats_cache is not None else None
        return connect(self.store, pinned)

    def sql(self, query: str, params: Sequence[Any] | dict[str, Any] | None = None) -> pd.DataFrame:
        """Run ad-hoc SQL on the warehouse views; values go in ``params`` (bound, never
        pasted into the text)."""
        con = self.connect()
        try:
            return con.execute(query, params if params is not None else []).fetchdf()
        finally:
            con.close()

    def quarantine(self) -> pd.DataFrame:
        """Quarantined hands: file, line, reason (and the raw text)."""
        return self.sql(
            "SELECT source_file, line, reason, site, hand_id, game, raw_text, quarantined_at "
            "FROM quarantine ORDER BY source_file, line"
        )

"""The ``files`` manifest: which input files (by path and content hash) are in."""

from __future__ import annotations

import pyarrow.parquet as pq

from rakestats.warehouse._store import Snapshot, Store

__all__ = ["known_files"]


def known_files(store: Store, snapshot: Snapshot) -> set[tuple[str, str]]:
    """(path, content hash) of every file fully ingested before."""
    out: set[tuple[str, str]] = set()
    for p in store.paths(snapshot, "files"):
        t = pq.read_table(p, columns=["path", "content_hash"])
        out.update(zip(t["path"].to_pylist(), t["content_hash"].to_pylist(), strict=True))
    return out

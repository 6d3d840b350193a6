"""The ``files`` manifest: which input files (by path and content hash) are in."""

from __future__ import annotations

import pyarrow.parquet as pq

from rakestats.warehouse._store import Snapshot, Store

__all__ = ["known_versions"]


def known_versions(store: Store, snapshot: Snapshot) -> dict[str, dict[str, int]]:
    """Every version of a file fully ingested before: its content hash and size, by
    path (a file that grew between ingests has several)."""
    out: dict[str, dict[str, int]] = {}
    for p in store.paths(snapshot, "files"):
        t = pq.read_table(p, columns=["path", "size", "content_hash"])
        for path, size, digest in zip(
            t["path"].to_pylist(), t["size"].to_pylist(), t["content_hash"].to_pylist(), strict=True
        ):
            out.setdefault(path, {})[digest] = size
    return out

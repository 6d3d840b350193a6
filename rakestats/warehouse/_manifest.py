"""The ``files`` manifest: which input files (by path and content hash) are in."""

from __future__ import annotations

import os

import pyarrow.parquet as pq

from rakestats.warehouse._store import Snapshot, Store

__all__ = ["known_versions", "real_path"]


def known_versions(store: Store, snapshot: Snapshot) -> dict[str, dict[str, int]]:
    """Every version of a file fully ingested before: its content hash and size, by the
    file's real path (:func:`real_path`), so that ``~/HH``, ``/home/me/HH``, ``../HH``
    and a link to it are the same file (a file unchanged is then not read again, a file
    that grew is read from its end); a file that grew between ingests has several."""
    out: dict[str, dict[str, int]] = {}
    for p in store.paths(snapshot, "files"):
        t = pq.read_table(p, columns=["path", "size", "content_hash"])
        for path, size, digest in zip(
            t["path"].to_pylist(), t["size"].to_pylist(), t["content_hash"].to_pylist(), strict=True
        ):
            out.setdefault(real_path(path), {})[digest] = size
    return out


def real_path(path: str | os.PathLike[str]) -> str:
    """``path`` made absolute, links resolved (a relative path stored by an ingest run
    from another folder may resolve to another file: the content hashes that are
    compared with it decide, never the name)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return os.fspath(path)

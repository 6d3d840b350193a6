"""What the last ingests saw of each file they recorded (its device, inode, size and
modification and change times, beside its content hash), kept so that the next ingest
finds an unchanged file without reading it to hash it: a folder of years of histories
is then looked at in a second, not read whole every run.

A cache, not part of the warehouse: the manifest (the ``files`` table) decides what is
known. An entry counts only while the file's status is the same in all five fields and
its hash is one the manifest holds for that path; anything else (the cache missing,
damaged, of another format) means hashing, as without it. The change time is set by the
system on every write and cannot be set back by a program, so a file rewritten to the
same size with its modification time restored is still hashed again.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from pathlib import Path

__all__ = ["FILESTAT", "Status", "read_statuses", "status_of", "write_statuses"]

FILESTAT = "_filestat.json"  # under the warehouse's root
_FORMAT = 1

#: ``(device, inode, size, mtime_ns, ctime_ns)`` of a file, and the hash seen with it.
Status = tuple[int, int, int, int, int]


def status_of(st: os.stat_result) -> Status:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def read_statuses(root: Path) -> dict[str, tuple[Status, str]]:
    """The kept statuses by real path; empty when there are none or they cannot be
    read as this format (the files are then hashed)."""
    try:
        doc = json.loads((root / FILESTAT).read_text(encoding="utf-8"))
        if not isinstance(doc, dict) or doc.get("format") != _FORMAT:
            return {}
        out: dict[str, tuple[Status, str]] = {}
        for path, (dev, ino, size, mtime, ctime, digest) in doc["files"].items():
            out[str(path)] = ((int(dev), int(ino), int(size), int(mtime), int(ctime)), str(digest))
        return out
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return {}


def write_statuses(root: Path, statuses: Mapping[str, tuple[Status, str]]) -> None:
    """Keep ``statuses`` for the next ingest (written whole, then renamed into place;
    not synced to disk, unlike the warehouse's own files: a record a crash damaged is
    read as none); a failed write keeps none (the next ingest hashes, as without them)."""
    doc = {
        "format": _FORMAT,
        "files": {path: [*status, digest] for path, (status, digest) in statuses.items()},
    }
    target = root / FILESTAT
    tmp = root / f".{FILESTAT}.{os.getpid()}.tmp"
    try:
        tmp.write_text(json.dumps(doc, separators=(",", ":")), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()
        with contextlib.suppress(OSError):
            target.unlink()

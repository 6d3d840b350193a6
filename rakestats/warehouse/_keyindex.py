"""The dedupe keys of a committed snapshot, kept for the next ingest.

An ingest must know every stored hand's key before it takes a hand. Read from the
``hands`` parts, the keys cost a read and a sort of every stored hand (seconds at 10 M
hands, however few hands are added); so an ingest that ends cleanly leaves its keys in
the warehouse's ``_keys`` folder, as sorted runs in files
(:class:`~rakestats.warehouse._keyspill.DiskRun`) with the quarantine's keys and an
``index.json`` that names the snapshot they are the keys of (:func:`fingerprint`). The
next ingest takes the folder over (renames it into its staging area, so that a run that
dies leaves no index that its partial work made wrong) when it names the snapshot that
is current, and reads the parts otherwise. The folder is a cache: anything wrong with it
(another snapshot, a missing or short file) and it is removed and the keys are read
from the parts.

Only the writer that holds the warehouse's lock reads or writes the folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq

from rakestats.warehouse._keyruns import KeyRuns
from rakestats.warehouse._keyspill import DiskRun
from rakestats.warehouse._store import Snapshot, Store

__all__ = ["INDEX", "carry_keys", "fingerprint", "keep_keys", "take_keys"]

INDEX = "_keys"  # the folder of the kept keys, under the warehouse's root
_META = "index.json"
_QUARANTINE = "quarantine.bin"
_FORMAT = 1


def fingerprint(snapshot: Snapshot) -> str:
    """What identifies a snapshot's keys: its version, when it was made, and the parts
    of the tables the keys come from (``hands`` and ``quarantine``).

    >>> a = Snapshot(3, {"hands": ("hands/p1.parquet",), "quarantine": ()}, "2026-01-05")
    >>> b = Snapshot(3, {"hands": ("hands/p2.parquet",), "quarantine": ()}, "2026-01-05")
    >>> fingerprint(a) == fingerprint(a) != fingerprint(b)
    True
    """
    what = [
        snapshot.version,
        snapshot.created_at,
        list(snapshot.files("hands")),
        list(snapshot.files("quarantine")),
    ]
    return hashlib.sha256(json.dumps(what).encode()).hexdigest()


def _stored_hands(store: Store, snapshot: Snapshot) -> int:
    """The rows of the snapshot's hands parts (from their footers)."""
    return sum(pq.ParquetFile(p).metadata.num_rows for p in store.paths(snapshot, "hands"))


def _meta_of(store: Store, snapshot: Snapshot) -> dict[str, Any]:
    """The kept keys' ``index.json`` when it names ``snapshot`` and counts its stored
    hands; :class:`ValueError` (or :class:`OSError`, :class:`KeyError`, ...) otherwise."""
    meta: dict[str, Any] = json.loads((store.root / INDEX / _META).read_text(encoding="utf-8"))
    if meta.get("format") != _FORMAT or meta.get("snapshot") != fingerprint(snapshot):
        raise ValueError("kept for another snapshot")
    if int(meta["hands"]) != _stored_hands(store, snapshot):
        raise ValueError("not the stored hands' count")
    return meta


def take_keys(
    store: Store, snapshot: Snapshot, spill: Path
) -> tuple[list[DiskRun], set[int]] | None:
    """The kept keys of ``snapshot`` (the runs of the hands' keys, and the quarantine's
    keys), their folder moved to ``spill``; None when none are kept for it (a folder
    kept for another snapshot, or damaged, is removed)."""
    index = store.root / INDEX
    if not index.exists():
        return None
    runs: list[DiskRun] = []
    try:
        meta = _meta_of(store, snapshot)
        spill.parent.mkdir(parents=True, exist_ok=True)
        os.replace(index, spill)  # this run's from now on: removed with its spill
        for name, n in meta["runs"]:
            runs.append(DiskRun.open(spill / Path(str(name)).name, int(n)))
        if sum(len(r) for r in runs) != int(meta["hands"]):
            raise ValueError("runs short of the hands")
        quarantine = np.fromfile(spill / _QUARANTINE, dtype=np.int64)
        if len(quarantine) != int(meta["quarantine"]):
            raise ValueError("quarantine keys short")
    except (OSError, ValueError, KeyError, TypeError):
        for r in runs:
            r.close()
        shutil.rmtree(index, ignore_errors=True)
        shutil.rmtree(spill, ignore_errors=True)
        return None
    return runs, set(quarantine.tolist())


def keep_keys(
    store: Store, snapshot: Snapshot, runs: KeyRuns, quarantine: set[int], spill: Path
) -> bool:
    """Keep ``runs`` and ``quarantine`` (every key of ``snapshot``, and only those) as
    the warehouse's kept keys; ``runs`` holds nothing after it. False when they could
    not be written (nothing is kept then: the next ingest reads the parts)."""
    try:
        spill.mkdir(parents=True, exist_ok=True)
        kept = runs.keep()
        hands = sum(len(r) for r in kept)
        if hands != _stored_hands(store, snapshot):
            raise OSError("not the stored hands' keys")  # kept nothing: the parts are read
        np.fromiter(quarantine, dtype=np.int64, count=len(quarantine)).tofile(spill / _QUARANTINE)
        meta = {
            "format": _FORMAT,
            "snapshot": fingerprint(snapshot),
            "hands": hands,
            "quarantine": len(quarantine),
            "runs": [[r.path.name, len(r)] for r in kept],
        }
        (spill / _META).write_text(json.dumps(meta, indent=1), encoding="utf-8")
        index = store.root / INDEX
        shutil.rmtree(index, ignore_errors=True)
        os.replace(spill, index)
    except OSError:
        shutil.rmtree(spill, ignore_errors=True)
        with contextlib.suppress(OSError):
            shutil.rmtree(store.root / INDEX)
        return False
    return True


def carry_keys(store: Store, before: Snapshot, after: Snapshot) -> bool:
    """After a commit that rewrote parts without adding or removing a hand or a
    quarantine entry (a compaction), name ``after`` in the keys kept for ``before``.
    False when there were none kept for it, or they do not count ``after``'s hands (they
    are then left to the next ingest, which removes them)."""
    meta_path = store.root / INDEX / _META
    try:
        meta = _meta_of(store, before)
        if int(meta["hands"]) != _stored_hands(store, after):
            return False
        meta["snapshot"] = fingerprint(after)
        tmp = meta_path.with_name(meta_path.name + ".tmp")
        tmp.write_text(json.dumps(meta, indent=1), encoding="utf-8")
        os.replace(tmp, meta_path)
    except (OSError, ValueError, KeyError, TypeError):
        return False
    return True

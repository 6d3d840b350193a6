"""Copies of a hand id that contradict the stored copy become quarantine records.

Two copies of one hand id conflict when their content keys differ (different seats,
stacks, actions, amounts or pots: see :mod:`rakestats.warehouse._fingerprint`) or when
they show different cards for the same place (see :mod:`rakestats.warehouse._merge`).
Neither is a duplicate: the stored copy stays, and the incoming one is quarantined with
both sources named, so nothing is dropped without a word.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable, Sequence
from typing import IO

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.formats.files import RefusedError, archive_kind, open_regular
from rakestats.records import QuarantineRecord
from rakestats.warehouse._store import Snapshot, Store

__all__ = ["conflict_records", "stored_sources"]

_MAX_HAND_BYTES = 1 << 20


def stored_sources(
    store: Store, snapshot: Snapshot, keys: Iterable[int], buffered: Sequence[pa.Table] = ()
) -> dict[int, tuple[str, int]]:
    """Where the stored copy of each hand came from: (source file, line), looked up in
    the hands not yet committed (``buffered``) and then in ``snapshot``."""
    wanted = pa.array(sorted(set(keys)), pa.int64())
    found: dict[int, tuple[str, int]] = {}
    if len(wanted) == 0:
        return found
    tables = list(buffered)
    for path in store.paths(snapshot, "hands"):
        part = pq.read_table(path, columns=["hand_key", "source_file", "source_line"])
        tables.append(part)
    for t in tables:
        hit = t.filter(pc.is_in(t["hand_key"], value_set=wanted))
        for k, f, line in zip(
            hit["hand_key"].to_pylist(),
            hit["source_file"].to_pylist(),
            hit["source_line"].to_pylist(),
            strict=True,
        ):
            found.setdefault(k, (f, line))
    return found


def _raw_text(source_file: str, line: int) -> str:
    """The text of the hand that starts at ``line`` of a plain-text file, up to the
    next blank line; empty where it cannot be read back (an archive member, a file
    gone since)."""
    if "!" in source_file and not os.path.exists(source_file):
        return ""
    with (
        contextlib.suppress(OSError, RefusedError, UnicodeDecodeError),
        open_regular(source_file) as fh,
    ):
        return _hand_at(fh, line)
    return ""


def _hand_at(fh: IO[bytes], line: int) -> str:
    if archive_kind(fh.read(8)) is not None:
        return ""
    fh.seek(0)
    lines: list[str] = []
    size = 0
    for n, raw in enumerate(fh, start=1):
        if n < line:
            continue
        text = raw.decode("utf-8-sig" if n == 1 else "utf-8").rstrip("\r\n")
        if not text.strip() and lines:
            break
        lines.append(text)
        size += len(raw)
        if size > _MAX_HAND_BYTES:
            break
    return "\n".join(lines)


def conflict_records(
    conflicts: pa.Table,
    stored: dict[int, tuple[str, int]],
    reasons: dict[int, str] | None = None,
) -> list[QuarantineRecord]:
    """A quarantine record for each row of ``conflicts`` (rows of ``hands``), naming the
    stored copy's source and what differs."""
    out = []
    for row in conflicts.select(
        ["hand_key", "hand_id", "site", "game", "source_file", "source_line"]
    ).to_pylist():
        key = row["hand_key"]
        where = stored.get(key)
        other = f"{where[0]}, line {where[1]}" if where else "another copy read in this run"
        what = (reasons or {}).get(key, "different seats, stacks, actions, amounts or pots")
        reason = (
            f"conflict: {row['site']} hand #{row['hand_id']} is already stored from {other}, "
            f"and this copy differs ({what})"
        )
        out.append(
            QuarantineRecord(
                source_file=row["source_file"],
                line=row["source_line"],
                reason=reason,
                raw_text=_raw_text(row["source_file"], row["source_line"]),
                site=row["site"],
                hand_id=row["hand_id"],
                game=row["game"],
            )
        )
    return out

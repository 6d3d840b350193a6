"""A failed write fails the ingest, and the next run makes the warehouse complete.

Writes fail through a file-size limit (as ``ulimit -f``), a small file system filled
during the run, and an error injected at each write of the ingest path in turn. In
every case the run ends with one clear error (no traceback on the CLI, a non-zero
exit), none of the files of its uncommitted work is recorded as read, and an ingest
that follows stores every hand exactly once.
"""

from __future__ import annotations

import errno
import os
import resource
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import WarehouseError, _store


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("hist") / "sim1"
    simulate(2000, "2-8", 11, out)
    return out


@pytest.fixture(scope="module")
def reference(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, ...]]:
    wh = Warehouse(tmp_path_factory.mktemp("ref") / "wh")
    assert wh.ingest([histories]).ingested == 2000
    return _rows(wh)


def _rows(wh: Warehouse) -> list[tuple[Any, ...]]:
    df = wh.sql("SELECT hand_id, player, net, cards FROM players ORDER BY hand_id, player")
    return [tuple(r) for r in df.itertuples(index=False)]


def _limit_file_size(limit: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_file_size_limit_fails_the_run_and_loses_nothing(
    histories: Path, reference: list[tuple[Any, ...]], tmp_path: Path, jobs: str
) -> None:
    wh_dir = tmp_path / "W"
    proc = subprocess.run(
        [sys.executable, "-m", "rakestats", "ingest", str(histories), "-w", str(wh_dir),
         "--jobs", jobs, "--commit-every", "600"],
        capture_output=True, text=True, timeout=300,
        preexec_fn=_limit_file_size(256 * 1024),
    )  # fmt: skip
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "cannot write" in lines[0] and "too large" in lines[0].lower()
    wh = Warehouse(wh_dir)
    again = wh.ingest([histories])
    assert again.quarantined == 0
    assert _rows(wh) == reference


def _tmpfs(path: Path, size: str) -> bool:
    path.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], capture_output=True
    )
    return done.returncode == 0


def test_a_filesystem_that_fills_during_the_run(
    histories: Path, reference: list[tuple[Any, ...]], tmp_path: Path
) -> None:
    small = tmp_path / "small"
    if not _tmpfs(small, "3m"):
        pytest.skip("cannot mount a tmpfs here (needs root)")
    try:
        wh = Warehouse(small / "W")
        with pytest.raises(WarehouseError, match="cannot write"):
            wh.ingest([histories], commit_every=500)
        # the disk frees up: move the warehouse to room, and finish
        roomy = tmp_path / "W"
        shutil.copytree(small / "W", roomy)
    finally:
        subprocess.run(["umount", str(small)], check=False)
    wh = Warehouse(roomy)
    wh.ingest([histories])
    assert _rows(wh) == reference


class _Fail:
    """Raise ENOSPC on the n-th call of a patched write function."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.calls = 0

    def wrap(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        def patched(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            if self.calls == self.n:
                raise OSError(errno.ENOSPC, "No space left on device (injected)")
            return fn(*args, **kwargs)

        return patched


_WRITES: dict[str, tuple[Any, str]] = {
    "staged batch": (pa, "OSFile"),
    "parquet part": (pq, "write_table"),
    "streamed part": (pq.ParquetWriter, "write_table"),
    "move into place": (os, "replace"),
    "snapshot": (_store, "_write_atomic"),
}


@pytest.mark.parametrize("write", sorted(_WRITES))
def test_an_error_at_each_write_of_the_ingest(
    histories: Path,
    reference: list[tuple[Any, ...]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    write: str,
) -> None:
    owner, name = _WRITES[write]
    original = getattr(owner, name)
    n = 1
    failures = 0
    while True:
        wh_dir = tmp_path / f"W{n}"
        fail = _Fail(n)
        with monkeypatch.context() as m:
            m.setattr(owner, name, fail.wrap(original))
            wh = Warehouse(wh_dir)
            try:
                wh.ingest([histories], commit_every=700)
                failed = False
            except WarehouseError as exc:
                assert "No space left" in str(exc)
                failed = True
                failures += 1
        wh.ingest([histories])  # the disk has room again
        assert _rows(wh) == reference, f"{write}: failure at call {n}"
        if not failed or n >= 6:
            break
        n += 1
    assert failures >= 1  # the write happens in an ingest, and failing it was survived

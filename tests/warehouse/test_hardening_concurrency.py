"""Two ingests and readers at once on one warehouse: the second writer is refused with a
clear message or waits (``--wait``); a reader's connection keeps the snapshot it opened
on; statistics computed while an ingest commits equal those of a committed snapshot
(never a mix of two); the report runs during an ingest."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse._store import MARKER, SNAPSHOTS


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    sim = tmp_path_factory.mktemp("concurrent-sim")
    summary = simulate(1500, "2-8", 23, sim, jobs=1)
    out = tmp_path_factory.mktemp("concurrent-histories")
    for path in sorted(sim.glob("*.txt")):  # files of 25 hands: a unit, a commit, each
        hands = [h for h in path.read_text(encoding="utf-8").split("\n\n\n") if h.strip()]
        for k in range(0, len(hands), 25):
            part = out / f"{path.stem}-{k // 25:03d}.txt"
            part.write_text("\n\n\n".join(hands[k : k + 25]) + "\n", encoding="utf-8")
    return out, summary.hands


def _ingest(folder: Path, wh_dir: Path, *extra: str) -> list[str]:
    return [sys.executable, "-m", "rakestats", "ingest", str(folder), "-w", str(wh_dir),
            "--jobs", "1", *extra]  # fmt: skip


def _canon(df: pd.DataFrame) -> str:
    """A result as text, floats rounded (DuckDB may add floats in another order)."""
    keys = [c for c in ("player", "game", "currency") if c in df.columns]
    return df.sort_values(keys, kind="stable").round(6).to_csv(index=False)


def _snapshot_view(wh_dir: Path, version: int, dest: Path) -> Path:
    """A warehouse directory whose current snapshot is ``version`` of ``wh_dir`` (the
    parts are shared through symbolic links)."""
    (dest / SNAPSHOTS).mkdir(parents=True)
    shutil.copy(wh_dir / MARKER, dest / MARKER)
    shutil.copy(wh_dir / SNAPSHOTS / f"{version:08d}.json", dest / SNAPSHOTS)
    for table in ("hands", "players", "actions", "pickups", "quarantine", "files"):
        if (wh_dir / table).is_dir():
            (dest / table).symlink_to(wh_dir / table)
    return dest


def _wait_for_lock(wh_dir: Path, proc: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        lock = wh_dir / "_lock"
        holder = lock.read_text(encoding="utf-8").strip() if lock.exists() else ""
        if holder.startswith(f"pid {proc.pid} "):
            return holder
        assert proc.poll() is None, "the ingest ended before it was seen holding the lock"
        time.sleep(0.01)
    raise AssertionError("the ingest never took the lock")


def test_two_ingests_and_readers_at_once(histories: tuple[Path, int], tmp_path: Path) -> None:
    folder, expected = histories
    wh_dir = tmp_path / "wh"
    first = subprocess.Popen(
        _ingest(folder, wh_dir, "--commit-every", "5"),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    holder = _wait_for_lock(wh_dir, first)

    # a second writer without --wait is refused at once, naming the holder
    refused = subprocess.run(_ingest(folder, wh_dir), capture_output=True, text=True, timeout=120)
    assert refused.returncode == 2
    assert refused.stderr.strip() == (
        f"error: {wh_dir}: another rakestats process is writing to this warehouse ({holder}); "
        "wait for it to finish, or pass --wait"
    )
    # ... and with --wait it waits its turn
    waiting = subprocess.Popen(
        _ingest(folder, wh_dir, "--wait"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )

    # readers during the ingest
    wh = Warehouse(wh_dir)
    pinned = None
    pinned_count = -1
    seen: list[str] = []
    report = None
    while first.poll() is None:
        n = int(wh.sql("SELECT count(*) AS n FROM hands")["n"][0])
        if pinned is None and n > 0:
            pinned = wh.connect()
            pinned_count = int(pinned.execute("SELECT count(*) FROM hands").fetchone()[0])
        if report is None and n > 0:
            report = subprocess.Popen(
                [sys.executable, "-m", "rakestats", "report", "-w", str(wh_dir),
                 "--out", str(tmp_path / "report.html")],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            )  # fmt: skip
        if pinned is None:
            continue  # poll quickly until the first commit is seen
        seen.append(_canon(wh.player_stats()))
    _, err = first.communicate(timeout=300)
    assert first.returncode == 0, err
    assert waiting.wait(timeout=300) == 0, waiting.stderr.read() if waiting.stderr else ""
    assert waiting.stdout is not None
    assert b" 0 ingested" in waiting.stdout.read()  # everything was in when its turn came
    assert report is not None and report.wait(timeout=300) == 0, report.communicate()
    assert (tmp_path / "report.html").stat().st_size > 0

    # the connection opened mid-ingest still sees its snapshot
    assert pinned is not None
    assert pinned.execute("SELECT count(*) FROM hands").fetchone()[0] == pinned_count
    pinned.close()
    assert 0 < pinned_count < expected

    # every reading equals the statistics of one committed snapshot
    versions = sorted(int(p.stem) for p in (wh_dir / SNAPSHOTS).glob("*.json"))
    states = {
        _canon(Warehouse(_snapshot_view(wh_dir, v, tmp_path / f"v{v}")).player_stats())
        for v in versions
    }
    assert set(seen) <= states, "statistics mixed two snapshots"
    assert len(set(seen)) >= 2, "no reading fell between two commits"

    final = Warehouse(wh_dir).sql("SELECT count(*) AS n, count(DISTINCT hand_key) AS d FROM hands")
    assert final.iloc[0].tolist() == [expected, expected]
    assert not any(p.name.startswith("txn-") for p in (wh_dir / "_staging").glob("*"))


def test_one_process_cannot_take_its_own_writer_lock_twice(tmp_path: Path) -> None:
    from rakestats.warehouse import WarehouseLockedError

    wh = Warehouse(tmp_path / "wh")
    with wh.store.lock(), pytest.raises(WarehouseLockedError, match="already writing"):
        wh.ingest([tmp_path])
    assert os.path.exists(tmp_path / "wh" / "_lock")


def test_pinned_block_reads_one_snapshot_while_commits_land(tmp_path):
    """A report is several queries; inside ``Warehouse.pinned()`` they all read the
    snapshot current when the block began, so sections never mix two states."""
    from rakestats.sim import simulate

    hist = tmp_path / "hist"
    simulate(400, "3-5", 21, hist, jobs=1)
    files = sorted(hist.glob("*.txt"))
    wh = Warehouse(tmp_path / "wh")
    wh.ingest(files[:1])
    before_hands = int(wh.sql("SELECT count(*) AS n FROM hands")["n"].iloc[0])
    before = wh.player_stats()["hands"].sum()
    with wh.pinned() as snap:
        Warehouse(tmp_path / "wh").ingest(files[1:])  # another writer commits meanwhile
        assert wh.player_stats()["hands"].sum() == before
        assert int(wh.sql("SELECT count(*) AS n FROM hands")["n"].iloc[0]) == before_hands
        with wh.pinned() as inner:
            assert inner == snap
    assert int(wh.sql("SELECT count(*) AS n FROM hands")["n"].iloc[0]) > before_hands
    assert wh.player_stats()["hands"].sum() > before

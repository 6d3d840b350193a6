"""An ingest killed (SIGKILL) at random moments leaves a readable warehouse that holds
every hand whole or not at all, never twice; the next run adds exactly what is missing."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.sim import simulate

KILLS = int(os.environ.get("RAKESTATS_KILLS", "6"))


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    out = tmp_path_factory.mktemp("kill-histories")
    summary = simulate(4000, "2-8", 5, out, jobs=2)
    return out, summary.hands


def _check_whole(wh: Warehouse) -> int:
    n, distinct = wh.sql("SELECT count(*), count(DISTINCT hand_key) FROM hands").iloc[0]
    assert n == distinct, "a hand is in the warehouse twice"
    partial = wh.sql(
        "SELECT count(*) FROM hands h WHERE n_players <> "
        "(SELECT count(*) FROM players p WHERE p.hand_key = h.hand_key)"
    ).iloc[0, 0]
    assert partial == 0, "a hand is in without all its players"
    stray = wh.sql(
        "SELECT (SELECT count(*) FROM players ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM actions ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM pickups ANTI JOIN hands USING (hand_key))"
    ).iloc[0, 0]
    assert stray == 0, "rows of a hand that is not in"
    return int(n)


def _children(pid: int) -> list[int]:
    """Processes whose parent is ``pid`` (the ingest's workers)."""
    out = []
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            out.append(int(entry))
    return out


def _assert_gone(pids: list[int]) -> None:
    """Worker processes die with the ingest they served."""
    deadline = time.monotonic() + 10
    while alive := [p for p in pids if Path(f"/proc/{p}").exists() and not _zombie(p)]:
        assert time.monotonic() < deadline, f"workers outlived a killed ingest: {alive}"
        time.sleep(0.1)


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_killed_ingests_leave_whole_hands_and_a_rerun_completes(histories, tmp_path):
    folder, expected = histories
    wh_dir = tmp_path / "wh"
    rng = random.Random(20261130)
    cmd = [sys.executable, "-m", "rakestats", "ingest", str(folder), "--warehouse", str(wh_dir),
           "--jobs", "2", "--commit-every", "300"]  # fmt: skip
    counts = []
    for _ in range(KILLS):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.3, 3.0))
        workers = _children(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        _assert_gone(workers)
        if (wh_dir / "_rakestats.json").exists():
            counts.append(_check_whole(Warehouse(wh_dir)))
    assert counts == sorted(counts), "a killed run lost committed hands"
    done = subprocess.run([*cmd, "--wait"], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    wh = Warehouse(wh_dir)
    assert _check_whole(wh) == expected
    # nothing left that no snapshot mentions
    assert not (wh_dir / "_staging").exists()

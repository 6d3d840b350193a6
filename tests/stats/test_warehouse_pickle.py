"""A warehouse goes to worker processes (multiprocessing, concurrent.futures, joblib,
Dask) as its directory: used or not, it pickles, and each copy reads the same hands."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pandas as pd

from rakestats import Warehouse


def test_a_used_warehouse_pickles_as_its_directory(sample_rake: Warehouse) -> None:
    stats = sample_rake.player_stats()  # a cached DuckDB connection is held now
    again = pickle.loads(pickle.dumps(sample_rake))
    assert again is not sample_rake and Path(again.path) == Path(sample_rake.path).absolute()
    pd.testing.assert_frame_equal(again.player_stats(), stats)
    pd.testing.assert_frame_equal(copy.deepcopy(sample_rake).player_stats(), stats)


def test_a_relative_warehouse_is_found_from_another_folder(
    sample_rake: Warehouse, tmp_path: Path
) -> None:
    here = os.getcwd()
    os.chdir(Path(sample_rake.path).parent)
    try:
        relative = Warehouse(Path(sample_rake.path).name)
        data = pickle.dumps(relative)
    finally:
        os.chdir(here)
    os.chdir(tmp_path)
    try:
        assert pickle.loads(data).count_hands() == sample_rake.count_hands()
    finally:
        os.chdir(here)


_SCRIPT = """
import sys
from concurrent.futures import ProcessPoolExecutor
from rakestats import Warehouse

def hands_of(args):
    wh, player = args
    return player, int(wh.player_stats(player=player)["hands"].sum())

wh = Warehouse(sys.argv[1])
players = sorted(wh.player_stats()["player"])[:4]
with ProcessPoolExecutor(2) as pool:
    got = dict(pool.map(hands_of, [(wh, p) for p in players]))
for p in players:
    print(p, got[p])
"""


def test_worker_processes_of_a_plain_script(sample_rake: Warehouse, tmp_path: Path) -> None:
    """A plain script (no main guard): ``ProcessPoolExecutor`` forks on Linux."""
    script = tmp_path / "job.py"
    script.write_text(_SCRIPT, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(sample_rake.path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    stats = sample_rake.player_stats()
    for line in done.stdout.splitlines():
        name, hands = line.rsplit(" ", 1)
        assert int(stats.loc[stats["player"] == name, "hands"].sum()) == int(hands)
    assert len(done.stdout.splitlines()) == 4

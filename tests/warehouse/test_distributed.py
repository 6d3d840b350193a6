"""Ingestion on a Dask LocalCluster gives the same warehouse as a local ingest, even
when a worker is killed mid-run."""

from __future__ import annotations

import os
import signal
import threading
import time
import zipfile
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from tests._tables import ORDER, table_rows

distributed = pytest.importorskip("distributed", reason="rakestats[dask] is not installed")

_ORDER = {**ORDER, "files": ["path"]}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Histories as plain files, a zip of several members, duplicates and a bad hand."""
    root = tmp_path_factory.mktemp("dask-inputs")
    sim = root / "sim"
    simulate(2400, "2-8", 3, sim, jobs=1)
    files = sorted(sim.glob("*.txt"))
    data = root / "in"
    data.mkdir()
    for f in files[:-3]:
        (data / f.name).write_bytes(f.read_bytes())
    with zipfile.ZipFile(data / "archive.zip", "w", zipfile.ZIP_DEFLATED) as z:
        for f in files[-3:]:
            z.write(f, f"logs/{f.name}")
    (data / "copy.txt").write_bytes(files[0].read_bytes())  # every hand a duplicate
    text = files[1].read_text(encoding="utf-8").replace("Total pot ", "Total pot 9", 1)
    (data / "damaged.txt").write_text(text, encoding="utf-8")
    return data


def _assert_same(a: Warehouse, b: Warehouse) -> None:
    ta, tb = table_rows(a, _ORDER), table_rows(b, _ORDER)
    for table in _ORDER:
        pd.testing.assert_frame_equal(ta[table], tb[table], check_like=False, obj=table)


@pytest.fixture(scope="module")
def local(inputs: Path, tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("local") / "wh")
    summary = wh.ingest([inputs], jobs=1, commit_every=500)
    assert summary.quarantined >= 1 and summary.duplicates > 0 and summary.ingested > 1000
    return wh


@pytest.fixture(scope="module")
def client():  # type: ignore[no-untyped-def]
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with distributed.Client(cluster) as c:
        yield c
    cluster.close()


def test_local_cluster_ingest_equals_local_ingest(inputs, local, client, tmp_path):
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest([inputs], client=client, commit_every=500)
    expected = local.sql("SELECT sum(hands_read) AS n FROM files")["n"].iloc[0]
    assert summary.read == expected
    _assert_same(local, wh)
    # and the same counts per file as a local run
    again = wh.ingest([inputs], client=client)
    assert again.ingested == 0


def test_a_killed_worker_changes_nothing(inputs, local, client, tmp_path):
    wh = Warehouse(tmp_path / "wh")
    pids = list(client.run(os.getpid).values())
    killed: list[int] = []

    def kill_one() -> None:
        # kill a worker process once the run is well under way
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            staging = tmp_path / "wh" / "_staging"
            if staging.exists() and any(staging.rglob("*.parquet")):
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_one)
    killer.start()
    wh.ingest([inputs], client=client, commit_every=500)
    killer.join()
    assert killed, "the run ended before a worker could be killed"
    _assert_same(local, wh)
    client.wait_for_workers(2, timeout=60)  # the nanny restarts the killed worker

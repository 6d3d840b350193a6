"""The command line starts an ingest's workers before its own imports.

``rakestats ingest`` with more than one job and enough input starts the worker
processes first (:func:`~rakestats.ingest_settings.workers_started_early`), so that
they import rakestats while the command does; the ingest's pool takes them. Workers the
ingest does not take (nothing new to read) are stopped when the command ends, and a
pool with other settings starts its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats import _pool as pool_module
from rakestats._pool import WorkerPool, discard_early, start_early
from rakestats.cli import main
from rakestats.ingest_settings import workers_started_early
from rakestats.sim import simulate

HANDS = 1200


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("hist") / "histories"
    simulate(HANDS, "2-8", 4, d)  # several files
    return d


def _rows(root: Path) -> list[tuple[Any, ...]]:
    df = Warehouse(root).sql("SELECT hand_id, player, net FROM players ORDER BY hand_id, player")
    return [tuple(r) for r in df.itertuples(index=False)]


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """The workers started early (their process objects) and the workers of each pool
    entered."""
    seen: dict[str, list[Any]] = {"early": [], "pools": []}

    def recording_start(*args: Any, **kwargs: Any) -> None:
        start_early(*args, **kwargs)
        seen["early"] += [w.proc for _, w in pool_module._early]

    class Recorded(WorkerPool):
        def __enter__(self) -> WorkerPool:
            super().__enter__()
            seen["pools"].append([w.proc for w in self._workers])
            return self

    monkeypatch.setattr("rakestats.ingest_settings.start_early", recording_start)
    monkeypatch.setattr("rakestats.ingest_settings.WorkerPool", Recorded)
    return seen


def test_the_ingest_takes_the_workers_the_command_started(
    tmp_path: Path, histories: Path, watched: dict[str, list[Any]]
) -> None:
    result = CliRunner().invoke(
        main, ["ingest", str(histories), "--warehouse", str(tmp_path / "wh"), "--jobs", "2"]
    )
    assert result.exit_code == 0, result.output
    assert f"{HANDS} ingested" in result.output
    assert len(watched["early"]) == 2
    assert watched["pools"] == [watched["early"]]  # the same two processes
    assert pool_module._early == []
    reference = tmp_path / "inline"
    assert Warehouse(reference).ingest([histories], jobs=1).ingested == HANDS
    assert _rows(tmp_path / "wh") == _rows(reference)


def test_workers_the_ingest_does_not_take_are_stopped(
    tmp_path: Path, histories: Path, watched: dict[str, list[Any]]
) -> None:
    wh = tmp_path / "wh"
    Warehouse(wh).ingest([histories], jobs=1)
    result = CliRunner().invoke(main, ["ingest", str(histories), "--warehouse", str(wh)])
    assert result.exit_code == 0, result.output
    assert "0 ingested" in result.output  # every file read before: no pool
    assert watched["pools"] == []
    assert len(watched["early"]) >= 2  # (the default: every core)
    assert all(p.poll() is not None for p in watched["early"])  # stopped and reaped
    assert pool_module._early == []


@pytest.mark.parametrize(
    ("args", "status"),
    [(["--jobs", "1"], 0), (["--jobs", "2", "--scheduler", "no-such-scheme:1"], 2)],
)
def test_no_early_workers_for_one_job_or_a_cluster(
    tmp_path: Path,
    histories: Path,
    watched: dict[str, list[Any]],
    args: list[str],
    status: int,
) -> None:
    wh = str(tmp_path / "wh")
    result = CliRunner().invoke(main, ["ingest", str(histories), "--warehouse", wh, *args])
    assert result.exit_code == status, result.output
    assert watched["early"] == []


def test_small_inputs_and_single_jobs_start_nothing(
    histories: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    total = sum(p.stat().st_size for p in histories.rglob("*") if p.is_file())
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", str(total + 1))
    with workers_started_early([histories], 2) as started:
        assert not started and pool_module._early == []
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", str(total))
    with workers_started_early([histories], 1) as started:
        assert not started
    with workers_started_early([histories], 2) as started:
        assert started and len(pool_module._early) == 2
        procs = [w.proc for _, w in pool_module._early]
    assert pool_module._early == [] and all(p.poll() is not None for p in procs)


def test_a_pool_with_other_settings_starts_its_own() -> None:
    start_early(1, preload=["json"])
    early = pool_module._early[0][1].proc
    try:
        with WorkerPool(1) as pool:
            assert pool._workers[0].proc is not early
            assert list(pool.imap(abs, [-2])) == [2]
        assert [w.proc for _, w in pool_module._early] == [early]
        with WorkerPool(1, preload=["json"]) as pool:
            assert pool._workers[0].proc is early
            assert list(pool.imap(abs, [-3])) == [3]
        assert pool_module._early == []
    finally:
        discard_early()

"""Small inputs stay in the calling process.

An ingest with ``jobs`` above 1 starts its worker processes only for two units or more
and :func:`~rakestats.warehouse.pool_min_bytes` of input (16 MiB unless
``RAKESTATS_POOL_MIN_BYTES`` says otherwise): below that, starting them costs more than
they gain. Either way every unit is read once and the warehouse ends the same.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats._pool import WorkerPool
from rakestats.cli import main
from rakestats.sim import simulate
from rakestats.warehouse import POOL_MIN_BYTES, pool_min_bytes

HANDS = 1600


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("hist") / "histories"
    simulate(HANDS, "2-8", 4, d)  # five files
    return d


@pytest.fixture(scope="module")
def reference(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, ...]]:
    """The rows of an ingest without workers."""
    root = tmp_path_factory.mktemp("ref") / "wh"
    assert Warehouse(root).ingest([histories], jobs=1).ingested == HANDS
    return _rows(root)


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.txt"))


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pools the ingests start (their ``jobs``); the pools still run."""
    started: list[int] = []

    class Counted(WorkerPool):
        def __enter__(self) -> WorkerPool:
            started.append(self.jobs)
            return super().__enter__()

    monkeypatch.setattr("rakestats.ingest_settings.WorkerPool", Counted)
    return started


def _rows(root: Path) -> list[tuple[Any, ...]]:
    df = Warehouse(root).sql("SELECT hand_id, player, net FROM players ORDER BY hand_id, player")
    return [tuple(r) for r in df.itertuples(index=False)]


def test_the_default_is_16_mib(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAKESTATS_POOL_MIN_BYTES", raising=False)
    assert pool_min_bytes() == POOL_MIN_BYTES == 16 << 20
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", " 4096 ")
    assert pool_min_bytes() == 4096


def test_a_small_input_runs_without_workers(
    tmp_path: Path,
    histories: Path,
    reference: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
    pools: list[int],
) -> None:
    monkeypatch.delenv("RAKESTATS_POOL_MIN_BYTES", raising=False)
    assert sum(p.stat().st_size for p in _files(histories)) < POOL_MIN_BYTES
    summary = Warehouse(tmp_path / "wh").ingest([histories], jobs=2)
    assert pools == []
    assert summary.ingested == HANDS and summary.files == len(_files(histories))
    assert _rows(tmp_path / "wh") == reference


@pytest.mark.parametrize("files_to_reach", [1, 2, 3])
def test_workers_start_once_the_input_reaches_the_threshold(
    tmp_path: Path,
    histories: Path,
    reference: list[tuple[Any, ...]],
    monkeypatch: pytest.MonkeyPatch,
    pools: list[int],
    files_to_reach: int,
) -> None:
    """The threshold is reached after the first ``files_to_reach`` files (at least two
    units are needed in any case): the units read ahead to decide, and those after
    them, are all ingested, in the workers."""
    files = _files(histories)
    assert len(files) == 5
    reach = sum(p.stat().st_size for p in files[:files_to_reach])
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", str(reach))
    summary = Warehouse(tmp_path / "wh").ingest([histories], jobs=2)
    assert pools == [2]
    assert summary.ingested == HANDS and summary.files == len(files)
    assert summary.files_unreadable == 0 and not summary.unrecognized
    assert _rows(tmp_path / "wh") == reference


def test_one_byte_short_of_the_threshold_stays_inline(
    tmp_path: Path, histories: Path, monkeypatch: pytest.MonkeyPatch, pools: list[int]
) -> None:
    total = sum(p.stat().st_size for p in _files(histories))
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", str(total + 1))
    summary = Warehouse(tmp_path / "wh").ingest([histories], jobs=2)
    assert pools == []
    assert summary.ingested == HANDS


def test_a_bad_setting_fails_before_any_work(
    tmp_path: Path, histories: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", "16M")
    wh = Warehouse(tmp_path / "wh")
    with pytest.raises(ValueError, match=r"RAKESTATS_POOL_MIN_BYTES='16M': not a whole number"):
        wh.ingest([histories], jobs=1)
    assert wh.store.snapshot().version == 0

    result = CliRunner().invoke(
        main, ["ingest", str(histories), "--warehouse", str(tmp_path / "cli")]
    )
    assert result.exit_code == 2
    assert "error: RAKESTATS_POOL_MIN_BYTES='16M': not a whole number of bytes" in result.output
    assert not (tmp_path / "cli").exists()  # checked before the warehouse is opened


def test_the_suite_runs_its_workers_for_small_inputs() -> None:
    """tests/conftest.py sets the threshold to 0, so the ``jobs=2`` tests elsewhere
    exercise the workers on their small inputs."""
    assert os.environ["RAKESTATS_POOL_MIN_BYTES"] == "0"


def test_the_units_read_ahead_to_decide(tmp_path: Path) -> None:
    from rakestats.warehouse._ingest import _head
    from rakestats.warehouse._units import Unit

    units = []
    for k, size in enumerate((10, 20, 30)):
        path = tmp_path / f"{k}.txt"
        path.write_bytes(b"x" * size)
        units.append(Unit(k, k, str(path)))
    a, b, c = units
    assert _head(iter(units), 0) == ([a, b], True)  # two units at least
    assert _head(iter(units), 30) == ([a, b], True)
    assert _head(iter(units), 31) == ([a, b, c], True)
    assert _head(iter(units), 61) == ([a, b, c], False)
    assert _head(iter([a]), 0) == ([a], False)
    rest = iter(units)
    assert _head(rest, 30) == ([a, b], True)
    assert list(rest) == [c]  # no further than needed

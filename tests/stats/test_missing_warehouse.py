"""Reading, compacting or re-validating the quarantine of a path that is not a
warehouse: refused, and nothing written there (only an ingest creates a warehouse)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.warehouse import WarehouseError

READS: dict[str, Callable[[Warehouse], Any]] = {
    "player_stats": lambda wh: wh.player_stats(),
    "count_hands": lambda wh: wh.count_hands(),
    "hands": lambda wh: wh.hands(),
    "skull_ace": lambda wh: wh.skull_ace(),
    "sql": lambda wh: wh.sql("SELECT count(*) FROM hands"),
    "quarantine": lambda wh: wh.quarantine(),
    "connect": lambda wh: wh.connect().close(),
    "compact": lambda wh: wh.compact(),
    "retry_quarantined": lambda wh: wh.retry_quarantined(),
}


@pytest.mark.parametrize("read", READS, ids=list(READS))
def test_a_mistyped_path_is_refused_and_not_created(tmp_path: Path, read: str) -> None:
    typo = tmp_path / "typo" / "deep" / "wh"
    with pytest.raises(WarehouseError, match="not a rakestats warehouse") as err:
        READS[read](Warehouse(typo))
    assert str(typo) in str(err.value)
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("read", ["player_stats", "compact", "retry_quarantined"])
def test_an_empty_folder_is_refused_and_left_empty(tmp_path: Path, read: str) -> None:
    with pytest.raises(WarehouseError, match="not a rakestats warehouse"):
        READS[read](Warehouse(tmp_path))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "args",
    [["compact"], ["ingest", "--retry-quarantined"], ["stats"], ["quarantine"]],
    ids=" ".join,
)
def test_the_cli_refuses_a_mistyped_path_and_does_not_create_it(
    tmp_path: Path, args: list[str]
) -> None:
    typo = tmp_path / "typo"
    result = CliRunner().invoke(main, [*args, "-w", str(typo)])
    assert result.exit_code == 2
    assert f"error: {typo}: not a rakestats warehouse" in result.output
    assert not typo.exists()


def test_an_ingest_with_a_retry_creates_the_warehouse(tmp_path: Path) -> None:
    """``ingest PATHS --retry-quarantined`` may be a job's first run: the ingest makes the
    warehouse, and there is no quarantine yet to re-validate."""
    from rakestats.sim import simulate

    simulate(5, 3, 1, tmp_path / "in")
    wh = tmp_path / "wh"
    args = ["ingest", str(tmp_path / "in"), "-w", str(wh), "--retry-quarantined"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    assert first.output.splitlines()[0] == "re-validated 0 quarantined hands: a new warehouse"
    assert Warehouse(wh).count_hands(per="hand") == 5
    again = CliRunner().invoke(main, args)
    assert again.output.startswith("re-validated 0 quarantined hands: 0 ingested")


def test_a_new_warehouse_reads_as_empty_once_created(tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([])
    assert wh.count_hands() == 0
    assert wh.player_stats().empty

"""Reading a path that is not a warehouse: refused, and nothing written there."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rakestats import Warehouse
from rakestats.warehouse import WarehouseError

READS: dict[str, Callable[[Warehouse], Any]] = {
    "player_stats": lambda wh: wh.player_stats(),
    "count_hands": lambda wh: wh.count_hands(),
    "hands": lambda wh: wh.hands(),
    "skull_ace": lambda wh: wh.skull_ace(),
    "sql": lambda wh: wh.sql("SELECT count(*) FROM hands"),
    "quarantine": lambda wh: wh.quarantine(),
    "connect": lambda wh: wh.connect().close(),
}


@pytest.mark.parametrize("read", READS, ids=list(READS))
def test_a_mistyped_path_is_refused_and_not_created(tmp_path: Path, read: str) -> None:
    typo = tmp_path / "typo" / "deep" / "wh"
    with pytest.raises(WarehouseError, match="not a rakestats warehouse") as err:
        READS[read](Warehouse(typo))
    assert str(typo) in str(err.value)
    assert not (tmp_path / "typo").exists()


def test_an_empty_folder_is_refused_and_left_empty(tmp_path: Path) -> None:
    with pytest.raises(WarehouseError, match="not a rakestats warehouse"):
        Warehouse(tmp_path).player_stats()
    assert list(tmp_path.iterdir()) == []


def test_a_new_warehouse_reads_as_empty_once_created(tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([])
    assert wh.count_hands() == 0
    assert wh.player_stats().empty

"""Why a filter matches nothing, said truly: a column that no game of the warehouse fills
(Rake has no big bet, the stud games no position); and "the warehouse has no hands"
only when it has none.

Three warehouses: Rake only (``sample_data/``), Razz only (``tests/data/razz/stars``)
and an empty one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.stats import FilterMiss

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def rake(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    w = Warehouse(tmp_path_factory.mktemp("reasons") / "rake")
    assert w.ingest([ROOT / "sample_data"]).ingested > 2000
    return w


@pytest.fixture(scope="module")
def razz(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    w = Warehouse(tmp_path_factory.mktemp("reasons") / "razz")
    assert w.ingest([ROOT / "tests" / "data" / "razz" / "stars"]).ingested > 0
    return w


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    w = Warehouse(tmp_path_factory.mktemp("reasons") / "empty")
    w.store.create()
    return w


# ------------------------------------------------------------ a column no game fills
def test_rake_has_no_big_bet(rake: Warehouse) -> None:
    assert rake.sql("SELECT count(*) FROM players").iloc[0, 0] > 0
    assert rake.unmatched_filters(big_bet=8) == [
        FilterMiss(
            "big_bet", 8, (), "no big bet 8: no hand in the warehouse has a big bet (Rake has none)"
        )
    ]


def test_stud_games_have_no_position(razz: Warehouse) -> None:
    (miss,) = razz.unmatched_filters(position=[1])
    assert miss == FilterMiss(
        "position",
        1,
        (),
        "no position 1: no hand in the warehouse has a position (Razz has none)",
    )


def test_the_column_a_game_fills_still_names_the_nearest(rake: Warehouse, razz: Warehouse) -> None:
    (ante,) = rake.unmatched_filters(position=99)
    assert ante.message.startswith("no position 99; nearest: ")
    (bet,) = razz.unmatched_filters(big_bet=1)
    assert bet.message.startswith("no big bet 1; nearest: ") and bet.nearest


def test_only_an_empty_warehouse_has_no_hands(empty: Warehouse) -> None:
    misses = empty.unmatched_filters(big_bet=8, position=1, site="PokerStars")
    assert [m.message for m in misses] == [
        "no site 'PokerStars': the warehouse has no hands",
        "no big bet 8: the warehouse has no hands",
        "no position 1: the warehouse has no hands",
    ]

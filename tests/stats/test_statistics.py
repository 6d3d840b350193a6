"""The statistics are a component of the warehouse: ``Statistics``, built from a store
without I/O, holds every statistic; ``Warehouse`` offers its methods as its own, with
the same signatures; ``HasStatistics`` types anything that has them."""

from __future__ import annotations

import inspect
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.records import Game
from rakestats.report import build_report
from rakestats.stats import HasStatistics, Statistics, StatsMixin
from rakestats.warehouse import Store
from tests._stats_fixtures import P, hand, write_warehouse

# Every Warehouse method that is its statistics' method (by the statistics' name).
DELEGATED = {
    "player_stats": "player_stats",
    "positions": "positions",
    "table_sizes": "table_sizes",
    "skull_ace": "skull_ace",
    "stud_stats": "stud_stats",
    "action_stats": "action_stats",
    "pickup_stats": "pickup_stats",
    "net_won": "net_won",
    "sessions": "sessions",
    "hands": "hands",
    "count_hands": "count_hands",
    "unmatched_filters": "unmatched_filters",
    "pinned": "pinned",
    "connect": "connect",
    "clear_stats_cache": "clear_cache",
}


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    recs = [
        hand(1, [P("Ann", 20, 30, reveal=True), P("Bob", 20, 10, reveal=True)], minutes=0),
        hand(2, [P("Ann", 10, 0, folded=1), P("Bob", 10, 20)], minutes=5),
        hand(3, [P("Ann", 40, 0), P("Cy", 40, 80)], minutes=9, game=Game.RAZZ, big_bet=20),
    ]
    return write_warehouse(tmp_path_factory.mktemp("stats") / "wh", recs)


def test_constructors_do_no_io(tmp_path: Path) -> None:
    Warehouse(tmp_path / "a")
    Statistics(Store(tmp_path / "b"))
    assert list(tmp_path.iterdir()) == []


def test_the_warehouse_holds_its_statistics(tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    assert isinstance(wh.statistics, Statistics)
    assert wh.statistics.store is wh.store
    assert isinstance(wh, HasStatistics) and isinstance(wh.statistics, HasStatistics)
    assert wh.statistics.statistics is wh.statistics
    assert not isinstance(pd.DataFrame(), HasStatistics)
    assert StatsMixin is Statistics  # the old name


@pytest.mark.parametrize(("name", "method"), sorted(DELEGATED.items()))
def test_warehouse_methods_are_the_statistics_methods(name: str, method: str) -> None:
    wh = Warehouse("unused")
    mine, theirs = getattr(wh, name), getattr(wh.statistics, method)
    assert mine == theirs  # the same function, bound to the same Statistics
    assert inspect.signature(mine) == inspect.signature(theirs)
    assert getattr(Warehouse, name).__doc__ == getattr(Statistics, method).__doc__


def test_statistics_alone_answer_as_the_warehouse(wh: Warehouse) -> None:
    alone = Statistics(Store(wh.path))
    pd.testing.assert_frame_equal(alone.player_stats(), wh.player_stats())
    pd.testing.assert_frame_equal(
        alone.hands(per="hand", newest_first=True), wh.hands(per="hand", newest_first=True)
    )
    assert list(wh.player_stats(game="rake").sort_values("player").hands) == [2, 2]


def test_hand_selection_keywords(wh: Warehouse) -> None:
    assert wh.count_hands(outcome="won") == 4  # Ann and Bob in 1, Bob in 2, Cy in 3
    assert wh.count_hands(outcome="won", per="hand") == 3
    assert list(wh.hands(outcome="won", player="Ann").hand_id) == ["H0001"]
    assert wh.count_hands(outcome="folded", game="rake", hand_id=["H0001", "H0002"]) == 1
    with pytest.raises(TypeError, match="unknown filter"):
        wh.hands(outcomes="won")  # type: ignore[call-arg]


def test_coverage_per_game(wh: Warehouse) -> None:
    cover = wh.statistics.coverage()
    assert list(cover.game) == ["rake", "razz"]
    assert list(cover.hands) == [2, 1]
    assert list(wh.statistics.coverage(player="Cy").game) == ["razz"]


def test_a_report_from_the_statistics_alone(wh: Warehouse, tmp_path: Path) -> None:
    """Anything with the statistics makes a report: the component itself, too."""
    summary = build_report(Statistics(Store(wh.path)), tmp_path / "r.html", warehouse="wh")
    assert summary.rows == 4  # Ann and Bob at Rake, Ann and Cy at Razz
    assert "Ann" in summary.html.read_text(encoding="utf-8")


def test_watch_is_the_warehouse_packages_watch_on_the_store(tmp_path: Path) -> None:
    from rakestats.warehouse import watch_paths

    wh = Warehouse(tmp_path / "wh")
    assert wh.watch.__func__ is watch_paths and wh.watch.__self__ is wh.store  # type: ignore[attr-defined]
    assert list(inspect.signature(wh.watch).parameters)[:2] == ["paths", "jobs"]
    with pytest.raises(FileNotFoundError, match="cannot watch what does not exist"):
        wh.watch(str(tmp_path / "nowhere"))  # one path, as a text

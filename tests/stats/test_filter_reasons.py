"""Why a filter matches nothing, said truly: a column that no game of the warehouse fills
(Rake has no big bet, the stud games no position), a hand category nobody showed, the
stud hands of a warehouse that has none; and "the warehouse has no hands" only when it
has none.

Three warehouses: Rake only (``sample_data/``), Razz only (``tests/data/razz/stars``)
and an empty one.
"""

from __future__ import annotations

import pytest

from rakestats import Warehouse
from rakestats.stats import STUD_GAMES, FilterMiss, Filters
from rakestats.stats._filters import category_title, filter_misses
from rakestats.stud.high import HighCategory
from rakestats.stud.low import LowCategory

RAKE_CATEGORIES = (
    "Full Pack",
    "High Card",
    "Pair",
    "Quads",
    "Run",
    "Suits Full",
    "Three of a Kind",
    "Two Pair",
)


@pytest.fixture(scope="module")
def empty(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    w = Warehouse(tmp_path_factory.mktemp("reasons") / "empty")
    w.store.create()
    return w


def _misses(
    wh: Warehouse,
    filters: Filters | None = None,
    *,
    category: str | list[str] | None = None,
    within: tuple[str, ...] | None = None,
) -> list[FilterMiss]:
    con = wh.connect()
    return filter_misses(con, filters or Filters(), category=category, within=within)


# ------------------------------------------------------------ a column no game fills
def test_rake_has_no_big_bet(sample_rake: Warehouse) -> None:
    assert sample_rake.sql("SELECT count(*) FROM players").iloc[0, 0] > 0
    assert sample_rake.unmatched_filters(big_bet=8) == [
        FilterMiss(
            "big_bet", 8, (), "no big bet 8: no hand in the warehouse has a big bet (Rake has none)"
        )
    ]


def test_stud_games_have_no_position(stars_razz: Warehouse) -> None:
    (miss,) = stars_razz.unmatched_filters(position=[1])
    assert miss == FilterMiss(
        "position",
        1,
        (),
        "no position 1: no hand in the warehouse has a position (Razz has none)",
    )


def test_the_column_a_game_fills_still_names_the_nearest(
    sample_rake: Warehouse, stars_razz: Warehouse
) -> None:
    (ante,) = sample_rake.unmatched_filters(position=99)
    assert ante.message.startswith("no position 99; nearest: ")
    (bet,) = stars_razz.unmatched_filters(big_bet=1)
    assert bet.message.startswith("no big bet 1; nearest: ") and bet.nearest


def test_only_an_empty_warehouse_has_no_hands(empty: Warehouse) -> None:
    misses = empty.unmatched_filters(big_bet=8, position=1, site="PokerStars")
    assert [m.message for m in misses] == [
        "no site 'PokerStars': the warehouse has no hands",
        "no big bet 8: the warehouse has no hands",
        "no position 1: the warehouse has no hands",
    ]


# ------------------------------------------------------------ hand categories
def test_a_category_nobody_showed_is_named_with_those_there_are(sample_rake: Warehouse) -> None:
    for value in ("Flush", "Garbage"):
        assert _misses(sample_rake, category=value) == [
            FilterMiss(
                "category",
                value,
                RAKE_CATEGORIES,
                f"no category {value!r}; there are "
                + ", ".join(map(repr, RAKE_CATEGORIES[:-1]))
                + f" or {RAKE_CATEGORIES[-1]!r}",
            )
        ]
    (miss,) = _misses(sample_rake, category=["Pair", "suits ful"])
    assert miss.message == "no category 'suits ful'; did you mean 'Suits Full'?"
    assert miss.nearest == ("Suits Full",)


def test_a_rake_category_in_a_razz_warehouse(stars_razz: Warehouse) -> None:
    (miss,) = _misses(stars_razz, category="Quads")
    assert miss == FilterMiss(
        "category", "Quads", ("No Pair",), "no category 'Quads'; there are 'No Pair'"
    )


def test_a_category_in_an_empty_warehouse(empty: Warehouse) -> None:
    (miss,) = _misses(empty, category="Pair")
    assert miss.message == "no category 'Pair': the warehouse has no hands"


def test_every_spelling_hands_accepts_is_no_miss(sample_rake: Warehouse) -> None:
    spellings = ["Suits Full", "SUITS_FULL", " suits full ", "three of a kind", "Three of a Kind"]
    assert _misses(sample_rake, category=spellings) == []
    for value in spellings:
        assert len(sample_rake.hands(category=value)) > 0, value
    assert sample_rake.hands(category="Flush").empty  # the convention: an empty frame


def test_category_titles_are_those_of_the_games() -> None:
    from rakestats.rake.evaluator import HandCategory

    assert [category_title(c.name) for c in HandCategory] == [c.title for c in HandCategory]
    assert category_title(HighCategory.FOUR_OF_A_KIND.name) == "Four of a Kind"
    assert category_title(LowCategory.NO_PAIR.name) == "No Pair"


# ------------------------------------------------------------ the stud games
def test_no_stud_hands_in_a_rake_warehouse(sample_rake: Warehouse, stars_razz: Warehouse) -> None:
    assert _misses(sample_rake, within=STUD_GAMES) == [
        FilterMiss(
            "game",
            STUD_GAMES,
            ("rake",),
            "no stud hands in the warehouse (it has Rake hands only)",
        )
    ]
    assert _misses(stars_razz, within=STUD_GAMES) == []


def test_no_stud_hands_within_a_game_filter(sample_rake: Warehouse, stars_razz: Warehouse) -> None:
    (miss,) = _misses(sample_rake, Filters(game="rake"), within=STUD_GAMES)
    assert miss == FilterMiss("game", ("rake",), (), "no stud hands: 'rake' is not a stud game")
    assert [m.message for m in _misses(stars_razz, Filters(game="rake"), within=STUD_GAMES)] == [
        "no game 'rake'; there are 'razz'",
        "no stud hands: 'rake' is not a stud game",
    ]
    assert _misses(stars_razz, Filters(game=["rake", "razz"]), within=STUD_GAMES) == [
        FilterMiss("game", "rake", ("razz",), "no game 'rake'; there are 'razz'")
    ]


def test_the_stud_games_asked_for_are_named(sample_rake: Warehouse) -> None:
    """With a game filter, the miss names the stud games asked for, not "stud"."""
    messages = [m.message for m in _misses(sample_rake, Filters(game="razz"), within=STUD_GAMES)]
    assert messages[-1] == "no Razz hands in the warehouse (it has Rake hands only)"
    both = _misses(sample_rake, Filters(game=["stud", "razz"]), within=STUD_GAMES)
    assert both[-1].message == (
        "no Razz or Seven-Card Stud hands in the warehouse (it has Rake hands only)"
    )
    every = _misses(sample_rake, Filters(game=list(STUD_GAMES)), within=STUD_GAMES)
    assert every[-1].message == "no stud hands in the warehouse (it has Rake hands only)"


def test_no_stud_hands_in_an_empty_warehouse(empty: Warehouse) -> None:
    (miss,) = _misses(empty, within=STUD_GAMES)
    assert miss.message == "no stud hands: the warehouse has no hands"

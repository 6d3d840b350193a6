"""The Ace of Skulls is Rake's card: ``skull_ace()`` covers the Rake hands only, and
says why it is empty when the hands asked for are of stud games."""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.sim.runner import simulate
from rakestats.stats import EmptyResultWarning

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Warehouse, Warehouse]:
    """Five simulated Rake hands between two players beside every room's stud hands,
    and the same Rake hands alone."""
    root = tmp_path_factory.mktemp("skull-games")
    simulate(5, 2, 3, root / "rake")
    both, alone = Warehouse(root / "both"), Warehouse(root / "alone")
    both.ingest([root / "rake", DATA / "stud", DATA / "razz"], jobs=1)
    alone.ingest([root / "rake"], jobs=1)
    return both, alone


def _reasons(call: object) -> tuple[pd.DataFrame, list[str]]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        df = call()  # type: ignore[operator]
    return df, [str(w.message) for w in caught if w.category is EmptyResultWarning]


def test_skull_ace_has_rows_of_rake_hands_only(mixed: tuple[Warehouse, Warehouse]) -> None:
    both, alone = mixed
    assert set(both.player_stats()["game"]) == {"rake", "razz", "stud", "stud8"}
    got = both.skull_ace()
    assert set(got["game"]) == {"rake"} and len(got) == 2
    pd.testing.assert_frame_equal(got, alone.skull_ace())


def test_stud_games_asked_for_say_why_there_is_no_row(
    mixed: tuple[Warehouse, Warehouse],
) -> None:
    both, _ = mixed
    df, reasons = _reasons(lambda: both.skull_ace(game="razz"))
    assert df.empty and reasons == ["no Rake hands: 'razz' is not a Rake game"]


def test_min_hands_above_every_rake_player_names_the_rake_most(
    mixed: tuple[Warehouse, Warehouse],
) -> None:
    both, _ = mixed
    assert int(both.player_stats()["hands"].max()) > 5  # a stud player has more
    df, reasons = _reasons(lambda: both.skull_ace(min_hands=6))
    assert df.empty
    assert reasons == ["no player has 6 hands or more within the filters (the most is 5)"]

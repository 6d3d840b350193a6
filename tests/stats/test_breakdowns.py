"""Rows split further (``by=``): ``stud_stats`` by site, table size and stakes, each row
the same as the statistics of that slice alone; and the names ``by`` takes."""

from __future__ import annotations

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.stats import BREAKDOWNS, STUD_BREAKDOWNS

KEYS = ["player", "game", "currency"]


def _whole_numbers(df: pd.DataFrame) -> list[str]:
    return [c for c in df.columns if pd.api.types.is_integer_dtype(df[c]) and c not in KEYS]


@pytest.mark.parametrize("by", [["site"], ["big_bet", "table_size"], ["ante"]])
def test_stud_rows_split_add_up_to_the_whole(stud_rooms: Warehouse, by: list[str]) -> None:
    whole = stud_rooms.stud_stats()
    split = stud_rooms.stud_stats(by=by)
    assert list(split.columns[: len(KEYS) + len(by)]) == [*KEYS, *by]
    assert len(split) > len(whole)  # the test histories' names sit at several rooms
    counts = _whole_numbers(whole)
    assert {"hands", "net", "scoops", "high_won", "low_won", "showdowns"} <= set(counts)
    summed = split.groupby(KEYS, dropna=False)[counts].sum().reset_index()
    pd.testing.assert_frame_equal(
        summed.sort_values(KEYS).reset_index(drop=True),
        whole[[*KEYS, *counts]].sort_values(KEYS).reset_index(drop=True),
        check_dtype=False,
    )


def test_a_stud_row_by_site_is_that_site_alone(stud_rooms: Warehouse) -> None:
    """Every column of a row by site (shares, intervals, the Hi/Lo halves joined by key)
    equals the row of the statistics filtered to that site."""
    split = stud_rooms.stud_stats(by="site")
    hilo_sites = set(split.loc[(split["game"] == "stud8") & (split["scoops"] > 0), "site"])
    assert len(hilo_sites) >= 3
    for site in sorted(hilo_sites):
        alone = stud_rooms.stud_stats(site=site).reset_index(drop=True)
        rows = split[split["site"] == site].drop(columns="site").reset_index(drop=True)
        pd.testing.assert_frame_equal(rows, alone, check_dtype=False)


def test_stud_hands_per_site_as_the_hands_list_them(stud_rooms: Warehouse) -> None:
    split = stud_rooms.stud_stats(by="site", player="Hero")
    hands = stud_rooms.hands(player="Hero")
    counted = hands.groupby(["game", "currency", "site"]).size()
    got = split.set_index(["game", "currency", "site"])["hands"]
    assert got.sort_index().to_dict() == counted.sort_index().to_dict()
    assert split["site"].nunique() >= 8  # one screen name, many rooms: kept apart


def test_min_hands_counts_a_players_hands_in_all(stud_rooms: Warehouse) -> None:
    whole = stud_rooms.stud_stats(min_hands=20)
    split = stud_rooms.stud_stats(by="site", min_hands=20)
    assert set(map(tuple, split[KEYS].values)) == set(map(tuple, whole[KEYS].values))
    assert (split["hands"] < 20).any()  # a slice of a player kept by the player's total


def test_the_stud_games_have_no_position(stud_rooms: Warehouse) -> None:
    for name in ("position", "from_dealer"):
        with pytest.raises(ValueError, match="the stud games have no dealer, so no position"):
            stud_rooms.stud_stats(by=name)
    with pytest.raises(
        ValueError,
        match=r"choose from \['ante', 'big_bet', 'day', 'month', 'site', 'table_size', "
        r"'week', 'year'\]",
    ):
        stud_rooms.stud_stats(by=["site", "colour"])
    assert set(STUD_BREAKDOWNS) == set(BREAKDOWNS) - {"position", "from_dealer"}


def test_a_name_given_twice_splits_once(stud_rooms: Warehouse) -> None:
    once = stud_rooms.player_stats(by="site")
    pd.testing.assert_frame_equal(stud_rooms.player_stats(by=["site", "site"]), once)
    pd.testing.assert_frame_equal(
        stud_rooms.stud_stats(by=("site", "table_size", "site")),
        stud_rooms.stud_stats(by=["site", "table_size"]),
    )


def test_coverage_lists_the_names_at_several_sites(stud_rooms: Warehouse) -> None:
    cover = stud_rooms.statistics.coverage().set_index("game")["names_at_sites"]
    hands = stud_rooms.hands()
    for game, listed in cover.items():
        sites = hands[hands["game"] == game].groupby("player")["site"].nunique()
        want = sorted(((-n, p) for p, n in sites.items() if n > 1))
        assert list(listed) == [f"{p}:{-n}" for n, p in want]
    assert len(cover["stud"]) > 5 and len(cover["razz"]) == 0


@pytest.mark.parametrize(
    "filters",
    [
        {},
        {"game": "stud8"},
        {"since": "2010-01-01"},
        {"since": "2010-01-01T05:00"},
        {"min_hands": 20},
    ],
)
def test_player_sites_are_the_sites_of_the_statistics_rows(
    stud_rooms: Warehouse, filters: dict[str, object]
) -> None:
    """The same rows as ``player_stats`` (the rollup's path for whole days, the raw rows'
    for an instant), each with the sites its split by site has."""
    got = stud_rooms.player_sites(**filters)  # type: ignore[arg-type]
    rows = stud_rooms.player_stats(**filters)  # type: ignore[arg-type]
    assert list(map(tuple, got[KEYS].values)) == list(map(tuple, rows[KEYS].values))
    split = stud_rooms.player_stats(by="site", **filters)  # type: ignore[arg-type]
    names = split.groupby(KEYS, dropna=False)["site"].apply(sorted)
    for r in got.itertuples():
        assert list(r.site_names) == names[(r.player, r.game, r.currency)]
        assert r.sites == len(r.site_names)
    assert (got["sites"] > 1).any()  # the test histories' names sit at several rooms


def test_player_sites_per_person(stud_rooms: Warehouse) -> None:
    aliases = {"Me": ["Hero", "s0rrow"]}
    got = stud_rooms.player_sites(aliases=aliases, player="Me", game="razz")
    assert set(got["player"]) == {"Me"}
    hands = stud_rooms.hands(player=["Hero", "s0rrow"], game="razz")
    assert int(got["sites"].sum()) == hands.groupby("currency")["site"].nunique().sum()


def test_by_none_is_no_breakdown_and_a_number_is_refused(stud_rooms: Warehouse) -> None:
    """``by=None`` (as a caller passes "no breakdown") raised 'NoneType' object is not
    iterable; a number did the same for int."""
    pd.testing.assert_frame_equal(stud_rooms.player_stats(by=None), stud_rooms.player_stats())
    pd.testing.assert_frame_equal(stud_rooms.stud_stats(by=None), stud_rooms.stud_stats())
    with pytest.raises(TypeError, match="by must be a column name or a list of them, got 5"):
        stud_rooms.player_stats(by=5)  # type: ignore[arg-type]

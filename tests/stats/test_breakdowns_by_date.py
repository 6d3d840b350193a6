"""Rows split by the UTC date of play (``by="year"``, ``"month"``, ``"week"``, ``"day"``):
each row equals the statistics of that slice of time alone, the slices add up to the
whole, the rollup and the raw rows answer alike, and the command line prints them."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main

KEYS = ["player", "game", "currency"]
DATES = ["year", "month", "week", "day"]


def _label(when: pd.Timestamp, by: str) -> object:
    """The label the statistics give the UTC time ``when`` (computed here in Python)."""
    day = when.tz_convert("UTC").date()
    if by == "year":
        return day.year
    if by == "month":
        return f"{day.year:04d}-{day.month:02d}"
    if by == "week":
        iso = day.isocalendar()
        return f"{iso.year:04d}-W{iso.week:02d}"
    return day.isoformat()


def _hands_per(wh: Warehouse, by: str, **filters: object) -> dict[tuple[object, ...], int]:
    rows = wh.hands(**filters)  # type: ignore[arg-type]
    counted: dict[tuple[object, ...], int] = {}
    for r in rows.itertuples(index=False):
        key = (r.player, r.game, r.currency, _label(r.played_at, by))
        counted[key] = counted.get(key, 0) + 1
    return counted


@pytest.mark.parametrize("by", DATES)
def test_player_rows_by_date_count_the_hands_of_that_date(
    sample_rake: Warehouse, stud_rooms: Warehouse, by: str
) -> None:
    for wh in (sample_rake, stud_rooms):
        split = wh.player_stats(by=by)
        assert list(split.columns[:4]) == [*KEYS, by]
        got = {(*k, d): int(n) for *k, d, n in split[[*KEYS, by, "hands"]].itertuples(index=False)}
        assert got == _hands_per(wh, by)


def test_the_stud_rooms_span_years_and_weeks(stud_rooms: Warehouse) -> None:
    split = stud_rooms.player_stats(by="year", player="Hero")
    assert split["year"].nunique() >= 5  # 2009 to 2020: the test spans something


@pytest.mark.parametrize("by", DATES)
def test_the_rollup_and_the_raw_rows_give_the_same_rows(stud_rooms: Warehouse, by: str) -> None:
    rolled = stud_rooms.player_stats(by=by)  # whole days: the rollup answers
    raw = stud_rooms.player_stats(by=by, since=datetime(1970, 1, 1, 0, 0, 1, tzinfo=UTC))
    pd.testing.assert_frame_equal(rolled, raw)


def test_a_month_row_is_that_month_alone(stud_rooms: Warehouse) -> None:
    split = stud_rooms.player_stats(by="month")
    months = split["month"].value_counts().index[:3]
    for month in months:
        first = date.fromisoformat(f"{month}-01")
        last = (first + timedelta(days=32)).replace(day=1) - timedelta(days=1)
        alone = stud_rooms.player_stats(since=first, until=last).reset_index(drop=True)
        rows = split[split["month"] == month].drop(columns="month").reset_index(drop=True)
        pd.testing.assert_frame_equal(rows, alone, check_dtype=False)


@pytest.mark.parametrize("by", DATES)
def test_stud_rows_by_date_add_up_to_the_whole(stud_rooms: Warehouse, by: str) -> None:
    whole = stud_rooms.stud_stats()
    split = stud_rooms.stud_stats(by=[by, "site"])
    assert list(split.columns[:5]) == [*KEYS, by, "site"]
    counts = ["hands", "net", "showdowns", "scoops", "high_won", "low_won"]
    summed = split.groupby(KEYS, dropna=False)[counts].sum().reset_index()
    pd.testing.assert_frame_equal(
        summed.sort_values(KEYS).reset_index(drop=True),
        whole[[*KEYS, *counts]].sort_values(KEYS).reset_index(drop=True),
        check_dtype=False,
    )
    got = stud_rooms.stud_stats(by=by)
    assert {(*k, d): int(n) for *k, d, n in got[[*KEYS, by, "hands"]].itertuples(index=False)} == (
        _hands_per(stud_rooms, by, game=["razz", "stud", "stud8"])
    )


def test_the_command_line_splits_by_month(stud_rooms: Warehouse) -> None:
    args = ["stats", "-w", str(stud_rooms.path), "-p", "Hero", "--by", "Month"]
    table = CliRunner().invoke(main, args)
    assert table.exit_code == 0, table.output
    assert table.stdout.splitlines()[0].split()[:4] == ["player", "game", "cur", "month"]
    js = CliRunner().invoke(main, [*args, "--format", "json"])
    rows = json.loads(js.stdout)
    want = stud_rooms.player_stats(by="month", player="Hero")
    assert [(r["month"], r["hands"]) for r in rows] == list(
        zip(want["month"], want["hands"], strict=True)
    )
    assert list(rows[0])[:4] == [*KEYS, "month"]
    stud = CliRunner().invoke(main, [*args[:-1], "year,site", "--stud", "--format", "csv"])
    assert stud.exit_code == 0, stud.output
    assert stud.stdout.splitlines()[0].startswith("player,game,currency,year,site,")


# Instants at the edges of days, months, years and ISO weeks (UTC), and what each is.
_EDGES = [
    (datetime(2020, 12, 31, 23, 59, 59, tzinfo=UTC), 2020, "2020-12", "2020-W53", "2020-12-31"),
    (datetime(2021, 1, 1, 0, 0, 0, tzinfo=UTC), 2021, "2021-01", "2020-W53", "2021-01-01"),
    (datetime(2021, 1, 3, 23, 59, 59, tzinfo=UTC), 2021, "2021-01", "2020-W53", "2021-01-03"),
    (datetime(2021, 1, 4, 0, 0, 0, tzinfo=UTC), 2021, "2021-01", "2021-W01", "2021-01-04"),
    (datetime(2024, 2, 29, 23, 59, 59, 999999, tzinfo=UTC), 2024, "2024-02", "2024-W09",
     "2024-02-29"),
    (datetime(2024, 3, 1, 0, 0, 0, tzinfo=UTC), 2024, "2024-03", "2024-W09", "2024-03-01"),
    (datetime(1969, 12, 31, 12, 0, 0, tzinfo=UTC), 1969, "1969-12", "1970-W01", "1969-12-31"),
]  # fmt: skip


@pytest.fixture(scope="module")
def edges(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    from tests._stats_fixtures import P, hand, write_warehouse

    records = [
        hand(n, [P(f"Ann{n}", 10, 20), P("Bob", 10, 0)], at=at)
        for n, (at, *_) in enumerate(_EDGES, start=1)
    ]
    return write_warehouse(tmp_path_factory.mktemp("edges") / "wh", records)


@pytest.mark.parametrize(("by", "column"), [("year", 1), ("month", 2), ("week", 3), ("day", 4)])
@pytest.mark.parametrize("path", ["rollup", "raw"])
def test_the_edges_of_days_months_years_and_weeks(
    edges: Warehouse, by: str, column: int, path: str
) -> None:
    raw = {"since": datetime(1900, 1, 1, 0, 0, 1, tzinfo=UTC)} if path == "raw" else {}
    got = edges.player_stats(by=by, **raw)  # type: ignore[arg-type]
    for n, edge in enumerate(_EDGES, start=1):
        (row,) = got[got["player"] == f"Ann{n}"][by]
        assert row == edge[column], (edge[0], by, path)
        assert row == _label(pd.Timestamp(edge[0]), by)
    bob = got[got["player"] == "Bob"]
    assert bob["hands"].sum() == len(_EDGES) and len(bob) == len({e[column] for e in _EDGES})

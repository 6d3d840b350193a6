"""One set of filters on every reading command, checked through the library and against
DuckDB counts written here independently; nothing silent; ``rakestats hands``.

The warehouse holds ``sample_data/`` (simulated Rake) and the real Razz histories of
``tests/data/razz/`` (PokerStars cash and tournament, PHH tournament hands).
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner, Result

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli._filters import EXIT_NO_MATCH, FILTER_OPTION_NAMES, filter_args
from rakestats.stats import GAMES, HAND_LIST_COLUMNS, AliasError, FilterMiss, UnknownGameError

ROOT = Path(__file__).resolve().parents[2]
RAZZ = ROOT / "tests" / "data" / "razz"


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    w = Warehouse(tmp_path_factory.mktemp("filters") / "wh")
    summary = w.ingest([ROOT / "sample_data", RAZZ / "stars", RAZZ / "phh"])
    assert summary.quarantined == 0 and summary.ingested > 2000
    return w


def _n(wh: Warehouse, sql: str, params: list[Any] | None = None) -> int:
    return int(wh.sql(sql, params or []).iloc[0, 0])


def _cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def _stats_hands(wh: Warehouse, *args: str) -> dict[tuple[str, str, str], int]:
    """``rakestats stats --format json`` as {(player, game, currency): hands}."""
    out = _cli("stats", "-w", wh.path, "--format", "json", *args)
    assert out.exit_code == 0, out.output
    return {(r["player"], r["game"], r["currency"]): r["hands"] for r in json.loads(out.stdout)}


def _listed(wh: Warehouse, *args: str) -> list[dict[str, Any]]:
    out = _cli("hands", "-w", wh.path, "--format", "json", "--limit", "0", *args)
    assert out.exit_code == 0, out.output
    rows: list[dict[str, Any]] = json.loads(out.stdout)
    return rows


def _per_player(wh: Warehouse, where: str, params: list[Any]) -> dict[tuple[str, str, str], int]:
    df = wh.sql(
        f"SELECT p.player, p.game, p.currency, count(*) AS n FROM players p "
        f"WHERE {where} GROUP BY ALL",
        params,
    )
    return {(r.player, r.game, r.currency): int(r.n) for r in df.itertuples()}


# Each filter: its CLI arguments, and the same selection of player-hands in SQL (over
# ``players p``), written here without the library.
CASES: list[tuple[str, list[str], str, list[Any]]] = [
    ("player", ["--player", "Grist"], "p.player = ?", ["Grist"]),
    (
        "players",
        ["--player", "Grist", "-p", "s0rrow"],
        "p.player IN (?, ?)",
        ["Grist", "s0rrow"],
    ),
    (
        "opponent",
        ["--player", "Léa [FR]", "--opponent", "Ирина"],
        "p.player = ? AND EXISTS (SELECT 1 FROM players o WHERE o.hand_key = p.hand_key "
        "AND o.player = ?)",
        ["Léa [FR]", "Ирина"],
    ),
    (
        "opponent alone",
        ["--opponent", "s0rrow"],
        "p.player <> ? AND p.hand_key IN (SELECT hand_key FROM players WHERE player = ?)",
        ["s0rrow", "s0rrow"],
    ),
    ("game", ["--game", "razz"], "p.game = ?", ["razz"]),
    ("site", ["--site", "PHH"], "p.site = ?", ["PHH"]),
    ("currency", ["--currency", "USD"], "p.currency = ?", ["USD"]),
    ("ante", ["--ante", "5", "--ante", "25"], "p.ante IN (?, ?)", [5, 25]),
    ("big bet", ["--big-bet", "8"], "p.big_bet = ?", [8]),
    ("table size", ["--table-size", "3"], "p.n_players = ?", [3]),
    (
        "position",
        ["--position", "1", "--game", "rake"],
        "p.position = ? AND p.game = ?",
        [1, "rake"],
    ),
    (
        "since date",
        ["--since", "2026-01-05"],
        "p.played_at >= ?::TIMESTAMPTZ",
        ["2026-01-05 00:00:00+00"],
    ),
    (
        "until datetime",
        ["--until", "2026-01-05T12:00:00"],
        "p.played_at <= ?::TIMESTAMPTZ",
        ["2026-01-05 12:00:00+00"],
    ),
    (
        "date range",
        ["--since", "2009-01-01", "--until", "2010-12-31"],
        "p.played_at >= ?::TIMESTAMPTZ AND p.played_at < ?::TIMESTAMPTZ",
        ["2009-01-01 00:00:00+00", "2011-01-01 00:00:00+00"],
    ),
    (
        "tournament",
        ["--tournament"],
        "p.hand_key IN (SELECT hand_key FROM hands WHERE is_tournament)",
        [],
    ),
    (
        "cash",
        ["--cash", "--game", "razz"],
        "p.game = 'razz' AND p.hand_key IN (SELECT hand_key FROM hands "
        "WHERE NOT coalesce(is_tournament, false))",
        [],
    ),
]


@pytest.mark.parametrize(("name", "args", "where", "params"), CASES, ids=[c[0] for c in CASES])
def test_each_filter_on_stats_and_hands(
    wh: Warehouse, name: str, args: list[str], where: str, params: list[Any]
) -> None:
    expected = _per_player(wh, where, params)
    assert expected, "the case must select something"
    assert _stats_hands(wh, *args) == expected
    # the library, with the converter the CLI uses, agrees
    ctx = main.make_context("rakestats", ["stats", "-w", wh.path, *args])
    sub = main.get_command(ctx, "stats")
    assert sub is not None
    opts = sub.make_context("stats", ["-w", wh.path, *args]).params
    lib = wh.player_stats(**filter_args(opts))
    keys3 = zip(lib.player, lib.game, lib.currency, strict=True)
    assert dict(zip(keys3, lib.hands, strict=True)) == expected
    # rakestats hands lists each hand with a matching player-hand, once
    keys = wh.sql(f"SELECT DISTINCT p.hand_id, p.site FROM players p WHERE {where}", params)
    listed = _listed(wh, *args)
    assert sorted((r["hand_id"], r["site"]) for r in listed) == sorted(
        zip(keys.hand_id, keys.site, strict=True)
    )
    assert wh.count_hands(per="hand", **filter_args(opts)) == len(keys)


def test_player_with_opponent_counts_hands_together(wh: Warehouse) -> None:
    me, other = "Léa [FR]", "Bess"
    n = _n(
        wh,
        "SELECT count(*) FROM players a JOIN players b ON a.hand_key = b.hand_key "
        "WHERE a.player = ? AND b.player = ?",
        [me, other],
    )
    assert n > 0
    rows = _listed(wh, "--player", me, "--opponent", other)
    assert len(rows) == n
    assert all({me, other} <= set(r["players"]) for r in rows)
    assert _stats_hands(wh, "--player", me, "--opponent", other) == {(me, "rake", "chips"): n}
    never = _n(
        wh,
        "SELECT count(*) FROM players a JOIN players b ON a.hand_key = b.hand_key "
        "WHERE a.player = 'Grist' AND b.player = 'Bess'",
    )
    assert never == 0  # both exist, never together: said, exit 4
    out = _cli("hands", "-w", wh.path, "--player", "Grist", "--opponent", "Bess")
    assert out.exit_code == 4 and "no hands match the filters together" in out.stderr


def test_min_hands(wh: Warehouse) -> None:
    expected = {
        k: v for k, v in _per_player(wh, "p.game = ?", ["razz"]).items() if v >= 5
    }  # fmt: skip
    assert expected
    assert _stats_hands(wh, "--game", "razz", "--min-hands", "5") == expected
    players = {r for r, _, _ in expected}
    listed = _listed(wh, "--game", "razz", "--min-hands", "5")
    assert all(players & set(r["players"]) for r in listed)


def test_player_and_players_are_one_filter(wh: Warehouse) -> None:
    a = wh.player_stats(player="Grist")
    b = wh.player_stats(players=["Grist"])
    pd.testing.assert_frame_equal(a, b)
    assert a["hands"].tolist() == [_n(wh, "SELECT count(*) FROM players WHERE player = 'Grist'")]
    with pytest.raises(TypeError, match="not both"):
        wh.player_stats(player="Grist", players=["Bess"])


@pytest.mark.parametrize(
    ("since", "until"),
    [("2026-01-06", "2026-01-04"), ("2026-01-05T12:00", "2026-01-05T11:00")],
)
def test_a_date_range_that_ends_before_it_starts_is_refused(
    wh: Warehouse, since: str, until: str
) -> None:
    """It said `no hands from 2026-01-06 to 2026-01-04; the nearest hands: …`, as if
    there might have been some."""
    with pytest.raises(ValueError, match=r"is after until .*: no time lies between"):
        wh.player_stats(since=since, until=until)
    for command in ("stats", "hands"):
        out = _cli(command, "-w", wh.path, "--since", since, "--until", until)
        assert out.exit_code == 2 and "no time lies between" in out.output, out.output
    one_day = wh.player_stats(since="2026-01-05", until="2026-01-05")  # a day: not empty
    instant = wh.hands(since="2026-01-05T00:04:00", until="2026-01-05T00:04:00")
    assert len(one_day) and isinstance(instant, pd.DataFrame)


def test_by_one_name_or_a_list(wh: Warehouse) -> None:
    """``by="position"`` was read letter by letter (``cannot break down by ['p', 'o',
    …]``)."""
    one = wh.player_stats(by="position")
    pd.testing.assert_frame_equal(one, wh.player_stats(by=["position"]))
    assert "position" in one.columns and len(one) > len(wh.player_stats())


@pytest.mark.parametrize("value", [1.0, object(), True])
def test_a_stake_of_the_wrong_type_is_named(wh: Warehouse, value: object) -> None:
    with pytest.raises(TypeError, match=f"filter ante: expected int, got {value!r}"):
        wh.player_stats(ante=value)  # type: ignore[arg-type]


def test_aliases_map_one_name_as_a_toml_file_does(wh: Warehouse) -> None:
    """``{"Team": "Grist"}`` was read letter by letter: no person Team, Grist as
    herself, and nothing said."""
    one = wh.player_stats(aliases={"Team": "Grist"})
    listed = wh.player_stats(aliases={"Team": ["Grist"]})
    pd.testing.assert_frame_equal(one, listed)
    assert "Team" in set(one.player) and "Grist" not in set(one.player)
    with pytest.raises(AliasError, match="'Team' must map to a list of screen names"):
        wh.player_stats(aliases={"Team": 7})  # type: ignore[dict-item]


def test_opponent_with_aliases(wh: Warehouse) -> None:
    people = {"Team": ["Grist", "Bess"]}
    df = wh.player_stats(aliases=people, opponent="Team")
    assert "Team" not in set(df.player)  # a person is not their own opponent
    n = _n(
        wh,
        "SELECT count(*) FROM players p WHERE p.player = 'Léa [FR]' AND EXISTS (SELECT 1 "
        "FROM players o WHERE o.hand_key = p.hand_key AND o.player IN ('Grist', 'Bess'))",
    )
    assert df.set_index("player").loc["Léa [FR]", "hands"] == n


def test_rollup_and_raw_agree_with_new_filters(wh: Warehouse) -> None:
    # position takes the rollup; an exact instant reads the raw rows: same figures
    day = wh.player_stats(position=2, since="2026-01-05", until="2026-01-05")
    raw = wh.player_stats(position=2, since="2026-01-05T00:00:00", until="2026-01-05T23:59:59")
    pd.testing.assert_frame_equal(day, raw)


# ---------------------------------------------------------------- nothing silent
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--player", "grist"], "no player 'grist'; did you mean 'Grist'?"),
        (["--player", "Nobody Here"], "no player 'Nobody Here'"),
        (["--opponent", "bess"], "no opponent 'bess'; did you mean 'Bess'?"),
        (["--game", "holdem"], f"unknown game 'holdem' (known games: {', '.join(GAMES)})"),
        (["--game", "Rake"], "unknown game 'Rake'; did you mean 'rake'?"),
        (["--site", "pokerstars"], "no site 'pokerstars'; did you mean 'PokerStars'?"),
        (["--currency", "usd"], "no currency 'usd'; did you mean 'USD'?"),
        (["--ante", "15"], "no ante 15; nearest: 5, 10, 25"),
        (["--table-size", "9"], "no table size 9; nearest: 6, 7, 8"),
        (["--position", "12"], "no position 12; nearest: 6, 7, 8"),
        (["--since", "2027-01-01"], "no hands since 2027-01-01; the nearest hands: 2026-01-05"),
        (["--until", "2001-01-01"], "no hands until 2001-01-01; the nearest hands: 2009-11-26"),
        (
            ["--since", "2020-01-01", "--until", "2020-12-31"],
            "no hands from 2020-01-01 to 2020-12-31; the nearest hands: 2010-09-09",
        ),
        (["--min-hands", "100000"], "no player has 100000 hands or more within the filters"),
        (
            ["--game", "razz", "--ante", "25"],
            "no hands match the filters together (each value exists on its own)",
        ),
    ],
)
@pytest.mark.parametrize("command", ["stats", "hands"])
def test_nothing_silent_on_the_cli(
    wh: Warehouse, command: str, args: list[str], message: str
) -> None:
    for fmt in ("table", "json"):
        out = _cli(command, "-w", wh.path, "--format", fmt, *args)
        assert out.exit_code == EXIT_NO_MATCH == 4, out.output
        assert message in out.stderr
        assert out.stdout == ""


def test_several_misses_are_all_named(wh: Warehouse) -> None:
    out = _cli("stats", "-w", wh.path, "-p", "grist", "-p", "Bess", "--site", "stars")
    assert out.exit_code == 4
    lines = out.stderr.splitlines()
    assert lines[0] == "no player 'grist'; did you mean 'Grist'?"
    assert lines[1].startswith("no site 'stars'")
    assert "'Bess'" not in out.stderr


def test_library_misses_carry_data(wh: Warehouse) -> None:
    (miss,) = wh.unmatched_filters(player="grist")
    assert miss == FilterMiss(
        "players", "grist", ("Grist",), "no player 'grist'; did you mean 'Grist'?"
    )
    assert wh.unmatched_filters(player="Grist", game="rake", ante=[5, 10]) == []
    (ante,) = wh.unmatched_filters(ante=[5, 15])
    assert (ante.filter, ante.value, ante.nearest) == ("ante", 15, (5, 10, 25))
    assert [m.filter for m in wh.unmatched_filters(player="Grist", opponent="x")] == ["opponent"]


@pytest.mark.parametrize("game", ["Rake", "holdem", "RAZZ"])
def test_library_rejects_unknown_games(wh: Warehouse, game: str) -> None:
    for method in (wh.player_stats, wh.hands, wh.stud_stats, wh.net_won, wh.unmatched_filters):
        with pytest.raises(ValueError, match=f"unknown game '{game}'.*known games: rake, razz"):
            method(game=game)
    with pytest.raises(UnknownGameError) as info:
        wh.skull_ace(game=["rake", game])
    assert info.value.game == game and info.value.known == GAMES
    assert GAMES[:2] == ("rake", "razz")


METHODS = [
    "player_stats",
    "positions",
    "table_sizes",
    "skull_ace",
    "reveal_categories",
    "stud_stats",
    "action_stats",
    "pickup_stats",
    "net_won",
    "sessions",
    "hands",
]


@pytest.mark.parametrize("method", METHODS)
def test_empty_frames_keep_columns_and_dtypes(wh: Warehouse, method: str) -> None:
    call = getattr(wh, method)
    full = call()
    assert not full.empty
    for filters in (
        {"player": "Nobody Here"},  # a valid filter that matches nothing
        {"game": "razz", "ante": 25},
        {"min_hands": 10**6},
    ):
        empty = call(**filters)
        assert empty.empty
        assert list(empty.columns) == list(full.columns)
        assert empty.dtypes.to_dict() == full.dtypes.to_dict(), filters
    # a selection whose rows hold no NULL (one game) has the same dtypes as well
    for game in ("rake", "razz"):
        part = call(game=game)
        assert part.dtypes.to_dict() == full.dtypes.to_dict(), game


def test_hand_list_dtypes_do_not_depend_on_rows(wh: Warehouse) -> None:
    full = wh.hands(per="hand")
    for filters in ({"player": "Nobody Here"}, {"game": "razz"}, {"game": "rake"}):
        part = wh.hands(per="hand", **filters)
        assert part.dtypes.to_dict() == full.dtypes.to_dict(), filters
    assert list(full.columns) == list(HAND_LIST_COLUMNS)


# ---------------------------------------------------------------- rakestats hands
def test_hands_list_matches_the_warehouse(wh: Warehouse) -> None:
    rows = _listed(wh, "--player", "s0rrow")
    hands = wh.sql(
        "SELECT h.hand_id, h.played_at, h.total_pot, h.currency, h.ante, h.big_bet "
        "FROM hands h WHERE h.hand_key IN (SELECT hand_key FROM players WHERE player = ?) "
        "ORDER BY h.played_at DESC, h.hand_id DESC",
        ["s0rrow"],
    )
    assert [r["hand_id"] for r in rows] == hands["hand_id"].tolist()
    times = [r["played_at"] for r in rows]
    assert times == sorted(times, reverse=True)
    first = rows[0]
    assert first["total_pot"] == hands["total_pot"].iloc[0]
    assert first["currency"] == "USD" and isinstance(first["total_pot"], int)
    assert first["total_pot_display"] == f"${first['total_pot'] / 100:.2f}"
    assert (first["ante_display"], first["big_bet_display"]) == ("$0.01", "$0.08")
    players = wh.sql(
        "SELECT player, collected FROM players WHERE hand_id = ? ORDER BY seat",
        [first["hand_id"]],
    )
    assert first["players"] == players["player"].tolist()
    assert first["winners"] == players.loc[players.collected > 0, "player"].tolist()
    assert set(first) == set(HAND_LIST_COLUMNS) | {
        "total_pot_display",
        "ante_display",
        "big_bet_display",
        "small_bet_display",
    }


def test_hands_skull_ace_outcome(wh: Warehouse) -> None:
    rows = _listed(wh, "--skull-ace", "auto_loss")
    n = _n(wh, "SELECT count(DISTINCT hand_key) FROM players WHERE skull_ace_outcome = 'auto_loss'")
    assert len(rows) == n > 0
    for r in rows[:20]:
        (holder,) = wh.sql(
            "SELECT player FROM players WHERE hand_id = ? AND skull_ace_held", [r["hand_id"]]
        )["player"]
        assert (r["skull_ace_outcome"], r["skull_ace_holder"]) == ("auto_loss", holder)
    table = _cli("hands", "-w", wh.path, "--skull-ace", "auto_loss", "--limit", "3")
    assert table.exit_code == 0
    assert f"auto_loss ({rows[0]['skull_ace_holder']})" in table.stdout


def test_hands_limit_and_how_many_more(wh: Warehouse) -> None:
    total = _n(wh, "SELECT count(*) FROM hands")
    out = _cli("hands", "-w", wh.path)
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert len(lines) == 2 + 50 + 1  # header, rule, 50 hands (the default), the note
    assert lines[-1] == f"{total - 50} more hands match (--limit 0 lists all)"
    newest = wh.sql("SELECT hand_id FROM hands ORDER BY played_at DESC, hand_id DESC LIMIT 3")
    assert [ln.split()[0] for ln in lines[2:5]] == newest["hand_id"].tolist()
    out = _cli("hands", "-w", wh.path, "--limit", "3", "--format", "json")
    assert [r["hand_id"] for r in json.loads(out.stdout)] == newest["hand_id"].tolist()
    assert out.stderr.strip() == f"{total - 3} more hands match (--limit 0 lists all)"
    out = _cli("hands", "-w", wh.path, "--game", "razz", "--limit", "0", "--format", "csv")
    assert out.stderr == ""
    assert len(list(csv.DictReader(io.StringIO(out.stdout)))) == _n(
        wh, "SELECT count(*) FROM hands WHERE game = 'razz'"
    )


def test_hands_table_shows_money_in_the_currency(wh: Warehouse) -> None:
    out = _cli("hands", "-w", wh.path, "--currency", "USD", "--limit", "1")
    assert out.exit_code == 0
    head, _, row, note = out.stdout.splitlines()
    assert head.split()[:4] == ["hand", "played", "(UTC)", "game"]
    first = _listed(wh, "--currency", "USD")[0]
    assert row.startswith(first["hand_id"]) and "$0.04/$0.08" in row  # as the room names it
    assert (first["small_bet_display"], first["big_bet_display"]) == ("$0.04", "$0.08")
    assert first["total_pot_display"] in row and ", ".join(first["winners"]) in row
    assert note.endswith("more hands match (--limit 0 lists all)")


def test_hands_csv_keeps_integers_beside_display(wh: Warehouse) -> None:
    out = _cli("hands", "-w", wh.path, "--game", "razz", "--currency", "USD", "--format", "csv")
    assert out.exit_code == 0, out.output
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    header = out.stdout.splitlines()[0].split(",")
    assert header[: len(HAND_LIST_COLUMNS)] == list(HAND_LIST_COLUMNS)
    assert header[len(HAND_LIST_COLUMNS) :] == [
        "total_pot_display",
        "ante_display",
        "big_bet_display",
        "small_bet_display",
    ]
    by_id = {r["hand_id"]: r for r in _listed(wh, "--game", "razz", "--currency", "USD")}
    for r in rows:
        j = by_id[r["hand_id"]]
        assert int(r["total_pot"]) == j["total_pot"] and r["total_pot_display"].startswith("$")
        assert r["players"].split("; ") == j["players"]
        assert r["winners"].split("; ") == j["winners"]


def test_every_reading_command_has_the_filters_and_an_example() -> None:
    names = {
        "players": "--player",
        "opponent": "--opponent",
        "game": "--game",
        "site": "--site",
        "currency": "--currency",
        "ante": "--ante",
        "big_bet": "--big-bet",
        "table_size": "--table-size",
        "position": "--position",
        "since": "--since",
        "until": "--until",
        "tournament": "--tournament",
        "min_hands": "--min-hands",
        "aliases": "--aliases",
    }
    assert set(names) == set(FILTER_OPTION_NAMES)
    for command in ("stats", "hands"):
        out = _cli(command, "--help")
        assert out.exit_code == 0
        text = " ".join(out.stdout.split())
        assert f"Example: rakestats {command}" in text
        for flag in (*names.values(), "--cash"):
            assert flag in text, (command, flag)


def test_since_takes_a_date_or_a_datetime(wh: Warehouse) -> None:
    a = _stats_hands(wh, "--since", "2026-01-05 18:00")
    b = _stats_hands(wh, "--since", "2026-01-05T19:00+01:00")
    c = _per_player(wh, "p.played_at >= ?::TIMESTAMPTZ", ["2026-01-05 18:00:00+00"])
    assert a == b == c
    out = _cli("stats", "-w", wh.path, "--since", "yesterday")
    assert out.exit_code == 2 and "neither a date" in out.stderr


def test_empty_warehouse_says_so(tmp_path: Path) -> None:
    w = Warehouse(tmp_path / "wh")
    w.store.create()
    for command in ("stats", "hands"):
        out = _cli(command, "-w", w.path)
        assert out.exit_code == 4 and "the warehouse is empty" in out.stderr
        out = _cli(command, "-w", w.path, "--player", "Grist")
        assert out.exit_code == 4
        assert "no player 'Grist': the warehouse has no hands" in out.stderr


@pytest.mark.parametrize(
    ("value", "rows_as"),
    [
        (np.datetime64("2026-01-05"), date(2026, 1, 5)),
        (np.datetime64("2026-01-05T18:30:00.000000"), datetime(2026, 1, 5, 18, 30, tzinfo=UTC)),
        (pd.Timestamp("2026-01-05 13:30", tz="US/Eastern"), "2026-01-05T18:30:00+00:00"),
    ],
)
def test_times_as_numpy_and_pandas_give_them(wh: Warehouse, value: object, rows_as: object) -> None:
    """``df.played_at.values.max()`` is numpy's datetime64: it raised `combine() argument
    1 must be datetime.date, not numpy.datetime64`."""
    for key in ("since", "until"):
        got = wh.player_stats(**{key: value})  # type: ignore[arg-type]
        pd.testing.assert_frame_equal(got, wh.player_stats(**{key: rows_as}))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "value", [20260105, 1.5, ["2026-01-05"], np.array(["2026-01-05"]), pd.Series(["2026-01-05"])]
)
def test_a_time_of_the_wrong_type_is_named(wh: Warehouse, value: object) -> None:
    with pytest.raises(TypeError, match="since and until take a date, a datetime or ISO text"):
        wh.player_stats(since=value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [pd.NaT, np.datetime64("NaT")])
def test_no_time_is_refused(wh: Warehouse, value: object) -> None:
    """``since=pd.NaT`` gave an empty frame."""
    with pytest.raises(ValueError, match="since and until take a time, got"):
        wh.player_stats(until=value)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("key", "numpy_value", "python_value"),
    [
        ("ante", np.int64(5), 5),
        ("ante", np.array([5, 10]), [5, 10]),
        ("table_size", np.int32(6), 6),
        ("table_size", pd.Series([3, 4]), [3, 4]),
        ("min_hands", np.int64(50), 50),
        ("tournament", np.False_, False),
    ],
)
def test_numpy_values_from_a_frame_are_filters(
    wh: Warehouse, key: str, numpy_value: object, python_value: object
) -> None:
    """``wh.player_stats(ante=df["ante"].iloc[0])`` raised `expected int, got
    np.int64(5)`: values taken from a frame are numpy's."""
    expected = wh.player_stats(**{key: python_value})  # type: ignore[arg-type]
    assert len(expected)
    pd.testing.assert_frame_equal(wh.player_stats(**{key: numpy_value}), expected)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(wh.hands(**{key: numpy_value}), wh.hands(**{key: python_value}))  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [np.True_, True, 5.0, np.float64(5)])
def test_bools_and_floats_are_not_stakes(wh: Warehouse, value: object) -> None:
    with pytest.raises(TypeError, match="filter ante: expected int"):
        wh.player_stats(ante=value)  # type: ignore[arg-type]

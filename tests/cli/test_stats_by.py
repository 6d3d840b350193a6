"""``rakestats stats --by``: rows split further through the command line, checked
against the library's ``player_stats(by=...)`` and ``stud_stats(by=...)``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli.stats import JSON_KEYS


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_json_rows_by_site_are_the_librarys(stud_rooms: Warehouse) -> None:
    rows = json.loads(_run("stats", "-w", str(stud_rooms.path), "--by", "site", "--format", "json"))
    lib = stud_rooms.player_stats(by="site")
    assert [(r["player"], r["game"], r["currency"], r["site"]) for r in rows] == list(
        lib[["player", "game", "currency", "site"]].itertuples(index=False, name=None)
    )
    assert [r["hands"] for r in rows] == lib["hands"].tolist()
    assert [r["net"] for r in rows] == lib["net"].tolist()
    keys = list(rows[0])
    assert keys[:5] == ["player", "game", "currency", "site", "hands"]
    assert [k for k in keys if k != "site" and not k.endswith("_display")] == list(JSON_KEYS)


def test_dashed_names_and_stakes_shown_as_money(stud_rooms: Warehouse) -> None:
    out = _run(
        "stats", "-w", str(stud_rooms.path), "--stud", "--by", "big-bet,", "--by", "Table-Size",
        "--currency", "USD", "--format", "json",
    )  # fmt: skip
    rows = json.loads(out)
    lib = stud_rooms.stud_stats(by=["big_bet", "table_size"], currency="USD")
    assert [(r["big_bet"], r["table_size"]) for r in rows] == list(
        lib[["big_bet", "table_size"]].itertuples(index=False, name=None)
    )
    shown = {r["big_bet"]: r["big_bet_display"] for r in rows}
    assert shown[8] == "$0.08" and shown[200] == "$2.00"


def test_the_table_shows_the_split_after_the_currency(stud_rooms: Warehouse) -> None:
    table = _run("stats", "-w", str(stud_rooms.path), "--by", "site", "--player", "Hero")
    head = table.splitlines()[0].split()
    assert head[:5] == ["player", "game", "cur", "site", "hands"]
    sites = set(stud_rooms.hands(player="Hero")["site"])
    body = "\n".join(table.splitlines()[2:])
    assert all(site in body for site in sites)
    csv = _run("stats", "-w", str(stud_rooms.path), "--by", "ante", "--format", "csv")
    header = csv.splitlines()[0].split(",")
    assert header[:4] == ["player", "game", "currency", "ante"] and "ante_display" in header


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stud", "--by", "position"], "the stud games have no dealer, so no position"),
        (["--by", "seat"], "cannot split rows by 'seat'; choose from position, from-dealer"),
        (["--by", " , "], "Invalid value for '--by': names no column"),
    ],
)
def test_a_split_the_statistics_cannot_make_is_a_usage_error(
    stud_rooms: Warehouse, args: list[str], message: str
) -> None:
    out = _run("stats", "-w", str(stud_rooms.path), *args, code=2)
    assert message in " ".join(out.split())


def _both(*args: str) -> tuple[str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout, result.stderr


def test_the_table_notes_rows_that_add_up_several_sites(stud_rooms: Warehouse) -> None:
    w = str(stud_rooms.path)
    out, err = _both("stats", "-w", w, "--game", "stud8")
    sites = stud_rooms.player_sites(game="stud8")
    several = sites[sites["sites"] > 1].sort_values(["sites", "player"], ascending=[False, True])
    top = several.iloc[0]
    assert err.startswith(f"note: {len(several)} rows add up a name played at several sites ")
    assert f"({top.player} stud8 {top.currency}: {top.sites} sites, " in err
    assert "--by site keeps the sites apart" in err and "note:" not in out
    for args in (["--by", "site"], ["--site", "PokerStars"], ["--format", "csv"]):
        out, err = _both("stats", "-w", w, "--game", "stud8", *args)
        assert "note:" not in err + out, args


def test_no_note_for_a_single_site(sample_rake: Warehouse) -> None:
    out, err = _both("stats", "-w", str(sample_rake.path))
    assert out and not err


@pytest.mark.parametrize("by", ["month", "big-bet"])
def test_split_rows_are_noted_by_their_own_sites(stud_rooms: Warehouse, by: str) -> None:
    """With --by month each row is a month of a name: the note counted the name's sites
    in all for every one of its months (26 rows, 'Hero stud USD: 9 sites' three times);
    now a month is noted when its own hands were played at several sites."""
    column = by.replace("-", "_")
    hands = stud_rooms.hands(player="Hero")
    if column == "month":
        hands["month"] = hands["played_at"].dt.tz_convert("UTC").dt.strftime("%Y-%m")
    per_row = hands.groupby(["game", "currency", column], dropna=False)["site"].nunique()
    several = per_row[per_row > 1]
    assert 0 < len(several) < len(per_row)
    _, err = _both("stats", "-w", str(stud_rooms.path), "-p", "Hero", "--by", by)
    assert err.startswith(f"note: {len(several)} rows add up a name played at several sites (")
    named = err[err.index("(") + 1 : err.index(")")].removesuffix(", …").split(", ")
    assert len(named) == min(3, len(several))
    for item in named:  # "Hero stud USD 2010-09: 2 sites", "... big bet $0.50: 3 sites"
        words, n = item.rsplit(": ", 1)
        _, game, currency, value = words.split(" ", 3)
        if column == "big_bet":
            value = str(round(100 * float(value.removeprefix("big bet $"))))
        match = [k for k in several.index if (k[0], k[1], str(k[2])) == (game, currency, value)]
        assert len(match) == 1 and n == f"{several[match[0]]} sites", item
    got = stud_rooms.player_sites(by=column, player="Hero")
    got = got.set_index(["game", "currency", column])["sites"]
    assert got.sort_index().to_dict() == per_row.sort_index().to_dict()

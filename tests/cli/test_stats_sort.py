"""``rakestats stats --sort COLUMN [--reverse] --limit N``: the top rows by a column,
checked against the library's frame sorted in pandas."""

from __future__ import annotations

import csv
import io
import json

from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main


def _run(*args: str, code: int = 0) -> tuple[str, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.stdout, result.stderr


def test_the_top_rows_by_a_number(stud_rooms: Warehouse) -> None:
    w = str(stud_rooms.path)
    out, err = _run("stats", "-w", w, "--sort", "hands", "--limit", "5", "--format", "json")
    rows = json.loads(out)
    lib = stud_rooms.player_stats().sort_values("hands", ascending=False, kind="stable")
    assert [(r["player"], r["game"], r["currency"]) for r in rows] == list(
        lib[["player", "game", "currency"]].head(5).itertuples(index=False, name=None)
    )
    assert err.strip() == f"{len(lib) - 5} more rows (--limit 0 lists all)"


def test_reverse_and_words(stud_rooms: Warehouse) -> None:
    w = str(stud_rooms.path)
    out, _ = _run("stats", "-w", w, "--sort", "player", "--reverse", "--format", "csv")
    names = [r["player"] for r in csv.DictReader(io.StringIO(out))]
    assert names == sorted(names, reverse=True) and len(names) == len(stud_rooms.player_stats())
    out, _ = _run("stats", "-w", w, "--stud", "--sort", "net", "--reverse", "--limit", "1")
    lib = stud_rooms.stud_stats()
    worst = lib.loc[lib["net"].idxmin()]
    assert out.splitlines()[2].startswith(f"{worst['player']} ")
    assert "more rows (--limit 0 lists all)" in out  # the table says it below itself


def test_no_such_column(stud_rooms: Warehouse) -> None:
    _, err = _run("stats", "-w", str(stud_rooms.path), "--sort", "bogus", code=2)
    assert "no column 'bogus' to sort by" in err


def test_reverse_without_a_column_is_a_usage_error(stud_rooms: Warehouse) -> None:
    _, err = _run("stats", "-w", str(stud_rooms.path), "--reverse", code=2)
    assert "--reverse reverses the order of --sort: name a column" in err


def test_amounts_of_several_currencies_are_noted(stud_rooms: Warehouse) -> None:
    """500 chips are not $5.00: ordering amounts across currencies says so, counted over
    every matching row, not only those --limit keeps."""
    w = str(stud_rooms.path)
    currencies = set(stud_rooms.player_stats()["currency"])
    assert len(currencies) >= 3
    for args in (
        ["stats", "--sort", "net", "--limit", "1", "--format", "csv"],
        ["sessions", "--sort", "net", "--limit", "1", "--format", "json"],
        ["hands", "--sort", "total_pot", "--limit", "1", "--format", "csv"],
    ):
        _, err = _run(args[0], "-w", w, *args[1:])
        line = next(x for x in err.splitlines() if x.startswith("note: "))
        assert f"orders amounts of {len(currencies)} currencies (" in line, args
        assert set(line.split("(")[1].split(")")[0].split(", ")) == currencies
        _, err = _run(args[0], "-w", w, *args[1:], "--currency", "USD")
        assert "orders amounts" not in err, args
    for args in (["stats", "--sort", "hands"], ["hands", "--sort", "n_players"]):
        _, err = _run(args[0], "-w", w, *args[1:], "--format", "csv")
        assert "orders amounts" not in err, args
    _, err = _run("hands", "-w", w, "--sort", "total_pot", "--player", "s0rrow", "--format", "csv")
    assert "orders amounts" not in err  # his hands are all of one currency

"""``rakestats sessions``: the command's rows, checked against ``Warehouse.sessions``."""

from __future__ import annotations

import csv
import io
import json

import pandas as pd
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli.sessions import JSON_KEYS


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


def test_json_rows_are_the_librarys_sessions(sample_rake: Warehouse) -> None:
    w = str(sample_rake.path)
    rows = json.loads(_run("sessions", "-w", w, "-p", "Grist", "--gap", "1", "--format", "json"))
    lib = sample_rake.sessions(gap=1, player="Grist")
    assert len(rows) == len(lib) > 1
    assert all(list(r) == list(JSON_KEYS) for r in rows)
    assert [r["hands"] for r in rows] == lib["hands"].tolist()
    assert [r["net"] for r in rows] == lib["net"].tolist()
    assert [pd.Timestamp(r["start"]) for r in rows] == lib["start"].tolist()
    assert [pd.Timestamp(r["end"]) for r in rows] == lib["end"].tolist()
    assert rows[0]["start"].endswith("+00:00")


def test_a_longer_gap_joins_sessions_and_keeps_every_hand(sample_rake: Warehouse) -> None:
    w = str(sample_rake.path)
    short = list(
        csv.DictReader(io.StringIO(_run("sessions", "-w", w, "--gap", "1", "--format", "csv")))
    )
    long = list(csv.DictReader(io.StringIO(_run("sessions", "-w", w, "--format", "csv"))))
    assert list(short[0]) == list(JSON_KEYS)
    assert len(short) > len(long)
    hands = sample_rake.player_stats()["hands"].sum()
    assert sum(int(r["hands"]) for r in short) == sum(int(r["hands"]) for r in long) == hands


def test_the_table_shows_money_in_the_currency(stud_rooms: Warehouse) -> None:
    table = _run("sessions", "-w", str(stud_rooms.path), "-p", "Hero", "--currency", "USD")
    lines = table.splitlines()
    assert lines[0].split()[:5] == ["player", "game", "cur", "session", "start"]
    lib = stud_rooms.sessions(player="Hero", currency="USD")
    assert len(lines) == 2 + len(lib)
    net = lib["net"].iloc[0]
    assert f"${abs(net) / 100:,.2f}" in lines[2]


def test_nothing_matched_and_a_gap_of_nothing(sample_rake: Warehouse) -> None:
    w = str(sample_rake.path)
    out = _run("sessions", "-w", w, "-p", "grist", code=4)
    assert "did you mean 'Grist'?" in out
    out = _run("sessions", "-w", w, "--gap", "0", code=2)
    assert "'--gap'" in out


def test_a_gap_that_is_no_length_is_a_usage_error(sample_rake: Warehouse) -> None:
    w = str(sample_rake.path)
    for gap, says in (
        ("nan", "nan is not a finite number of minutes"),
        ("inf", "inf is not a finite number of minutes"),
        ("1e13", "1e+13 minutes is over the longest gap"),
    ):
        assert says in _run("sessions", "-w", w, "--gap", gap, code=2), gap


def test_the_latest_sessions_first(stud_rooms: Warehouse) -> None:
    w = str(stud_rooms.path)
    result = CliRunner().invoke(
        main, ["sessions", "-w", w, "--sort", "start", "--limit", "4", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    lib = stud_rooms.sessions().sort_values("start", ascending=False, kind="stable")
    assert [pd.Timestamp(r["start"]) for r in rows] == lib["start"].head(4).tolist()
    assert result.stderr.strip() == f"{len(lib) - 4} more rows (--limit 0 lists all)"
    oldest = _run("sessions", "-w", w, "--sort", "start", "--reverse", "--limit", "1")
    first = stud_rooms.sessions()["start"].min()
    assert first.strftime("%Y-%m-%d %H:%M:%S") in oldest.splitlines()[2]

"""``rakestats stats`` and ``hands`` say truly why nothing matched (exit status 4): a
column no game of the warehouse fills, an unknown hand category, no stud hands; checked
against the library's ``Warehouse.unmatched_filters``."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli._filters import EXIT_NO_MATCH
from rakestats.stats import STUD_GAMES

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


def _cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", ["stats", "hands"])
def test_rake_has_no_big_bet(rake: Warehouse, command: str) -> None:
    out = _cli(command, "-w", str(rake.path), "--big-bet", "8")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no big bet 8: no hand in the warehouse has a big bet (Rake has none)"
    assert out.stderr.splitlines() == [message]
    assert [m.message for m in rake.unmatched_filters(big_bet=8)] == [message]


@pytest.mark.parametrize("command", ["stats", "hands"])
def test_razz_has_no_position(razz: Warehouse, command: str) -> None:
    out = _cli(command, "-w", str(razz.path), "--position", "1")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no position 1: no hand in the warehouse has a position (Razz has none)"
    assert out.stderr.splitlines() == [message]
    assert "the warehouse has no hands" not in out.stderr
    assert [m.message for m in razz.unmatched_filters(position=1)] == [message]


@pytest.mark.parametrize("value", ["Flush", "Garbage"])
def test_an_unknown_category_is_named(rake: Warehouse, value: str) -> None:
    out = _cli("hands", "-w", str(rake.path), "--category", value)
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line.startswith(f"no category {value!r}; there are 'Full Pack', ")
    assert "together" not in out.stderr
    (miss,) = rake.unmatched_filters(category=value)
    assert (miss.filter, miss.value, miss.message) == ("category", value, line)
    assert rake.hands(category=value).empty


def test_a_rake_category_on_razz(razz: Warehouse) -> None:
    out = _cli("hands", "-w", str(razz.path), "--category", "Quads")
    assert out.exit_code == EXIT_NO_MATCH
    assert out.stderr.splitlines() == ["no category 'Quads'; there are 'No Pair'"]
    out = _cli("hands", "-w", str(razz.path), "--category", "no pair", "--format", "json")
    assert out.exit_code == 0 and out.stdout.startswith("[")


def test_stud_stats_of_a_rake_warehouse(rake: Warehouse, razz: Warehouse) -> None:
    out = _cli("stats", "-w", str(rake.path), "--stud")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no stud hands in the warehouse (it has Rake hands only)"
    assert out.stderr.splitlines() == [message]
    assert [m.message for m in rake.unmatched_filters(within=STUD_GAMES)] == [message]
    assert rake.stud_stats().empty
    assert _cli("stats", "-w", str(razz.path), "--stud").exit_code == 0
    assert _cli("stats", "-w", str(rake.path)).exit_code == 0

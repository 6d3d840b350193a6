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
from tests._warehouses import all_quarantined


def _cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", ["stats", "hands"])
def test_rake_has_no_big_bet(sample_rake: Warehouse, command: str) -> None:
    out = _cli(command, "-w", str(sample_rake.path), "--big-bet", "8")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no big bet 8: no hand in the warehouse has a big bet (Rake has none)"
    assert out.stderr.splitlines() == [message]
    assert [m.message for m in sample_rake.unmatched_filters(big_bet=8)] == [message]


@pytest.mark.parametrize("command", ["stats", "hands"])
def test_razz_has_no_position(stars_razz: Warehouse, command: str) -> None:
    out = _cli(command, "-w", str(stars_razz.path), "--position", "1")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no position 1: no hand in the warehouse has a position (Razz has none)"
    assert out.stderr.splitlines() == [message]
    assert "the warehouse has no hands" not in out.stderr
    assert [m.message for m in stars_razz.unmatched_filters(position=1)] == [message]


@pytest.mark.parametrize("value", ["Flush", "Garbage"])
def test_an_unknown_category_is_named(sample_rake: Warehouse, value: str) -> None:
    out = _cli("hands", "-w", str(sample_rake.path), "--category", value)
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    (line,) = out.stderr.splitlines()
    assert line.startswith(f"no category {value!r}; there are 'Full Pack', ")
    assert "together" not in out.stderr
    (miss,) = sample_rake.unmatched_filters(category=value)
    assert (miss.filter, miss.value, miss.message) == ("category", value, line)
    assert sample_rake.hands(category=value).empty


def test_a_rake_category_on_razz(stars_razz: Warehouse) -> None:
    out = _cli("hands", "-w", str(stars_razz.path), "--category", "Quads")
    assert out.exit_code == EXIT_NO_MATCH
    assert out.stderr.splitlines() == ["no category 'Quads'; there are 'No Pair'"]
    out = _cli("hands", "-w", str(stars_razz.path), "--category", "no pair", "--format", "json")
    assert out.exit_code == 0 and out.stdout.startswith("[")


def test_stud_stats_of_a_rake_warehouse(sample_rake: Warehouse, stars_razz: Warehouse) -> None:
    out = _cli("stats", "-w", str(sample_rake.path), "--stud")
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    message = "no stud hands in the warehouse (it has Rake hands only)"
    assert out.stderr.splitlines() == [message]
    assert [m.message for m in sample_rake.unmatched_filters(within=STUD_GAMES)] == [message]
    assert sample_rake.stud_stats().empty
    assert _cli("stats", "-w", str(stars_razz.path), "--stud").exit_code == 0
    assert _cli("stats", "-w", str(sample_rake.path)).exit_code == 0


@pytest.mark.parametrize("command", ["stats", "hands", "report"])
def test_a_warehouse_of_quarantined_hands_is_not_called_empty(command: str, tmp_path: Path) -> None:
    """Every hand it was given failed validation: it said `the warehouse is empty`."""
    all_quarantined(tmp_path)
    args = [command, "-w", str(tmp_path / "wh")]
    out = _cli(*args, *(["--out", str(tmp_path / "r.html")] if command == "report" else []))
    assert out.exit_code == EXIT_NO_MATCH and out.stdout == ""
    assert out.stderr.splitlines() == [
        "no hands: the warehouse holds none that passed validation "
        f"(6 quarantined: rakestats quarantine -w {tmp_path / 'wh'} lists them)"
    ]

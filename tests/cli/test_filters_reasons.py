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

"""Stakes written as money on the command line (``--big-bet 0.10``, ``--big-bet '$0.10'``,
``--ante '0.01 EUR'``), and the nearest stakes named with what they are in money.

The warehouse holds every room's stud histories of ``tests/data`` (cash games in USD and
EUR, stored in cents, and tournaments in chips), where a big bet of 10 is ten chips at
one table, $0.10 at another and €0.10 at a third. Each command's rows are checked
against the library's filters on the stored integers.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from click.testing import CliRunner, Result

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli._filters import EXIT_NO_MATCH


def _cli(*args: Any) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def _rows(wh: Warehouse, *args: str) -> dict[tuple[str, str, str], int]:
    out = _cli("stats", "-w", wh.path, "--format", "json", *args)
    assert out.exit_code == 0, out.output
    return {(r["player"], r["game"], r["currency"]): r["hands"] for r in json.loads(out.stdout)}


def _library(wh: Warehouse, **filters: Any) -> dict[tuple[str, str, str], int]:
    df = wh.player_stats(**filters)
    return {(str(r.player), str(r.game), str(r.currency)): int(r.hands) for r in df.itertuples()}


def test_the_warehouse_has_one_stake_in_three_currencies(stud_rooms: Warehouse) -> None:
    have = stud_rooms.sql("SELECT DISTINCT currency FROM hands WHERE big_bet = 10")
    assert set(have["currency"]) == {"chips", "USD", "EUR"}


@pytest.mark.parametrize("written", ["0.10", ".1", "10"])
def test_a_stake_with_a_point_is_cents(stud_rooms: Warehouse, written: str) -> None:
    rows = _rows(stud_rooms, "--big-bet", written)
    assert rows == _library(stud_rooms, big_bet=10)
    assert {c for _, _, c in rows} == {"chips", "USD", "EUR"}


@pytest.mark.parametrize(
    ("written", "currency"), [("$0.10", "USD"), ("0.10 EUR", "EUR"), ("€0.1", "EUR")]
)
def test_a_stake_naming_its_currency_keeps_that_currency(
    stud_rooms: Warehouse, written: str, currency: str
) -> None:
    rows = _rows(stud_rooms, "--big-bet", written)
    assert rows and rows == _library(stud_rooms, big_bet=10, currency=currency)
    assert {c for _, _, c in rows} == {currency}
    # the same currency named twice is the same request
    assert _rows(stud_rooms, "--big-bet", written, "--currency", currency) == rows


def test_several_stakes_of_one_currency(stud_rooms: Warehouse) -> None:
    rows = _rows(stud_rooms, "--big-bet", "$0.08", "--big-bet", "$0.10", "--ante", "$0.01")
    assert rows == _library(stud_rooms, big_bet=[8, 10], ante=1, currency="USD")


def test_hands_takes_money_too(stud_rooms: Warehouse) -> None:
    out = _cli("hands", "-w", stud_rooms.path, "--format", "json", "--limit", "0",
               "--big-bet", "$0.10")  # fmt: skip
    assert out.exit_code == 0, out.output
    listed = json.loads(out.stdout)
    expected = stud_rooms.hands(per="hand", big_bet=10, currency="USD")
    assert sorted(h["hand_id"] for h in listed) == sorted(expected["hand_id"])
    assert {h["currency"] for h in listed} == {"USD"}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--big-bet", "$0.10", "--currency", "EUR"],
         "the stakes name USD by their sign or code, --currency EUR: give the currency one way"),
        (["--big-bet", "$0.10", "--big-bet", "20"],
         "a stake with its currency ($0.10) beside one without (20): write each with its "
         "currency, or none"),
        (["--big-bet", "$0.10", "--ante", "1"], "beside one without (1)"),
        (["--big-bet", "$0.10", "--big-bet", "€0.10"],
         "stakes in 2 currencies ($0.10, €0.10): the filters cannot pair each with its own"),
        (["--big-bet", "0.001"], "'0.001' is finer than a cent"),
        (["--big-bet", "ten"], "'ten' is not a stake: write 200 (chips, or cents), or money"),
        (["--ante", "-1"], "'-1' is not a stake"),
    ],
)  # fmt: skip
@pytest.mark.parametrize("command", ["stats", "hands", "report"])
def test_stakes_that_cannot_be_asked_are_usage_errors(
    stud_rooms: Warehouse, tmp_path: Any, command: str, args: list[str], message: str
) -> None:
    out_file = tmp_path / "r.html"
    extra = ["-o", out_file] if command == "report" else []
    out = _cli(command, "-w", stud_rooms.path, *extra, *args)
    assert out.exit_code == 2, out.output
    assert message in " ".join(out.output.split())
    assert not out_file.exists()


def test_the_nearest_stakes_say_what_they_are_in_money(stud_rooms: Warehouse) -> None:
    expected = "no big bet 2; nearest: 4 ($0.04), 8 ($0.08), 10 (chips or €0.10 or $0.10)"
    out = _cli("stats", "-w", stud_rooms.path, "--big-bet", "2")
    assert out.exit_code == EXIT_NO_MATCH, out.output
    assert out.stderr.strip() == expected
    (miss,) = stud_rooms.unmatched_filters(big_bet=2)
    assert (miss.nearest, miss.message) == ((4, 8, 10), expected)
    (miss,) = stud_rooms.unmatched_filters(big_bet=1_000_000)
    assert miss.message.endswith("80000 ($800.00), 400000 (chips), 600000 (chips)")


def test_chips_alone_are_named_as_numbers(sample_rake: Warehouse) -> None:
    (miss,) = sample_rake.unmatched_filters(ante=15)
    assert miss.message == "no ante 15; nearest: 5, 10, 25"


def test_the_report_names_the_stake_in_money(stud_rooms: Warehouse, tmp_path: Any) -> None:
    out_file = tmp_path / "r.html"
    out = _cli("report", "-w", stud_rooms.path, "-o", out_file, "--big-bet", "$0.08")
    assert out.exit_code == 0, out.output
    text = " ".join(re.sub(r"<[^>]+>", " ", out_file.read_text(encoding="utf-8")).split())
    assert "Filters --big-bet 8 ($0.08) (big_bet), --currency USD (currency)" in text
    out = _cli("report", "-w", stud_rooms.path, "-o", out_file, "--big-bet", "200")
    assert out.exit_code == 0, out.output
    text = " ".join(re.sub(r"<[^>]+>", " ", out_file.read_text(encoding="utf-8")).split())
    assert "Filters --big-bet 200 (big_bet)" in text  # chips and cents: the number alone

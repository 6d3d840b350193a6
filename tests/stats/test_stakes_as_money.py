"""The library's stake filters take money as the command line does: ``big_bet="$4"`` is
the $4.00 tables only (400 cents, in USD), ``"4.00"`` and ``Decimal("4")`` are 400 in
the smallest unit, and the currency rules are the command line's (one message each).

Before, ``wh.player_stats(ante="$0.10")`` raised ``filter ante: expected int``: a
notebook had to know that stakes are stored in cents and that ``$`` also meant USD."""

from __future__ import annotations

from decimal import Decimal

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.stats import Filters


@pytest.fixture(scope="module")
def wh(stud_rooms: Warehouse) -> Warehouse:
    return stud_rooms


def test_the_fixture_has_one_big_bet_in_two_currencies(wh: Warehouse) -> None:
    hands = wh.hands(big_bet=400)
    assert set(hands.currency) == {"USD", "chips"}  # so "$4" must leave the chips out


@pytest.mark.parametrize(
    ("written", "stored", "currency"),
    [("$4", 400, "USD"), ("4 USD", 400, "USD"), ("$4.00", 400, "USD"), ("4.00", 400, None),
     ("400", 400, None), (Decimal("4"), 400, None), (Decimal("4.00"), 400, None),
     (["$4", "$0.08"], [400, 8], "USD"), (("4.", Decimal("0.08"), 400), [400, 8, 400], None)],
)  # fmt: skip
def test_a_stake_written_as_money_selects_what_the_stored_one_does(
    wh: Warehouse, written: object, stored: object, currency: str | None
) -> None:
    by_text = wh.hands(big_bet=written)  # type: ignore[arg-type]
    by_number = wh.hands(big_bet=stored, currency=currency)  # type: ignore[arg-type]
    assert len(by_text) > 0
    pd.testing.assert_frame_equal(by_text, by_number)
    pd.testing.assert_frame_equal(
        wh.stud_stats(big_bet=written),  # type: ignore[arg-type]
        wh.stud_stats(big_bet=stored, currency=currency),  # type: ignore[arg-type]
    )


def test_the_ante_too_and_the_currency_named_is_a_filter(wh: Warehouse) -> None:
    got = wh.player_stats(ante="$0.40")
    assert len(got) > 0 and set(got.currency) == {"USD"}
    pd.testing.assert_frame_equal(got, wh.player_stats(ante=40, currency="USD"))
    assert "chips" in set(wh.player_stats(ante=40).currency)  # what the sign left out
    assert Filters.of({"ante": "$0.40"}).currency == "USD"
    assert Filters.of({"ante": "$0.40", "currency": ["USD"]}).values("ante") == (40,)


def test_the_same_as_the_command_line(wh: Warehouse) -> None:
    result = CliRunner().invoke(
        main, ["hands", "-w", str(wh.path), "--big-bet", "$4", "--limit", "0", "--format", "csv"]
    )
    assert result.exit_code == 0, result.output
    ids = [line.split(",")[0] for line in result.stdout.splitlines()[1:]]
    assert sorted(ids) == sorted(wh.hands(big_bet="$4", per="hand")["hand_id"])


@pytest.mark.parametrize(
    ("filters", "message"),
    [({"big_bet": "$4", "currency": "EUR"},
      "the stakes name USD by their sign or code, currency=EUR: give the currency one way"),
     ({"big_bet": ["$4", 400]},
      "a stake with its currency ($4.00) beside one without (400): write each with its "
      "currency, or none"),
     ({"ante": "$1", "big_bet": "€2"},
      "stakes in 2 currencies ($1.00, €2.00): the filters cannot pair each with its own"),
     ({"ante": "ten"}, "filter ante: 'ten' is not a stake: write 200 (chips, or cents)"),
     ({"big_bet": "0.005"}, "filter big_bet: '0.005' is finer than a cent"),
     ({"ante": Decimal("0.005")}, "filter ante: Decimal('0.005') is finer than a cent"),
     ({"ante": Decimal("NaN")}, "filter ante: Decimal('NaN') is no amount of money"),
     ({"ante": Decimal("-1")}, "filter ante: Decimal('-1') is no amount of money")],
)  # fmt: skip
def test_what_cannot_be_read_is_a_value_error_naming_it(
    wh: Warehouse, filters: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        wh.player_stats(**filters)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_the_same_currency_named_both_ways_is_fine(wh: Warehouse) -> None:
    pd.testing.assert_frame_equal(
        wh.player_stats(big_bet="$4", currency="USD"), wh.player_stats(big_bet="$4")
    )


def test_other_types_are_still_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"filter ante: expected int, got 5\.0"):
        Filters(ante=5.0)  # type: ignore[arg-type]

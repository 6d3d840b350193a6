"""Money for a person to read (rakestats.money): stored integers in the smallest unit,
shown in the currency's units. Round trips by Hypothesis: an amount shown and read back
is the stored integer."""

from __future__ import annotations

import re
from decimal import Decimal

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rakestats.money import (
    AMOUNT_COLUMNS,
    CHIPS,
    decimals,
    format_money,
    format_units,
    from_units,
    is_cash,
    parse_stake,
    scale,
    stake_currency,
    symbol,
    to_units,
    unit_label,
)

CURRENCIES = ["USD", "EUR", "GBP", "CAD", "JPY", "CHF", "BTC", CHIPS]
amounts = st.integers(min_value=-(10**15), max_value=10**15)
currencies = st.sampled_from(CURRENCIES)


def read_back(text: str, currency: str) -> int:
    """The stored integer of an amount as :func:`format_money` writes it."""
    sign = -1 if text.startswith("-") else 1
    body = text.lstrip("+-")
    sym = symbol(currency)
    if sym is not None:
        assert body.startswith(sym), text
        body = body[len(sym) :]
    elif is_cash(currency):
        assert body.endswith(f" {currency}"), text
        body = body[: -len(currency) - 1]
    assert re.fullmatch(r"\d{1,3}(,\d{3})*(\.\d+)?", body), text
    return sign * from_units(Decimal(body.replace(",", "")), currency)


@given(amounts, currencies)
def test_to_units_and_back_is_the_stored_integer(amount: int, currency: str) -> None:
    units = to_units(amount, currency)
    assert from_units(units, currency) == amount
    assert units * scale(currency) == amount


@given(amounts, currencies)
def test_format_money_reads_back_to_the_stored_integer(amount: int, currency: str) -> None:
    text = format_money(amount, currency)
    assert read_back(text, currency) == amount
    places = text.rpartition(".")[2] if "." in text else ""
    assert len(re.sub(r"\D", "", places)) == decimals(currency)


@given(amounts, currencies)
def test_numpy_integers_format_as_python_ones(amount: int, currency: str) -> None:
    assert format_money(np.int64(amount), currency) == format_money(amount, currency)


@given(amounts)
def test_signed_only_adds_a_plus(amount: int) -> None:
    plain, signed = format_money(amount, "USD"), format_money(amount, "USD", signed=True)
    assert signed == ("+" + plain if amount > 0 else plain)


@given(st.integers(min_value=-(10**9), max_value=10**9), currencies)
def test_format_units_of_a_value_in_units(amount: int, currency: str) -> None:
    # a value already in the currency's units, as an axis tick holds it
    value = float(to_units(amount, currency))
    assert format_units(value, currency) == format_money(amount, currency)


def test_the_bug_report_figures() -> None:
    assert format_money(97, "USD") == "$0.97"
    assert format_money(125000, "EUR") == "€1,250.00"
    assert format_money(-2, "USD") == "-$0.02"
    assert format_money(8200000, CHIPS) == "8,200,000"
    assert format_money(1234, "JPY") == "¥1,234"
    assert unit_label("USD") == "USD" and unit_label(None) == CHIPS


def test_amounts_per_hand_and_missing_values() -> None:
    assert format_money(1078 / 100, "USD", places=4) == "$0.1078"
    assert format_money(-3.456, CHIPS, places=2) == "-3.46"
    assert format_money(float("nan"), "USD") == ""
    assert format_money(pd.NA, "USD") == ""  # type: ignore[arg-type]
    assert format_units(None, "USD") == ""


def test_format_units_places() -> None:
    assert format_units(0.125, "USD") == "$0.125"
    assert format_units(0.1 + 0.2, "USD", places=2) == "$0.30"
    assert format_units(-2500.0, CHIPS) == "-2,500"


def test_from_units_refuses_amounts_finer_than_the_smallest_unit() -> None:
    with pytest.raises(ValueError, match="finer"):
        from_units(Decimal("0.001"), "USD")
    with pytest.raises(ValueError, match="finer"):
        from_units(Decimal("0.5"), CHIPS)


def test_amount_columns_name_the_statistics_amounts() -> None:
    assert "net" in AMOUNT_COLUMNS and "skull_ace_net" in AMOUNT_COLUMNS
    assert "net_per_hand" not in AMOUNT_COLUMNS  # a float: PER_HAND_COLUMNS


# ----------------------------------------------------------- stakes a person writes
@given(st.integers(min_value=0, max_value=10**12), st.sampled_from(CURRENCIES))
def test_a_stake_shown_as_money_reads_back_as_stored(amount: int, currency: str) -> None:
    shown = format_money(amount, currency)
    if is_cash(currency):
        assert parse_stake(shown) == amount  # "$1,234.56", "12.50 CHF", "¥300"
        named = stake_currency(shown)
        assert named == currency or (named is None and symbol(currency) is None)
    else:  # chips are written as a whole number: the smallest unit already
        assert parse_stake(shown) == amount and stake_currency(shown) is None
    assert parse_stake(str(amount)) == amount


@pytest.mark.parametrize(
    ("text", "stored", "currency"),
    [
        ("8", 8, None),
        ("0.08", 8, None),
        ("2.", 200, None),
        ("$2", 200, "USD"),
        (" €0.50 ", 50, "EUR"),
        ("1.50 EUR", 150, "EUR"),
        ("$2 USD", 200, "USD"),
        ("C$1", 100, "CAD"),
        ("¥300", 300, "JPY"),
        ("2 mBTC", 200_000, "mBTC"),
    ],
)
def test_stakes_as_written(text: str, stored: int, currency: str | None) -> None:
    assert (parse_stake(text), stake_currency(text)) == (stored, currency)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("0.005", "finer than a cent"),
        ("¥1.5", "finer than a JPY's smallest unit"),
        ("-2", "is not a stake"),
        ("€2 USD", "is not a stake"),  # the sign and the code disagree
        ("2 usd", "is not a stake"),
        ("2 chips", "is not a stake"),
        ("#2", "is not a stake"),
        ("", "is not a stake"),
        (",5", "is not a stake"),
    ],
)
def test_what_is_no_stake_says_why(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_stake(text)

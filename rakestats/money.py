"""Money as a person reads it.

The warehouse stores every amount as an integer in the smallest unit of the hand's
currency: chips for play-money, tournament and Rake hands (``currency = "chips"``),
cents for a cash currency (``"USD"``, ``"EUR"``, ...). Everything a person reads — CLI
tables, report tables, plot axes, ``rakestats hand`` — goes through this module, so cents
show as dollars and chips as chips, both with thousands separators.

>>> format_money(97, "USD")
'$0.97'
>>> format_money(125000, "EUR")
'€1,250.00'
>>> format_money(-4250, "chips")
'-4,250'
>>> format_money(1234, "USD", signed=True)
'+$12.34'
>>> to_units(-97, "USD")
Decimal('-0.97')
>>> unit_label("USD"), unit_label("chips")
('USD', 'chips')
>>> format_money(1078.5, "USD", places=4)
'$10.7850'
>>> format_units(0.25, "USD"), format_units(2500.0, "chips")
('$0.25', '2,500')
>>> from_units(to_units(-97, "USD"), "USD")
-97

:data:`AMOUNT_COLUMNS` names the columns of the statistics that hold stored amounts
(a sum of ``net`` and the like); :data:`PER_HAND_COLUMNS` those holding an amount per
hand (a float in the smallest unit).
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Sequence
from decimal import ROUND_HALF_EVEN, Decimal

__all__ = [
    "AMOUNT_COLUMNS",
    "CHIPS",
    "PER_HAND_COLUMNS",
    "PER_HAND_EXTRA_PLACES",
    "decimals",
    "format_money",
    "format_units",
    "from_units",
    "is_cash",
    "parse_stake",
    "scale",
    "stake_currency",
    "stakes_currency",
    "symbol",
    "to_units",
    "unit_label",
]

CHIPS = "chips"

# Columns of the statistics (player_stats, stud_stats, skull_ace, sessions, hands,
# net_won) that hold stored amounts: integers in the currency's smallest unit.
AMOUNT_COLUMNS = (
    "net",
    "net_reveal",
    "net_no_reveal",
    "net_showdown",
    "net_no_showdown",
    "skull_ace_net",
    "invested",
    "collected",
    "total_pot",
    "cum_net",
    "cum_net_reveal",
    "cum_net_no_reveal",
)
# Columns holding an amount per hand: a float in the currency's smallest unit.
PER_HAND_COLUMNS = ("net_per_hand",)

# Digits beyond the currency's own shown for an amount per hand (``$0.1078``, ``3.47``).
PER_HAND_EXTRA_PLACES = 2
# At most this many digits after the point for a value in the currency's units.
_MAX_PLACES = 8

# ISO 4217 minor units where they are not 2 (the rooms that dealt Razz use few currencies).
_DECIMALS = {"JPY": 0, "KRW": 0, "ISK": 0, "BTC": 8, "mBTC": 5}
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "CAD": "C$", "AUD": "A$", "INR": "₹", "JPY": "¥"}


def is_cash(currency: str | None) -> bool:
    """True for a real currency (amounts stored in its smallest unit), False for chips.

    >>> is_cash("USD"), is_cash("chips"), is_cash(None)
    (True, False, False)
    """
    return bool(currency) and currency != CHIPS


def decimals(currency: str | None) -> int:
    """Digits after the point for ``currency``: 0 for chips, 2 for most currencies.

    >>> decimals("chips"), decimals("USD"), decimals("JPY")
    (0, 2, 0)
    """
    if not is_cash(currency):
        return 0
    assert currency is not None
    return _DECIMALS.get(currency, 2)


def scale(currency: str | None) -> int:
    """Stored amounts per unit of ``currency``: 100 cents to the dollar, 1 for chips.

    >>> scale("USD"), scale("chips"), scale("JPY")
    (100, 1, 1)
    """
    return int(10 ** decimals(currency))


def to_units(amount: int, currency: str | None) -> Decimal:
    """A stored amount in the currency's own units, exactly (chips stay whole)."""
    return Decimal(int(amount)).scaleb(-decimals(currency))


def from_units(value: Decimal | int | str, currency: str | None) -> int:
    """The stored integer of ``value`` given in the currency's units (the inverse of
    :func:`to_units`); a value finer than the smallest unit is an error.

    >>> from_units(Decimal("12.34"), "USD"), from_units("4250", "chips")
    (1234, 4250)
    """
    exact = Decimal(value).scaleb(decimals(currency))
    if exact != exact.to_integral_value():
        raise ValueError(f"{value} {unit_label(currency)} is finer than the smallest unit")
    return int(exact)


def symbol(currency: str | None) -> str | None:
    """The sign written before an amount of ``currency`` (``$``), or None (chips, or a
    currency written after the number).

    >>> symbol("USD"), symbol("CHF"), symbol("chips")
    ('$', None, None)
    """
    return _SYMBOLS.get(currency) if is_cash(currency) and currency is not None else None


_STAKE = re.compile(
    r"(?P<sign>[^\d\s.,]*)\s*(?P<number>\d[\d,]*(?:\.\d*)?|\.\d+)\s*(?P<code>[A-Za-z]{3,4})?"
)


def parse_stake(text: str) -> int:
    """A stake as a person writes it, as stored: a whole number is already in the
    smallest unit (chips, or cents); an amount with a point, a currency sign or a
    currency's code is money, taken in its smallest unit.

    >>> parse_stake("200"), parse_stake("2.00"), parse_stake("$2"), parse_stake("0.08")
    (200, 200, 200, 8)
    >>> parse_stake("€0.50"), parse_stake("1.50 EUR"), parse_stake("¥300"), parse_stake("1,000")
    (50, 150, 300, 1000)
    >>> parse_stake("0.005")
    Traceback (most recent call last):
    ...
    ValueError: '0.005' is finer than a cent
    >>> parse_stake("2 chips")
    Traceback (most recent call last):
    ...
    ValueError: '2 chips' is not a stake: write 200 (chips, or cents), or money: 2.00, $2, 2 USD
    """
    return _read_stake(text)[0]


def stake_currency(text: str) -> str | None:
    """The currency a stake names by its sign or code, or None (a number alone).

    >>> stake_currency("$2"), stake_currency("1.50 EUR"), stake_currency("2.00")
    ('USD', 'EUR', None)
    """
    return _read_stake(text)[1]


def stakes_currency(stakes: Sequence[tuple[int, str | None]]) -> str | None:
    """The one currency that stakes read from text (``(amount, currency)`` pairs, as
    :func:`parse_stake` and :func:`stake_currency` give them) name by a sign or code, or
    None when none names one. Filters cannot pair a stake with its own currency, so a
    stake naming one beside a stake naming none, or stakes in two currencies, are a
    ``ValueError``.

    >>> stakes_currency([(200, "USD"), (400, "USD")]), stakes_currency([(200, None)])
    ('USD', None)
    >>> stakes_currency([(200, "USD"), (400, None)])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a stake with its currency ($2.00) beside one without (400): write each ...
    """
    named = [currency for _, currency in stakes]
    if not any(named):
        return None
    if None in named:
        plain = next(amount for amount, currency in stakes if currency is None)
        amount, currency = next((a, c) for a, c in stakes if c is not None)
        raise ValueError(
            f"a stake with its currency ({format_money(amount, currency)}) beside one "
            f"without ({plain}): write each with its currency, or none"
        )
    currencies = sorted({str(c) for c in named})
    if len(currencies) > 1:
        shown = ", ".join(format_money(a, c) for a, c in stakes)
        raise ValueError(
            f"stakes in {len(currencies)} currencies ({shown}): the filters cannot pair "
            "each with its own; give one currency a run"
        )
    return currencies[0]


def _read_stake(text: str) -> tuple[int, str | None]:
    written = text.strip()
    m = _STAKE.fullmatch(written)
    sign, code = (m["sign"], m["code"]) if m is not None else ("", None)
    by_sign = [c for c, s in _SYMBOLS.items() if s == sign] if sign else []
    if (
        m is None
        or (sign and not by_sign)
        or (code is not None and code != code.upper() and code not in _DECIMALS)
        or (code is not None and by_sign and code not in by_sign)
        or m["number"].startswith(",")
        or ",," in m["number"]
    ):
        raise ValueError(
            f"{written!r} is not a stake: write 200 (chips, or cents), or money: 2.00, $2, 2 USD"
        )
    number = m["number"].replace(",", "")
    named = code or (by_sign[0] if by_sign else None)
    if named is None and "." not in number:
        return int(number), None  # the smallest unit already
    currency = named or "USD"  # a point alone: two places, as most currencies have
    exact = Decimal(number).scaleb(decimals(currency))
    if exact != exact.to_integral_value():
        smallest = "a cent" if decimals(currency) == 2 else f"a {currency}'s smallest unit"
        raise ValueError(f"{written!r} is finer than {smallest}")
    return int(exact), named


def unit_label(currency: str | None) -> str:
    """The unit a column or an axis of ``currency`` amounts is in, for a label."""
    return currency if is_cash(currency) else CHIPS  # type: ignore[return-value]


def _written(value: Decimal, currency: str | None, places: int, signed: bool) -> str:
    """``value`` (in the currency's units) rounded to ``places``, with sign and symbol."""
    value = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    number = f"{abs(value):,.{places}f}"
    if not is_cash(currency):
        return f"{sign}{number}"
    sign_of = symbol(currency)
    return f"{sign}{sign_of}{number}" if sign_of else f"{sign}{number} {currency}"


def _exact(value: object) -> Decimal:
    """A number as a Decimal: integers (NumPy's too) exactly, a float by its shortest
    decimal form (so 0.1 is 0.1)."""
    if isinstance(value, Decimal):
        return value
    if isinstance(value, numbers.Integral):
        return Decimal(int(value))
    return Decimal(repr(float(value)))  # type: ignore[arg-type]


def _missing(value: object) -> bool:
    if value is None:
        return True
    try:
        return not math.isfinite(float(value))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return True


def format_money(
    amount: int | float | Decimal | None,
    currency: str | None,
    *,
    signed: bool = False,
    places: int | None = None,
) -> str:
    """``amount`` (stored, smallest unit) for a person: ``$0.97``, ``€1,250.00``, ``4,250``.

    A currency without a known symbol is written after the number (``12.50 CHF``);
    ``signed`` writes ``+`` before a positive amount; None (or NaN, or pandas' NA) is
    an empty string. ``places`` is the digits after the point (default: the currency's,
    0 for chips); an amount that is not whole (an average per hand) is rounded to it.

    >>> format_money(1250, "CHF")
    '12.50 CHF'
    >>> format_money(None, "USD")
    ''
    >>> format_money(0, "USD", signed=True)
    '$0.00'
    >>> format_money(8200000, "chips")
    '8,200,000'
    >>> format_money(347.25, "chips", places=2), format_money(-3.0, "USD")
    ('347.25', '-$0.03')
    """
    if _missing(amount):
        return ""
    assert amount is not None
    value = _exact(amount).scaleb(-decimals(currency))
    return _written(value, currency, decimals(currency) if places is None else places, signed)


def format_units(
    value: float | Decimal | None, currency: str | None, *, places: int | None = None
) -> str:
    """A value already in the currency's units (dollars, chips: an axis tick, a total
    divided by 100) for a person. With ``places`` it is rounded to that many digits after
    the point; without, it has at least the currency's digits and more only where the
    value has them (``$0.125``, ``2,500``, ``0.5``; at most 8).

    >>> format_units(-1.5, "USD"), format_units(0.125, "USD"), format_units(0.5, "chips")
    ('-$1.50', '$0.125', '0.5')
    >>> format_units(2.7e-17, "USD", places=2), format_units(float("nan"), "USD")
    ('$0.00', '')
    """
    if _missing(value):
        return ""
    assert value is not None
    exact = _exact(value)
    if places is None:
        places = decimals(currency)
        while places < _MAX_PLACES and exact != round(exact, places):
            places += 1
    return _written(exact, currency, places, False)

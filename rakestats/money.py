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
"""

from __future__ import annotations

from decimal import Decimal

__all__ = [
    "CHIPS",
    "decimals",
    "format_money",
    "is_cash",
    "to_units",
    "unit_label",
]

CHIPS = "chips"

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


def to_units(amount: int, currency: str | None) -> Decimal:
    """A stored amount in the currency's own units, exactly (chips stay whole)."""
    return Decimal(int(amount)).scaleb(-decimals(currency))


def unit_label(currency: str | None) -> str:
    """The unit a column or an axis of ``currency`` amounts is in, for a label."""
    return currency if is_cash(currency) else CHIPS  # type: ignore[return-value]


def format_money(amount: int | None, currency: str | None, *, signed: bool = False) -> str:
    """``amount`` (stored, smallest unit) for a person: ``$0.97``, ``€1,250.00``, ``4,250``.

    A currency without a known symbol is written after the number (``12.50 CHF``);
    ``signed`` writes ``+`` before a positive amount; None is an empty string.

    >>> format_money(1250, "CHF")
    '12.50 CHF'
    >>> format_money(None, "USD")
    ''
    >>> format_money(0, "USD", signed=True)
    '$0.00'
    """
    if amount is None:
        return ""
    places = decimals(currency)
    value = to_units(amount, currency)
    sign = "-" if value < 0 else ("+" if signed and value > 0 else "")
    number = f"{abs(value):,.{places}f}"
    if not is_cash(currency):
        return f"{sign}{number}"
    assert currency is not None
    symbol = _SYMBOLS.get(currency)
    return f"{sign}{symbol}{number}" if symbol else f"{sign}{number} {currency}"

"""The project's rulings for Rake, in one place (see docs/rules.md and RULES.md).

Everything that had to be *inferred* or *interpreted* is a named constant or a small
function here, so the engine, the simulator, the validator and the statistics share it.

>>> fee = HouseFee.from_percent("5", cap=20)
>>> fee.amount(pot=300, reached_pickup=True)
15
>>> fee.amount(pot=1000, reached_pickup=True)
20
>>> fee.amount(pot=1000, reached_pickup=False)
0
>>> seats_from_left_of_dealer([1, 3, 4, 6], dealer_seat=4)
[6, 1, 3, 4]
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from rakestats.betting import seats_from_left_of_dealer
from rakestats.rake.betting_rules import (
    BettingOptions,
    betting_options,
    last_raise_after_bet,
    min_bet,
    needs_to_act,
    raise_reopens,
)

__all__ = [
    "HAND_SIZE",
    "HOLE_CARDS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "N_BETTING_ROUNDS",
    "N_PICKUPS",
    "BettingOptions",
    "HouseFee",
    "betting_options",
    "last_raise_after_bet",
    "min_bet",
    "needs_to_act",
    "raise_reopens",
    "seats_from_left_of_dealer",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
HOLE_CARDS = 3
HAND_SIZE = 5
N_BETTING_ROUNDS = 3
N_PICKUPS = 2


@dataclass(frozen=True, slots=True)
class HouseFee:
    """The table's fee (*inferred*: the book has none).

    ``basis_points`` of the whole pot (500 = 5%), rounded down to whole chips, at most
    ``cap`` chips (``None``: no cap), taken from the main pot before it is awarded.
    No pick-up, no fee: a hand won in the first betting round pays nothing, as poker
    rooms take no rake on a hand without a flop.
    """

    basis_points: int = 0
    cap: int | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.basis_points <= 10_000:
            raise ValueError(f"house fee must be 0-100%, got {self.basis_points / 100}%")
        if self.cap is not None and self.cap < 0:
            raise ValueError(f"house fee cap must be >= 0, got {self.cap}")

    @classmethod
    def from_percent(cls, percent: str | Decimal | int, cap: int | None = None) -> HouseFee:
        """The fee of ``percent`` of the pot (a number, or text such as ``"2.5"`` or
        ``"5%"``), capped at ``cap`` chips.

        >>> HouseFee.from_percent("5%", 2)
        HouseFee(basis_points=500, cap=2)
        >>> HouseFee.from_percent("abc")
        Traceback (most recent call last):
        ...
        ValueError: house fee must be a percentage from 0 to 100, got 'abc'
        >>> HouseFee.from_percent("inf")
        Traceback (most recent call last):
        ...
        ValueError: house fee must be a percentage from 0 to 100, got 'inf'
        """
        text = str(percent).strip()
        try:
            value = Decimal(text.removesuffix("%").strip())
        except InvalidOperation:
            value = Decimal("NaN")
        if not value.is_finite() or not 0 <= value <= 100:
            raise ValueError(f"house fee must be a percentage from 0 to 100, got {percent!r}")
        bp = value * 100
        if bp != bp.to_integral_value():
            raise ValueError(f"house fee {text}% has more than two decimals")
        return cls(int(bp), cap)

    @property
    def percent(self) -> Decimal:
        return Decimal(self.basis_points) / 100

    def amount(self, pot: int, reached_pickup: bool) -> int:
        if not reached_pickup or self.basis_points == 0:
            return 0
        fee = pot * self.basis_points // 10_000
        if self.cap is not None:
            fee = min(fee, self.cap)
        return fee


NO_FEE = HouseFee()

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

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import NamedTuple

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


def min_bet(ante: int) -> int:
    """Minimum opening bet (*inferred*): the ante."""
    return ante


class BettingOptions(NamedTuple):
    """What a player may do in a betting round, in chips (``None``: not allowed).
    Facing a bet: fold, call ``call`` (all-in for less when short) or raise to a round
    total in ``[min_raise_to, max_raise_to]``; else check or bet ``[min_bet, max_bet]``."""

    call: int | None
    min_bet: int | None
    max_bet: int | None
    min_raise_to: int | None
    max_raise_to: int | None


def betting_options(
    ante: int,
    current_bet: int,
    last_raise: int,
    round_bet: int,
    stack: int,
    may_raise: bool,
    others_can_act: bool,
) -> BettingOptions:
    """The legal betting actions of a player with ``stack`` behind and ``round_bet`` in
    this round, facing ``current_bet`` (no limit; a raise is at least the last bet or
    raise, ``last_raise``, or all-in for less). A raise needs someone left to answer it,
    and a player whose turn was not reopened by a full raise may only call or fold.

    >>> betting_options(10, 40, 40, 0, 500, True, True)
    BettingOptions(call=40, min_bet=None, max_bet=None, min_raise_to=80, max_raise_to=500)
    >>> betting_options(10, 0, 10, 0, 5, True, True)
    BettingOptions(call=None, min_bet=5, max_bet=5, min_raise_to=None, max_raise_to=None)
    """
    to_call = current_bet - round_bet
    if to_call > 0:
        total = stack + round_bet
        call = to_call if to_call < stack else stack
        if may_raise and total > current_bet and others_can_act:
            lo = current_bet + last_raise
            return BettingOptions(call, None, None, lo if lo < total else total, total)
        return BettingOptions(call, None, None, None, None)
    lo = min_bet(ante)
    return BettingOptions(None, lo if lo < stack else stack, stack, None, None)


def last_raise_after_bet(amount: int, ante: int) -> int:
    """The raise increment to match after an opening bet of ``amount`` (*inferred*: an
    all-in bet below the ante still asks at least the ante of a raise)."""
    return amount if amount > ante else ante


def raise_reopens(increment: int, last_raise: int) -> bool:
    """Whether a raise by ``increment`` is a full raise, reopening the betting to those
    who acted before it (an all-in raise for less is not)."""
    return increment >= last_raise


def needs_to_act(
    folded: bool, stack: int, round_bet: int, acted: bool, current_bet: int, able: int
) -> bool:
    """Whether a player must still act in the betting round; ``able`` is how many
    players in the hand can still act (not folded, chips behind). A player who has
    matched the bet and acted is done; one alone with chips need not act."""
    if folded or stack <= 0:
        return False
    if round_bet < current_bet:
        return True
    return not acted and able >= 2


def seats_from_left_of_dealer(seats: Iterable[int], dealer_seat: int) -> list[int]:
    """Occupied seats in acting order: the first seat left of (after) the dealer, clockwise.

    The dealer seat itself need not be occupied; the dealer acts last when seated.
    """
    ordered = sorted(seats)
    after = [s for s in ordered if s > dealer_seat]
    before = [s for s in ordered if s <= dealer_seat]
    return after + before


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
        bp = Decimal(percent) * 100
        if bp != bp.to_integral_value():
            raise ValueError(f"house fee {percent}% has more than two decimals")
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

"""Game-neutral pieces of the betting rules, shared by the Rake and the stud engines:
the error for an illegal action, the ante and uncalled-bet events, and how
contributions form pots and pots are split.

>>> pot_layers({1: 100, 2: 40, 3: 100, 4: 20}, live=[1, 2, 3])
[(140, (1, 2, 3)), (120, (1, 3))]
>>> split_pot(101, winners=(3, 1), order=[1, 2, 3])
(50, 51)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

__all__ = [
    "AntePosted",
    "IllegalActionError",
    "SeatState",
    "UncalledReturned",
    "post_antes",
    "pot_layers",
    "return_uncalled",
    "split_pot",
    "uncalled_bet",
]

C = TypeVar("C")


@dataclass(frozen=True, slots=True)
class AntePosted:
    """An ante, in any game's event log (``all_in``: it took the whole stack)."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class UncalledReturned:
    """The part of a bet nobody called, returned at the end of betting round ``round``."""

    round: int
    seat: int
    amount: int


class IllegalActionError(ValueError):
    """An action or deal the rules do not allow; the message says what was legal."""


@dataclass(slots=True)
class SeatState(Generic[C]):
    """A player's state during a hand, in any game: chips behind (``stack``), chips in
    the pot (``invested``) and in this betting round (``round_bet``), and the cards held
    (``None`` for a card the log does not show)."""

    seat: int
    name: str
    starting_stack: int
    stack: int
    invested: int = 0
    round_bet: int = 0
    folded: bool = False
    acted: bool = False
    may_raise: bool = True
    cards: list[C | None] = field(default_factory=list)

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


def post_antes(
    players: Mapping[int, SeatState[C]], order: Iterable[int], ante: int
) -> list[AntePosted]:
    """Every player posts the ante in acting order; one who has less posts it all."""
    posted = []
    for seat in order:
        p = players[seat]
        amount = min(ante, p.stack)
        p.stack -= amount
        p.invested += amount
        posted.append(AntePosted(seat, amount, p.stack == 0))
    return posted


def uncalled_bet(round_bets: Sequence[int]) -> tuple[int, int] | None:
    """The bet nobody called when a betting round closes, as (its bettor's index in
    ``round_bets``, the chips to return), or None when the top bet was matched.

    >>> uncalled_bet([40, 100, 40, 0])
    (1, 60)
    >>> uncalled_bet([40, 40]) is None
    True
    """
    if len(round_bets) < 2:
        return None
    top = max(round_bets)
    second = sorted(round_bets)[-2]
    if top <= second:
        return None
    return round_bets.index(top), top - second


def return_uncalled(players: Mapping[int, SeatState[C]], round_no: int) -> UncalledReturned | None:
    """Give back the bet nobody called at the end of betting round ``round_no`` (see
    :func:`uncalled_bet`), or return None when there is none."""
    states = list(players.values())
    found = uncalled_bet([p.round_bet for p in states])
    if found is None:
        return None
    top, extra = states[found[0]], found[1]
    top.round_bet -= extra
    top.invested -= extra
    top.stack += extra
    return UncalledReturned(round_no, top.seat, extra)


def pot_layers(
    contributions: Mapping[int, int], live: Sequence[int]
) -> list[tuple[int, tuple[int, ...]]]:
    """Pots as (amount, eligible seats), main pot first, from every player's total
    contribution; ``live`` are the players who did not fold, in seat order. Folded
    players' chips are dead money in the pots they reached; dead money above the highest
    live contribution joins the top pot."""
    levels = sorted({contributions[s] for s in live if contributions[s] > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributions.values())
        pots.append((amount, tuple(s for s in live if contributions[s] >= level)))
        prev = level
    dead = sum(max(0, c - prev) for c in contributions.values())
    if dead:
        if pots:
            amount, eligible = pots[-1]
            pots[-1] = (amount + dead, eligible)
        else:
            pots.append((dead, tuple(live)))
    return pots


def split_pot(amount: int, winners: Sequence[int], order: Sequence[int]) -> tuple[int, ...]:
    """Equal shares of ``amount`` for ``winners`` (in the order given); the odd chips go
    one each to the first winners in ``order``."""
    if len(winners) == 1:
        return (amount,)
    ranked = sorted(winners, key=list(order).index)
    base, odd = divmod(amount, len(ranked))
    share = {s: base + (1 if i < odd else 0) for i, s in enumerate(ranked)}
    return tuple(share[s] for s in winners)

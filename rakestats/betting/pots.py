"""Pots in any game: the bet nobody called, how contributions form pots (main pot and
side pots) and how a pot is split among tied winners.

>>> pot_layers({1: 100, 2: 40, 3: 100, 4: 20}, live=[1, 2, 3])
[(140, (1, 2, 3)), (120, (1, 3))]
>>> split_pot(101, winners=(3, 1), order=[1, 2, 3])
(50, 51)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from rakestats.betting.events import UncalledReturned
from rakestats.betting.seats import SeatState

__all__ = ["Pot", "pot_layers", "return_uncalled", "split_pot", "uncalled_bet"]

C = TypeVar("C")


@dataclass(frozen=True, slots=True, init=False)
class Pot:
    """One pot, main pot first (``index`` 0): the amount awarded, who may win it, who
    did and their shares (in the order of ``winners``).

    >>> Pot(0, 120, (1, 3), (3,), (120,))
    Pot(index=0, amount=120, eligible=(1, 3), winners=(3,), shares=(120,))
    """

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]

    # Written out, not generated: compiled (rakestats._speedups), this __init__ sets the
    # fields natively, where the generated one runs as Python (about six times slower).
    def __init__(
        self,
        index: int,
        amount: int,
        eligible: tuple[int, ...],
        winners: tuple[int, ...],
        shares: tuple[int, ...],
    ) -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "eligible", eligible)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "shares", shares)

    def __reduce__(self) -> tuple[type[Pot], tuple[object, ...]]:
        # pickled and copied through __init__ (a compiled class's __new__ calls it)
        return (type(self), (self.index, self.amount, self.eligible, self.winners, self.shares))


def uncalled_bet(round_bets: Sequence[int]) -> tuple[int, int] | None:
    """The bet nobody called when a betting round closes, as (its bettor's index in
    ``round_bets``, the chips to return), or None when the top bet was matched.

    >>> uncalled_bet([40, 100, 40, 0])
    (1, 60)
    >>> uncalled_bet([40, 40]) is None
    True
    """
    n = len(round_bets)
    if n < 2:
        return None
    # the top bet (its first bettor) and the next highest, in one pass (compiled: native
    # comparisons, where max, sorted and index were generic calls)
    at, top, second = 0, round_bets[0], round_bets[1]
    if second > top:
        at, top, second = 1, second, top
    for i in range(2, n):
        bet = round_bets[i]
        if bet > top:
            at, top, second = i, bet, top
        elif bet > second:
            second = bet
    if top <= second:
        return None
    return at, top - second


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
    chips = list(contributions.values())
    pots: list[tuple[int, tuple[int, ...]]] = []
    prev = 0
    for level in levels:
        amount = 0  # what each player put in between the previous level and this one
        for c in chips:
            if c > prev:
                amount += (c if c < level else level) - prev
        pots.append((amount, tuple([s for s in live if contributions[s] >= level])))
        prev = level
    dead = 0  # chips above the highest level
    for c in chips:
        if c > prev:
            dead += c - prev
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

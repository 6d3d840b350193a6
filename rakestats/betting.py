"""Game-neutral pieces of the betting rules, shared by the Rake and the stud engines:
the error for an illegal action, the ante and uncalled-bet events, and how
contributions form pots and pots are split.

>>> pot_layers({1: 100, 2: 40, 3: 100, 4: 20}, live=[1, 2, 3])
[(140, (1, 2, 3)), (120, (1, 3))]
>>> split_pot(101, winners=(3, 1), order=[1, 2, 3])
(50, 51)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = ["AntePosted", "IllegalActionError", "UncalledReturned", "pot_layers", "split_pot"]


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
    ranked = sorted(winners, key=list(order).index)
    base, odd = divmod(amount, len(ranked))
    share = {s: base + (1 if i < odd else 0) for i, s in enumerate(ranked)}
    return tuple(share[s] for s in winners)

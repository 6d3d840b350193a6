"""Settling a Razz hand: main and side pots, the lowest hand wins, ties split.

The pots are gross: the site's rake is the caller's business (a validator compares the
site's figures against these shares, see :mod:`rakestats.formats.stars.parser`).

>>> from rakestats.cards import parse_std_cards as c
>>> s = settle_low(
...     contributions={1: 100, 2: 40, 3: 100},
...     folded=set(),
...     hands={1: c("Ac 2c 3c 4c 6c Kd Kh"), 2: c("Ad 2d 3d 4d 5d Qs Qh"),
...            3: c("9s 9h 8s 7s 6s 2h 3h")},
... )
>>> [(p.amount, p.eligible, p.winners) for p in s.pots]
[(120, (1, 2, 3), (2,)), (120, (1, 3), (1,))]
>>> s.collected
{1: 120, 2: 120, 3: 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from rakestats.betting import pot_layers, split_pot
from rakestats.cards import StdCard
from rakestats.razz.evaluator import LowValue, evaluate_low

__all__ = ["Pot", "Settlement", "pot_layers", "settle_low", "split"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot, main pot first: its gross amount, who may win it, who did and their
    shares (odd chips to the first winners in seat order)."""

    index: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    pots: tuple[Pot, ...]
    collected: dict[int, int]
    values: dict[int, LowValue]
    total_pot: int
    showdown: bool


def split(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Equal shares of ``amount``; odd chips to the first winners in the given order."""
    return split_pot(amount, winners, winners)


def settle_low(
    contributions: Mapping[int, int],
    folded: AbstractSet[int],
    hands: Mapping[int, Sequence[StdCard]],
) -> Settlement:
    """Award the pots of a finished hand.

    ``contributions``: each player's chips in the pot (uncalled bets returned);
    ``folded``: seats out of the hand; ``hands``: the cards of the players who show
    (players still in who do not show have mucked and cannot win). With one player
    left the whole pot is theirs, uncontested.
    """
    seats = sorted(contributions)
    live = [s for s in seats if s not in folded]
    if not live:
        raise ValueError("a hand needs a player who did not fold")
    showdown = len(live) > 1
    values = {s: evaluate_low(hands[s]) for s in live if s in hands} if showdown else {}
    pots = []
    collected = dict.fromkeys(seats, 0)
    for index, (amount, eligible) in enumerate(pot_layers(contributions, live)):
        if len(eligible) == 1:
            winners: tuple[int, ...] = eligible
        else:
            shown = [s for s in eligible if s in values]
            if not shown:
                raise ValueError(f"nobody shows a hand for pot {index} ({amount})")
            best = min(values[s] for s in shown).value
            winners = tuple(s for s in shown if values[s].value == best)
        shares = split(amount, winners)
        for w, share in zip(winners, shares, strict=True):
            collected[w] += share
        pots.append(Pot(index, amount, eligible, winners, shares))
    total = sum(contributions.values())
    return Settlement(tuple(pots), collected, values, total, showdown)

"""Settling a Rake hand: main and side pots, the house fee, splits and the Ace of Skulls.

>>> from rakestats.cards import parse_cards
>>> s = settle(
...     contributions={1: 100, 2: 100, 3: 100},
...     folded={3},
...     hands={1: parse_cards("As 2w 7f 9c Lw"), 2: parse_cards("3s 3w 8f 9f Pw")},
...     dealer_seat=3,
... )
>>> s.collected
{1: 0, 2: 300, 3: 0}
>>> s.skull_ace
(1, <SkullAceOutcome.AUTO_LOSS: 'auto_loss'>)
>>> s.reasons[2].value
'skull_ace_beneficiary'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from enum import Enum
from typing import Final

from rakestats.betting.pots import Pot, pot_layers, split_pot
from rakestats.betting.rules import seats_from_left_of_dealer
from rakestats.cards import ACE_OF_SKULLS, Card
from rakestats.rake.evaluator import HandValue, evaluate, skull_ace_scores
from rakestats.rake.rules import NO_FEE, HouseFee

__all__ = ["Pot", "Reason", "Settlement", "SkullAceOutcome", "settle"]

_ACE_OF_SKULLS: Final = ACE_OF_SKULLS  # (compiled: read without a lookup by name)


class SkullAceOutcome(Enum):
    AUTO_WIN = "auto_win"
    AUTO_LOSS = "auto_loss"


class Reason(Enum):
    """Why a player ended the hand as they did."""

    UNCONTESTED = "uncontested"
    BEST_HAND = "best_hand"
    SPLIT = "split"
    SKULL_ACE_WIN = "skull_ace_win"
    SKULL_ACE_LOSS = "skull_ace_loss"
    SKULL_ACE_BENEFICIARY = "skull_ace_beneficiary"  # best other hand after an auto loss
    SKULL_ACE_KEPT = "skull_ace_kept"  # auto loss, but nobody else could win the pot
    LOST = "lost"
    FOLDED = "folded"


@dataclass(frozen=True, slots=True, init=False)
class Settlement:
    """The end of a Rake hand; each pot's ``amount`` is after the house fee."""

    pots: tuple[Pot, ...]
    collected: dict[int, int]
    house_fee: int
    total_pot: int
    reasons: dict[int, Reason]
    values: dict[int, HandValue]
    skull_ace: tuple[int, SkullAceOutcome] | None

    # Written out, not generated: compiled (rakestats._speedups), this __init__ sets the
    # fields natively, where the generated one runs as Python (about six times slower).
    def __init__(
        self,
        pots: tuple[Pot, ...],
        collected: dict[int, int],
        house_fee: int,
        total_pot: int,
        reasons: dict[int, Reason],
        values: dict[int, HandValue],
        skull_ace: tuple[int, SkullAceOutcome] | None,
    ) -> None:
        object.__setattr__(self, "pots", pots)
        object.__setattr__(self, "collected", collected)
        object.__setattr__(self, "house_fee", house_fee)
        object.__setattr__(self, "total_pot", total_pot)
        object.__setattr__(self, "reasons", reasons)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "skull_ace", skull_ace)

    def __reduce__(self) -> tuple[type[Settlement], tuple[object, ...]]:
        # pickled and copied through __init__ (a compiled class's __new__ calls it)
        fields = (self.pots, self.collected, self.house_fee, self.total_pot, self.reasons)
        return (type(self), (*fields, self.values, self.skull_ace))


def settle(
    contributions: Mapping[int, int],
    folded: AbstractSet[int],
    hands: Mapping[int, Sequence[Card]],
    dealer_seat: int,
    fee: HouseFee = NO_FEE,
    reached_pickup: bool = True,
) -> Settlement:
    """Award the pots of a finished hand.

    ``contributions``: every player's total chips in the pot (uncalled bets already
    returned). ``folded``: seats that folded (their chips are dead money). ``hands``:
    the five cards of each player at the Reveal (ignored when only one player is left).
    """
    order = seats_from_left_of_dealer(contributions, dealer_seat)
    live = [s for s in order if s not in folded]
    if not live:
        raise ValueError("a hand needs at least one player who did not fold")
    total = 0
    for chips in contributions.values():  # (compiled: native, where sum was a call)
        total += chips
    layers = pot_layers(contributions, live)
    fee_amount = min(fee.amount(total, reached_pickup), layers[0][0]) if layers else 0
    if layers:
        layers[0] = (layers[0][0] - fee_amount, layers[0][1])
    collected = {s: 0 for s in contributions}
    reasons: dict[int, Reason] = {s: Reason.FOLDED for s in folded}
    values: dict[int, HandValue] = {}
    skull: tuple[int, SkullAceOutcome] | None = None
    pots: list[Pot] = []

    if len(live) == 1:
        winner = live[0]
        for i, (amount, eligible) in enumerate(layers):
            pots.append(Pot(i, amount, eligible, (winner,), (amount,)))
            collected[winner] += amount
        reasons[winner] = Reason.UNCONTESTED
        return Settlement(tuple(pots), collected, fee_amount, total, reasons, values, None)

    for s in live:
        cards = tuple(hands[s]) if s in hands else ()
        if len(cards) != 5:
            raise ValueError(f"seat {s} is at the Reveal without five known cards")
        values[s] = evaluate(cards)
        scores = skull_ace_scores(cards) if _ACE_OF_SKULLS in cards else None
        if scores is not None:
            skull = (s, SkullAceOutcome.AUTO_WIN if scores else SkullAceOutcome.AUTO_LOSS)
        reasons[s] = Reason.LOST
    holder = skull[0] if skull else None

    for i, (amount, eligible) in enumerate(layers):
        if skull is not None and holder in eligible:
            if skull[1] is SkullAceOutcome.AUTO_WIN:
                contenders: tuple[int, ...] = (holder,)
            else:
                contenders = tuple(s for s in eligible if s != holder) or (holder,)
        else:
            contenders = eligible
        best = values[contenders[0]].score  # (compiled: native, where max was a call)
        for s in contenders:
            best = max(best, values[s].score)
        winners = tuple(s for s in contenders if values[s].score == best)
        shares = split_pot(amount, winners, order)
        pots.append(Pot(i, amount, eligible, winners, shares))
        for k in range(len(winners)):  # (compiled for the validator: faster than zip)
            s = winners[k]
            collected[s] += shares[k]
            if s == holder:
                kept = skull is not None and skull[1] is SkullAceOutcome.AUTO_LOSS
                reasons[s] = Reason.SKULL_ACE_KEPT if kept else Reason.SKULL_ACE_WIN
            elif skull is not None and skull[1] is SkullAceOutcome.AUTO_LOSS and holder in eligible:
                if reasons[s] is not Reason.BEST_HAND:
                    reasons[s] = Reason.SKULL_ACE_BENEFICIARY
            elif len(winners) > 1:
                if reasons[s] is not Reason.BEST_HAND:
                    reasons[s] = Reason.SPLIT
            else:
                reasons[s] = Reason.BEST_HAND
    if (
        skull is not None
        and skull[1] is SkullAceOutcome.AUTO_LOSS
        and reasons[skull[0]] is Reason.LOST
    ):
        reasons[skull[0]] = Reason.SKULL_ACE_LOSS
    return Settlement(tuple(pots), collected, fee_amount, total, reasons, values, skull)

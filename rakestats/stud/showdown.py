"""Settling a stud hand: main and side pots, each won by the best low (Razz), the best
high hand (Seven-Card Stud), or split into a high half and a qualifying low half (Stud
Hi/Lo; the high hand scoops when no low qualifies); ties split a pot or a half.

The pots are gross: the site's rake is the caller's business (a validator compares the
site's figures against these shares; :meth:`Settlement.divide` shares out a pot less
the rake by the same rules).

Odd chips (:class:`OddChips`): rooms differ, so the rule is a parameter. The default,
``OddChips()``, gives the odd chip of a Hi/Lo pot to the high half (the TDA rules,
Robert's Rules, PokerStars and pokerkit agree), and odd chips within a split half to the
tied winners in seat order (the first winner clockwise from seat 1; PokerStars and
pokerkit do so). ``TieBreak.CARD_BY_SUIT`` is the card-room rule for stud games instead
(Robert's Rules, TDA): the high half's odd chip to the tied hand holding the highest
card by suit, the low half's to the one holding the lowest card by suit.

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
>>> s = settle_stud({1: 73, 2: 73}, set(), {1: c("7h 2h 4c Jc 5h 7s 8c"),
...                 2: c("Qc Kh Qs Td Jh 6d 6s")}, StudGame.STUD8)
>>> [(p.half.value, p.amount, p.winners) for p in s.pots[0].parts]
[('high', 73, (2,)), ('low', 73, (1,))]
>>> s.divide(0, 146 - 3)  # less a rake of 3: the odd chip to the high half
{2: 72, 1: 71}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from enum import Enum

from rakestats.betting import Pot as BettingPot
from rakestats.betting import pot_layers, split_pot
from rakestats.cards import StdCard
from rakestats.stud.high import HighValue, evaluate_high
from rakestats.stud.low import LowValue, eight_or_better, evaluate_low, low_rank
from rakestats.stud.rules import StudGame

__all__ = [
    "DEFAULT_ODD_CHIPS",
    "Half",
    "OddChips",
    "Pot",
    "PotPart",
    "Settlement",
    "TieBreak",
    "pot_layers",
    "settle_low",
    "settle_stud",
    "split",
]


class Half(Enum):
    """Which part of a pot: all of it, or the high or low half of a Hi/Lo pot."""

    WHOLE = "whole"
    HIGH = "high"
    LOW = "low"


class TieBreak(Enum):
    """Who of the tied winners of a pot (or half) gets its odd chips, one each."""

    #: The first winners in seat order (ascending seat numbers).
    SEAT_ORDER = "seat_order"
    #: The high card by suit for a high hand, the low card by suit for a low hand
    #: (suits clubs < diamonds < hearts < spades; Ace high, and low for a low hand),
    #: among all the cards each winner holds.
    CARD_BY_SUIT = "card_by_suit"


@dataclass(frozen=True, slots=True)
class OddChips:
    """Where the chips go that do not divide evenly (see the module's notes).

    ``to_half``: the half of a Hi/Lo pot that gets the odd chip (``Half.HIGH`` or
    ``Half.LOW``); ``among_tied``: the order in which tied winners get odd chips.
    """

    to_half: Half = Half.HIGH
    among_tied: TieBreak = TieBreak.SEAT_ORDER

    def __post_init__(self) -> None:
        if self.to_half is Half.WHOLE:
            raise ValueError("the odd chip of a Hi/Lo pot goes to the high or the low half")


DEFAULT_ODD_CHIPS = OddChips()


@dataclass(frozen=True, slots=True)
class PotPart:
    """What one pot's part paid: ``winners`` in the order they get odd chips, each with
    the share at the same index."""

    half: Half
    amount: int
    winners: tuple[int, ...]
    shares: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Pot(BettingPot):
    """One pot, main pot first: its gross amount, who may win it, who won a part of it
    (seat order) and their total shares from it; ``parts``: one ``WHOLE`` part, or a
    ``HIGH`` and a ``LOW`` half (Stud Hi/Lo with a qualifying low)."""

    parts: tuple[PotPart, ...] = ()


@dataclass(frozen=True, slots=True)
class Settlement:
    """The end of a stud hand. ``values``: what each shown hand is ranked by (its low in
    Razz, its high hand in Stud and Stud Hi/Lo); ``lows``: the qualifying lows of Stud
    Hi/Lo (those who show one); ``showdown``: more than one player was left."""

    pots: tuple[Pot, ...]
    collected: dict[int, int]
    values: dict[int, LowValue | HighValue]
    total_pot: int
    showdown: bool
    game: StudGame = StudGame.RAZZ
    lows: dict[int, LowValue] = field(default_factory=dict)
    odd_chips: OddChips = DEFAULT_ODD_CHIPS

    def divide(self, pot: int, amount: int) -> dict[int, int]:
        """Share ``amount`` (pot number ``pot`` less the site's rake, say) among that
        pot's winners by the same halves, ties and odd-chip rule; winners in the order
        of the pot's parts."""
        parts = self.pots[pot].parts
        out: dict[int, int] = {}
        for part, part_amount in zip(
            parts, _half_amounts(amount, len(parts), self.odd_chips), strict=True
        ):
            for w, share in zip(
                part.winners, split_pot(part_amount, part.winners, part.winners), strict=True
            ):
                out[w] = out.get(w, 0) + share
        return out


def split(amount: int, winners: Sequence[int]) -> tuple[int, ...]:
    """Equal shares of ``amount``; odd chips to the first winners in the given order."""
    return split_pot(amount, winners, winners)


def _half_amounts(amount: int, n_parts: int, rule: OddChips) -> tuple[int, ...]:
    """The amounts of a pot's parts: all of it, or its high and low halves."""
    if n_parts == 1:
        return (amount,)
    small, big = amount // 2, amount - amount // 2
    return (big, small) if rule.to_half is Half.HIGH else (small, big)


def _odd_chip_order(
    winners: Sequence[int], half: Half, low: bool, hands: Mapping[int, Sequence[StdCard]],
    rule: OddChips,
) -> tuple[int, ...]:  # fmt: skip
    """``winners`` (in seat order) in the order they get odd chips."""
    if rule.among_tied is TieBreak.SEAT_ORDER or len(winners) == 1:
        return tuple(winners)
    if low or half is Half.LOW:
        key = {s: min((low_rank(c), c.suit.index) for c in hands[s]) for s in winners}
        return tuple(sorted(winners, key=lambda s: key[s]))
    top = {s: max((c.rank.value, c.suit.index) for c in hands[s]) for s in winners}
    return tuple(sorted(winners, key=lambda s: top[s], reverse=True))


def _best(values: Mapping[int, LowValue | HighValue], seats: Sequence[int], low: bool) -> list[int]:
    pick = min if low else max
    best = pick(values[s].value for s in seats)
    return [s for s in seats if values[s].value == best]


def _parts(
    amount: int,
    shown: Sequence[int],
    s: _Showdown,
) -> tuple[PotPart, ...]:
    """The parts of one contested pot among the ``shown`` hands eligible for it."""
    low_game = s.game is StudGame.RAZZ
    high = _best(s.values, shown, low_game)
    lows = [x for x in shown if x in s.lows]
    if s.game is not StudGame.STUD8 or not lows:
        halves = [(Half.WHOLE, high, low_game)]
    else:
        halves = [(Half.HIGH, high, False), (Half.LOW, _best(s.lows, lows, True), True)]
    parts = []
    amounts = _half_amounts(amount, len(halves), s.rule)
    for (half, winners, low), part_amount in zip(halves, amounts, strict=True):
        order = _odd_chip_order(winners, half, low, s.hands, s.rule)
        parts.append(PotPart(half, part_amount, order, split(part_amount, order)))
    return tuple(parts)


@dataclass(frozen=True, slots=True)
class _Showdown:
    game: StudGame
    hands: Mapping[int, Sequence[StdCard]]
    values: dict[int, LowValue | HighValue]
    lows: dict[int, LowValue]
    rule: OddChips


def _evaluate(
    game: StudGame, hands: Mapping[int, Sequence[StdCard]], live: Sequence[int]
) -> tuple[dict[int, LowValue | HighValue], dict[int, LowValue]]:
    values: dict[int, LowValue | HighValue] = {}
    lows: dict[int, LowValue] = {}
    for s in live:
        if s not in hands:
            continue
        if game is StudGame.RAZZ:
            values[s] = evaluate_low(hands[s])
            continue
        values[s] = evaluate_high(hands[s])
        low = eight_or_better(hands[s]) if game is StudGame.STUD8 else None
        if low is not None:
            lows[s] = low
    return values, lows


def settle_stud(
    contributions: Mapping[int, int],
    folded: AbstractSet[int],
    hands: Mapping[int, Sequence[StdCard]],
    game: StudGame = StudGame.RAZZ,
    odd_chips: OddChips = DEFAULT_ODD_CHIPS,
) -> Settlement:
    """Award the pots of a finished hand of ``game``.

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
    values, lows = _evaluate(game, hands, live) if showdown else ({}, {})
    state = _Showdown(game, hands, values, lows, odd_chips)
    pots = []
    collected = dict.fromkeys(seats, 0)
    for index, (amount, eligible) in enumerate(pot_layers(contributions, live)):
        if len(eligible) == 1:
            parts: tuple[PotPart, ...] = (PotPart(Half.WHOLE, amount, eligible, (amount,)),)
        else:
            shown = [s for s in eligible if s in values]
            if not shown:
                raise ValueError(f"nobody shows a hand for pot {index} ({amount})")
            parts = _parts(amount, shown, state)
        won: dict[int, int] = {}
        for part in parts:
            for w, share in zip(part.winners, part.shares, strict=True):
                won[w] = won.get(w, 0) + share
                collected[w] += share
        winners = tuple(sorted(won))
        pots.append(Pot(index, amount, eligible, winners, tuple(won[w] for w in winners), parts))
    total = sum(contributions.values())
    return Settlement(tuple(pots), collected, values, total, showdown, game, lows, odd_chips)


def settle_low(
    contributions: Mapping[int, int],
    folded: AbstractSet[int],
    hands: Mapping[int, Sequence[StdCard]],
) -> Settlement:
    """Award the pots of a finished Razz hand (:func:`settle_stud` for ``StudGame.RAZZ``)."""
    return settle_stud(contributions, folded, hands, StudGame.RAZZ)

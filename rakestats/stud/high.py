"""High-hand evaluation for Seven-Card Stud and the high half of Stud Hi/Lo: the best
five of five to seven cards, and the value of a partial board (one to four up cards).

**Direction: higher is better.** Every hand packs into one integer ``value``; a larger
value is a better high hand, equal values tie:
``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` where ``r1..r5`` are
the counted ranks (2 ... Ace 14) in tie-break order: groups by size then rank, largest
first (``K,K,9,9,5``); a straight counts its top card only (5 for ``A-2-3-4-5``). The
description is PokerStars' text (``a pair of Sevens``, ``two pair, Queens and Sixes``).

Fewer than five cards (a board on 4th to 6th street) count every card: pairs, two pair,
trips and quads, no straights or flushes; such values compare with boards of as many
cards, and serve to find the first to act.

Evaluation is cached by the multiset of ranks (and, when five cards share a suit, by the
ranks of that suit), so a call costs a sort, a suit count and a dictionary lookup.

>>> evaluate_high("Ad 5s 8d Ac 8c Jd Th").description
'two pair, Aces and Eights'
>>> evaluate_high("7c 3s 5h Qc Kc 6d 4d").description
'a straight, Three to Seven'
>>> evaluate_high("Qs Qh Qd 5c") > evaluate_high("As Ah Kd Kc")  # boards: trips > two pair
True
>>> evaluate_high("Ah 2h 3h 4h 5h 9h").description
'a straight flush, Ace to Five'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from rakestats.cards import StdCard, parse_std_cards
from rakestats.stud._value import HandValue

__all__ = ["HighCategory", "HighValue", "evaluate_high", "high_rank_name"]

_CATEGORY_SHIFT = 20
_NAMES = (
    "Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Jack", "Queen", "King", "Ace",
)  # fmt: skip


class HighCategory(IntEnum):
    """High-hand categories, worst first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8


def high_rank_name(rank: int, plural: bool = False) -> str:
    """``Ace``, ``Deuce`` ... for ranks 2-14; ``plural``: ``Sixes``, ``Aces``."""
    name = _NAMES[rank - 2]
    if not plural:
        return name
    return name + ("es" if name == "Six" else "s")


@dataclass(frozen=True, slots=True, order=True)
class HighValue(HandValue[HighCategory]):
    """A high hand's value: compare ``value`` (larger is better, equal ties).

    ``ranks``: the counted ranks (2 ... Ace 14) in tie-break order; a straight's are its
    five cards from the top (``5,4,3,2,14`` for the wheel). ``n_cards``: how many cards
    were evaluated.
    """

    @property
    def description(self) -> str:
        """PokerStars' text: ``a full house, Fives full of Aces``, ``high card Ace``."""
        if self.category is HighCategory.STRAIGHT_FLUSH and self.ranks[0] == 14:
            return "a Royal Flush"
        one = [high_rank_name(r) for r in self.ranks]
        many = [high_rank_name(r, plural=True) for r in self.ranks]
        return _TEXTS[self.category].format(one=one, many=many)


_TEXTS = {
    HighCategory.HIGH_CARD: "high card {one[0]}",
    HighCategory.PAIR: "a pair of {many[0]}",
    HighCategory.TWO_PAIR: "two pair, {many[0]} and {many[2]}",
    HighCategory.THREE_OF_A_KIND: "three of a kind, {many[0]}",
    HighCategory.STRAIGHT: "a straight, {one[4]} to {one[0]}",
    HighCategory.FLUSH: "a flush, {one[0]} high",
    HighCategory.FULL_HOUSE: "a full house, {many[0]} full of {many[3]}",
    HighCategory.FOUR_OF_A_KIND: "four of a kind, {many[0]}",
    HighCategory.STRAIGHT_FLUSH: "a straight flush, {one[4]} to {one[0]}",
}


def _pack(category: HighCategory, ranks: Sequence[int]) -> int:
    value = int(category) << _CATEGORY_SHIFT
    for shift, r in zip((16, 12, 8, 4, 0), ranks, strict=False):
        value |= r << shift
    return value


def _straight_top(distinct: Sequence[int]) -> int:
    """The top card of the best straight among these distinct ranks (any order), or 0."""
    present = set(distinct)
    if 14 in present:
        present.add(1)
    for top in range(14, 4, -1):
        if all(top - k in present for k in range(5)):
            return top
    return 0


def _run(top: int) -> tuple[int, ...]:
    return tuple(14 if r == 1 else r for r in range(top, top - 5, -1))


@cache
def _by_ranks(ranks: tuple[int, ...]) -> tuple[int, HighCategory, tuple[int, ...]]:
    """(value, category, counted ranks) of these ranks (sorted high to low) with no
    flush: the best five when there are more than five."""
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    n = min(5, len(ranks))
    top_count = groups[0][1]
    second = groups[1][1] if len(groups) > 1 else 0
    if top_count == 4:
        quad = groups[0][0]
        kicker = [r for r in ranks if r != quad][:1] if n == 5 else []
        chosen = (quad,) * 4 + tuple(kicker)
        category = HighCategory.FOUR_OF_A_KIND
    elif top_count == 3 and second >= 2:
        chosen = (groups[0][0],) * 3 + (groups[1][0],) * 2
        category = HighCategory.FULL_HOUSE
    elif len(ranks) >= 5 and (top := _straight_top(list(counts))):
        return _pack(HighCategory.STRAIGHT, (top,)), HighCategory.STRAIGHT, _run(top)
    else:
        sizes = {3: HighCategory.THREE_OF_A_KIND, 1: HighCategory.HIGH_CARD}
        if top_count == 2:
            category = HighCategory.TWO_PAIR if second == 2 else HighCategory.PAIR
        else:
            category = sizes[top_count]
        made = [r for r, c in groups if c >= 2][: 2 if top_count == 2 else 1]
        take = {HighCategory.TWO_PAIR: 2, HighCategory.PAIR: 2, HighCategory.THREE_OF_A_KIND: 3}
        per = take.get(category, 0)
        head = tuple(r for r in made for _ in range(per))
        rest = tuple(r for r in ranks if r not in made)
        chosen = head + rest[: n - len(head)]
    return _pack(category, chosen), category, chosen


@cache
def _flush(suited: tuple[int, ...]) -> tuple[int, HighCategory, tuple[int, ...]]:
    """The best flush or straight flush of five to seven suited ranks (high to low)."""
    top = _straight_top(suited)
    if top:
        return _pack(HighCategory.STRAIGHT_FLUSH, (top,)), HighCategory.STRAIGHT_FLUSH, _run(top)
    best = suited[:5]
    return _pack(HighCategory.FLUSH, best), HighCategory.FLUSH, best


def evaluate_high(cards: str | Sequence[StdCard]) -> HighValue:
    """The best high hand of one to seven cards (five counted when there are five or more).

    >>> evaluate_high("Kh Kd 9c 9s 5h 2c 3d").description
    'two pair, Kings and Nines'
    >>> evaluate_high("As Ks").ranks
    (14, 13)
    """
    hand = parse_std_cards(cards) if isinstance(cards, str) else tuple(cards)
    n = len(hand)
    if not 1 <= n <= 7:
        raise ValueError(f"a stud hand has one to seven cards, got {n}")
    if len(set(hand)) != n:
        raise ValueError(f"a card is repeated in {' '.join(map(str, hand))}")
    ranks = tuple(sorted((c.rank.value for c in hand), reverse=True))
    value, category, counted = _by_ranks(ranks)
    if n >= 5 and category < HighCategory.FLUSH:
        suits = Counter(c.suit for c in hand)
        suit, count = suits.most_common(1)[0]
        if count >= 5:
            suited = tuple(sorted((c.rank.value for c in hand if c.suit is suit), reverse=True))
            value, category, counted = _flush(suited)
    return HighValue(value, category, counted, n)

"""Rake hand evaluation: five-card hands, and partial holdings of three or four cards.

Every value packs into one integer ``score`` (higher is better, equal is a tie):
``category << 20 | k1 << 16 | k2 << 12 | k3 << 8 | k4 << 4 | k5`` where ``k1..k5`` are
the tie-break ranks that the book says count, and 0 for ranks that do not count.
The vectorised evaluator (:mod:`rakestats.rake.vectorized`) produces the same scores.

>>> v = evaluate("Ds Dw Df 7c 2s")
>>> v.category, v.description
(<HandCategory.THREE_OF_A_KIND: 3>, 'Three of a Kind, Dukes')
>>> evaluate("Aw Lw 9w 5w 2w").description
'Wings Full, Ace high'
>>> evaluate("As 2w 3f 4c 5s").description
'Run, 5 high'
>>> evaluate("Aw 9f 7c 4s 2s") == evaluate("Af 8f 6c 4w 3s")  # only the top card counts
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import cache
from math import comb
from typing import Final

from rakestats.cards import DECK, Card, Rank, parse_cards, rank_plural

__all__ = [
    "RANK_UNIT",
    "HandCategory",
    "HandValue",
    "evaluate",
    "evaluate_partial",
    "skull_ace_scores",
]


class HandCategory(IntEnum):
    """Rake hand categories, lowest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    RUN = 4
    SUITS_FULL = 5
    FULL_PACK = 6
    QUADS = 7
    RAKE = 8

    @property
    def title(self) -> str:
        return _CATEGORY_TITLES[self.value]


_CATEGORY_TITLES = (
    "High Card", "Pair", "Two Pair", "Three of a Kind", "Run", "Suits Full", "Full Pack",
    "Quads", "Rake",
)  # fmt: skip


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """The value of a hand. Compares by ``score`` only; equal scores tie."""

    score: int
    category: HandCategory = field(compare=False)
    description: str = field(compare=False)

    @classmethod
    def make(cls, category: HandCategory, keys: Sequence[int], description: str) -> HandValue:
        k = [*keys, 0, 0, 0, 0, 0][:5]
        score = (
            (int(category) << 20) | (k[0] << 16) | (k[1] << 12) | (k[2] << 8) | (k[3] << 4) | k[4]
        )
        return cls(score, category, description)

    def __str__(self) -> str:
        return self.description


def _as_cards(cards: str | Iterable[Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        return parse_cards(cards)
    return tuple(cards)


def _run_high(ranks: Sequence[int]) -> int | None:
    """Highest card of a five-card run, 5 for A-2-3-4-5; None when not a run."""
    s = sorted(set(ranks))
    if len(s) != 5:
        return None
    if s[4] - s[0] == 4:
        return s[4]
    if s == [2, 3, 4, 5, 14]:
        return 5
    return None


def _name(r: int) -> str:
    return Rank(r).title


#: A card's part of a hand's shape, by deck index: one in the 3-bit count of its rank.
#: The sum over a hand's cards holds the count of each rank, all a value depends on
#: besides being one suit or not. Final: compiled code reads it without looking its
#: name up.
RANK_UNIT: Final = [1 << (3 * (i >> 2)) for i in range(len(DECK))]
# The values seen so far. Compiled: in a list, by :func:`_shape_index` and suit (one
# read, where a dict keyed by the shape took three that missed the caches). As Python:
# in a dict by shape and suit (the loop that finds the place costs more than a lookup).
_COMPILED_COPY: Final = __name__.startswith("rakestats._speedups.")
_SHAPES: Final = 6_188  # multisets of five of 13 ranks: C(17, 5)
_BY_INDEX: Final[list[HandValue | None]] = [None] * (_SHAPES * 5 if _COMPILED_COPY else 0)
_BY_SHAPE: Final[dict[int, HandValue]] = {}
# C(n, k) at [(k - 1) * 17 + n], for k = 1..5 and n = 0..16
_CHOOSE: Final = [comb(n, k) for k in range(1, 6) for n in range(17)]


def _shape_index(shape: int) -> int:
    """The place of a multiset of five ranks (a shape: the count of each rank, 3 bits a
    rank) among all of them, 0 to C(17, 5) - 1: with the ranks in order r0 <= ... <= r4,
    the sum of C(r_k + k, k + 1) (the combinatorial number system, for multisets).

    >>> _shape_index(5), _shape_index(5 << 36)  # five Twos, five Aces: first and last
    (0, 6187)
    >>> from itertools import combinations_with_replacement as multisets
    >>> len({_shape_index(sum(RANK_UNIT[4 * r] for r in ranks))
    ...      for ranks in multisets(range(13), 5)})
    6188
    """
    index = 0
    k = 0
    rank = 0
    while shape:
        count = shape & 7
        while count:
            index += _CHOOSE[k * 17 + rank + k]
            k += 1
            count -= 1
        shape >>= 3
        rank += 1
    return index


def evaluate(cards: str | Iterable[Card]) -> HandValue:
    """Value of exactly five Rake cards."""
    hand = _as_cards(cards)
    if len(hand) != 5:
        raise ValueError(f"a Rake hand is exactly five cards, got {len(hand)}")
    # A hand's value depends only on its ranks and on whether it is one suit, so each
    # such shape is valued once (the count of each rank, packed in one integer).
    shape = 0
    seen = 0
    suits = 0
    for c in hand:
        i = c.index
        if seen >> i & 1:
            raise ValueError(f"a hand cannot hold the same card twice: {' '.join(map(str, hand))}")
        seen |= 1 << i
        shape += RANK_UNIT[i]
        suits |= 1 << (i & 3)
    one_suit = suits & (suits - 1) == 0
    suit = suits.bit_length() if one_suit else 0
    at = _shape_index(shape) * 5 + suit if _COMPILED_COPY else shape * 5 + suit
    value = _BY_INDEX[at] if _COMPILED_COPY else _BY_SHAPE.get(at)
    if value is None:
        ranks = tuple(sorted([(c.index >> 2) + 2 for c in hand], reverse=True))
        value = _value_of(ranks, suit - 1 if one_suit else -1)
        if _COMPILED_COPY:
            _BY_INDEX[at] = value
        else:
            _BY_SHAPE[at] = value
    return value


def _value_of(ranks: tuple[int, ...], flush_suit: int) -> HandValue:
    """Value of five ranks (high to low), one-suited in ``flush_suit`` or not (-1)."""
    flush = flush_suit >= 0
    high = _run_high(ranks)
    if high is not None and flush:
        return HandValue.make(HandCategory.RAKE, [high], f"Rake, {_name(high)} high")
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    if shape[0] == 4:
        r = groups[0][0]
        return HandValue.make(HandCategory.QUADS, [r], f"Quads, {rank_plural(Rank(r))}")
    if shape == [3, 2]:
        r, p = groups[0][0], groups[1][0]
        return HandValue.make(
            HandCategory.FULL_PACK,
            [r],
            f"Full Pack, {rank_plural(Rank(r))} over {rank_plural(Rank(p))}",
        )
    if flush:
        suit = DECK[flush_suit].suit.title
        return HandValue.make(
            HandCategory.SUITS_FULL, list(ranks), f"{suit} Full, {_name(ranks[0])} high"
        )
    if high is not None:
        return HandValue.make(HandCategory.RUN, [high], f"Run, {_name(high)} high")
    return _sets_value(groups)


def _sets_value(groups: list[tuple[int, int]]) -> HandValue:
    """Value from made sets only (pairs, trips, quads) of 1-5 cards, groups sorted."""
    shape = [n for _, n in groups]
    top = groups[0][0]
    if shape[0] == 4:
        return HandValue.make(HandCategory.QUADS, [top], f"Quads, {rank_plural(Rank(top))}")
    if shape[0] == 3:
        return HandValue.make(
            HandCategory.THREE_OF_A_KIND, [top], f"Three of a Kind, {rank_plural(Rank(top))}"
        )
    if shape[0] == 2 and len(shape) > 1 and shape[1] == 2:
        low = groups[1][0]
        kick = [r for r, _ in groups[2:]]
        return HandValue.make(
            HandCategory.TWO_PAIR,
            [top, low, *kick],
            f"Two Pair, {rank_plural(Rank(top))} and {rank_plural(Rank(low))}",
        )
    if shape[0] == 2:
        kick = [r for r, _ in groups[1:]]
        return HandValue.make(HandCategory.PAIR, [top, *kick], f"Pair of {rank_plural(Rank(top))}")
    return HandValue.make(HandCategory.HIGH_CARD, [top], f"High Card, {_name(top)}")


def evaluate_partial(cards: str | Iterable[Card]) -> HandValue:
    """Category of a partial holding (1-5 cards) from its made sets alone.

    Runs and suits need five cards, so a holding of three or four cards is High Card,
    Pair, Two Pair, Three of a Kind or Quads.

    >>> evaluate_partial("As Aw 7f").description
    'Pair of Aces'
    >>> evaluate_partial("5s 5w 5f 5c").category.name
    'QUADS'
    """
    hand = _as_cards(cards)
    if not 1 <= len(hand) <= 5:
        raise ValueError(f"a holding is one to five cards, got {len(hand)}")
    if len(set(hand)) != len(hand):
        raise ValueError(f"a hand cannot hold the same card twice: {' '.join(map(str, hand))}")
    if len(hand) == 5:
        return evaluate(hand)
    return _partial_of(tuple(sorted((c.index >> 2) + 2 for c in hand)))


@cache
def _partial_of(ranks: tuple[int, ...]) -> HandValue:
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return _sets_value(groups)


def skull_ace_scores(cards: str | Iterable[Card]) -> bool | None:
    """Whether the Ace of Skulls in a five-card hand wins automatically at the Reveal.

    ``None`` when the hand does not hold the Ace of Skulls; ``True`` when it is part of
    the scoring combination of a Three of a Kind or better (automatic win); ``False``
    otherwise (automatic loss: High Card, Pair, Two Pair, or a spare card beside a
    better hand). RULES.md, "The Ace of Skulls".

    >>> skull_ace_scores("As Aw Af 7c 2s")
    True
    >>> skull_ace_scores("5s 5w 5f As 2s")
    False
    >>> skull_ace_scores("As Aw 7f 7c 2s")
    False
    >>> skull_ace_scores("Dw Dw Df 7c 2s") is None
    Traceback (most recent call last):
    ...
    ValueError: a hand cannot hold the same card twice: Dw Dw Df 7c 2s
    """
    hand = _as_cards(cards)
    ace = next((c for c in hand if c.is_ace_of_skulls), None)
    value = evaluate(hand)
    if ace is None:
        return None
    cat = value.category
    if cat < HandCategory.THREE_OF_A_KIND:
        return False
    if cat in (
        HandCategory.RUN,
        HandCategory.SUITS_FULL,
        HandCategory.RAKE,
        HandCategory.FULL_PACK,
    ):
        return True
    # Three of a Kind or Quads: the Ace must be one of the set.
    counts = Counter(c.rank.value for c in hand)
    set_rank = max(counts, key=lambda r: counts[r])
    return ace.rank.value == set_rank

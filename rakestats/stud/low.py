"""Ace-to-five low evaluation (Razz, and the low half of Stud Hi/Lo): the best five of
five to seven cards, and the eight-or-better qualifier.

Aces are always low; straights and flushes do not count. Categories, best first: no
pair, one pair, two pair, three of a kind, full house, four of a kind. Inside a category
hands compare as in high poker with the Ace low (rank 1), and the lower hand wins.

**Direction: lower is better.** Every hand packs into one integer ``value``; a smaller
value is a better low, equal values tie:
``category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`` where ``r1..r5`` are
the five ranks (Ace 1 ... King 13) in tie-break order: the groups by size, then rank,
largest first (``Q,Q,J,J,6``; ``9,7,5,4,2``). The description is PokerStars' ``Lo:``
text, in the same order. The vectorised evaluator (``rakestats.razz.vectorized``)
gives the same values.

Fewer than five cards (a board on 4th street, a partial show) give a *partial* value of
all the cards, with the missing slots 0; partial values compare only with values of the
same number of cards.

>>> evaluate_low("2d 4s 9d 7c Ts 5s Tc").description
'Lo: 9,7,5,4,2'
>>> evaluate_low("Qs Qh Js Jh 6c") < evaluate_low("As Ah Ks Kh 6c")  # Q-Q-J-J-6 is lower
True
>>> evaluate_low("3d 3s 5h 4h").description  # a partial hand
'Lo: 3,3,5,4'
>>> evaluate_low("As 2s 3s 4s 5s").category.name
'NO_PAIR'
>>> eight_or_better("7h 2h 4c Jc 5h 7s 8c").description
'Lo: 8,7,5,4,2'
>>> eight_or_better("9h 2h 4c Jc 5h 7s 7c") is None
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import cache

from rakestats.cards import Rank, StdCard, parse_std_cards
from rakestats.stud._value import HandValue

__all__ = [
    "QUALIFIER",
    "LowCategory",
    "LowValue",
    "eight_or_better",
    "evaluate_low",
    "low_rank",
    "low_rank_symbol",
    "score_ranks",
]

_CATEGORY_SHIFT = 20
#: The highest rank a qualifying low may hold in Stud Hi/Lo (eight or better).
QUALIFIER = 8
_SYMBOLS = "A23456789TJQK"


class LowCategory(IntEnum):
    """Razz hand categories, best (lowest) first."""

    NO_PAIR = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    FULL_HOUSE = 4
    FOUR_OF_A_KIND = 5


def low_rank(card: StdCard) -> int:
    """The card's rank in Razz: Ace 1, 2-10, Jack 11, Queen 12, King 13."""
    return 1 if card.rank is Rank.ACE else card.rank.value


def low_rank_symbol(rank: int) -> str:
    """``A``, ``2`` ... ``9``, ``T``, ``J``, ``Q``, ``K`` for low ranks 1-13."""
    return _SYMBOLS[rank - 1]


@dataclass(frozen=True, slots=True, order=True)
class LowValue(HandValue[LowCategory]):
    """A Razz hand's value: compare with ``<`` (better) and ``==`` (tie).

    ``ranks`` are the counted ranks (Ace 1) in tie-break order, ``n_cards`` how many
    cards were evaluated.
    """

    @property
    def description(self) -> str:
        """PokerStars style: ``Lo: 9,7,5,4,2``."""
        return "Lo: " + ",".join(low_rank_symbol(r) for r in self.ranks)


def _ordered(counts: Counter[int]) -> tuple[int, ...]:
    """Ranks by group size, then rank, largest first, each as often as it counts."""
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    return tuple(r for r, n in groups for _ in range(n))


_CATEGORY_OF_SHAPE = {
    (1, 1, 1, 1, 1): LowCategory.NO_PAIR,
    (2, 1, 1, 1): LowCategory.PAIR,
    (2, 2, 1): LowCategory.TWO_PAIR,
    (3, 1, 1): LowCategory.THREE_OF_A_KIND,
    (3, 2): LowCategory.FULL_HOUSE,
    (4, 1): LowCategory.FOUR_OF_A_KIND,
}


def _category(counts: Counter[int]) -> LowCategory:
    shape = tuple(sorted(counts.values(), reverse=True))
    if shape in _CATEGORY_OF_SHAPE:
        return _CATEGORY_OF_SHAPE[shape]
    # A partial hand (fewer than five cards): classify by its largest groups.
    if shape[0] == 4:
        return LowCategory.FOUR_OF_A_KIND
    if shape[0] == 3:
        return LowCategory.FULL_HOUSE if shape[1:2] == (2,) else LowCategory.THREE_OF_A_KIND
    if shape[0] == 2:
        return LowCategory.TWO_PAIR if shape[1:2] == (2,) else LowCategory.PAIR
    return LowCategory.NO_PAIR


def score_ranks(ranks: Iterable[int]) -> LowValue:
    """The value of exactly these ranks (one to five of them, Ace 1), all counted."""
    counts = Counter(ranks)
    n = sum(counts.values())
    if not 1 <= n <= 5:
        raise ValueError(f"score_ranks takes one to five ranks, got {n}")
    if any(not 1 <= r <= 13 for r in counts) or any(c > 4 for c in counts.values()):
        raise ValueError(f"impossible ranks {sorted(counts.elements())}")
    ordered = _ordered(counts)
    category = _category(counts)
    value = int(category) << _CATEGORY_SHIFT
    for shift, r in zip((16, 12, 8, 4, 0), ordered, strict=False):
        value |= r << shift
    return LowValue(value, category, ordered, n)


def _best_ranks(counts: Counter[int], k: int) -> Counter[int]:
    """The k ranks (with multiplicity) of the best low from these rank counts."""
    distinct = sorted(counts)
    if k == sum(counts.values()):  # every card counts
        return counts
    if len(distinct) >= k:
        return Counter(distinct[:k])
    chosen = Counter(distinct)  # every distinct rank is used; fill with duplicates
    extra = k - len(distinct)
    pairable = [r for r in distinct if counts[r] >= 2]
    if extra == 1:  # one pair: the lowest rank that pairs
        chosen[pairable[0]] += 1
    elif extra == 2 and len(pairable) >= 2:  # two pair: the two lowest that pair
        chosen[pairable[0]] += 1
        chosen[pairable[1]] += 1
    elif extra == 2:  # three of a kind
        chosen[pairable[0]] += 2
    else:  # extra == 3: a full house if one can be made, else four of a kind
        options = [
            (t, p)
            for t in distinct
            if counts[t] >= 3
            for p in distinct
            if p != t and counts[p] >= 2
        ]
        if options:
            t, p = min(options)
            chosen[t] += 2
            chosen[p] += 1
        else:
            quad = next(r for r in distinct if counts[r] >= 4)
            chosen[quad] += 3
    return chosen


def evaluate_low(cards: str | Sequence[StdCard]) -> LowValue:
    """The best low of one to seven cards (five counted when there are five or more).

    >>> evaluate_low("Kh 8c 6h 3d Ad Ac 8h").description
    'Lo: K,8,6,3,A'
    >>> evaluate_low("7s 7h 7d 5c 4c").category.name
    'THREE_OF_A_KIND'
    """
    hand = parse_std_cards(cards) if isinstance(cards, str) else tuple(cards)
    if not 1 <= len(hand) <= 7:
        raise ValueError(f"a Razz hand has one to seven cards, got {len(hand)}")
    if len(set(hand)) != len(hand):
        raise ValueError(f"a card is repeated in {' '.join(map(str, hand))}")
    return _low_of(tuple(sorted([low_rank(c) for c in hand])))


@cache
def _low_of(ranks: tuple[int, ...]) -> LowValue:
    """The best low of cards of these ranks (sorted): a low depends on the ranks only,
    so each set of ranks is evaluated once."""
    return score_ranks(_best_ranks(Counter(ranks), min(5, len(ranks))).elements())


def eight_or_better(cards: str | Sequence[StdCard], qualifier: int = QUALIFIER) -> LowValue | None:
    """The best low of five to seven cards if it qualifies for the low half of a Hi/Lo
    pot (five different ranks, none above ``qualifier``, Ace low), else None.

    >>> eight_or_better("As 2d 3h 4c 5s Kd Kh").description
    'Lo: 5,4,3,2,A'
    """
    value = evaluate_low(cards)
    if value.n_cards < 5 or value.category is not LowCategory.NO_PAIR:
        return None
    return value if value.ranks[0] <= qualifier else None

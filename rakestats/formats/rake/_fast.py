"""Fast lookups for the validator: card text and categories of partial holdings.

The cards the parser produces are the :data:`rakestats.cards.DECK` objects, so their
facts are looked up by identity rather than recomputed through enum properties.
:func:`holding_category` gives the same category as
:func:`rakestats.rake.evaluator.evaluate_partial` (a test checks it on every holding).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rakestats.cards import DECK, Card
from rakestats.rake.evaluator import HandCategory, evaluate_partial

__all__ = ["card_text", "cards_text", "category_of_indices", "holding_category"]

_TEXT = {id(c): str(c) for c in DECK}
_RANK = {id(c): c.rank.value for c in DECK}
_SUIT = {id(c): c.suit.value for c in DECK}
_NAMES = [c.name for c in HandCategory]
_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _RUN, _SUITS, _FULL, _QUADS, _RAKE = _NAMES
_WHEEL = [2, 3, 4, 5, 14]


def card_text(card: Card) -> str:
    text = _TEXT.get(id(card))
    return text if text is not None else str(card)


def cards_text(cards: Sequence[Card | None]) -> str:
    try:
        return " ".join([_TEXT[id(c)] for c in cards])
    except KeyError:
        return " ".join([str(c) for c in cards])


def holding_category(cards: Sequence[Card | None]) -> str:
    """The :class:`HandCategory` name of 1-5 known cards (as ``evaluate_partial``)."""
    try:
        ranks = [_RANK[id(c)] for c in cards]
    except KeyError:
        return evaluate_partial(cards).category.name  # type: ignore[arg-type]
    distinct = len(set(ranks))
    n = len(ranks)
    if distinct == n:
        if n == 5:
            flush = len({_SUIT[id(c)] for c in cards}) == 1
            ranks.sort()
            run = ranks[4] - ranks[0] == 4 or ranks == _WHEEL
            if run:
                return _RAKE if flush else _RUN
            if flush:
                return _SUITS
        return _HIGH
    top = max(ranks.count(r) for r in ranks)
    if top >= 4:
        return _QUADS
    if top == 3:
        return _FULL if distinct == n - 3 and n == 5 else _TRIPS
    # pairs only: n - distinct pairs
    return _TWO_PAIR if n - distinct >= 2 else _PAIR


# a holding's category by its pairs of cards of one rank: a pair makes 1, two pairs 2,
# three of a kind 3, three and two 4, four of a kind 6 (no holding makes 5: its place
# only keeps the others at theirs)
_BY_PAIRS: Final = (_HIGH, _PAIR, _TWO_PAIR, _TRIPS, _FULL, _FULL, _QUADS)
_WHEEL_RANKS: Final = 0b1_0000_0000_1111  # the ranks of A 2 3 4 5, by deck index >> 2
_COMPILED_COPY: Final = __name__.startswith("rakestats._speedups.")
# As Python: each card's rank bit, its 3-bit count unit and its suit bit, looked up
# (a deck index is at most 51); the count fields' lowest and highest bits
_RANK_BIT: Final = [1 << (i >> 2) for i in range(52)]
_COUNT_UNIT: Final = [1 << 3 * (i >> 2) for i in range(52)]
_SUIT_BIT: Final = [1 << (i & 3) for i in range(52)]
_LOW_BITS: Final = sum(1 << 3 * r for r in range(13))
_HIGH_BITS: Final = _LOW_BITS << 2


def category_of_indices(indices: list[int]) -> str:
    """:func:`holding_category` of 1-5 known cards given by deck index (rank
    ``index >> 2``, suit ``index & 3``), from bit masks: the cards of each rank so
    far (3 bits a rank) count the pairs, and for five cards of five ranks the mask of
    ranks tells a run and the mask of suits one suit. Compiled, every step is a machine
    integer; a dict of the categories by shape took a lookup that missed the caches.
    (Compiled, a ``list`` is iterated natively, a ``Sequence`` through the iterator
    protocol.)

    >>> category_of_indices([0, 1, 4]), category_of_indices([48, 44, 40, 36, 32])
    ('PAIR', 'RAKE')
    >>> category_of_indices([48, 1, 6, 11, 12]), category_of_indices([0, 1, 2, 5, 6])
    ('RUN', 'FULL_PACK')
    """
    if not _COMPILED_COPY:
        return _category_by_lookups(indices)
    counts = 0
    ranks = 0
    suits = 0
    pairs = 0
    for i in indices:
        r = i >> 2
        pairs += counts >> (3 * r) & 7
        counts += 1 << (3 * r)
        ranks |= 1 << r
        suits |= 1 << (i & 3)
    if pairs or len(indices) != 5:
        return _BY_PAIRS[pairs]
    return _of_five_ranks(ranks, suits)


def _of_five_ranks(ranks: int, suits: int) -> str:
    """The category of five cards of five ranks (``ranks``, ``suits``: their masks):
    a run of ranks (the wheel A-5 among them), one suit, both or neither."""
    flush = suits & (suits - 1) == 0
    if ranks == (ranks & -ranks) * 31 or ranks == _WHEEL_RANKS:
        return _RAKE if flush else _RUN
    return _SUITS if flush else _HIGH


def _category_by_lookups(indices: list[int]) -> str:
    """:func:`category_of_indices` as Python runs it fastest (220-660 ns against
    550-960 for the loop of shifts): the ranks' bits looked up and counted, one card
    more than ranks making a pair; with more, the rank counts summed in C tell three of
    a kind (a count with both low bits) and four (a count's high bit)."""
    n = len(indices)
    ranks = 0
    for i in indices:
        ranks |= _RANK_BIT[i]
    extra = n - ranks.bit_count()  # cards beyond one a rank
    if extra:
        if extra == 1:
            return _PAIR
        counts = sum(map(_COUNT_UNIT.__getitem__, indices))
        if extra == 2:
            return _TRIPS if counts >> 1 & counts & _LOW_BITS else _TWO_PAIR
        return _QUADS if counts & _HIGH_BITS else _FULL
    if n != 5:
        return _HIGH
    bit = _SUIT_BIT
    suits = bit[indices[0]] | bit[indices[1]] | bit[indices[2]] | bit[indices[3]] | bit[indices[4]]
    return _of_five_ranks(ranks, suits)

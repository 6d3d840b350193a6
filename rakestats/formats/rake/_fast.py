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
from rakestats.rake.evaluator import RANK_UNIT, HandCategory, evaluate_partial

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


_BY_SHAPE: Final[dict[int, str]] = {}
_UNIT: Final = RANK_UNIT  # (compiled: a static of this module, read without a lookup)


def category_of_indices(indices: list[int]) -> str:
    """:func:`holding_category` of 1-5 known cards given by deck index. A holding's
    category depends only on its ranks (and, for five cards, on one suit or not), so it
    is computed once per shape: the count of each rank, negative for five cards of one
    suit. (Compiled, a ``list`` is iterated natively, a ``Sequence`` through the
    iterator protocol.)

    >>> category_of_indices([0, 1, 4]), category_of_indices([48, 44, 40, 36, 32])
    ('PAIR', 'RAKE')
    """
    shape = 0
    suits = 0
    for i in indices:
        shape += _UNIT[i]
        suits |= 1 << (i & 3)
    if len(indices) == 5 and suits & (suits - 1) == 0:
        shape = -shape
    category = _BY_SHAPE.get(shape)
    if category is None:
        category = _BY_SHAPE[shape] = holding_category([DECK[i] for i in indices])
    return category

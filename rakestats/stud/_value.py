"""What the high and the low evaluators give: a hand's value and how it is made."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Generic, TypeVar

__all__ = ["HandValue"]

C = TypeVar("C", bound=IntEnum)


@dataclass(frozen=True, slots=True, order=True)
class HandValue(Generic[C]):
    """An evaluated hand: ``value`` orders hands of one game, ``category`` is its kind
    (a pair, a flush, ...), ``ranks`` the counted ranks in tie-break order and
    ``n_cards`` how many cards were evaluated. :class:`~rakestats.stud.high.HighValue`
    and :class:`~rakestats.stud.low.LowValue` add how the game describes it."""

    value: int
    category: C
    ranks: tuple[int, ...]
    n_cards: int

"""Players at a table in any game: their state during a hand, the antes and the error
for an illegal action."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from rakestats.betting.events import AntePosted

__all__ = ["IllegalActionError", "SeatState", "post_antes"]

C = TypeVar("C")


class IllegalActionError(ValueError):
    """An action or deal the rules do not allow; the message says what was legal."""


@dataclass(slots=True)
class SeatState(Generic[C]):
    """A player's state during a hand, in any game: chips behind (``stack``), chips in
    the pot (``invested``) and in this betting round (``round_bet``), and the cards held
    (``None`` for a card the log does not show)."""

    seat: int
    name: str
    starting_stack: int
    stack: int
    invested: int = 0
    round_bet: int = 0
    folded: bool = False
    acted: bool = False
    may_raise: bool = True
    cards: list[C | None] = field(default_factory=list)

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0


def post_antes(
    players: Mapping[int, SeatState[C]], order: Iterable[int], ante: int
) -> list[AntePosted]:
    """Every player posts the ante in acting order; one who has less posts it all."""
    posted = []
    for seat in order:
        p = players[seat]
        amount = min(ante, p.stack)
        p.stack -= amount
        p.invested += amount
        posted.append(AntePosted(seat, amount, p.stack == 0))
    return posted

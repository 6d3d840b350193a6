"""The stud engine as the readers use it: one place that knows which engine plays which
game, how a settlement splits each pot, and how a shown hand is described.

>>> GAMES
('razz',)
"""

from __future__ import annotations

from collections.abc import Sequence

from rakestats.cards import StdCard
from rakestats.razz import (
    IllegalActionError,
    Phase,
    Settlement,
    StudActionKind,
    StudHand,
    evaluate_low,
)

__all__ = [
    "CAP_BETS",
    "GAMES",
    "STREET_NAMES",
    "IllegalActionError",
    "Phase",
    "Settlement",
    "StudActionKind",
    "StudHand",
    "describe",
    "new_engine",
    "pot_parts",
]

#: The games the engine plays (the readers skip the others, counted by game).
GAMES: tuple[str, ...] = ("razz",)
#: A bet (on 3rd street: the completion) and at most three raises per street.
CAP_BETS = 4
#: Betting round 1-5 by name.
STREET_NAMES = ("3rd street", "4th street", "5th street", "6th street", "7th street")


def new_engine(
    game: str,
    *,
    ante: int,
    bring_in: int | None,
    small_bet: int,
    big_bet: int,
    players: Sequence[tuple[int, str, int]],
) -> StudHand:
    """A hand of ``game`` (one of :data:`GAMES`) with the antes posted."""
    if game not in GAMES:
        raise ValueError(f"no stud engine for {game!r}")
    return StudHand(
        ante=ante, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet, players=players
    )


def pot_parts(s: Settlement, index: int) -> list[tuple[int, ...]]:
    """How pot ``index`` is divided: one group of winners per part (one part for a pot
    that goes to the best hand; the high and the low half of a split pot)."""
    return [s.pots[index].winners]


def describe(game: str, cards: Sequence[StdCard]) -> str | None:
    """The description of a shown hand in PokerStars' words (``Lo: 9,7,5,4,2``), or
    None when the game has none to check."""
    if game == "razz" and len(cards) >= 5:
        return evaluate_low(list(cards)).description
    return None

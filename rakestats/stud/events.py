"""What happens in a stud hand (Razz, Stud, Stud Hi/Lo), as typed events: the engine's log."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rakestats.betting import AntePosted, UncalledReturned
from rakestats.cards import StdCard

__all__ = [
    "AntePosted",
    "CardsDealt",
    "Event",
    "StudAction",
    "StudActionKind",
    "UncalledReturned",
]


class StudActionKind(Enum):
    """Betting actions. ``COMPLETE`` raises the bring-in to the small bet on 3rd street
    (also the bring-in player opening for the full small bet)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    BRING_IN = "bring_in"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Cards dealt on one street (round 1-5) to one seat; ``seat`` 0 is the community
    card. ``up`` tells face up from face down."""

    round: int
    seat: int
    cards: tuple[StdCard | None, ...]
    up: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class StudAction:
    """A betting action. ``amount`` is the chips added; ``to`` the round total after it;
    ``facing_bet``: there was a bet to call when the player acted."""

    round: int
    seat: int
    kind: StudActionKind
    amount: int
    to: int
    all_in: bool
    facing_bet: bool


Event = AntePosted | CardsDealt | StudAction | UncalledReturned

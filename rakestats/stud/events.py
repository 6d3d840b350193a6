"""What happens in a stud hand (Razz, Stud, Stud Hi/Lo), as typed events: the engine's log."""

from __future__ import annotations

from dataclasses import dataclass

from rakestats.betting import ActionKind, AntePosted, BettingAction, UncalledReturned
from rakestats.cards import StdCard

__all__ = [
    "AntePosted",
    "CardsDealt",
    "Event",
    "StudAction",
    "StudActionKind",
    "UncalledReturned",
]


#: The betting actions (:class:`rakestats.betting.ActionKind`); ``COMPLETE`` raises the
#: bring-in to the small bet on 3rd street (also the bring-in player opening for the full
#: small bet).
StudActionKind = ActionKind


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Cards dealt on one street (round 1-5) to one seat; ``seat`` 0 is the community
    card. ``up`` tells face up from face down."""

    round: int
    seat: int
    cards: tuple[StdCard | None, ...]
    up: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class StudAction(BettingAction):
    """A betting action. ``amount`` is the chips added; ``to`` the round total after it;
    ``facing_bet``: there was a bet to call when the player acted."""

    facing_bet: bool


Event = AntePosted | CardsDealt | StudAction | UncalledReturned

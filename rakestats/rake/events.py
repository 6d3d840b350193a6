"""What happens in a Rake hand, as typed events: the engine's log, the writer's input.
The action kinds are the betting engine's (:class:`rakestats.betting.ActionKind`); Rake
uses fold, check, call, bet and raise."""

from __future__ import annotations

from dataclasses import dataclass

from rakestats.betting import ActionKind, AntePosted, BettingAction, UncalledReturned
from rakestats.cards import Card

__all__ = [
    "Action",
    "ActionKind",
    "AntePosted",
    "Event",
    "HoleDealt",
    "MiddleDealt",
    "PickedUp",
    "UncalledReturned",
]


@dataclass(frozen=True, slots=True)
class HoleDealt:
    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Action(BettingAction):
    """A betting action. ``amount`` is the chips added; ``to`` is the round total after it
    (what a raise is "to"). ``round`` is 1-3."""


@dataclass(frozen=True, slots=True)
class MiddleDealt:
    up: tuple[Card, ...]
    down: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class PickedUp:
    pickup: int
    seat: int
    face_up: bool
    card: Card | None


Event = AntePosted | HoleDealt | Action | MiddleDealt | PickedUp | UncalledReturned

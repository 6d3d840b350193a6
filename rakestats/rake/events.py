"""What happens in a Rake hand, as typed events: the engine's log, the writer's input."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rakestats.betting import AntePosted, UncalledReturned
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


class ActionKind(Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True)
class HoleDealt:
    seat: int
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class Action:
    """A betting action. ``amount`` is the chips added; ``to`` is the round total after it
    (what a raise is "to"). ``round`` is 1-3."""

    round: int
    seat: int
    kind: ActionKind
    amount: int
    to: int
    all_in: bool


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

"""What happens in a Razz hand, as typed events: the stud engine's log
(:mod:`rakestats.stud.events`)."""

from rakestats.stud.events import (
    AntePosted,
    CardsDealt,
    Event,
    StudAction,
    StudActionKind,
    UncalledReturned,
)

__all__ = [
    "AntePosted",
    "CardsDealt",
    "Event",
    "StudAction",
    "StudActionKind",
    "UncalledReturned",
]

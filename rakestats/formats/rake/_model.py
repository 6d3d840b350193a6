"""The typed intermediate structure of a parsed Rake hand, before validation.

The lines that carry what happened (the seats, the cards dealt, the actions, the middle
cards, the pick-ups, the cards shown) are read into values; every other line (what the
rules decide) is kept as text, to be compared with the renderer's. Every item keeps the
1-based file line it came from, so the validator can name the first offending line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import IntEnum

from rakestats.cards import Card
from rakestats.rake.events import ActionKind
from rakestats.rake.rules import HouseFee

__all__ = [
    "ActionLine",
    "DealtLine",
    "Item",
    "MiddleLine",
    "ParsedHand",
    "PickLine",
    "SeatLine",
    "Section",
    "SectionBlock",
    "ShowLine",
    "TextLine",
]


class Section(IntEnum):
    """The sections of a hand, in the order they must come."""

    DEAL = 0
    ROUND1 = 1
    MIDDLE = 2
    PICKUP1 = 3
    ROUND2 = 4
    PICKUP2 = 5
    ROUND3 = 6
    REVEAL = 7
    SUMMARY = 8


@dataclass(slots=True)
class SeatLine:
    line: int
    seat: int
    name: str
    stack: int


@dataclass(slots=True)
class DealtLine:
    line: int
    name: str
    cards: tuple[Card, ...]


@dataclass(slots=True)
class ActionLine:
    """``amount``: chips for calls and bets, the increment for raises; ``to``: a raise's
    round total (None otherwise)."""

    line: int
    name: str
    kind: ActionKind
    amount: int
    to: int | None
    all_in: bool


@dataclass(slots=True)
class MiddleLine:
    """Both lines of the middle cards; ``down`` is None in a player's log (only
    ``down_count`` is shown)."""

    line_up: int
    up: tuple[Card, ...]
    line_down: int
    down: tuple[Card, ...] | None
    down_count: int


@dataclass(slots=True)
class PickLine:
    line: int
    name: str
    face_up: bool
    card: Card | None


@dataclass(slots=True)
class ShowLine:
    line: int
    name: str
    cards: tuple[Card, ...]
    description: str


@dataclass(slots=True)
class TextLine:
    """A line the rules decide (an ante, an uncalled bet, the Ace of Skulls, a pot
    collected, the summary): the checker compares it with the renderer's text."""

    line: int
    text: str


Item = DealtLine | ActionLine | MiddleLine | PickLine | ShowLine | TextLine


@dataclass(slots=True)
class SectionBlock:
    section: Section
    line: int  # the header line
    items: list[Item] = field(default_factory=list)


@dataclass(slots=True)
class ParsedHand:
    first_line: int
    last_line: int
    site: str
    hand_id: str
    ante: int
    played_at: datetime
    table: str
    max_seats: int
    dealer_seat: int
    house_fee: HouseFee
    view: str  # "server" | "player"
    hero: str | None
    seats: list[SeatLine] = field(default_factory=list)
    antes: list[TextLine] = field(default_factory=list)
    sections: list[SectionBlock] = field(default_factory=list)
    summary_line: int = 0  # the summary's header
    summary: list[TextLine] = field(default_factory=list)

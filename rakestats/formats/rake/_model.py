"""The typed intermediate structure of a parsed Rake hand, before validation.

Every item keeps the 1-based file line it came from, so the validator can name the first
offending line.
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
    "AnteLine",
    "CollectLine",
    "DealtLine",
    "Item",
    "MiddleLine",
    "OutcomeLine",
    "ParsedHand",
    "PickLine",
    "SeatLine",
    "Section",
    "SectionBlock",
    "ShowLine",
    "SkullLine",
    "TotalLine",
    "UncalledLine",
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
    COLLECT = 8  # the "collected" lines (no header)
    SUMMARY = 9

    @property
    def title(self) -> str:
        return _TITLES[self.value]


_TITLES = (
    "deal", "first betting round", "middle cards", "first pick-up", "second betting round",
    "second pick-up", "third betting round", "Reveal", "collected pots", "summary",
)  # fmt: skip


@dataclass(slots=True)
class SeatLine:
    line: int
    seat: int
    name: str
    stack: int


@dataclass(slots=True)
class AnteLine:
    line: int
    name: str
    amount: int
    all_in: bool


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
class UncalledLine:
    line: int
    amount: int
    name: str


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
class SkullLine:
    line: int
    name: str
    win: bool


@dataclass(slots=True)
class CollectLine:
    """``pot``: 0 for the single or main pot, k for side pot-k; ``single``: written
    "from pot" (no side pots)."""

    line: int
    name: str
    amount: int
    pot: int
    single: bool


@dataclass(slots=True)
class TotalLine:
    """``pots``: main and side pot amounts before the fee (empty when there is one pot)."""

    line: int
    total: int
    pots: tuple[int, ...]
    house_fee: int


@dataclass(slots=True)
class OutcomeLine:
    """A summary seat line. ``kind``: folded, collected, won or lost."""

    line: int
    seat: int
    name: str
    dealer: bool
    kind: str
    text: str
    folded_round: int | None = None
    amount: int | None = None
    cards: tuple[Card, ...] | None = None
    description: str | None = None


Item = (
    DealtLine | ActionLine | UncalledLine | MiddleLine | PickLine | ShowLine | SkullLine
    | CollectLine
)  # fmt: skip


@dataclass(slots=True)
class SectionBlock:
    section: Section
    line: int  # the header line (the first collected line for COLLECT)
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
    antes: list[AnteLine] = field(default_factory=list)
    sections: list[SectionBlock] = field(default_factory=list)
    total: TotalLine | None = None
    outcomes: list[OutcomeLine] = field(default_factory=list)

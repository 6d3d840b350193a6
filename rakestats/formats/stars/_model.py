"""The typed lines of a PokerStars Razz hand, as the grammar reads them.

Amounts are integers in the hand's unit (cents or chips); every item keeps its 1-based
line number in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rakestats.cards import StdCard
from rakestats.formats.stars._header import StarsHeader

__all__ = [
    "ActLine",
    "AnteLine",
    "CappedLine",
    "CollectLine",
    "DealtLine",
    "Item",
    "MuckLine",
    "ParsedStarsHand",
    "SeatLine",
    "ShowLine",
    "StreetLine",
    "SummarySeat",
    "TotalLine",
    "UncalledLine",
]


@dataclass(frozen=True, slots=True)
class SeatLine:
    line: int
    seat: int
    name: str
    stack: int
    sitting_out: bool


@dataclass(frozen=True, slots=True)
class AnteLine:
    line: int
    name: str
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class StreetLine:
    """``*** 3rd STREET ***`` ... ``*** RIVER ***`` (street 1-5), ``*** SHOW DOWN ***``
    (6) or ``*** SUMMARY ***`` (7); ``cards``: a card written on the line (community)."""

    line: int
    street: int
    cards: tuple[StdCard, ...] = ()


@dataclass(frozen=True, slots=True)
class DealtLine:
    """``Dealt to NAME [before] [new]`` (``before`` empty on 3rd street)."""

    line: int
    name: str
    before: tuple[StdCard, ...]
    new: tuple[StdCard, ...]


@dataclass(frozen=True, slots=True)
class ActLine:
    """A betting line. ``verb``: bring_in, bet, call, raise, complete, check, fold.
    ``amount`` is the amount written first (bets, calls, raise increments), ``to`` the
    total of a raise or completion."""

    line: int
    name: str
    verb: str
    amount: int | None
    to: int | None
    all_in: bool


@dataclass(frozen=True, slots=True)
class CappedLine:
    line: int


@dataclass(frozen=True, slots=True)
class UncalledLine:
    line: int
    name: str
    amount: int


@dataclass(frozen=True, slots=True)
class CollectLine:
    line: int
    name: str
    amount: int
    pot: str  # "pot", "main pot", "side pot", "side pot-2" ...


@dataclass(frozen=True, slots=True)
class ShowLine:
    line: int
    name: str
    cards: tuple[StdCard, ...]
    description: str | None


@dataclass(frozen=True, slots=True)
class MuckLine:
    """``mucks hand`` or ``doesn't show hand``."""

    line: int
    name: str
    words: str


@dataclass(frozen=True, slots=True)
class TotalLine:
    line: int
    total: int
    rake: int
    pots: tuple[int, ...]  # main, side pots when written


@dataclass(frozen=True, slots=True)
class SummarySeat:
    """A summary seat line. ``outcome``: folded, collected, won, lost, mucked, other."""

    line: int
    seat: int
    name: str
    outcome: str
    amount: int | None = None
    cards: tuple[StdCard, ...] = ()
    fold_round: int | None = None
    description: str | None = None


Item = (
    AnteLine
    | StreetLine
    | DealtLine
    | ActLine
    | CappedLine
    | UncalledLine
    | CollectLine
    | ShowLine
    | MuckLine
    | TotalLine
    | SummarySeat
)


@dataclass(slots=True)
class ParsedStarsHand:
    header: StarsHeader
    first_line: int
    table: str
    max_seats: int
    seats: list[SeatLine] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)

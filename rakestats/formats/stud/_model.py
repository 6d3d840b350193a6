"""The neutral model of one stud hand as a room wrote it: the header, the seats and the
typed lines, whichever room's text they were read from.

Amounts are integers in the hand's unit (cents or chips); every item keeps its 1-based
line number in the file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from rakestats.cards import StdCard

__all__ = [
    "ActLine",
    "AnteLine",
    "CappedLine",
    "CollectLine",
    "DealtLine",
    "Item",
    "MuckLine",
    "ParsedStudHand",
    "RoomRules",
    "SeatLine",
    "ShowLine",
    "StreetLine",
    "StudHeader",
    "SummarySeat",
    "TotalLine",
    "UncalledLine",
]


@dataclass(frozen=True, slots=True)
class StudHeader:
    """What the header of a hand says. ``game`` is ``razz``, ``stud`` or ``stud8`` (a
    game rakestats analyses) or None (another game: the hand is skipped, ``game_text``
    names it). ``scale`` turns amounts into integers: 100 (cents) for real-money cash
    games, 1 for chips. ``extra`` holds what the record keeps as text (mixed game,
    level, buy-in ...). ``table`` and ``max_seats`` when the header line gives them."""

    site: str
    hand_id: str
    game: str | None
    game_text: str
    is_tournament: bool
    tournament_id: str | None
    currency: str
    scale: int
    small_bet: int
    big_bet: int
    played_at: datetime
    ante: int | None = None
    bring_in: int | None = None
    table: str | None = None
    max_seats: int | None = None
    extra: tuple[tuple[str, str], ...] = ()


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
    """The start of 3rd ... 7th street (street 1-5), the showdown (6) or the summary
    (7); ``cards``: a card written on the line (the community card)."""

    line: int
    street: int
    cards: tuple[StdCard, ...] = ()


@dataclass(frozen=True, slots=True)
class DealtLine:
    """Cards dealt to a player: ``before`` the cards written as held already, ``new``
    the cards dealt now (on 3rd street a room may write the hero's down cards as
    ``before``: the replay takes the three together)."""

    line: int
    name: str
    before: tuple[StdCard, ...]
    new: tuple[StdCard, ...]


@dataclass(frozen=True, slots=True)
class ActLine:
    """A betting line. ``verb``: bring_in, bet, call, raise, complete, check, fold.
    ``amount``: for a bring-in, bet or call the chips written; for a raise its
    increment when the room writes one. ``to``: the round total after a bet, raise or
    completion when written. ``added``: the chips the action put in, for rooms that
    write that instead of a total."""

    line: int
    name: str
    verb: str
    amount: int | None
    to: int | None
    all_in: bool
    added: int | None = None


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
    """A player takes chips from a pot: ``pot`` is ``pot``, ``main pot``, ``side pot``
    or ``side pot-2`` ... as the room names it (normalised to these words)."""

    line: int
    name: str
    amount: int
    pot: str


@dataclass(frozen=True, slots=True)
class ShowLine:
    line: int
    name: str
    cards: tuple[StdCard, ...]
    description: str | None


@dataclass(frozen=True, slots=True)
class MuckLine:
    """A player gives up without showing (``mucks hand``, ``doesn't show hand``);
    ``cards``: the cards, when the room writes them all the same."""

    line: int
    name: str
    words: str
    cards: tuple[StdCard, ...] = ()


@dataclass(frozen=True, slots=True)
class TotalLine:
    """The pot and the rake as the summary states them; ``pots``: the main and side
    pots when written."""

    line: int
    total: int
    rake: int
    pots: tuple[int, ...]


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


@dataclass(frozen=True, slots=True)
class RoomRules:
    """What a room writes, which the checks depend on: shown hands described in
    PokerStars' words (``check_descriptions``); a ``Total pot ... | Rake ...`` line
    (``states_rake``; else the rake is the pot less what was collected); ``Uncalled
    bet`` lines (``writes_uncalled``; else a player's winnings include the uncalled bet
    returned to them); the other players' up cards (``up_cards_shown``; else the
    room's bring-in and first player to act on each street are accepted);
    ``raise_on_bring_in``: the room let a 3rd-street raise build on the bring-in rather
    than on the completion (KingsClub until early 2021: bring-in 33.16, completion to 44,
    raise to 77.16), accepted beside the rule's raise."""

    check_descriptions: bool = True
    states_rake: bool = True
    writes_uncalled: bool = True
    up_cards_shown: bool = True
    raise_on_bring_in: bool = False


@dataclass(slots=True)
class ParsedStudHand:
    header: StudHeader
    first_line: int
    table: str
    max_seats: int
    seats: list[SeatLine] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    room: RoomRules = field(default_factory=RoomRules)

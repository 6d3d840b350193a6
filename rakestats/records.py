"""Validated hand records: the typed interface between the parsers and the warehouse.

A parser (Rake, PokerStars Razz, PHH) turns text into :class:`HandRecord` values once
the hand has passed validation; the warehouse turns batches of them into Arrow tables.
Records hold money as integers in the hand's smallest unit (chips, or cents for a cash
currency) and cards as text in the game's notation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

__all__ = [
    "ActionRecord",
    "Game",
    "HandRecord",
    "PickupRecord",
    "PlayerRecord",
    "PotRecord",
    "QuarantineRecord",
    "SkipRecord",
]


class Game(Enum):
    RAKE = "rake"
    RAZZ = "razz"
    STUD = "stud"  # Seven-Card Stud
    STUD8 = "stud8"  # Seven-Card Stud Hi/Lo, eight or better


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player in one hand.

    ``invested`` is what the player put in the pot (antes, bring-in and bets) less any
    uncalled bet returned; ``collected`` is what they took from the pots after the house
    fee. ``net`` is their difference.
    """

    player: str
    seat: int
    position: int | None
    stack: int
    invested: int
    collected: int
    cards: str | None = None
    hole_cards: str | None = None
    up_cards: str | None = None
    went_to_reveal: bool = False
    skull_ace_held: bool = False
    skull_ace_outcome: str | None = None  # "auto_win" | "auto_loss" | None
    hand_category: str | None = None  # HandCategory name at the Reveal (Rake) / low class (Razz)
    hand_description: str | None = None
    folded_round: int | None = None
    all_in: bool = False

    @property
    def net(self) -> int:
        return self.collected - self.invested


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """One voluntary or forced action, in order. ``round`` is 1-based (Rake 1-3, Razz
    1-5 for 3rd-7th street). ``kind``: fold, check, call, bet, raise, bring_in, complete.
    ``amount`` is chips added; ``to_amount`` is the player's round total after it."""

    seq: int
    round: int
    player: str
    kind: str
    amount: int
    to_amount: int
    all_in: bool = False
    facing_bet: bool = False


@dataclass(frozen=True, slots=True)
class PickupRecord:
    """A Rake pick-up: which middle card a player took, and the category of their
    holding before and after (from made sets, None when the cards are not known)."""

    pickup: int
    player: str
    face_up: bool
    card: str | None
    category_before: str | None = None
    category_after: str | None = None


@dataclass(frozen=True, slots=True)
class PotRecord:
    """One pot as the history settles it: ``pot`` 0 is the main (or only) pot, k side
    pot-k; ``amount`` is the pot before the house fee; ``shares`` are the players who
    collected from it and how much (after the fee), as the collected lines say."""

    pot: int
    amount: int
    shares: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class HandRecord:
    hand_id: str
    site: str
    game: Game
    played_at: datetime  # timezone-aware, UTC
    table_name: str
    max_seats: int
    currency: str  # "chips" or an ISO code such as "USD"
    is_tournament: bool
    ante: int
    total_pot: int
    house_fee: int
    source_file: str
    source_line: int
    view: str  # "server" | "player"
    players: tuple[PlayerRecord, ...]
    actions: tuple[ActionRecord, ...] = ()
    pickups: tuple[PickupRecord, ...] = ()
    small_bet: int | None = None
    big_bet: int | None = None
    bring_in: int | None = None
    dealer_seat: int | None = None
    hero: str | None = None
    tournament_id: str | None = None
    extra: dict[str, str] = field(default_factory=dict)
    # Rake: the middle cards as dealt ("Af 2w Pf"); the face-down ones when shown.
    middle_up: str | None = None
    middle_down: str | None = None
    # The Reveal (showdown) in showing order: (player, "show" or "muck").
    reveal: tuple[tuple[str, str], ...] = ()
    pots: tuple[PotRecord, ...] = ()

    @property
    def n_players(self) -> int:
        return len(self.players)


@dataclass(frozen=True, slots=True)
class QuarantineRecord:
    """A hand that failed parsing or validation, kept whole with where and why."""

    source_file: str
    line: int
    reason: str
    raw_text: str
    site: str | None = None
    hand_id: str | None = None
    game: str | None = None


@dataclass(frozen=True, slots=True)
class SkipRecord:
    """A hand of a game rakestats does not analyse (hold'em in a mixed-game file)."""

    source_file: str
    line: int
    game: str
    hand_id: str | None = None

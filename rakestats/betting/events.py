"""What a betting round writes in any game's event log: antes, actions, uncalled bets."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

__all__ = ["ActionKind", "AntePosted", "BettingAction", "UncalledReturned"]


class ActionKind(Enum):
    """What a player may do in a betting round, in any game; each game allows its own.
    Every game folds, checks, calls, bets and raises; the stud games also bring in
    (``BRING_IN``, the forced opening of 3rd street) and complete (``COMPLETE``: raise
    the bring-in to the small bet, or the bring-in player opening for the small bet)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    BRING_IN = "bring_in"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class AntePosted:
    """An ante, in any game's event log (``all_in``: it took the whole stack)."""

    seat: int
    amount: int
    all_in: bool


@dataclass(frozen=True, slots=True)
class UncalledReturned:
    """The part of a bet nobody called, returned at the end of betting round ``round``."""

    round: int
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class BettingAction:
    """A betting action of any game. ``amount`` is the chips added; ``to`` the round
    total after it (what a raise is "to"); ``all_in``: the action took the player's
    last chip."""

    round: int
    seat: int
    kind: ActionKind
    amount: int
    to: int
    all_in: bool

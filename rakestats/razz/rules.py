"""The project's Razz rulings in one place (RULES.md, Razz section).

>>> from rakestats.cards import parse_std_card as c
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("Ks")})
4
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("As")})  # ties: Qh > Qd > Qc
3
>>> from rakestats.cards import parse_std_cards as cs
>>> lowest_boards({1: cs("Qc 6d"), 2: cs("3d Ad")})
[2]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rakestats.cards import StdCard
from rakestats.razz.evaluator import evaluate_low, low_rank

__all__ = [
    "CAP_BETS",
    "DECK_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "N_STREETS",
    "STREET_NAMES",
    "board_value",
    "bring_in_key",
    "bring_in_seat",
    "check_setup",
    "clockwise_from",
    "lowest_boards",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DECK_SIZE = 52
N_STREETS = 5
#: A bet (on 3rd street: the completion) and at most three raises per street, heads-up too.
CAP_BETS = 4
#: Betting round 1-5 by name.
STREET_NAMES = ("3rd street", "4th street", "5th street", "6th street", "7th street")


def bring_in_key(card: StdCard) -> tuple[int, int]:
    """Order of door cards for the bring-in: the largest key brings in (King high, Ace
    low; equal ranks by suit, spades > hearts > diamonds > clubs)."""
    return low_rank(card), card.suit.index


def bring_in_seat(door: Mapping[int, StdCard]) -> int:
    """The seat whose up card brings in."""
    if not door:
        raise ValueError("nobody to bring in")
    return max(door, key=lambda s: bring_in_key(door[s]))


def board_value(up: Sequence[StdCard]) -> int:
    """The (partial) low value of the up cards showing: lower acts first from 4th street."""
    return evaluate_low(up).value


def lowest_boards(boards: Mapping[int, Sequence[StdCard]]) -> list[int]:
    """The seats (ascending) whose boards tie for the lowest; the first of them acts first
    from 4th street on (when several tie, the site's choice among them is accepted)."""
    values = {s: board_value(up) for s, up in boards.items()}
    best = min(values.values())
    return sorted(s for s, v in values.items() if v == best)


def clockwise_from(seats: Sequence[int], first: int) -> list[int]:
    """``seats`` (any order) in clockwise order, i.e. ascending seat numbers, starting at
    ``first``.

    >>> clockwise_from([8, 1, 5, 3], 5)
    [5, 8, 1, 3]
    """
    ordered = sorted(seats)
    i = ordered.index(first)
    return ordered[i:] + ordered[:i]


def check_setup(
    ante: int,
    bring_in: int | None,
    small_bet: int,
    big_bet: int,
    players: Sequence[tuple[int, str, int]],
) -> None:
    """Raise ValueError for stakes or players a hand cannot start with."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Razz is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {len(players)}")
    if ante < 0 or small_bet <= 0 or big_bet < small_bet:
        raise ValueError(f"bad stakes: ante {ante}, bets {small_bet}/{big_bet}")
    if bring_in is not None and not 0 < bring_in <= small_bet:
        raise ValueError(f"the bring-in {bring_in} must be positive and at most the small bet")
    if len({p[0] for p in players}) != len(players) or len({p[1] for p in players}) != len(players):
        raise ValueError("two players share a seat or a name")
    for seat, name, stack in players:
        if stack <= 0:
            raise ValueError(f"{name!r} in seat {seat} has no chips ({stack})")

"""The project's stud rulings in one place (RULES.md, Razz section; docs/rules.md, Stud).

Three games share one engine: Razz (``StudGame.RAZZ``), Seven-Card Stud
(``StudGame.STUD``) and Stud Hi/Lo eight or better (``StudGame.STUD8``). What differs is
here: who brings in, who acts first from 4th street, and what wins at the showdown.

>>> from rakestats.cards import parse_std_card as c
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("Ks")})
4
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("As")})  # ties: Qh > Qd > Qc
3
>>> bring_in_seat({1: c("2h"), 2: c("2c"), 3: c("Ah")}, StudGame.STUD)  # 2c < 2h; Ace high
2
>>> from rakestats.cards import parse_std_cards as cs
>>> lowest_boards({1: cs("Qc 6d"), 2: cs("3d Ad")})
[2]
>>> first_boards({1: cs("Qc 6d"), 2: cs("3d Ad"), 3: cs("6s 6h")}, StudGame.STUD)
[3]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Final

from rakestats.betting import clockwise_from
from rakestats.cards import Rank, StdCard
from rakestats.stud.high import evaluate_high
from rakestats.stud.low import evaluate_low, low_rank

__all__ = [
    "CAP_BETS",
    "DECK_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "N_STREETS",
    "STREET_NAMES",
    "StudGame",
    "board_value",
    "bring_in_key",
    "bring_in_seat",
    "check_setup",
    "clockwise_from",
    "first_boards",
    "has_open_pair",
    "lowest_boards",
]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
DECK_SIZE: Final = 52
N_STREETS = 5
#: A bet (on 3rd street: the completion) and at most three raises per street, heads-up too.
CAP_BETS: Final = 4
#: Betting round 1-5 by name.
STREET_NAMES = ("3rd street", "4th street", "5th street", "6th street", "7th street")


class StudGame(Enum):
    """A game of the stud family, with the rules that set it apart.

    ====== ============================ ========================= ==========================
    game   brings in (3rd street)       acts first (4th-7th)      wins at the showdown
    ====== ============================ ========================= ==========================
    RAZZ   highest up card (Ace low)    lowest board (Ace low)    best ace-to-five low
    STUD   lowest up card (Ace high)    highest board             best high hand
    STUD8  lowest up card (Ace high)    highest board             high half and a qualifying
                                                                  eight-or-better low half
    ====== ============================ ========================= ==========================

    Equal bring-in cards are ordered by suit, clubs < diamonds < hearts < spades: in Razz
    the highest suit brings in, in Stud and Stud Hi/Lo the lowest. Equal boards from 4th
    street on are not ordered by suit: the room's order stands (see :func:`first_boards`).
    Only Seven-Card Stud has the open-pair rule: with a pair showing on 4th street, a bet
    or raise there may be the big bet.
    """

    RAZZ = "razz"
    STUD = "stud"
    STUD8 = "stud8"

    @property
    def high_brings_in(self) -> bool:
        """Whether the highest up card brings in (Razz) rather than the lowest."""
        return self is StudGame.RAZZ

    @property
    def open_pair_rule(self) -> bool:
        """Whether an open pair on 4th street allows the big bet there."""
        return self is StudGame.STUD

    @property
    def title(self) -> str:
        return _TITLES[self]


_TITLES = {
    StudGame.RAZZ: "Razz",
    StudGame.STUD: "Seven-Card Stud",
    StudGame.STUD8: "Stud Hi/Lo",
}


def bring_in_key(card: StdCard, game: StudGame = StudGame.RAZZ) -> tuple[int, int]:
    """Order of door cards for the bring-in: the largest key brings in. Razz: King high,
    Ace low, equal ranks spades > hearts > diamonds > clubs. Stud and Stud Hi/Lo: the
    lowest card brings in (the Ace is high), equal ranks clubs first; the key is negated
    so that the largest still brings in."""
    if game.high_brings_in:
        return low_rank(card), card.suit.index
    return -card.rank.value, -card.suit.index


def bring_in_seat(door: Mapping[int, StdCard], game: StudGame = StudGame.RAZZ) -> int:
    """The seat whose up card brings in."""
    if not door:
        raise ValueError("nobody to bring in")
    return max(door, key=lambda s: bring_in_key(door[s], game))


def board_value(up: Sequence[StdCard]) -> int:
    """The (partial) low value of the up cards showing: lower acts first from 4th street
    in Razz."""
    return evaluate_low(up).value


def lowest_boards(boards: Mapping[int, Sequence[StdCard]]) -> list[int]:
    """The seats (ascending) whose boards tie for the lowest; the first of them acts first
    from 4th street on in Razz (when several tie, the site's choice among them is
    accepted)."""
    values = {s: board_value(up) for s, up in boards.items()}
    best = min(values.values())
    return sorted(s for s, v in values.items() if v == best)


def first_boards(boards: Mapping[int, Sequence[StdCard]], game: StudGame) -> list[int]:
    """The seats (ascending) whose boards tie for first to act from 4th street: the
    lowest board in Razz, the highest in Stud and Stud Hi/Lo (pairs, two pair, trips,
    quads count; then the ranks high to low). Suits do not break these ties: the engine
    takes the first of them in seat order unless the room names another."""
    if game is StudGame.RAZZ:
        return lowest_boards(boards)
    values = {s: evaluate_high(up).value for s, up in boards.items()}
    best = max(values.values())
    return sorted(s for s, v in values.items() if v == best)


def has_open_pair(boards: Mapping[int, Sequence[StdCard]]) -> bool:
    """Whether some board shows a pair (or better) of up cards.

    >>> from rakestats.cards import parse_std_cards as cs
    >>> has_open_pair({1: cs("9c 9d"), 2: cs("Kd 2c")}), has_open_pair({1: cs("9c Td")})
    (True, False)
    """
    for up in boards.values():
        ranks: list[Rank] = [c.rank for c in up]
        if len(set(ranks)) < len(ranks):
            return True
    return False


def check_setup(
    ante: int,
    bring_in: int | None,
    small_bet: int,
    big_bet: int,
    players: Sequence[tuple[int, str, int]],
    game: StudGame = StudGame.RAZZ,
) -> None:
    """Raise ValueError for stakes or players a hand cannot start with."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(
            f"{game.title} is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {len(players)}"
        )
    if ante < 0 or small_bet <= 0 or big_bet < small_bet:
        raise ValueError(f"bad stakes: ante {ante}, bets {small_bet}/{big_bet}")
    if bring_in is not None and not 0 < bring_in <= small_bet:
        raise ValueError(f"the bring-in {bring_in} must be positive and at most the small bet")
    if len({p[0] for p in players}) != len(players) or len({p[1] for p in players}) != len(players):
        raise ValueError("two players share a seat or a name")
    for seat, name, stack in players:
        if stack <= 0:
            raise ValueError(f"{name!r} in seat {seat} has no chips ({stack})")

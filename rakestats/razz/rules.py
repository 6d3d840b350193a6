"""The project's Razz rulings (RULES.md, Razz section); they live with the other stud
games' in :mod:`rakestats.stud.rules`.

>>> from rakestats.cards import parse_std_card as c
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("As")})  # ties: Qh > Qd > Qc
3
"""

from rakestats.stud.rules import (
    CAP_BETS,
    DECK_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_STREETS,
    STREET_NAMES,
    board_value,
    bring_in_key,
    bring_in_seat,
    check_setup,
    clockwise_from,
    lowest_boards,
)

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

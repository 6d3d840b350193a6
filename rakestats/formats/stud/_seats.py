"""The seat lines of rooms that list them in any order (Absolute, from the dealer on) or
list seats that hold no chips (Everleaf's ``Seat 2: Ann ( new player )``).

>>> import re
>>> from rakestats.formats.stud import StudPatterns
>>> from rakestats.formats.stud._model import StudHeader
>>> class P(StudPatterns):
...     seat_line = re.compile(r"^Seat (?P<seat>\\d+): (?P<name>\\S+) \\((?P<stack>\\d+)\\)$")
>>> header = StudHeader("X", "1", "razz", "Razz", True, None, "chips", 1, 10, 20, None)
>>> lines = ["head", "Seat 4: Bo (50)", "Seat 2: Al (new player)", "Seat 1: Cy (90)", "Cy: ante"]
>>> seats, i = seats_in_order(P(), header, lines, 1, 7, re.compile("Seat "))
>>> [(s.line, s.seat, s.name, s.stack) for s in seats], i
([(10, 1, 'Cy', 90), (8, 4, 'Bo', 50)], 4)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats.stud._common import parse_money
from rakestats.formats.stud._model import ParsedStudHand, SeatLine, StudHeader
from rakestats.formats.stud._patterns import StudPatterns

__all__ = ["hand_of", "seats_in_order"]


def seats_in_order(
    p: StudPatterns,
    header: StudHeader,
    lines: Sequence[str],
    i: int,
    first_line: int,
    seat_start: re.Pattern[str],
) -> tuple[list[SeatLine], int]:
    """The seats of the lines from ``lines[i]`` on that ``seat_start`` matches, in seat
    order (a line ``p.seat_line`` does not read holds no chips: not a player of the
    hand); and the index of the first line after them."""
    seats: list[SeatLine] = []
    while i < len(lines) and seat_start.match(lines[i]) is not None:
        s = p.seat_line.match(lines[i])
        if s is not None:
            n = first_line + i
            stack = parse_money(s["stack"], header.scale, n)
            seats.append(SeatLine(n, int(s["seat"]), s["name"], stack, False))
        i += 1
    return sorted(seats, key=lambda s: s.seat), i


def hand_of(header: StudHeader, first_line: int, seats: Sequence[SeatLine]) -> ParsedStudHand:
    """A hand with its seats, for a room whose table line gives no size: the header's
    seats, else 8 (10 when a seat number is above 8)."""
    top = max((s.seat for s in seats), default=0)
    size = header.max_seats or (10 if top > 8 else 8)
    hand = ParsedStudHand(header, first_line, header.table or "", size)
    hand.seats = list(seats)
    return hand

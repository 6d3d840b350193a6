"""The lines of a header between its first lines and the seats (table, players,
tournament), read with a room's patterns.

>>> lines = ["Table Harjavalta (Real Money)", "Total number of players : 2/8", "Seat 1: A"]
>>> i, found = before_seats(lines, 0, {"table": re.compile(r"^Table (?P<name>\\S+)"),
...                                    "players": re.compile(r": \\d+/(?P<max>\\d+)")})
>>> i, found["table"]["name"], found["players"]["max"]
(2, 'Harjavalta', '8')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

__all__ = ["SEAT_START", "before_seats"]

#: The first seat line of most rooms: ``Seat 1: NAME ...``.
SEAT_START = re.compile(r"^Seat \d+: ")


def before_seats(
    lines: Sequence[str],
    start: int,
    wanted: Mapping[str, re.Pattern[str]],
    seat: re.Pattern[str] = SEAT_START,
) -> tuple[int, dict[str, re.Match[str]]]:
    """The index of the first line from ``start`` that ``seat`` matches (the number of
    lines when none does) and, by name, each ``wanted`` pattern's first match (a
    search) in the lines before it; a pattern that matches no line is not in the dict."""
    found: dict[str, re.Match[str]] = {}
    i = start
    while i < len(lines) and seat.match(lines[i]) is None:
        for name, pattern in wanted.items():
            if name not in found and (m := pattern.search(lines[i])) is not None:
                found[name] = m
        i += 1
    return i, found

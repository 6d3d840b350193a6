"""The lines of a header between its first lines and the seats (table, players,
tournament), read with a room's patterns.

>>> lines = ["Table Harjavalta (Real Money)", "Total number of players : 2/8", "Seat 1: A"]
>>> i, found = before_seats(lines, 0, re.compile(r"^Seat \\d+: "),
...                         table=re.compile(r"^Table (?P<name>\\S+)"),
...                         players=re.compile(r"players\\s*:\\s*\\d+/(?P<max>\\d+)"))
>>> i, found["table"]["name"], found["players"]["max"]
(2, 'Harjavalta', '8')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["before_seats"]


def before_seats(
    lines: Sequence[str], start: int, seat: re.Pattern[str], **wanted: re.Pattern[str]
) -> tuple[int, dict[str, re.Match[str]]]:
    """The index of the first line from ``start`` that ``seat`` matches (the number of
    lines when none does) and, for each ``wanted`` pattern, its first match (a search)
    in the lines before it; a pattern that matches no line is not in the dict."""
    found: dict[str, re.Match[str]] = {}
    i = start
    while i < len(lines) and seat.match(lines[i]) is None:
        for name, pattern in wanted.items():
            if name not in found and (m := pattern.search(lines[i])) is not None:
                found[name] = m
        i += 1
    return i, found

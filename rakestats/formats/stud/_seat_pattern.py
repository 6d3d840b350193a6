r"""A room's seat line, ``Seat N: NAME (STACK)`` and what follows, from the room's own
words: what it writes in the brackets, between the seat number and the name, and
right after the brackets (groups ``seat``, ``name``, ``stack``, ``tail``, as
:attr:`~rakestats.formats.stud.StudPatterns.seat_line` reads them).

>>> p = seat_pattern(r"(?P<stack>\d+) in chips", sep=" - ")
>>> p.match("Seat 3 - Ann B (1500 in chips) is sitting out").group("seat", "name", "stack", "tail")
('3', 'Ann B', '1500', ' is sitting out')
"""

from __future__ import annotations

import re

__all__ = ["seat_pattern"]


def seat_pattern(
    inside: str, *, sep: str = ": ", after: str = "", tail: str = ".*"
) -> re.Pattern[str]:
    """The seat line whose brackets hold ``inside`` (with the group ``stack``), ``sep``
    after the seat number, ``after`` right after the brackets and ``tail`` the rest."""
    return re.compile(
        rf"^Seat (?P<seat>\d{{1,9}}){sep}(?P<name>.+?) \({inside}\){after}(?P<tail>{tail})$"
    )

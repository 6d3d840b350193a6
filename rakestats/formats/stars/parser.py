"""The reader of PokerStars stud hand histories: Razz, Seven-Card Stud and Stud Hi/Lo
(docs/rooms.md), on the shared stud reader (:mod:`rakestats.formats.stud`).

Each hand is decoded on its own (UTF-8, else cp1252), read line by line with
PokerStars' patterns (the defaults of :class:`~rakestats.formats.stud.StudPatterns`),
then validated by replaying it through the stud engine; a hand that fails becomes a
:class:`rakestats.records.QuarantineRecord` naming the first offending line. Hands of
other games in the same file (hold'em in a HORSE or 8-Game session, five-card stud,
Triple Stud ...) become :class:`rakestats.records.SkipRecord`; a game PokerStars never
deals (a damaged header: ``Razy Limit``) is quarantined. Cash amounts are cents,
tournament amounts chips.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats.stars._header import HEADER, check_game, parse_header
from rakestats.formats.stud import StudHeader, StudReader

__all__ = ["StarsRazzParser"]

_GAME_WORDS = re.compile(r"(Hold'em|Omaha|Razz|Stud|Draw|Badugi|Courchevel)[^(),\-]*", re.I)


class StarsRazzParser(StudReader):
    """PokerStars hand histories; Razz, Seven-Card Stud and Stud Hi/Lo hands are read,
    other games skipped."""

    format_name = "pokerstars"
    site = "PokerStars"
    header_pattern = HEADER
    resumable = True  # each hand stands alone: a grown file is read from its last end

    def game_text(self, lines: Sequence[str]) -> str:
        m = _GAME_WORDS.search(lines[0]) if lines else None
        return m[0].strip() if m else "unknown"

    def skipped_game(self, lines: Sequence[str], first_line: int) -> str:
        check_game(lines[0], first_line)  # a game PokerStars deals, or quarantined
        return self.game_text(lines)

    def read_header(self, lines: Sequence[str], first_line: int) -> StudHeader:
        return parse_header(lines[0], first_line)

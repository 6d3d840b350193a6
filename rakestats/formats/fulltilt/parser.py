"""The reader of Full Tilt Poker stud hand histories: Razz, Seven-Card Stud and Stud
Hi/Lo (docs/rooms.md, Full Tilt), on the shared stud reader.

Full Tilt wrote its histories in UTF-16 (the file reader decodes them; copies saved
as UTF-8 or cp1252 are read too). Lines read ``NAME verb``, without a colon; raises
give their total (``raises to $8``), all-ins end with ``, and is all in``; the pot is
taken with ``NAME wins the pot ($6)`` (``the high pot``, ``the low pot``, ``the side
pot``, ``ties for ...``); the summary writes ``folded on 3rd St.``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rakestats.formats.fulltilt._header import HEADER, game_words, parse_header
from rakestats.formats.stud import (
    AMOUNT,
    NEVER,
    PLAIN_SEAT,
    UPPER_STREETS,
    StudHeader,
    StudReader,
    action_table,
    line_table,
)

__all__ = ["FullTiltParser"]

_ALLIN = r"(?P<allin>,? and is all[ -]in)?(?:,? and is capped)?"


class FullTiltParser(StudReader):
    """Full Tilt Poker hand histories; stud hands are read, other games skipped."""

    format_name = "fulltilt"
    site = "Full Tilt Poker"
    header_pattern = HEADER

    table_line = None
    seat_line = PLAIN_SEAT
    streets: ClassVar[dict[str, int]] = {**UPPER_STREETS, "RIVER": 5}
    actions = action_table(
        """
        ante      antes {a}{allin}
        bring_in  brings in for {a}{allin}
        bet       bets {a}{allin}
        call      calls {a}{allin}
        raise     raises to {to}{allin}
        complete  completes it to {to}{allin}
        check     checks
        fold      folds
        """,
        allin=_ALLIN,
    )
    # the pot line and the summary's tags, 'collected' and 'mucked': PokerStars' words
    wording = line_table(
        r"""
        action_words  ^ (antes|brings in|bets|calls|raises|completes|checks|folds)\b
        show          ^ shows \[(?P<cards>[^\]]*)\](?:\s+(?P<desc>.*))?$
        muck          ^ mucks$
        collect       ^ (?:wins|ties for) (?:the )?(?:(?:high|low) )?
                        (?P<pot>(?:main |side )?pot(?: #?\d+)?) \((?P<a>{amount})\)(?: with .*)?$
        uncalled      ^Uncalled bet of (?P<a>{amount}) returned to (?P<name>.+)$
        folded        ^folded on (?:(?P<street>\d)\w\w St\.?|the (?P<river>River))
        showed        ^showed \[(?P<cards>[^\]]*)\] and (?:won \((?P<a>{amount})\)|(?P<lost>lost))
                        (?: with (?P<desc>.*))?
        """,
        amount=AMOUNT,
    )
    capped = NEVER  # Full Tilt writes no cap line
    check_descriptions = False

    def game_text(self, lines: Sequence[str]) -> str:
        return game_words(lines[0]) if lines else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> StudHeader:
        return parse_header(lines[0], first_line)

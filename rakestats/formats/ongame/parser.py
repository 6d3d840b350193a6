"""The reader of OnGame stud hand histories: Razz, Seven-Card Stud and Stud Hi/Lo
(docs/rooms.md, OnGame), on the shared stud reader.

OnGame writes hands one after another with no blank line between them (each starts
with ``***** History for hand``), lines ``NAME verb $X`` without a colon, raises as the
chips put in and the player's total of the hand (``raises $1 to $1.37``), a bring-in
that completes as ``big bring in``, each street's new card only (``Dealing to Hero:
[7h]``), and no showdown lines: the summary gives the pots (``Main pot: $2.35 won by
Hero ($2.24)``), the rake, and each player's final stack, net and shown cards.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud
from rakestats.formats.ongame._header import HEADER, game_words, parse_header
from rakestats.formats.ongame._summary import read_closing
from rakestats.formats.stud import AMOUNT

__all__ = ["OnGameParser"]

_ALLIN = r"(?P<allin> and is all-in| \[all in\])?"


class OnGameParser(stud.TerseReader):
    """OnGame hand histories; stud hands are read, other games skipped."""

    format_name = "ongame"
    site = "OnGame"
    header_pattern = HEADER
    hand_start = HEADER
    stud_words = stud.EVERY_HEADER  # the game is on the 'Table:' line: read every header

    table_line = None
    seat_line = stud.seat_pattern(rf"(?P<stack>{AMOUNT})", tail="(?: .*)?")
    sitting_out = re.compile(r"sit(?:ting|s)? out", re.IGNORECASE)
    streets = stud.street_table(
        """
        1 Dealing pocket cards
        2 Dealing 4th street
        3 Dealing 5th street
        4 Dealing 6th street
        5 Dealing river
        7 Summary:
        """
    )
    dealt_prefix = "Dealing to "
    actions = stud.action_table(
        rf"""
        ante      posts ante {{a}}{{allin}}
        bring_in  small bring in {{a}}{{allin}}
        complete  big bring in {{to}}{{allin}}
        bet       bets {{a}}{{allin}}
        call      calls {{a}}{{allin}}
        raise     raises {{added}} to {AMOUNT}{{allin}}
        check     checks
        fold      folds
        """,
        allin=_ALLIN,
    )
    wording = stud.line_table(  # dealt: "-" is a hidden card
        r"""
        section       ^(?P<name>Dealing (?:pocket cards|4th street|5th street|6th street|river)
                        |Summary:)(?P<rest>)$
        dealt         ^: \[(?:-(?:,\s*|(?=\])))*(?P<a>[^\]]*)\]$
        action_words  ^ (?:posts ante|small bring in|big bring in|bets|calls|raises|checks|folds)
                        (?: |$)
        """
    )
    # no showdown lines, and the summary is read by ._summary
    show = muck = collect = uncalled = capped = total = summary_seat = stud.NEVER
    check_descriptions = False

    def game_line(self, lines: Sequence[str]) -> str | None:
        return next((x for x in lines[1:8] if x.startswith("Table: ")), None)

    def game_text(self, lines: Sequence[str]) -> str:
        line = self.game_line(lines)
        return game_words(line) if line is not None else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines, first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        k = next((i for i in range(1, len(lines)) if self.seat_line.match(lines[i])), None)
        if k is None:
            raise stud.fail(first_line + len(lines) - 1, "expected the seat lines")
        end = next((i for i in range(k, len(lines)) if lines[i] == "Summary:"), None)
        if end is None:
            raise stud.fail(first_line + len(lines) - 1, "the hand has no 'Summary:'")
        hand = stud.read_seats(self, header, lines[k - 1 : end + 1], first_line + k - 1)
        hand.first_line = first_line
        names = [s.name for s in hand.seats]
        terse = stud.Terse(hand.items, names)
        self.closing = read_closing(lines, end, first_line, header.scale, names)
        hand.items = self.closing.items(terse)
        return hand

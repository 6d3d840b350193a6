"""The reader of PartyPoker stud hand histories: Seven-Card Stud and Stud Hi-Lo (and
Razz, in the same words), on the shared stud reader (docs/rooms.md, PartyPoker).

PartyPoker's text is far from PokerStars': the header takes several lines (read by
:mod:`._header`), seat lines come in any order, amounts are the chips an action puts in
(``raises [$2 USD]``), the other players' up cards are never written (the room's
bring-in and first player to act are accepted), there is no summary (the rake is the
pot less the winnings, and the winnings include an uncalled bet returned), and files
hold NUL bytes and ``Game #N starts.`` lines between hands (passed over).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud
from rakestats.formats._base import ParseResult
from rakestats.formats.partypoker._header import HEADER, HISTORY, STARTS, parse_header
from rakestats.formats.stud import AMOUNT

__all__ = ["PartyPokerParser"]

_CUR = r"(?:\s*(?:[A-Z]{3}|chips))?"
_NOISE = re.compile(r"^\x00*(?:Game #\d+ starts\.)?\x00*\s*$")


def _br(group: str) -> str:
    """An amount in brackets, ``[$0.25 USD]`` or ``[10]``, as group ``group``."""
    return rf"\[\s*(?P<{group}>{AMOUNT}){_CUR}\s*\]"


class PartyPokerParser(stud.StudReader):
    """PartyPoker hand histories; stud hands are read, other games skipped."""

    format_name = "partypoker"
    site = "PartyPoker"
    header_pattern = HEADER
    stud_words = stud.EVERY_HEADER  # the game is on a later line: read every header

    table_line = None
    streets = stud.street_table(
        """
        1 Dealing
        2 Dealing Fourth street
        3 Dealing Fifth street
        4 Dealing Sixth street
        5 Dealing River
        """
    )
    actions = stud.action_table(
        """
        ante      posts ante {a}
        bring_in  bring-ins {a}
        bet       (?:double )?bets {a}
        call      calls {a}
        raise     raises {added}
        complete  completes {added}
        all_in    (?P<allin>is all-In) {added}
        check     checks
        fold      folds
        """,
        amount=_br,
    )
    wording = stud.line_table(
        r"""
        seat_line     ^Seat (?P<seat>\d{1,9}): (?P<name>.+?) \(\s*(?P<stack>{amount}){cur}\s*\)
                        (?P<tail>.*)$
        section       ^\*\* (?P<name>Dealing[^*]*?) \*\*(?P<rest>.*)$
        dealt         ^ \[\s*(?P<a>[^\]]*?)\s*\]$
        action_words  ^ (posts ante|bring-ins|bets|double bets|calls|raises|completes|is all-In|
                        checks|folds)\b
        show          ^ shows \[(?P<cards>[^\]]*)\]\s*(?P<desc>.*?)\.?$
        muck          ^ doesn't show \[(?P<cards>[^\]]*)\].*$
        collect       ^ wins (?:Lo \()?(?P<a>{amount}){cur}\)?
                        (?: from the (?P<pot>main pot|side pot(?:[ -]?#?\d+)?))?(?: with .*)?\.?$
        """,
        amount=AMOUNT,
        cur=_CUR,
    )
    uncalled = capped = total = stud.NEVER  # PartyPoker writes none
    check_descriptions = False
    states_rake = False
    writes_uncalled = False
    up_cards_shown = False

    @classmethod
    def is_noise(cls, lines: Sequence[str]) -> bool:
        return all(_NOISE.match(line) for line in lines)

    def hand_id_of(self, lines: Sequence[str]) -> str | None:
        for line in lines[:4]:
            m = HEADER.match(line) or HISTORY.match(line)
            if m is not None:
                return next((g for g in m.groups() if g and g.isdigit()), None)
        return None

    def game_text(self, lines: Sequence[str]) -> str:
        return "unknown"

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        clean = [line.replace("\x00", "") for line in lines]
        while clean and STARTS.match(clean[0]):  # "Game #N starts." right before the hand
            clean, first_line = clean[1:], first_line + 1
        return super().parse_hand(clean, first_line, source_file)

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines, first_line)[0]

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        _, i = parse_header(lines, first_line)
        hand = stud.ParsedStudHand(header, first_line, header.table or "", header.max_seats or 8)
        while i < len(lines) and (s := self.seat_line.match(lines[i])) is not None:
            n = first_line + i
            stack = stud.LineReader(self, header, []).money(s["stack"], n)
            hand.seats.append(stud.SeatLine(n, int(s["seat"]), s["name"], stack, False))
            i += 1
        hand.seats.sort(key=lambda s: s.seat)  # PartyPoker lists them in any order
        hand.room = stud.RoomRules(False, False, False, False)
        reader = stud.LineReader(self, header, [s.name for s in hand.seats])
        hand.items = reader.read(lines, i, first_line)
        return hand

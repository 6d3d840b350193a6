"""The reader of Winamax stud hand histories: Razz, 7-Card Stud and 7-Card Stud Hi/Lo
(docs/rooms.md, Winamax), on the shared stud reader.

Winamax writes lines as ``NAME verb`` (no colon), amounts with the euro sign after
them (``posts ante 5€``), raises as ``raises 50€ to 100€`` and all-ins with ``and is
all-in`` (not always: the reader marks a player all-in whose chips run out). Its
``Total pot`` is what the players collect (the pot less the rake, plus a bet nobody
called, which is paid back as a ``collected`` line too): the rake is checked as the
pot less the winnings. Play-money tables and tournaments are read as chips. Hands of
other games in a mixed-game file (hold'em, Omaha, 2-7 draw) are skipped by game.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT
from rakestats.formats.winamax._header import HEADER, TABLE, game_name, parse_header
from rakestats.formats.winamax._lines import check_summary, clean_line, raises_with_bring_in
from rakestats.records import HandRecord

__all__ = ["WinamaxParser"]

_C = r"\s?[€$£]?"  # the currency sign Winamax writes after an amount
_ALLIN = r"(?P<allin> and is all-in)?"
_amount = stud.amount_in(after=_C)  # 5€, 0.10$


class WinamaxParser(stud.StudReader):
    """Winamax hand histories; stud hands are read, other games skipped."""

    format_name = "winamax"
    site = "Winamax"
    header_pattern = HEADER

    table_line = TABLE
    seat_line = stud.seat_pattern(rf"{_amount('stack')}(?:, [^)]*)?")
    streets: ClassVar[dict[str, int]] = {
        **stud.StudReader.streets,
        **stud.street_table(
            """
            5 7th STREET
            1 THIRD
            2 FOURTH
            3 FIFTH
            4 SIXTH
            5 SEVENTH
            """
        ),
    }
    other_sections = frozenset({"ANTE/BLINDS"})
    actions = stud.action_table(
        rf"""
        ante      posts ante {{a}}{{allin}}
        bring_in  (?:brings in|bring-in) {{a}}{{allin}}
        bet       bets {{a}}{{allin}}
        call      calls {{a}}{{allin}}
        raise     raises (?:-{AMOUNT}|(?P<a>{AMOUNT})){_C} to {{to}}{{allin}}
        check     checks
        fold      folds
        """,
        amount=_amount,
        allin=_ALLIN,
    )
    wording = stud.line_table(
        r"""
        action_words  ^ (posts ante|brings in|bring-in|bets|calls|raises|checks|folds)\b
        show          ^ shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$
        muck          ^ (?:mucks|doesn't show)(?: hand)?$
        collect       ^ collected (?P<a>{amount}){c} from (?P<pot>(?:main |side )?pot(?: \d+)?)
                        (?:\s*\((?:HI|LO)\))?$
        total         ^Total pot (?P<total>{amount}){c}(?P<pots>) \| Rake (?P<rake>{amount}){c}$
        collected     ^won (?P<a>{amount}){c}
        showed        ^showed \[(?P<cards>[^\]]*)\] and (?:won (?P<a>{amount}){c}|(?P<lost>lost))
                        (?: with (?P<desc>.*))?$
        """,
        amount=AMOUNT,
        c=_C,
    )
    uncalled = capped = stud.NEVER  # Winamax writes none
    summary_tags = ("(button) ", "(bring-in) ", "(small blind) ", "(big blind) ")
    folded = re.compile(
        r"^folded on the (?:(?P<street>\d)\w\w street|(?P<river>river))", re.IGNORECASE
    )
    check_descriptions = False
    states_rake = False  # the written pot is the winnings: checked in record()
    writes_uncalled = False

    def game_text(self, lines: Sequence[str]) -> str:
        return game_name(lines[0]) if lines else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines, first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        hand = stud.read_seats(self, header, [clean_line(t) for t in lines], first_line)
        if not any(isinstance(it, stud.DealtLine) for it in hand.items):  # old export: no cards
            hand.room = replace(hand.room, up_cards_shown=False)
        items = raises_with_bring_in(hand.items)
        hand.items = check_summary(stud.mark_all_ins(hand.seats, items))
        return hand

    def record(
        self, header: stud.StudHeader, parsed: stud.ParsedStudHand, source_file: str
    ) -> HandRecord:
        """The hand replayed with the rake as the pot less the winnings; then the
        written pot (the winnings) and rake are checked against it."""
        written = [it for it in parsed.items if isinstance(it, stud.TotalLine)]
        parsed.items = [it for it in parsed.items if not isinstance(it, stud.TotalLine)]
        rec = super().record(header, parsed, source_file)
        collected = sum(it.amount for it in parsed.items if isinstance(it, stud.CollectLine))
        for t in written:
            if t.total != collected:
                raise stud.fail(t.line, f"total pot {t.total}, but the players collect {collected}")
            if t.rake != rec.house_fee:
                raise stud.fail(
                    t.line,
                    f"rake {t.rake}, but the pot {rec.total_pot} less the winnings is "
                    f"{rec.house_fee}",
                )
        # a bet nobody called comes back as a 'side pot' of its own: no pot once taken back
        pots = tuple(p for p in rec.pots if p.amount or any(a for _, a in p.shares))
        return replace(rec, pots=pots)

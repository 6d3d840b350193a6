"""The reader of KingsClub stud hand histories: Razz, Seven-Card Stud and Stud Hi-Lo
(docs/rooms.md, KingsClub), on the shared stud reader.

KingsClub's text is PokerStars-like with its own turns: antes ``NAME: posts ante 33.16``
but other lines without a colon (``Player0 brings in for 33.16``); amounts without a
currency sign; calls and raises give the round total (``Player2 calls 121.16``,
``raises to 77.16``) and a completion is written ``bets 44``; unseen cards are ``X``
(``Dealt to Player0: [X X 2s]``, the 7th street ``[X]``) and each later street writes
the new card only; no uncalled bets and no showdown section (players all-in show as the
betting ends, and their 7th-street card is never written: :mod:`._unseen`); the summary
gives the final stacks and nets, ``Rake 5`` and ``Player3 wins pot (1,294.60)``. Until 2022 the
street sections were one late: 3rd street had none and ``*** 3RD STREET ***`` opened
4th street. The old software let a 3rd-street raise build on the bring-in
(:class:`~rakestats.formats.stud._engine.BringInRaisesHand`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rakestats.cards import StdCard
from rakestats.formats import stud
from rakestats.formats.kingsclub._header import HEADER, TABLE, parse_header
from rakestats.formats.kingsclub._summary import read_closing
from rakestats.formats.kingsclub._unseen import fill_unseen, without_unseen
from rakestats.formats.stud import AMOUNT
from rakestats.records import HandRecord

__all__ = ["KingsClubParser"]

_ALLIN = r"(?P<allin>,? and is all[ -]in)?(?: and has reached the [$\d.,]+ cap)?"
_CANCELLED = re.compile(r"^Hand cancelled", re.IGNORECASE)


class KingsClubParser(stud.TerseReader):
    """KingsClub hand histories; stud hands are read, other games skipped."""

    format_name = "kingsclub"
    site = "KingsClub"
    header_pattern = HEADER
    hand_start = HEADER

    table_line = TABLE
    seat_line = stud.PLAIN_SEAT
    streets: ClassVar[dict[str, int]] = {**stud.UPPER_STREETS}
    actions = stud.action_table(
        rf"""
        ante      ^: posts (?:the )?ante {{a}}{{allin}}$
        bring_in  brings[ -]in(?: low)? for {{a}}{{allin}}
        bet       bets {{a}}{{allin}}
        call      calls {{to}}{{allin}}
        raise     raises (?:{AMOUNT} )?to {{to}}{{allin}}
        raise     raises {{added}}{{allin}}
        complete  completes(?: it)? to {{to}}{{allin}}
        check     checks
        fold      folds(?: \[[^\]]*\])?
        """,
        allin=_ALLIN,
    )
    wording = stud.line_table(  # "X": a card not seen
        r"""
        dealt         ^: \[(?:X ?)*(?P<a>[^\]]*?)\s*\](?: \[(?:X ?)*(?P<b>[^\]]*?)\s*\])?$
        action_words  ^(?:: posts| (?:brings|bets|calls|raises|completes|checks|folds|shows))\b
        show          ^ shows \[(?:X ?)*(?P<cards>[^\]]*?)\s*\](?: (?P<desc>.*))?$
        muck          ^ (?:mucks(?: hand)?|doesn't show hand)$
        """
    )
    collect = uncalled = capped = total = summary_seat = stud.NEVER  # ._summary
    check_descriptions = False
    unseen: dict[str, StdCard] | None = None  # per hand: see ._unseen

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines, first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        for i, text in enumerate(lines):
            if _CANCELLED.match(text):
                raise stud.fail(first_line + i, "the room cancelled the hand")
        k = next(i for i in range(1, 4) if TABLE.match(lines[i]))  # read by the header
        hand = stud.read_seats(self, header, lines[k - 1 :], first_line + k - 1)
        hand.first_line, hand.table = first_line, header.table or hand.table
        hand.room = replace(hand.room, raise_on_bring_in=True)
        hand.max_seats = max(hand.max_seats, *(s.seat for s in hand.seats))
        names = [s.name for s in hand.seats]
        play = hand.seats[-1].line - first_line + 1
        summary = next(
            (i for i in range(play, len(lines)) if lines[i].startswith("*** SUMMARY ***")),
            None,
        )
        if summary is None:
            raise stud.fail(first_line + len(lines) - 1, "the hand has no '*** SUMMARY ***'")
        self.closing = read_closing(lines, summary, play, first_line, header.scale, names)
        paid = {c.name for c in self.closing.collects if c.amount > 0}
        items = stud.third_street_opened(hand.items, renumber=True)
        items, self.unseen = fill_unseen(items, header.game, paid)
        hand.items = self.closing.items(stud.Terse(items, names))
        return hand

    def record(
        self, header: stud.StudHeader, parsed: stud.ParsedStudHand, source_file: str
    ) -> HandRecord:
        rec = super().record(header, parsed, source_file)
        return without_unseen(rec, self.unseen) if self.unseen else rec

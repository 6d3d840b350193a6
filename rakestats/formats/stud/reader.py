"""The shared stud reader: a room's reader subclasses :class:`StudReader`, supplies its
patterns (:class:`StudPatterns`' class attributes) and reads its header
(:meth:`StudReader.read_header`); everything else is shared.

A hand is read line by line into the neutral model (:mod:`._model`), replayed through
the stud engine (:class:`._replay.StudReplay`: legal order and amounts, chips conserved,
the rake, winners and amounts as the rules give them) and becomes a
:class:`~rakestats.records.HandRecord`; a hand that fails becomes a
:class:`~rakestats.records.QuarantineRecord` naming the first offending line and why;
a hand of a game the engine does not play becomes a
:class:`~rakestats.records.SkipRecord` naming the game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import ClassVar

from rakestats._speedups import load as _load_compiled
from rakestats.formats._base import HandError, ParseResult, SiteParser
from rakestats.formats.stud import _lean_record
from rakestats.formats.stud._common import quoted
from rakestats.formats.stud._engine import GAMES
from rakestats.formats.stud._grammar import LineReader, read_seats
from rakestats.formats.stud._model import Item, ParsedStudHand, RoomRules, StudHeader
from rakestats.formats.stud._patterns import StudPatterns
from rakestats.formats.stud._record import GAME_OF, hand_record, player_records
from rakestats.formats.stud._replay import StudReplay
from rakestats.formats.stud._seats import hand_of, seats_in_order
from rakestats.records import HandRecord, SkipRecord

__all__ = ["EVERY_HEADER", "ListedReader", "StudReader", "any_word", "classify_game"]

#: The stud fast path's record builder: its compiled copy when the install made a current
#: one (:mod:`rakestats._speedups`), else the module itself.
lean_record: Callable[[StudHeader, ParsedStudHand, str], HandRecord | None]
lean_record = _load_compiled(_lean_record).lean_record


_RAZZ = re.compile(r"\brazz\b", re.IGNORECASE)
_HI_LO = re.compile(r"hi[ -]?/?[ -]?lo|h/l|8 or better|eight or better|\bhl\b|hi-lo", re.I)
_STUD7 = re.compile(r"(?:7|seven)[ -]?card[ -]?stud|^\s*(?:limit\s+)?stud\b|\bstud\b", re.I)
_OTHER = re.compile(
    r"5[ -]?card|five[ -]?card|2-7|deuce|triple|courchevel|hold'?em|omaha|draw|badugi|"
    r"horse|8-game|mixed",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def classify_game(text: str) -> str | None:
    """The game rakestats analyses that a room's game name means (``razz``, ``stud``,
    ``stud8``), or None for another game (five-card stud, 2-7 razz, triple stud ...).

    >>> [classify_game(t) for t in ("Razz Limit", "7 Card Stud Hi/Lo Limit",
    ...  "Limit Stud Hi", "Limit Stud H/L", "7 Card Stud", "Limit 5 Card Stud",
    ...  "Triple Stud", "2-7 Razz", "Hold'em No Limit")]
    ['razz', 'stud8', 'stud', 'stud8', 'stud', None, None, None, None]
    """
    if _OTHER.search(text.replace("Stud Hi", "Stud")):
        return None
    if _RAZZ.search(text):
        return "razz"
    if _STUD7.search(text):
        return "stud8" if _HI_LO.search(text) else "stud"
    return None


#: Why a hand whose header holds a carriage return is quarantined: its lines end in CR
#: alone (the classic Mac OS's line end), and the reader splits lines at LF.
_CR_LINES = (
    "a carriage return (CR) inside the line: its lines end in CR alone, which rakestats "
    "does not read (LF or CRLF line ends)"
)


#: ``stud_words`` of a room whose first line does not name the game: every hand is read.
EVERY_HEADER = re.compile(r".")


def any_word(*words: str) -> re.Pattern[str]:
    """A room's ``stud_words``: a pattern that finds any of the words (regular
    expressions), in any case.

    >>> any_word("7CARD", "RAZZ", "STUD").search("Bovada Hand #1 TBL#2 7CARD HiLo") is not None
    True
    >>> any_word("razz", "stud").pattern
    'razz|stud'
    """
    return re.compile("|".join(words), re.IGNORECASE)


class StudReader(SiteParser, StudPatterns):
    """The reader of one room's stud hands. A subclass sets ``format_name``, ``site``,
    ``header_pattern`` (it matches the first line of every hand, and recognises the
    room from a file's first line) and its patterns, and implements
    :meth:`read_header`."""

    game = "razz"
    site: ClassVar[str]
    #: The rooms' files that are not UTF-8 are Windows-1252.
    fallback_encoding: ClassVar[str | None] = "cp1252"
    #: A hand whose header line has none of these words is skipped unread
    #: (:data:`EVERY_HEADER` for a room that names the game on a later line).
    stud_words: ClassVar[re.Pattern[str]] = any_word("razz", "stud")

    def read_header(self, lines: Sequence[str], first_line: int) -> StudHeader:
        """The header of a hand (raises HandError)."""
        raise NotImplementedError

    def game_text(self, lines: Sequence[str]) -> str:
        """The game a hand's first line names, for a skipped hand that cannot be read:
        the header pattern's group ``game`` when it has one, else the whole line."""
        m = self.header_pattern.match(lines[0]) if lines else None
        if m is not None and "game" in self.header_pattern.groupindex:
            return m["game"]
        return lines[0] if lines else "unknown"

    def skipped_game(self, lines: Sequence[str], first_line: int) -> str:
        """The game of a hand skipped unread (its first line has none of
        :attr:`stud_words`), for its :class:`~rakestats.records.SkipRecord`:
        :meth:`game_text`. A room that knows the games it deals raises HandError for a
        game it never writes (a damaged header), so that the hand is quarantined."""
        return self.game_text(lines)

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        hand_id = self.hand_id_of(lines)
        game: str | None = None
        try:
            if not lines or self.header_pattern.match(lines[0]) is None:
                shown = quoted(lines[0]) if lines else "(no line)"
                raise HandError(
                    first_line, f"line {first_line}: not a {self.site} hand header: {shown}"
                )
            if "\r" in lines[0]:  # lines are not split at a CR alone: the rest follows
                raise HandError(first_line, f"line {first_line}: {_CR_LINES}")
            if self.stud_words.search(lines[0]) is None:
                name = self.skipped_game(lines, first_line)
                return SkipRecord(source_file, first_line, name, hand_id)
            header = self.read_header(lines, first_line)
            game = header.game
            if header.game is None or header.game not in GAMES or header.game not in GAME_OF:
                return SkipRecord(source_file, first_line, header.game_text, header.hand_id)
            return self.record(header, self.parse_lines(header, lines, first_line), source_file)
        except HandError as e:
            q = self.quarantine(
                lines, e.line, e.reason, source_file, site=self.site, hand_id=hand_id
            )
            return replace(q, game=game) if game is not None else q

    def parse_lines(
        self, header: StudHeader, lines: Sequence[str], first_line: int
    ) -> ParsedStudHand:
        """The typed lines of a hand whose header is read (raises HandError)."""
        return read_seats(self, header, lines, first_line)

    def record(self, header: StudHeader, parsed: ParsedStudHand, source_file: str) -> HandRecord:
        """The replayed, validated hand as a record (raises HandError): the stud fast
        path's when it vouches for the hand (:mod:`._lean_record`), else the full replay's."""
        fast = lean_record(header, parsed, source_file)
        if fast is not None:
            return fast
        assert header.game is not None
        replay = StudReplay(parsed)
        settlement = replay.run()
        assert replay.total is not None
        e = replay.engine
        return hand_record(
            header,
            parsed,
            source_file,
            ante=e.ante,
            total_pot=settlement.total_pot,
            house_fee=replay.total.rake,
            players=player_records(e, replay.collected, replay.folded_round),
            actions=tuple(replay.actions),
            bring_in=e.bring_in,
            hero=replay.hero,
            reveal=tuple(replay.reveal),
            pots=replay.pots,
        )


class ListedReader(StudReader):
    """The reader of a room whose header takes several lines (:meth:`header_lines`; the
    game is named on a later line, so every header is read) and whose seat lines come in
    any order: the seats are read in seat order (:func:`._seats.seats_in_order`), then
    the lines after them, as the room rewrites them (:meth:`body_lines`) and as it
    fills in what it leaves out (:meth:`body_items`). The room's rules are its
    :class:`StudPatterns` flags."""

    stud_words = EVERY_HEADER
    table_line = None
    #: What starts a seat line (a line it matches that ``seat_line`` does not read holds
    #: no chips: not a player of the hand); None: ``seat_line`` itself.
    seat_start: ClassVar[re.Pattern[str] | None] = None

    def header_lines(self, lines: Sequence[str], first_line: int) -> tuple[StudHeader, int]:
        """The header of a hand and the index of the line after it (raises HandError)."""
        raise NotImplementedError

    def read_header(self, lines: Sequence[str], first_line: int) -> StudHeader:
        return self.header_lines(lines, first_line)[0]

    def body_lines(self, lines: Sequence[str]) -> Sequence[str]:
        """A hand's lines in the words the shared grammar reads (the seat lines are read
        as the room writes them)."""
        return lines

    def body_items(self, hand: ParsedStudHand, items: list[Item], last_line: int) -> list[Item]:
        """The items read after the seats, with what the room leaves out filled in
        (``last_line``: the file line of the hand's last line; raises HandError)."""
        return items

    def parse_lines(
        self, header: StudHeader, lines: Sequence[str], first_line: int
    ) -> ParsedStudHand:
        _, i = self.header_lines(lines, first_line)
        start = self.seat_start or self.seat_line
        seats, i = seats_in_order(self, header, lines, i, first_line, start)
        hand = hand_of(header, first_line, seats)
        hand.room = RoomRules(
            self.check_descriptions, self.states_rake, self.writes_uncalled, self.up_cards_shown
        )
        items = LineReader(self, header, [s.name for s in seats]).read(
            self.body_lines(lines), i, first_line
        )
        hand.items = self.body_items(hand, items, first_line + len(lines) - 1)
        return hand

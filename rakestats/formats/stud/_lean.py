"""The fast path for stud hands (every room on the shared stud reader): one pass from a
hand's lines into a :class:`~rakestats.columns.HandColumns` batch.

The full reader builds the neutral model (:mod:`._model`), replays it through the stud
engine (:mod:`._replay`), checks the end (:mod:`._settle`), makes records
(:mod:`._record`) and appends them. The fast path takes the same decisions on plain
tuples and numbers:

- the room's header is read by the room (:meth:`StudReader.read_header`);
- the lines by the room's patterns with the grammar's decisions
  (:mod:`._lean_text`: literal prefixes, texts that repeat read once);
- the play by the engine's rules on plain state (:mod:`._lean_play`: bring-in, who acts
  first with the boards' values cached by ranks, the options of the player to act, the
  uncalled bet, the settlement by :func:`~rakestats.stud.settle_stud`);
- the end checks and the rows (:mod:`._lean_end`), then the checks every format's
  records pass before they are stored (control characters, names, the warehouse's
  integer widths).

It vouches only for hands it accepts. Anything else — a broken hand, a game that is
skipped, a room that hides the other players' up cards or reads its lines its own way,
a community card — raises :class:`Unhandled` inside, is counted by reason, and the
full reader decides (naming the line and the reason when the hand is bad). The
equivalence test (``tests/formats/stud/test_lean.py``) runs every stud and Razz hand of
the test data through both and compares the stored rows.

``RAKESTATS_STUD_LEAN=0`` in the environment turns the fast path off (the benchmarks
measure the full reader so, in the same run; :func:`enabled`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from rakestats.columns import HandColumns
from rakestats.formats._base import UNSAFE, HandError
from rakestats.formats.files import Block, TextBlock, decode_block
from rakestats.formats.stud import _lean_base
from rakestats.formats.stud._engine import GAMES
from rakestats.formats.stud._lean_base import Unhandled, passed_on
from rakestats.formats.stud._lean_end import append_hand, check_end
from rakestats.formats.stud._lean_play import LeanStud
from rakestats.formats.stud._lean_text import LeanRead, from_parsed, read_hand
from rakestats.formats.stud._model import RoomRules, StudHeader
from rakestats.formats.stud.reader import StudReader

__all__ = ["Unhandled", "enabled", "lean_hand", "scan_block"]

_I16: Final = 1 << 15
_I64: Final = 1 << 63
_rooms: dict[type, str | None] = {}
_rules: dict[type, RoomRules] = {}


def enabled() -> bool:
    """Whether stud hands go through the fast path (``RAKESTATS_STUD_LEAN=0``: not)."""
    return _lean_base.ENABLED


@lru_cache(maxsize=65_536)
def _is_safe(text: str) -> bool:
    """No control character in ``text`` (names and ids repeat: asked once each)."""
    return UNSAFE.search(text) is None


def _room_problem(reader: StudReader) -> str | None:
    """Why the fast path leaves a room's hands to the full reader, or None."""
    cls = type(reader)
    if cls in _rooms:
        return _rooms[cls]
    problem = None
    if cls.hand_start is not None:
        problem = "the room writes hands without blank lines between them"
    elif cls.parse_hand is not StudReader.parse_hand:
        problem = "the room reads its hands its own way"
    elif cls.record is not StudReader.record:
        problem = "the room checks its records its own way"
    _rooms[cls] = problem
    return problem


def _header(reader: StudReader, lines: Sequence[str], first: int) -> StudHeader:
    """The header, as :meth:`StudReader.parse_hand` reads it before the lines."""
    if not lines or reader.header_pattern.match(lines[0]) is None:
        raise Unhandled("no header")
    if reader.stud_words.search(lines[0]) is None:
        raise Unhandled("another game")
    try:
        header = reader.read_header(lines, first)
    except HandError:
        raise Unhandled("the header") from None
    if header.game is None or header.game not in GAMES:
        raise Unhandled("another game")
    return header


def _screen(header: StudHeader, g: LeanStud) -> None:
    """What ``formats._screen`` checks of every record before it is stored."""
    names = [p.name for p in g.players]
    for text in (header.site, header.hand_id, g.table, header.currency, *names):
        if not _is_safe(text):
            raise Unhandled("a control character")
    for maybe in (header.tournament_id, g.hero, *(v for _, v in header.extra)):
        if maybe is not None and not _is_safe(maybe):
            raise Unhandled("a control character")
    for text in (header.site, g.table, *names):
        if text != text.strip(" ") or "\ufffd" in text:
            raise Unhandled("a name's spaces or U+FFFD")
    if g.max_seats >= _I16 or len(g.actions) >= _I16:
        raise Unhandled("a number beyond the warehouse's")
    for value in (header.small_bet, header.big_bet):
        if not -_I64 <= value < _I64:
            raise Unhandled("a number beyond the warehouse's")


def lean_hand(
    reader: StudReader, lines: Sequence[str], first: int, source_file: str, cols: HandColumns
) -> bool:
    """Validate one stud hand (``first``: the file line of its first line) and append it
    to ``cols``; False when ``cols`` holds the hand already. Raises :class:`Unhandled`
    when the full reader must decide."""
    problem = _room_problem(reader)
    if problem is not None:
        raise Unhandled(problem)
    header = _header(reader, lines, first)
    read, played, room, start = _lines(reader, header, lines, first)
    if room.raise_on_bring_in:
        raise Unhandled("the room's raises on the bring-in")
    assert played.game is not None
    g = LeanStud(played.game, played.small_bet, played.big_bet, read, room)
    ended = check_end(g, g.run())
    _screen(header, g)
    return append_hand(cols, header, g, ended, start, source_file)


def _lines(
    reader: StudReader, header: StudHeader, lines: Sequence[str], first: int
) -> tuple[LeanRead, StudHeader, RoomRules, int]:
    """The hand's lines read (by the fast path's reading of the shared grammar, or by the
    room's own ``parse_lines``), the header the replay plays (a room's reading may change
    its stakes), the room's rules and the hand's first line."""
    cls = type(reader)
    if cls.parse_lines is StudReader.parse_lines:
        room = _rules.get(cls)
        if room is None:
            room = _rules[cls] = RoomRules(
                cls.check_descriptions, cls.states_rake, cls.writes_uncalled, cls.up_cards_shown
            )
        return read_hand(reader, header, lines, first), header, room, first
    try:
        parsed = reader.parse_lines(header, lines, first)
    except HandError:
        raise Unhandled("the room's reading of the lines") from None
    return from_parsed(parsed), parsed.header, parsed.room, parsed.first_line


def scan_block(
    reader: StudReader, block: Block | TextBlock, source_file: str, cols: HandColumns
) -> bool | None:
    """One block of a stud file through the fast path: True (appended to ``cols``),
    False (``cols`` holds the hand already), or None when the full reader must decide
    (the reason is counted in ``cols.declined`` when the batch keeps that tally)."""
    if isinstance(block, TextBlock):
        lines = block.lines
    else:
        if block.problem is not None:
            return None
        lines, bad = decode_block(block.lines, block.start, reader.fallback_encoding)
        if bad is not None:
            return None
    if reader.is_noise(lines):
        return None
    try:
        return lean_hand(reader, lines, block.start, source_file, cols)
    except Exception as e:  # Unhandled, or a bug: counted by its reason, never hidden
        passed_on(e, cols, source_file, block.start)
    return None

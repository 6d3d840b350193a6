"""The reader of a room that writes its stud hands as XML (Merge, iPoker), on the shared
stud reader: the stream is cut into one element a hand (:meth:`XmlStudReader.blocks`),
the file's own header (Merge's ``<description>``, iPoker's ``<session>`` and
``<general>``) is kept for the hands after it, and each hand element is read safely
(:func:`._xml.parse_xml`), turned into events by the room and into the shared model by
:func:`._events.build`, then replayed and checked like every room's hands.

A quarantined hand keeps the file's header before its element in its text, so that it
reads alone again (``--retry-quarantined``); its line numbers are the file's.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from typing import ClassVar, Generic, TypeVar

from rakestats.formats._base import HandError, ParseResult
from rakestats.formats.files import Block, Stream, TextBlock
from rakestats.formats.stud import StudHeader, StudReader, fail
from rakestats.formats.xmlstud._events import Act, Cards, EventHand, build, infer_bets
from rakestats.formats.xmlstud._xml import Node, cut_elements, parse_xml, piece_lines
from rakestats.records import SkipRecord

__all__ = ["XmlStudReader"]

C = TypeVar("C")  # what a room keeps of the file's header
_MAX_CONTEXT_LINES = 200  # lines of the file's header kept with a quarantined hand
_DTD = re.compile(r"<!(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_REFUSED = "a document type declaration (DTD) is refused: no hand of the file is read"


def _open_pair(hand: EventHand) -> bool:
    """Whether a pair shows on 4th street of Seven-Card Stud (the big bet allowed)."""
    if hand.header.game != "stud":
        return False
    for e in hand.events:
        if isinstance(e, Cards) and e.street == 2 and len(e.cards) == 4:
            up = e.cards[2:]
            if up[0] is not None and up[1] is not None and up[0].rank == up[1].rank:
                return True
    return False


class XmlStudReader(StudReader, Generic[C]):
    """A room whose hands are ``hand_tag`` elements. A subclass reads the file's header
    element (``context_element``, :meth:`read_context`), a hand's header
    (:meth:`read_game`) and its events (:meth:`read_events`)."""

    #: The element of a hand (``<game>`` in both rooms).
    hand_tag: ClassVar[str] = "game"
    #: The element of the file's header that the hands after it need (the last one in
    #: the text between hands).
    context_element: ClassVar[re.Pattern[str]]

    def __init__(self) -> None:
        self.context_lines: list[str] = []
        #: Set by a document type declaration before the hands: they are all refused.
        self.refused: HandError | None = None
        #: Why the file's header before the hands cannot be read (None: it can).
        self.context_error: HandError | None = None
        #: The bets of each tournament level seen in the file, by its ante.
        self.levels: dict[int, tuple[int, int]] = {}
        #: What the room read of the file's header (None: no header yet, or none usable).
        self.context: C | None = None

    # ------------------------------------------------------------------ the room's part
    def read_context(self, node: Node, line: int) -> C | None:
        """What the hands need of the file's header element ``node`` (at ``line``)."""
        raise NotImplementedError

    def take_context(self, text: str, start: int) -> bool:
        """Read the text between hands (``start``: its file line); whether it holds the
        file's header element, kept for the hands after it."""
        matches = list(self.context_element.finditer(text))
        if not matches:
            return False
        found = matches[-1]
        line = start + text.count("\n", 0, found.start())
        self.context = self.read_context(parse_xml(found[0].splitlines(), line), line)
        return True

    def read_game(self, root: Node) -> StudHeader:
        """The header of a hand element (raises HandError)."""
        raise NotImplementedError

    def read_events(self, root: Node, header: StudHeader, first: int, last: int) -> EventHand:
        """The events of a hand element whose header is read (raises HandError)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ cutting
    def _decode(self, data: bytes) -> str:
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            return data.decode(self.fallback_encoding or "utf-8", "replace")

    def blocks(self, stream: Stream, line_offset: int = 0) -> Iterator[Block | TextBlock]:
        if line_offset:  # not resumable: a file's elements depend on what came before
            raise ValueError("an XML history is read from its start")
        for piece in cut_elements(stream, self.hand_tag):
            if piece.kind == "element":
                yield Block(piece.start, piece_lines(piece), piece.problem)
                continue
            text = self._decode(piece.data)
            dtd = _DTD.search(text)
            if dtd is not None and self.refused is None:
                at = piece.start + text.count("\n", 0, dtd.start())
                self.refused = HandError(at, f"line {at}: {_REFUSED}")
            if not text.strip():
                continue
            try:
                taken = self.take_context(text, piece.start)
                self.context_error = None if taken else self.context_error
            except HandError as e:  # the hands after it say why they cannot be read
                taken, self.context_error = True, e
            if taken:
                lines = [ln.rstrip() for ln in text.strip().splitlines()]
                self.context_lines = lines[:_MAX_CONTEXT_LINES]

    def text_blocks(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        data = "\n".join(line.rstrip("\r\n") for line in lines).encode()
        for block in self.blocks(io.BytesIO(data)):
            yield (
                block.start,
                [raw if isinstance(raw, str) else self._decode(raw) for raw in block.lines],
            )

    # ------------------------------------------------------------------ reading
    def hand_id_of(self, lines: Sequence[str]) -> str | None:
        m = self.header_pattern.match(lines[0].lstrip()) if lines else None
        return m[2] if m is not None and m.re.groups >= 2 else None

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        hand_id = self.hand_id_of(lines)
        game: str | None = None
        try:
            if self.refused is not None:
                raise self.refused
            if self.context_error is not None:
                raise self.context_error
            root = parse_xml(lines, first_line)
            if root.tag != self.hand_tag:
                raise fail(first_line, f"a <{root.tag}> element, not a <{self.hand_tag}>")
            header = self.read_game(root)
            game = header.game
            if header.game is None:
                return SkipRecord(source_file, first_line, header.game_text, header.hand_id)
            last = first_line + len(lines) - 1
            hand = self.read_events(root, header, first_line, last)
            if hand.header.small_bet <= 0:
                hand = self.level_bets(hand)
            rec = self.record(hand.header, build(hand), source_file)
            if not hand.bets_known:  # the bets of a level no hand of it showed
                rec = replace(rec, small_bet=None, big_bet=None)
            return rec
        except HandError as e:
            q = self.quarantine(
                lines, e.line, e.reason, source_file, site=self.site, hand_id=hand_id
            )
            return replace(q, game=game) if game is not None else q

    def level_bets(self, hand: EventHand) -> EventHand:
        """A hand whose header gives no bets (a tournament level): its bets from its own
        full bets, else from an earlier hand of the level in the file (the same ante);
        else a stand-in above every stack (no full bet to check) and the
        record says the bets are unknown."""
        acts = [e for e in hand.events if isinstance(e, Act)]
        key = max((a.amount or 0 for a in acts if a.verb == "ante"), default=0)
        stacks = {p.name: p.stack for p in hand.players}
        bets = infer_bets(acts, stacks, small_on_4th=not _open_pair(hand))
        if bets is not None:
            self.levels[key] = bets
        else:
            bets = self.levels.get(key)
        if bets is None:
            above = sum(p.stack for p in hand.players) + 1
            bets = (above, 2 * above)
            hand.bets_known = False
        hand.header = replace(hand.header, small_bet=bets[0], big_bet=bets[1])
        return hand

    def raw_lines(self, lines: Sequence[str]) -> Sequence[str]:
        """The hand's lines after the file's header (so that they read alone again)."""
        return [*self.context_lines, *lines]

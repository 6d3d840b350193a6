"""XML hand histories read safely: a stream cut into its hand elements, and one element
parsed into a small tree that keeps each element's line in the file.

Hostile input is refused, not trusted: a document type declaration (and with it every
entity declaration, external entity and entity expansion, the billion laughs) stops the
parse with a reason; only XML's five predefined entities and character references are
read. A stream is cut without parsing it, one hand element at a time, within the file
reader's limits (:class:`~rakestats.formats.files.Limits`): a hand element longer than
``max_hand_bytes`` keeps its first bytes and carries the problem.

>>> root = parse_xml(['<game id="1">', ' <player seat="0" name="A &amp; B"/>', "</game>"], 7)
>>> root.tag, root.line, root.get("id"), [(p.line, p.get("name")) for p in root.all("player")]
('game', 7, '1', [(8, 'A & B')])
>>> parse_xml(['<!DOCTYPE x [<!ENTITY a "b">]>', "<x>&a;</x>"], 3)
Traceback (most recent call last):
...
rakestats.formats._base.HandError: line 3: a document type declaration (DTD) is refused
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple
from xml.parsers import expat

from rakestats.formats._base import HandError
from rakestats.formats.files import BOM, Limits, Stream, current_limits

__all__ = ["Node", "Piece", "cut_elements", "parse_xml", "piece_lines"]

_PIECE_BYTES = 1 << 18
_TAIL_BYTES = 64  # a tag is never cut between two pieces read (kept for the next)
_KEEP_BETWEEN = 64 << 10  # bytes kept of the text between two hand elements
_KEEP_OF_LONG_HAND = 64 << 10  # bytes kept of an over-long hand element


@dataclass(slots=True)
class Node:
    """An element: its tag, attributes, file line, children and own text."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def get(self, key: str, default: str = "") -> str:
        """An attribute (``default`` when the element has none)."""
        return self.attrs.get(key, default)

    def first(self, tag: str) -> Node | None:
        """The first child element named ``tag``."""
        return next((c for c in self.children if c.tag == tag), None)

    def all(self, tag: str) -> list[Node]:
        """The child elements named ``tag``."""
        return [c for c in self.children if c.tag == tag]

    def child_text(self, tag: str) -> str | None:
        """The text of the first child named ``tag``, stripped (None: no such child)."""
        c = self.first(tag)
        return None if c is None else c.text.strip()


class _Refused(Exception):
    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


def parse_xml(lines: Sequence[str], first_line: int) -> Node:
    """The element written on ``lines`` (the first is line ``first_line`` of the file),
    with each element's file line; raises HandError for XML that is not well formed,
    that holds no element, or that declares a document type."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root: list[Node] = []
    stack: list[Node] = []

    def here() -> int:
        return first_line + parser.CurrentLineNumber - 1

    def refuse(*_: object) -> None:
        raise _Refused(here(), "a document type declaration (DTD) is refused")

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs, here())
        (stack[-1].children if stack else root).append(node)
        stack.append(node)

    def end(_tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        if stack:
            stack[-1].text += data

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse("\n".join(lines), True)
    except _Refused as e:
        raise HandError(e.line, f"line {e.line}: {e.reason}") from None
    except expat.ExpatError as e:
        at = first_line + max(e.lineno, 1) - 1
        reason = expat.errors.messages[e.code] if e.code is not None else str(e)
        raise HandError(at, f"line {at}: not well-formed XML: {reason}") from None
    if not root:
        raise HandError(first_line, f"line {first_line}: no XML element")
    return root[0]


class Piece(NamedTuple):
    """A run of a stream cut by :func:`cut_elements`: a hand ``element`` or the text
    ``between`` two of them; ``start`` the file line of its first byte; ``problem`` a
    ``(line, reason)`` when the element broke a limit (its bytes are then cut short)."""

    kind: str
    start: int
    data: bytes
    problem: tuple[int, str] | None = None


def _pieces(stream: Stream) -> Iterator[bytes]:
    """The stream in pieces (a byte-order mark dropped), none of which ends inside a
    tag."""
    bom = BOM.encode()
    tail = stream.read(max(_PIECE_BYTES, len(bom)))
    while len(tail) < len(bom) and (more := stream.read(_PIECE_BYTES)):
        tail += more
    tail = tail.removeprefix(bom)
    while True:
        more = stream.read(_PIECE_BYTES)
        if not more:
            if tail:
                yield tail
            return
        data = tail + more
        cut = data.rfind(b"<", max(len(data) - _TAIL_BYTES, 0))
        cut = len(data) if cut < 0 else cut
        tail = data[cut:]
        if cut:
            yield data[:cut]


class _Run:
    """The bytes of the element (or the text between elements) being read."""

    def __init__(self, kind: str, start: int, keep: int) -> None:
        self.kind, self.start, self.keep = kind, start, keep
        self.parts: list[bytes] = []
        self.size = 0
        self.problem: tuple[int, str] | None = None

    def add(self, data: bytes, line: int, lim: Limits) -> None:
        over = self.size + len(data) > lim.max_hand_bytes
        if self.kind == "element" and self.problem is None and over:
            reason = f"line {line}: the hand is longer than {lim.max_hand_bytes} bytes"
            self.problem = (line, reason)
            # keep only the first bytes: a file of many over-long hands must not hold
            # max_hand_bytes for each of them until they are quarantined
            self.parts = [b"".join(self.parts)[:_KEEP_OF_LONG_HAND]]
            self.keep = _KEEP_OF_LONG_HAND
        held = self.size
        self.size += len(data)
        if held < self.keep:
            self.parts.append(data[: self.keep - held])

    def piece(self) -> Piece:
        return Piece(self.kind, self.start, b"".join(self.parts), self.problem)


def cut_elements(stream: Stream, tag: str, lim: Limits | None = None) -> Iterator[Piece]:
    """The hand elements named ``tag`` of a stream, in order, each preceded by the text
    between it and the previous one (when there is any). An element that is not closed
    before the next one opens (or the stream ends) is given as it is: parsing it says
    what is wrong.

    >>> import io
    >>> stream = io.BytesIO(b"<s>\\n<h n='1'>a</h><h n='2'>\\nb</h>\\n</s>")
    >>> [(p.kind, p.start, p.data) for p in cut_elements(stream, "h")]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('between', 1, b'<s>\\n'), ('element', 2, b"<h n='1'>a</h>"),
     ('element', 2, b"<h n='2'>\\nb</h>"), ('between', 3, b'\\n</s>')]
    """
    lim = lim if lim is not None else current_limits()
    name = re.escape(tag.encode())
    marks = re.compile(rb"<" + name + rb"(?=[\s/>])|</" + name + rb"\s*>")
    line = 1  # the file line at ``pos`` of the current piece
    run = _Run("between", 1, _KEEP_BETWEEN)
    for data in _pieces(stream):
        pos = 0
        for m in marks.finditer(data):
            opening = data[m.start() + 1 : m.start() + 2] != b"/"
            upto = m.start() if opening else m.end()
            run.add(data[pos:upto], line, lim)
            line += data.count(b"\n", pos, upto)
            pos = upto
            if opening or run.kind == "element":
                if run.size:
                    yield run.piece()
                if opening:
                    run = _Run("element", line, lim.max_hand_bytes)
                else:
                    run = _Run("between", line, _KEEP_BETWEEN)
        run.add(data[pos:], line, lim)
        line += data.count(b"\n", pos)
    if run.size:
        yield run.piece()


def piece_lines(piece: Piece) -> list[bytes]:
    """The lines of a piece, line ends and trailing spaces removed."""
    return [raw.rstrip(b" \t\r") for raw in piece.data.split(b"\n")]

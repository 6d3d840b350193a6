"""Blocks of lines: a *block* is a run of non-blank lines (a hand) with the 1-based
number of its first line in the file. Lines and hands over the limits are never held
whole (their block carries a problem), and runs of blank lines are skipped at the speed
of ``bytes.lstrip``, never line by line.

The public names are exported by :mod:`rakestats.formats.files`.

>>> import io
>>> [tuple(b) for b in iter_blocks(io.BytesIO(b"a\\nb\\n\\n\\nc\\n"))]
[(1, ['a', 'b']), (5, ['c'])]
>>> list(iter_text_blocks(["x", "", "y", "z"]))
[(1, ['x']), (3, ['y', 'z'])]
>>> decode_block([b"ok", b"bad \\xff"], 7, None)
(['ok', 'bad \ufffd'], 8)
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Generator, Iterable, Iterator
from typing import NamedTuple

from rakestats.formats._files_limits import (
    _BOM_BYTES,
    _STRIP,
    _STRIP_BYTES,
    BOM,
    DAMAGED,
    DamagedStreamError,
    Limits,
    Stream,
    current_limits,
)

__all__ = [
    "Block",
    "TextBlock",
    "decode_block",
    "iter_blocks",
    "iter_byte_blocks",
    "iter_text_blocks",
]

_KEEP_OF_LONG_LINE = 1000  # bytes of an over-long line kept in the quarantined text
_KEEP_OF_LONG_HAND = 64 << 10  # bytes of an over-long hand kept in the quarantined text


class Block(NamedTuple):
    """A run of non-blank lines: the file line of the first, the lines (line ends and
    trailing spaces removed), and a problem ``(line, reason)`` when the block broke a
    limit (its lines are then cut short)."""

    start: int
    lines: list[bytes]
    problem: tuple[int, str] | None = None


def iter_byte_blocks(
    stream: Stream, lim: Limits | None = None, line_offset: int = 0
) -> Iterator[Block]:
    """Blocks of non-blank lines, line ends and trailing spaces removed, a BOM at the
    start of a line dropped (the file's, or that of a file joined to it: ``cat a b``).

    Lines are read at most ``max_line_bytes`` at a time: a longer line is skipped to its
    end and only its first bytes are kept; a block past ``max_hand_bytes`` keeps its
    first lines. Either way the block carries the problem. ``line_offset``: lines of
    the file before the stream's first (a stream that is a later part of a file)."""
    lim = lim if lim is not None else current_limits()
    max_line = lim.max_line_bytes
    lineno = line_offset
    start = 0
    size = 0
    block: list[bytes] = []
    problem: tuple[int, str] | None = None
    cut = False  # an over-long block was cut to its first lines
    raw = line = b""
    long = False  # inside an over-long line
    try:
        while True:
            raw = stream.readline(max_line + 1)
            if not raw:
                break
            lineno += 1
            if len(raw) > max_line and not raw.endswith(b"\n"):
                long = True
                total = len(raw)
                while True:
                    more = stream.readline(max_line + 1)
                    total += len(more)
                    if not more or more.endswith(b"\n"):
                        break
                line = raw[:_KEEP_OF_LONG_LINE] + b" [...]"
                raw, long = more, False
                if problem is None:
                    problem = (
                        lineno,
                        f"line {lineno}: longer than {max_line} bytes ({total} bytes)",
                    )
            else:
                line = raw.rstrip(_STRIP_BYTES)
            if line[:3] == _BOM_BYTES:
                line = line[len(_BOM_BYTES) :].rstrip(_STRIP_BYTES)
            if line:
                if not block:
                    start = lineno
                size += len(line) + 1
                if size <= lim.max_hand_bytes:
                    block.append(line)
                elif not cut:
                    if problem is None:
                        problem = (
                            lineno,
                            f"line {lineno}: the hand is longer than {lim.max_hand_bytes} bytes",
                        )
                    # keep only the hand's first lines: a file of many over-long hands must
                    # not hold max_hand_bytes for each of them until they are quarantined
                    block = _first_bytes(block, _KEEP_OF_LONG_HAND)
                    block.append(b"[... the rest of this over-long hand is not kept]")
                    cut = True
            elif block:
                yield Block(start, block, problem)
                block, size, problem, cut = [], 0, None, False
    except DAMAGED as exc:
        if long or (raw and not raw.endswith(b"\n")):
            lineno -= 1  # the damage cut this line: not a line of the file
            if not long and block and block[-1] is line and not cut:
                block.pop()
        if block:
            yield _cut_short(Block(start, block, problem), lineno, exc)
        raise _damaged(lineno, exc) from exc
    if block:
        yield Block(start, block, problem)


def _why(exc: Exception) -> str:
    return str(exc) or type(exc).__name__


def _damaged(line: int, exc: Exception) -> DamagedStreamError:
    return DamagedStreamError(line, _why(exc))


def _cut_short(block: Block | TextBlock, last: int, exc: Exception) -> Block:
    """The last block before the damage in a stream, its last line ``last`` (the last
    whole line read): cut short, unless it broke a limit already (it says why)."""
    if isinstance(block, TextBlock):
        block = Block(block.start, [line.encode("utf-8") for line in block.lines])
    elif block.problem is not None:
        return block
    reason = f"line {last}: the hand is cut short: the file cannot be read after this line"
    return Block(block.start, block.lines, (last, f"{reason} ({_why(exc)})"))


def _first_bytes(lines: list[bytes], limit: int) -> list[bytes]:
    """The first of ``lines`` that fit in ``limit`` bytes (at least one)."""
    kept: list[bytes] = []
    size = 0
    for line in lines:
        size += len(line) + 1
        if kept and size > limit:
            break
        kept.append(line[:limit])
    return kept


_PIECE_BYTES = 1 << 18
_BLOCK = re.compile(r"[^\n]+(?:\n[^\n]+)*")
_BLANK_START = frozenset({b"\n", b"\r", b" ", b"\t"})


def _spaced_line_end(piece: bytes) -> bool:
    """Whether a line of ``piece`` ends in a space or a tab before its line end: every
    byte and the one after it compared in vectorised passes (``b" \\n" in piece`` stops
    at every newline: about 0.9 ns a byte, against 0.26 here; picking the bytes before
    the newlines first took 0.4).

    >>> [_spaced_line_end(p) for p in (b"a\\nb \\n", b"a\\tb\\nc\\t\\n", b"a\\tb\\n ")]
    [True, True, False]
    """
    import numpy as np  # loaded by the warehouse already; the reader alone does not need it

    a = np.frombuffer(piece, np.uint8)
    before = a[:-1]
    return bool(((a[1:] == 10) & ((before == 32) | (before == 9))).any())


class TextBlock(NamedTuple):
    """A block decoded as UTF-8 by :func:`iter_blocks`: the file line of the first line,
    and the lines."""

    start: int
    lines: list[str]


def iter_blocks(
    stream: Stream, lim: Limits | None = None, line_offset: int = 0
) -> Iterator[Block | TextBlock]:
    """The blocks of :func:`iter_byte_blocks`, read in large pieces: a run of lines that
    is plain (valid UTF-8, LF line ends, no trailing spaces, within the limits) comes
    decoded as a :class:`TextBlock`, anything else as the :class:`Block` that
    :func:`iter_byte_blocks` gives for it. Pieces are cut at blank lines, so the blocks
    and their line numbers are the same either way.

    A stream that fails part-way (damaged or cut-short compressed data, see
    :data:`DAMAGED`) gives every block read before the damage; the block the damage cuts
    (its whole lines, no blank line after them) comes with the problem ``the hand is cut
    short``, and :class:`DamagedStreamError` names the last whole line read. So does
    :func:`iter_byte_blocks`. ``line_offset``: lines of the file before the stream's
    first (a stream that starts part-way into a file)."""
    lim = lim if lim is not None else current_limits()
    buf = b""
    lines_before = line_offset  # lines of the file before ``buf``
    while True:
        try:
            more = stream.read(_PIECE_BYTES)
        except DAMAGED as exc:
            last = yield from _before_damage(buf, lines_before, lim, exc)
            raise _damaged(last, exc) from exc
        buf = buf + more if buf else more
        if buf[:1] in _BLANK_START:  # blank lines first: skipped whole, counted
            body = buf.lstrip(_STRIP_BYTES)
            cut = buf.rfind(b"\n", 0, len(buf) - len(body))
            if cut >= 0:
                lines_before += buf.count(b"\n", 0, cut + 1)
                buf = buf[cut + 1 :]
        if more:
            cut = buf.rfind(b"\n\n")  # at a blank line (a CRLF one searched after it only)
            cut = max(cut, buf.rfind(b"\n\r\n", max(cut, 0)))
            if cut < 0:
                if len(buf) > 4 * _PIECE_BYTES:  # no blank line in sight: line by line
                    yield from iter_byte_blocks(_Prefixed(buf, stream), lim, lines_before)
                    return
                continue
            piece, buf = buf[: cut + 1], buf[cut + 1 :]
        else:
            piece, buf = buf, b""
        if piece:
            counted = yield from _piece_blocks(piece, lines_before, lim)
            lines_before += counted if counted is not None else piece.count(b"\n")
        if not more:
            return


def _before_damage(
    buf: bytes, lines_before: int, lim: Limits, exc: Exception
) -> Generator[Block | TextBlock, None, int]:
    """The blocks of ``buf``, the rest of a stream read before its damage: its whole
    lines (a line the damage cut is not one), the last block cut short unless a blank
    line follows it. Returns the last whole line of the stream."""
    whole = buf[: buf.rfind(b"\n") + 1]
    last = lines_before + whole.count(b"\n")
    held: Block | TextBlock | None = None
    for block in _piece_blocks(whole, lines_before, lim):
        if held is not None:
            yield held
        held = block
    if held is not None:
        ended = held.start + len(held.lines) - 1 < last  # a blank line follows it
        yield held if ended else _cut_short(held, last, exc)
    return last


def _piece_blocks(
    piece: bytes, lines_before: int, lim: Limits
) -> Generator[Block | TextBlock, None, int | None]:
    """The blocks of a piece; returns the piece's line breaks when it counted them on
    the way (a decoded piece), else None."""
    text = None
    clean = _BOM_BYTES not in piece and not piece.endswith((b" ", b"\t"))
    if clean and b"\r" not in piece and not _spaced_line_end(piece):
        with contextlib.suppress(UnicodeDecodeError):
            text = piece.decode("utf-8")
    elif len(piece) < min(lim.max_line_bytes, lim.max_hand_bytes):
        text = _stripped(piece)
    if text is None:
        yield from iter_byte_blocks(io.BytesIO(piece), lim, lines_before)
        return None
    total = yield from _text_blocks(text, lines_before, lim)
    return total - lines_before


def _text_block(
    start: int, body: str, lines: list[str], ended: bool, lim: Limits
) -> Iterator[Block | TextBlock]:
    """A block of clean text as a :class:`TextBlock`, or, past the limits, as the line
    reader gives it (``ended``: its last line has its line end)."""
    max_line = lim.max_line_bytes // 4  # characters that surely fit the byte limits
    if len(body) > max_line and (
        len(body) > lim.max_hand_bytes // 4 or max(map(len, lines)) > max_line
    ):
        raw = io.BytesIO(body.encode("utf-8") + (b"\n" if ended else b""))
        yield from iter_byte_blocks(raw, lim, start - 1)
    else:
        yield TextBlock(start, lines)


def _stripped(piece: bytes) -> str | None:
    """``piece`` as the line-by-line reader reads it — each line without its trailing
    spaces, tabs and carriage return (rooms write CRLF line ends and trailing spaces),
    a BOM at the start of a line dropped (the file's first, or where files were joined)
    — decoded; None when it is not UTF-8. Only for a piece shorter than the limits, so
    that none of its lines or blocks breaks them.

    >>> _stripped(b"\\xef\\xbb\\xbfA \\r\\nB\\n\\n\\xef\\xbb\\xbfC\\nD\\xef\\xbb\\xbf")
    'A\\nB\\n\\nC\\nD\\ufeff'
    """
    plain = _line_ends_stripped(piece)
    if _BOM_BYTES in plain:  # (pieces begin at a line)
        plain = plain.replace(b"\n" + _BOM_BYTES, b"\n").removeprefix(_BOM_BYTES)
        plain = _line_ends_stripped(plain)  # a line of a BOM and spaces is blank
    try:
        return plain.decode("utf-8")
    except UnicodeDecodeError:
        return None


_LINE_SPACE = _STRIP_BYTES.replace(b"\n", b"")
_BLANK_RUN = "\n" * 64
_STRIP_ROUNDS = 16  # spaces at a line's end removed in vectorised rounds; more: line by line


def _line_ends_stripped(piece: bytes) -> bytes:
    """``piece`` with the spaces, tabs and carriage returns at the end of each line
    removed, as ``rstrip`` of each of its lines would: in vectorised passes over the
    bytes, each round marking the byte before every byte marked in the round before
    (0.39 ms for a 256 KB piece of PokerStars hands, which end lines with a space,
    against 1.0 ms line by line).

    >>> _line_ends_stripped(b"Seat 1: A (5 in chips) \\r\\n\\t \\nend \\t")
    b'Seat 1: A (5 in chips)\\n\\nend'
    """
    import numpy as np  # loaded by the warehouse already; the reader alone does not need it

    a = np.frombuffer(piece, np.uint8)
    if not len(a):
        return piece
    space = (a == 32) | (a == 9) | (a == 13)
    marked = np.empty(len(a), dtype=bool)  # the bytes before a line end or the piece's end
    marked[:-1] = a[1:] == 10
    marked[-1] = True
    marked &= space
    drop = marked
    for _ in range(_STRIP_ROUNDS):
        if not marked.any():
            return a[~drop].tobytes()
        before = np.zeros(len(a), dtype=bool)
        before[:-1] = marked[1:]
        marked = before & space
        drop = drop | marked
    return b"\n".join([line.rstrip(_LINE_SPACE) for line in piece.split(b"\n")])


def _text_blocks(
    text: str, lines_before: int, lim: Limits
) -> Generator[Block | TextBlock, None, int]:
    """The blocks of clean text (a blank line is empty), each numbered by its file line
    (see :func:`_text_block`). The text is split into lines once, and each block is a
    slice of them up to the next blank line. Returns the line breaks before the text
    and in it (counted from its lines, not by a scan)."""
    if _BLANK_RUN in text:
        # long runs of blank lines: passed over by the regex engine, not one by one
        newlines = lines_before  # line breaks before ``pos``
        pos = 0
        for m in _BLOCK.finditer(text):
            newlines += text.count("\n", pos, m.start())
            pos = m.start()
            body = m.group()
            yield from _text_block(newlines + 1, body, body.split("\n"), m.end() < len(text), lim)
        return newlines + text.count("\n", pos)
    lines = text.split("\n")
    n = len(lines)
    max_line = lim.max_line_bytes // 4  # a shorter block is within every limit
    within = _within_limits(text, max_line, lim.max_hand_bytes // 4)
    index = lines.index  # (blank lines are the empty string: found by identity, in C)
    i = 0
    while i < n:
        if not lines[i]:
            i += 1
            continue
        try:
            end = index("", i)
        except ValueError:
            end = n
        block = lines[i:end]
        if within or sum(map(len, block)) + end - i - 1 <= max_line:
            yield TextBlock(lines_before + i + 1, block)
        else:  # (its last line has its line end when a line follows it)
            yield from _text_block(lines_before + i + 1, "\n".join(block), block, end < n, lim)
        i = end + 1
    return lines_before + n - 1


def _within_limits(text: str, max_line: int, max_hand: int) -> bool:
    """Whether every block of ``text`` is surely one that :func:`_text_block` keeps
    whole (no longer than ``max_line`` characters, or no longer than ``max_hand`` with
    no line longer than ``max_line``), without measuring its blocks: the text is no
    longer than ``max_line``; or it is shorter than twice that and than ``max_hand``
    (a piece of the reader's size often passes ``max_line`` by part of a hand), with a
    line break among the characters that every longer line would cover.

    >>> _within_limits("abc", 4, 20), _within_limits("ab\\ncd", 4, 20)
    (True, True)
    >>> _within_limits("abcde\\nf", 4, 20), _within_limits("f\\nabcde", 4, 20)
    (False, False)
    >>> _within_limits("a\\nb\\ncdefghi", 4, 20), _within_limits("ab\\ncd", 4, 4)
    (False, False)
    """
    size = len(text)
    if size <= max_line:
        return True
    if size > max_hand or size >= 2 * max_line:
        return False
    # a line longer than max_line starts before size - max_line and ends after max_line
    return text.find("\n", size - max_line - 1, max_line + 1) >= 0


class _Prefixed:
    """A stream that reads ``head`` and then ``rest`` (readline only)."""

    def __init__(self, head: bytes, rest: Stream) -> None:
        self._head = io.BytesIO(head)
        self._rest = rest

    def read(self, size: int = -1, /) -> bytes:
        data = self._head.read(size)
        if size < 0:
            return data + self._rest.read()
        return data + self._rest.read(size - len(data)) if len(data) < size else data

    def readline(self, limit: int = -1, /) -> bytes:
        line = self._head.readline(limit)
        if line.endswith(b"\n") or (limit >= 0 and len(line) >= limit):
            return line
        return line + self._rest.readline(limit - len(line) if limit >= 0 else -1)


def iter_text_blocks(lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
    """Blocks of non-blank lines from decoded text lines (with or without line ends), a
    BOM at the start of a line dropped (as :func:`iter_byte_blocks` does)."""
    start = 0
    block: list[str] = []
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip(_STRIP)
        if line[:1] == BOM:
            line = line[1:].rstrip(_STRIP)
        if line:
            if not block:
                start = lineno
            block.append(line)
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


def decode_block(
    block: list[bytes], start: int, fallback: str | None
) -> tuple[list[str], int | None]:
    """Decode a block as UTF-8 (else ``fallback``, when given).

    Returns the lines and ``None``, or, when the block cannot be decoded, the lines decoded
    with replacement characters and the file line number of the first bad line.
    """
    try:
        return b"\n".join(block).decode("utf-8").split("\n"), None
    except UnicodeDecodeError:
        pass
    if fallback is not None:
        try:
            return b"\n".join(block).decode(fallback).split("\n"), None
        except UnicodeDecodeError:
            pass
    bad = start
    for i, raw in enumerate(block):
        try:
            raw.decode("utf-8")
        except UnicodeDecodeError:
            bad = start + i
            break
    return [raw.decode("utf-8", "replace") for raw in block], bad

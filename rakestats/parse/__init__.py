"""Parsing and validating hand-history files into hand records.

:func:`iter_file` and :func:`iter_text` stream a history hand by hand and yield, for
each hand, a validated :class:`~rakestats.records.HandRecord`, a
:class:`~rakestats.records.QuarantineRecord` (a hand that does not parse or does not
follow the rules, with the line and the reason) or a
:class:`~rakestats.records.SkipRecord` (a hand of a game rakestats does not analyse).
The format is recognised from the first non-blank line; a file in no known format raises
:class:`UnrecognizedFileError` before anything is yielded. See docs/parsing.md.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterable, Iterator
from itertools import chain

from rakestats.parse import _io
from rakestats.parse._base import HandError, ParseResult, SiteParser
from rakestats.parse._dispatch import PARSERS, detect
from rakestats.parse.rake import RakeParser
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

__all__ = [
    "PARSERS",
    "HandError",
    "HandRecord",
    "ParseResult",
    "QuarantineRecord",
    "RakeParser",
    "ReadError",
    "SiteParser",
    "SkipRecord",
    "UnrecognizedFileError",
    "iter_file",
    "iter_text",
    "zip_members",
]

_READ_ERRORS = (OSError, EOFError, ValueError)  # gzip, bz2, lzma, zipfile failures


class UnrecognizedFileError(Exception):
    """A file that is not a hand history rakestats knows (or cannot be opened as one)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class ReadError(Exception):
    """A file that fails to read part-way (a corrupt or truncated archive); ``line`` is
    the last line read."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}: after line {line}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


def _sniff(first: str | None, name: str) -> type[SiteParser] | None:
    if first is None:
        return None
    parser = detect(first)
    if parser is None:
        shown = first if len(first) <= 80 else first[:77] + "..."
        raise UnrecognizedFileError(name, f"not a known hand-history format: {shown!r}")
    return parser


def iter_file(
    path: str | os.PathLike[str],
    *,
    display_name: str | None = None,
    member: str | None = None,
) -> Iterator[HandRecord | QuarantineRecord | SkipRecord]:
    """The hands of a file, streamed: plain text, ``.gz``, ``.bz2``, ``.xz`` (recognised
    by content) or a ``.zip`` archive, each member in turn (``source_file`` is then
    ``archive.zip!member.txt``). ``display_name`` replaces the path in the records.

    The file (every member of an archive) is identified when this is called: an
    unknown format raises :class:`UnrecognizedFileError` at once. A file without any
    non-blank line yields nothing. ``member`` reads one member of a zip archive only
    (see :func:`zip_members`), so that archives can be split into units of work.
    """
    name = display_name if display_name is not None else os.fspath(path)
    try:
        sources = _io.sources_of(path, name)
        if member is not None:
            sources = [s for s in sources if s[0] == f"{name}!{member}"]
            if not sources:
                raise UnrecognizedFileError(name, f"no member {member!r} in the archive")
        plan = [(src, _sniff(_io.first_line_of(opener), src), opener) for src, opener in sources]
    except UnrecognizedFileError:
        raise
    except _READ_ERRORS as e:
        raise UnrecognizedFileError(name, f"cannot read: {e}") from e
    return _iter_plan(plan)


def zip_members(path: str | os.PathLike[str]) -> list[str] | None:
    """The member names of a zip archive (directories excluded), or None for a file
    that is not one."""
    with open(path, "rb") as fh:
        magic = fh.read(4)
    if magic not in (b"PK\x03\x04", b"PK\x05\x06"):
        return None
    with zipfile.ZipFile(path) as zf:
        return [i.filename for i in zf.infolist() if not i.is_dir()]


def _iter_plan(
    plan: list[tuple[str, type[SiteParser] | None, _io.Opener]],
) -> Iterator[ParseResult]:
    for src, parser_type, opener in plan:
        if parser_type is None:
            continue
        parser = parser_type()
        fallback = parser.fallback_encoding
        line = 0
        try:
            with opener() as stream:
                for start, block in _io.iter_byte_blocks(stream):
                    line = start + len(block) - 1
                    lines, bad = _io.decode_block(block, start, fallback)
                    if bad is not None:
                        reason = f"invalid UTF-8 at line {bad}"
                        yield _quarantine(parser, lines, start, bad, reason, src)
                    else:
                        yield parser.parse_hand(lines, start, src)
        except _READ_ERRORS as e:
            raise ReadError(src, line, str(e)) from e


def _quarantine(
    parser: SiteParser, lines: list[str], start: int, line: int, reason: str, src: str
) -> QuarantineRecord:
    m = getattr(parser, "header_pattern", None)
    head = m.match(lines[0]) if m is not None and lines else None
    site = head[1] if head is not None else None
    hand_id = head[2] if head is not None else None
    return parser.quarantine(lines, line, reason, src, site=site, hand_id=hand_id)


def iter_text(
    text_lines: Iterable[str], source_file: str
) -> Iterator[HandRecord | QuarantineRecord | SkipRecord]:
    """The hands of decoded text lines (with or without line ends). The format is
    identified when this is called (:class:`UnrecognizedFileError` if unknown)."""
    it = iter(text_lines)
    head: list[str] = []
    first = None
    for raw in it:
        head.append(raw)
        line = raw.lstrip(_io.BOM).rstrip(" \t\r\n") if len(head) == 1 else raw.rstrip(" \t\r\n")
        if line:
            first = line
            break
    parser_type = _sniff(first, source_file)
    return _iter_text(parser_type, chain(head, it), source_file)


def _iter_text(
    parser_type: type[SiteParser] | None, lines: Iterable[str], source_file: str
) -> Iterator[ParseResult]:
    if parser_type is None:
        return
    parser = parser_type()
    for start, block in _io.iter_text_blocks(lines):
        yield parser.parse_hand(block, start, source_file)

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

import lzma
import os
import re
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Sequence
from enum import Enum
from itertools import chain

from rakestats._speedups import load as _load_compiled
from rakestats.columns import HandColumns
from rakestats.formats import _utf16
from rakestats.formats import files as _io
from rakestats.formats._base import UNSAFE as _UNSAFE
from rakestats.formats._base import HandError, ParseResult, SiteParser
from rakestats.formats._dispatch import PARSERS, detect
from rakestats.formats.rake import _lean as _rake_lean
from rakestats.formats.rake.parser import RakeParser
from rakestats.formats.stud import _lean as _stud_lean
from rakestats.formats.stud.reader import StudReader
from rakestats.rake.names import name_problem
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord

__all__ = [
    "CR_LINE_ENDS",
    "PARSERS",
    "HandError",
    "HandRecord",
    "ParseResult",
    "QuarantineRecord",
    "RakeParser",
    "ReadError",
    "SiteParser",
    "SkipRecord",
    "Stored",
    "UnrecognizedFileError",
    "archive_members",
    "iter_file",
    "iter_text",
    "scan_file",
    "zip_members",
]

# what decompressors and zipfile raise on damaged data
_READ_ERRORS = (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError, zipfile.BadZipFile)


class UnrecognizedFileError(Exception):
    """A file that is not a hand history rakestats knows (or cannot be opened as one)."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class ReadError(Exception):
    """A file that fails to read part-way (a corrupt or truncated archive), raised after
    every hand before the break (the hand the break cuts is quarantined as cut short);
    ``line`` is the last whole line read (0: none)."""

    def __init__(self, path: str, line: int, reason: str) -> None:
        super().__init__(f"{path}: after line {line}: {reason}")
        self.path = path
        self.line = line
        self.reason = reason


CR_LINE_ENDS = (
    "its lines end in a carriage return alone (CR, as the classic Mac OS wrote text), "
    "which rakestats does not read: convert it to LF or CRLF line ends"
)


# Control characters no text of hands holds (tab, LF and CR aside; NUL bytes are dropped
# first): a line with one is binary content, whatever carriage returns it holds too.
_CONTROL = re.compile(r"[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]")


def _sniff(first: str | None, name: str) -> type[SiteParser] | None:
    if first is None:
        return None
    if "\x00" in first:  # UTF-16 (read as UTF-8 here), or a room's NUL padding
        first = first.replace("\x00", "").lstrip("\ufffd\ufeff").strip()
    # lines are split at LF: a text of CR line ends is one line (binary content with a
    # CR byte is no text of lines: it is named below as no known format)
    if "\r" in first.rstrip() and _CONTROL.search(first) is None:
        raise UnrecognizedFileError(name, CR_LINE_ENDS)
    parser = detect(first)
    if parser is None:
        shown = first if len(first) <= 80 else first[:77] + "..."
        raise UnrecognizedFileError(name, f"not a known hand-history format: {shown!r}")
    return parser


def _format_reason(first: str) -> str | None:
    """Why a file whose first non-blank line is ``first`` is in no known format."""
    try:
        _sniff(first, "")
    except UnrecognizedFileError as exc:
        return exc.reason
    return None


_io.set_recogniser(_format_reason)


def iter_file(
    path: str | os.PathLike[str],
    *,
    display_name: str | None = None,
    member: str | None = None,
) -> Iterator[HandRecord | QuarantineRecord | SkipRecord]:
    """The hands of a file, streamed: plain text, ``.gz``, ``.bz2``, ``.xz`` (recognised
    by content), a ``.zip`` archive or a tar archive, plain or compressed (``.tar``,
    ``.tar.gz``, ``.tar.bz2``, ``.tar.xz``), each member in turn (``source_file`` is then
    ``archive.zip!member.txt``). ``display_name`` replaces the path in the records.

    The file (every member of an archive) is identified when this is called: an
    unknown format raises :class:`UnrecognizedFileError` at once. An archive's members
    that a folder's walk would pass over (hidden, in a hidden folder, or notes such as
    a README; :mod:`rakestats.formats._names`) are left out, unless all are; name one
    with ``member`` to read it all the same. A file without any
    non-blank line yields nothing. ``member`` reads one member of an archive only
    (see :func:`archive_members`), so that archives can be split into units of work.
    """
    return _iter_plan(_plan(path, display_name, member))


def scan_file(
    path: str | os.PathLike[str],
    into: HandColumns,
    *,
    display_name: str | None = None,
    member: str | None = None,
    offset: int = 0,
    lines_before: int = 0,
) -> Iterator[QuarantineRecord | SkipRecord | Stored]:
    """Like :func:`iter_file`, but each validated hand is appended to the batch ``into``
    and comes out as :attr:`Stored.STORED` (or :attr:`Stored.REPEAT` when ``into``
    holds the hand already); quarantined and skipped hands come out as records.

    With ``offset`` a plain-text file of a resumable format (``SiteParser.resumable``)
    is read from that byte on, ``lines_before`` lines of it before the byte (the end of
    an earlier read, at a hand's end, of a file that grew since); the format is still
    recognised from the file's first line. Any other file is read whole.

    This is the bulk path of ingestion: a Rake hand in the form rakestats writes is
    validated in one pass straight into the columns (see ``_rake_lean``), as is a stud
    hand the stud fast path vouches for (``_stud_lean``); any other hand goes through
    its parser as in :func:`iter_file`.
    """
    plan = _plan(path, display_name, member)
    if offset and len(plan) == 1:
        src, parser_type = plan[0]
        if (
            src.container is None
            and parser_type is not None
            and parser_type.resumable
            and not _utf16.is_utf16(path)  # offsets of the file, not of what it reads as
        ):
            plan = [(_io.resumed_source(path, src.name, offset, lines_before), parser_type)]
    return _scan_plan(plan, into)


def _plan(
    path: str | os.PathLike[str], display_name: str | None, member: str | None
) -> list[tuple[_io.Source, type[SiteParser] | None]]:
    name = display_name if display_name is not None else os.fspath(path)
    try:
        sources = _io.sources_of(path, name)
        if member is not None:
            sources = [s for s in sources if s.name == f"{name}!{member}"]
            if not sources:
                raise UnrecognizedFileError(name, f"no member {member!r} in the archive")
        elif sources and sources[0].name.startswith(f"{name}!"):  # an archive's members
            inner = len(name) + 1  # (a member's source is named ``archive!member``)
            kept = set(_io.kept_members([s.name[inner:] for s in sources])[0])
            sources = [s for s in sources if s.name[inner:] in kept]
        plan = []
        for src in sources:  # member after member (a compressed tar is read in order)
            src = _utf16.transcoded(src)
            plan.append((src, _sniff(_io.first_line_of(src), src.name)))
    except UnrecognizedFileError:
        raise
    except _io.RefusedError as e:
        raise UnrecognizedFileError(e.path, e.reason) from e
    except _READ_ERRORS as e:
        raise UnrecognizedFileError(name, f"cannot read: {e}") from e
    return plan


def archive_members(path: str | os.PathLike[str]) -> list[str] | None:
    """The member names of a zip or tar archive (a tar archive plain or compressed;
    directories excluded, each name once), or None for a file that is not one (or
    cannot be opened, or is refused whole: reading it says why)."""
    try:
        with _io.open_regular(path, judge=False) as fh:  # (a file is judged when read)
            kind = _io.archive_kind(fh.read(_TAR_HEAD))
        if kind == "zip":
            return zip_members(path)
        if kind != "tar" and not _io.compressed_tar(path, kind):
            return None
        return _io.tar_members(path, None if kind == "tar" else kind)
    except _READ_ERRORS:
        return None


_TAR_HEAD = 262  # a tar archive's magic ends at byte 262


def zip_members(path: str | os.PathLike[str]) -> list[str] | None:
    """The member names of a zip archive (directories excluded, each name once), or
    None for a file that is not one (or cannot be opened: reading it says why)."""
    try:
        with _io.open_regular(path) as fh:
            if _io.archive_kind(fh.read(4)) != "zip":
                return None
            fh.seek(0)
            with zipfile.ZipFile(fh) as zf:
                return _io.zip_member_names(zf)
    except _READ_ERRORS:
        return None


class Stored(Enum):
    """What :func:`scan_file` did with a validated hand."""

    STORED = "stored"
    REPEAT = "repeat"  # the batch holds this hand already


lean_hand = _load_compiled(_rake_lean).lean_hand
stud_block = _load_compiled(_stud_lean).scan_block


def _scan_plan(
    plan: list[tuple[_io.Source, type[SiteParser] | None]], into: HandColumns
) -> Iterator[QuarantineRecord | SkipRecord | Stored]:
    stored, repeat = Stored.STORED, Stored.REPEAT
    for src, parser_type in plan:
        if parser_type is None:
            continue
        parser = parser_type()
        lean = lean_hand if parser_type is RakeParser else None
        stud = parser if _stud_lean.enabled() and isinstance(parser, StudReader) else None
        name = src.name
        line = 0
        try:
            with src.opener() as stream:
                for block in parser.blocks(stream, src.lines_before):
                    start = block.start
                    line = start + len(block.lines) - 1
                    if lean is not None and isinstance(block, _io.TextBlock):
                        try:
                            yield stored if lean(block.lines, start, name, into) else repeat
                            continue
                        except Exception:  # the full parser decides
                            pass
                    if stud is not None:
                        done = stud_block(stud, block, name, into)
                        if done is not None:
                            yield stored if done else repeat
                            continue
                    for rec in _block_results(parser, block, name):
                        if isinstance(rec, HandRecord):
                            yield stored if into.add(rec) else repeat
                        else:
                            yield rec
        except _io.DamagedStreamError as e:
            raise ReadError(name, e.line, e.reason) from e
        except _io.RefusedError as e:
            raise ReadError(name, line, e.reason) from e
        except _READ_ERRORS as e:
            raise ReadError(name, line, str(e)) from e


def _iter_plan(plan: list[tuple[_io.Source, type[SiteParser] | None]]) -> Iterator[ParseResult]:
    for src, parser_type in plan:
        if parser_type is None:
            continue
        parser = parser_type()
        line = 0
        try:
            with src.opener() as stream:
                for block in parser.blocks(stream):
                    line = block.start + len(block.lines) - 1
                    yield from _block_results(parser, block, src.name)
        except _io.DamagedStreamError as e:
            raise ReadError(src.name, e.line, e.reason) from e
        except _io.RefusedError as e:
            raise ReadError(src.name, line, e.reason) from e
        except _READ_ERRORS as e:
            raise ReadError(src.name, line, str(e)) from e


def _block_results(
    parser: SiteParser, block: _io.Block | _io.TextBlock, src: str
) -> list[ParseResult]:
    """A block's hands through their parser (none: the format's padding); a block that
    broke a limit or is not valid text is quarantined with the reason. A block is one
    hand, or several for a format without blank lines between hands (``hand_start``)."""
    start = block.start
    if isinstance(block, _io.TextBlock):
        lines = block.lines
    else:
        lines, bad = _io.decode_block(block.lines, start, parser.fallback_encoding)
        if block.problem is None and parser.is_noise(lines):
            return []
        if block.problem is not None:
            return [_quarantine(parser, lines, start, block.problem[0], block.problem[1], src)]
        if bad is not None:
            return [_quarantine(parser, lines, start, bad, f"invalid UTF-8 at line {bad}", src)]
    return _parse_block(parser, lines, start, src)


def _parse_block(parser: SiteParser, lines: list[str], start: int, src: str) -> list[ParseResult]:
    """The hands of a block of decoded lines: one, or several for a format without blank
    lines between hands (``hand_start``), or a block that failed as one hand cut at the
    hands in it (:func:`_joined_hands`)."""
    if parser.hand_start is not None:
        return [
            _parse_one(parser, part, first, src)
            for first, part in parser.hands_of(lines, start)
            if not parser.is_noise(part)
        ]
    if parser.is_noise(lines):
        return []
    rec = _parse_one(parser, lines, start, src)
    if isinstance(rec, HandRecord):
        return [rec]
    joined = _joined_hands(parser, lines, start)
    if len(joined) == 1:
        return [rec]
    return [
        _parse_one(parser, part, first, src) for first, part in joined if not parser.is_noise(part)
    ]


def _joined_hands(parser: SiteParser, lines: list[str], start: int) -> list[tuple[int, list[str]]]:
    """The hands of a block that failed as one: cut before each later line that begins a
    hand (``header_pattern``; the first of a run of such lines, as a room that begins a
    hand with two header lines writes them), as files joined without a blank line
    between them give (``cat a.txt b.txt`` where ``a.txt`` ends with its last line).
    Asked only of a block that failed, so a hand that reads as one is never cut."""
    heads = [parser.header_pattern.match(line) is not None for line in lines]
    cuts = [0] + [i for i in range(1, len(lines)) if heads[i] and not heads[i - 1]]
    ends = [*cuts[1:], len(lines)]
    return [(start + a, lines[a:b]) for a, b in zip(cuts, ends, strict=True)]


_I16 = 1 << 15
_I32 = 1 << 31
_I64 = 1 << 63


def _parse_one(parser: SiteParser, lines: list[str], start: int, src: str) -> ParseResult:
    """One hand through its parser, then the checks every format shares: a failure of
    the parser itself costs this hand only (quarantined, reason says so)."""
    try:
        rec = parser.parse_hand(lines, start, src)
    except Exception as e:  # a parser bug must not stop the file: the hand says why
        reason = f"line {start}: the {parser.format_name} parser failed on this hand: "
        reason += f"{type(e).__name__}: {str(e)[:200]!r}"
        return _quarantine(parser, lines, start, start, reason, src)
    if isinstance(rec, HandRecord):
        problem = _screen(rec, lines, start)
        if problem is not None:
            q = _quarantine(parser, lines, start, problem[0], problem[1], src)
            return QuarantineRecord(
                q.source_file, q.line, q.reason, q.raw_text, rec.site, rec.hand_id, q.game
            )
    return rec


def _screen(rec: HandRecord, lines: Sequence[str], start: int) -> tuple[int, str] | None:
    """Why a validated hand cannot be stored as it is, as ``(line, reason)``: a name
    with control characters, or a number beyond the warehouse's integer columns."""
    texts = [
        ("site", rec.site),
        ("hand id", rec.hand_id),
        ("table name", rec.table_name),
        ("currency", rec.currency),
        ("tournament id", rec.tournament_id),
        ("hero", rec.hero),
        *(("player name", p.player) for p in rec.players),
        *((k, v) for k, v in rec.extra.items()),
    ]
    for what, text in texts:
        if text is not None and (m := _UNSAFE.search(text)) is not None:
            at = next((start + i for i, ln in enumerate(lines) if m[0] in ln), start)
            shown = text if len(text) <= 80 else text[:77] + "..."
            return at, f"line {at}: control character {m[0]!r} in the {what} {shown!r}"
    names = [("site", rec.site), ("table name", rec.table_name)]
    names += [("player name", p.player) for p in rec.players]
    for what, text in names:
        problem = _name_problem(rec, text, what)
        if problem is not None:
            at = next((start + i for i, ln in enumerate(lines) if text in ln), start)
            return at, f"line {at}: {problem}"
    for what, value, limit in _numbers(rec):
        if value is not None and not -limit <= value < limit:
            return rec.source_line, (
                f"line {rec.source_line}: {what} {value} does not fit the warehouse "
                f"({limit.bit_length()}-bit integers)"
            )
    return None


def _name_problem(rec: HandRecord, text: str, what: str) -> str | None:
    """The format's rules for a name: the Rake format's in full (length, spaces,
    printable, see :mod:`rakestats.rake.names`); for every format, no space at either
    end and no U+FFFD (what bytes that were not UTF-8 become)."""
    if rec.game is Game.RAKE:
        return name_problem(text, what)
    if text != text.strip(" "):
        return f"{what} {text!r} begins or ends with a space"
    if "\ufffd" in text:
        return f"{what} {text!r} contains U+FFFD, the mark of bytes that were not UTF-8"
    return None


def _numbers(rec: HandRecord) -> Iterator[tuple[str, int | None, int]]:
    yield from (("max seats", rec.max_seats, _I16), ("players", rec.n_players, _I16),
                ("dealer seat", rec.dealer_seat, _I16), ("ante", rec.ante, _I64),
                ("small bet", rec.small_bet, _I64), ("big bet", rec.big_bet, _I64),
                ("bring-in", rec.bring_in, _I64), ("total pot", rec.total_pot, _I64),
                ("house fee", rec.house_fee, _I64))  # fmt: skip
    for p in rec.players:
        yield from (("seat", p.seat, _I16), ("position", p.position, _I16),
                    ("folded round", p.folded_round, _I16), ("stack", p.stack, _I64),
                    ("invested", p.invested, _I64), ("collected", p.collected, _I64),
                    ("net", p.collected - p.invested, _I64))  # fmt: skip
    for a in rec.actions:
        yield from (("action number", a.seq, _I32), ("round", a.round, _I16),
                    ("amount", a.amount, _I64), ("amount", a.to_amount, _I64))  # fmt: skip
    if len(rec.actions) >= _I16:  # the per-round action counts of a player are int16
        counts: dict[tuple[str, int, str], int] = {}
        for a in rec.actions:
            k = (a.player, a.round, a.kind)
            counts[k] = counts.get(k, 0) + 1
        for (player, rnd, kind), n in counts.items():
            yield f"number of {kind} actions of {player!r} in round {rnd}", n, _I16
    for pk in rec.pickups:
        yield "pick-up", pk.pickup, _I16


def _quarantine(
    parser: SiteParser, lines: list[str], start: int, line: int, reason: str, src: str
) -> QuarantineRecord:
    m = getattr(parser, "header_pattern", None)
    head = m.match(lines[0]) if m is not None and lines else None
    site = getattr(parser, "site", None) or (head[1] if head is not None else None)
    hand_id = parser.hand_id_of(lines) if head is not None else None
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
    for start, block in parser.text_blocks(lines):
        yield from _parse_block(parser, block, start, source_file)

"""Reading hand-history files: decompression, zip members, line ends, blocks of lines.

Files are read line by line, never whole. A *block* is a run of non-blank lines (a hand)
with the 1-based number of its first line in the file.

Hostile input is bounded here (docs/reliability.md):

- only regular files are opened (a FIFO or a device is refused, never waited on);
- zip members with an absolute path or ``..`` in their name, links, encrypted members,
  unsupported compression methods and names held by two members are refused, and so is
  a member whose declared size is over the limits below;
- what a compressed file or a zip member decompresses to is counted: more than
  :attr:`Limits.max_uncompressed` bytes, or more than :attr:`Limits.max_ratio` times its
  compressed size once past :attr:`Limits.ratio_floor` bytes, stops the reading with
  :class:`RefusedError` (a decompression bomb);
- an archive or compressed file inside another one (a zip in a zip, a ``.gz`` in a
  zip, ...) is refused, and so are formats rakestats does not read (7z, rar, zstd, tar);
- a line longer than :attr:`Limits.max_line_bytes` or a hand longer than
  :attr:`Limits.max_hand_bytes` is never held whole: its block carries a problem and is
  quarantined, and the reading goes on after it;
- a file is judged from its first bytes when it is opened (:func:`open_regular`), before
  anything reads it whole (the ingest hashes every file): a sparse file, a file whose
  first line is no known format (a binary file), an archive format rakestats does not
  read, a zip archive of more than :attr:`Limits.max_members` members or whose members
  declare more than the limits above *in all* are refused at once;
- runs of blank lines are skipped at the speed of ``bytes.lstrip``, never line by line.
"""

from __future__ import annotations

import bz2
import contextlib
import gzip
import io
import lzma
import os
import re
import stat
import struct
import sys
import threading
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import PurePosixPath, PureWindowsPath
from typing import IO, NamedTuple, Protocol

__all__ = [
    "BOM",
    "LIMITS",
    "Block",
    "Limits",
    "Opener",
    "RefusedError",
    "Source",
    "Stream",
    "TextBlock",
    "archive_kind",
    "check_head",
    "current_limits",
    "decode_block",
    "first_line_of",
    "iter_blocks",
    "iter_byte_blocks",
    "iter_text_blocks",
    "open_regular",
    "set_recogniser",
    "sources_of",
    "zip_member_names",
]

BOM = "\ufeff"
_BOM_BYTES = BOM.encode()
_STRIP = " \t\r\n"
_STRIP_BYTES = b" \t\r\n"
_SNIFF_BYTES = 1 << 16
_HEAD_BYTES = 262  # enough for every magic number below (tar's is at offset 257)
_KEEP_OF_LONG_LINE = 1000  # bytes of an over-long line kept in the quarantined text
_KEEP_OF_LONG_HAND = 64 << 10  # bytes of an over-long hand kept in the quarantined text


@dataclass(frozen=True)
class Limits:
    """Bounds on what one file (or zip member) may make rakestats read or hold."""

    max_line_bytes: int = 1 << 20
    max_hand_bytes: int = 4 << 20
    max_uncompressed: int = 16 << 30  # per compressed file, zip member or zip archive
    max_ratio: int = 100  # decompressed : compressed ...
    ratio_floor: int = 64 << 20  # ... once this many bytes have come out
    max_members: int = 10_000  # members of one zip archive


LIMITS = Limits()
"""The defaults; ``RAKESTATS_MAX_UNCOMPRESSED_BYTES``, ``RAKESTATS_MAX_COMPRESSION_RATIO`` and
``RAKESTATS_MAX_ZIP_MEMBERS`` override the archive limits (see :func:`current_limits`)."""


def current_limits() -> Limits:
    """:data:`LIMITS` with the environment's overrides applied."""
    lim = LIMITS
    size = os.environ.get("RAKESTATS_MAX_UNCOMPRESSED_BYTES", "").strip()
    ratio = os.environ.get("RAKESTATS_MAX_COMPRESSION_RATIO", "").strip()
    members = os.environ.get("RAKESTATS_MAX_ZIP_MEMBERS", "").strip()
    if size.isdigit() or ratio.isdigit() or members.isdigit():
        lim = Limits(
            lim.max_line_bytes,
            lim.max_hand_bytes,
            int(size) if size.isdigit() else lim.max_uncompressed,
            int(ratio) if ratio.isdigit() else lim.max_ratio,
            lim.ratio_floor,
            int(members) if members.isdigit() else lim.max_members,
        )
    return lim


class RefusedError(ValueError):
    """A file or archive member rakestats will not read; ``path`` names it (``a.zip!m``
    for a member) and ``reason`` says why."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class Stream(Protocol):
    """A binary stream read by bounded lines."""

    def readline(self, size: int = -1, /) -> bytes: ...
    def read(self, size: int = -1, /) -> bytes: ...


Opener = Callable[[], AbstractContextManager[Stream]]


class Source(NamedTuple):
    """A stream to read: its display name, a function that opens it (binary), and the
    kind of container it comes out of (``"zip"``, ``"gzip"``, ...; None for a plain
    file)."""

    name: str
    opener: Opener
    container: str | None = None


# ---------------------------------------------------------------------- formats
_BZ2_MAGIC = re.compile(rb"BZh[1-9]")
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"PK\x03\x04", "zip"),
    (b"PK\x05\x06", "zip"),
    (b"\x1f\x8b", "gzip"),
    (b"\xfd7zXZ\x00", "xz"),
    (b"7z\xbc\xaf\x27\x1c", "7z"),
    (b"Rar!\x1a\x07", "rar"),
    (b"\x28\xb5\x2f\xfd", "zstd"),
)
_READABLE = ("zip", "gzip", "bzip2", "xz")


def archive_kind(head: bytes) -> str | None:
    """The archive or compression format that ``head`` (a file's first bytes) starts,
    or None for anything else."""
    for magic, kind in _MAGIC:
        if head.startswith(magic):
            return kind
    if _BZ2_MAGIC.match(head):
        return "bzip2"
    if head[257:262] == b"ustar":
        return "tar"
    return None


def _a(kind: str) -> str:
    """``kind`` with an article and a noun: 'a zip archive', 'an xz file'."""
    noun = "archive" if kind in ("zip", "7z", "rar", "tar") else "file"
    return f"{'an' if kind == 'xz' else 'a'} {kind} {noun}"


def check_head(head: bytes, name: str, container: str | None) -> None:
    """Refuse a stream that is itself an archive inside ``container``, or an archive
    format rakestats does not read."""
    kind = archive_kind(head)
    if kind is None:
        return
    if container is not None:
        raise RefusedError(
            name,
            f"{_a(kind)} inside {_a(container)}: nested archives are not read; "
            "extract the inner one first",
        )
    if kind not in _READABLE:
        raise RefusedError(
            name, f"{_a(kind)}, which rakestats does not read (plain text, gzip, bzip2, xz, zip)"
        )


# ---------------------------------------------------------------------- opening
OPENS = {"judged": 0, "head_bytes": 0}
"""How many files :func:`open_regular` judged from their first bytes, and how many bytes
that read (the measure of its cost, for tests and benchmarks)."""


_O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs to block on
_O_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


def _pread(fd: int, n: int, offset: int) -> bytes:
    """``os.pread`` where the system has it (POSIX), else a seek and a read."""
    if sys.platform != "win32":
        return os.pread(fd, n, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, n)


def open_regular(path: str | os.PathLike[str], *, judge: bool = True) -> IO[bytes]:
    """Open a regular file for binary reading; anything else (a FIFO, a device, a
    directory, a socket) raises :class:`RefusedError` without blocking.

    With ``judge`` (the default) the file is also judged from its first bytes
    (:func:`head_problem`), so that a caller about to read it whole (the ingest hashes
    every file) learns first, cheaply, that it is refused: a sparse file, a file in no
    known format, an archive rakestats does not read or a zip archive over the limits.
    """
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY)
    try:
        st = os.fstat(fd)
        mode = st.st_mode
        if not stat.S_ISREG(mode):
            what = (
                "a directory"
                if stat.S_ISDIR(mode)
                else "a FIFO"
                if stat.S_ISFIFO(mode)
                else "a device"
                if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                else "a socket"
                if stat.S_ISSOCK(mode)
                else "a special file"
            )
            raise RefusedError(os.fspath(path), f"not a regular file ({what})")
        if hasattr(os, "set_blocking"):  # POSIX: the FIFO check opened it without blocking
            os.set_blocking(fd, True)
        if judge:
            problem = head_problem(fd, st)
            if problem is not None:
                raise RefusedError(os.fspath(path), problem)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def head_problem(fd: int, st: os.stat_result) -> str | None:
    """Why the regular file open on ``fd`` is refused, judged from its first bytes (at
    most :data:`_SNIFF_BYTES`, and the end of a zip archive), or None when it may be
    read. The file's offset is left at 0.

    Refused: a sparse file (its holes read as NUL bytes, which no hand history holds);
    an archive format rakestats does not read; a plain or compressed file whose first
    non-blank line is no known hand-history format (the reason is the one reading the
    file gives); a zip archive over :attr:`Limits.max_members` members or whose members
    declare more than :attr:`Limits.max_uncompressed` bytes, or more than
    :attr:`Limits.max_ratio` times the archive's size past :attr:`Limits.ratio_floor`,
    in all. A head that says nothing for sure (all blank, damaged compressed data) is
    left to the reading."""
    OPENS["judged"] += 1
    try:
        return _head_problem(fd, st)
    finally:
        os.lseek(fd, 0, os.SEEK_SET)


def _head_problem(fd: int, st: os.stat_result) -> str | None:
    size = st.st_size
    if size == 0:
        return None
    hole = _first_hole(fd, size)
    if hole is not None:
        return (
            f"a sparse file (a hole at byte {hole} of {size}): holes read as NUL bytes, "
            "which no hand history holds; not read"
        )
    head = _pread(fd, _SNIFF_BYTES, 0)
    OPENS["head_bytes"] += len(head)
    kind = archive_kind(head)
    if kind == "zip":
        return _zip_problem(fd, st, current_limits())
    if kind in _DECOMPRESSORS:
        data = _decompressed_head(fd, kind)
        if data is None:
            return None  # damaged: reading it says how
        try:
            check_head(data, "", kind)
        except RefusedError as exc:
            return exc.reason
        return _format_problem(data, complete=len(data) < _SNIFF_BYTES)
    try:
        check_head(head, "", None)
    except RefusedError as exc:
        return exc.reason
    return _format_problem(head, complete=len(head) == size)


def _first_hole(fd: int, size: int) -> int | None:
    """Where the file's first hole starts, or None (no hole, or no way to know)."""
    seek_hole = getattr(os, "SEEK_HOLE", None)
    if seek_hole is None:
        return None
    try:
        hole = os.lseek(fd, 0, seek_hole)
    except OSError:
        return None
    return hole if hole < size else None


def _format_problem(head: bytes, complete: bool) -> str | None:
    """The refusal reading would give a stream beginning with ``head`` (``complete``:
    the whole stream), when its first non-blank line is in it and no known format."""
    first, cut = _first_line_in(io.BytesIO(head))
    if first is None or (cut and not complete):
        return None  # the head says nothing for sure: reading the file will
    return None if _recogniser is None else _recogniser(first)


#: How a first line is judged: the reason it is in no known format, or None. The
#: readers know the formats, so :mod:`rakestats.formats` sets it when it is imported
#: (which importing this module does first); until then every line may be read.
_recogniser: Callable[[str], str | None] | None = None


def set_recogniser(recognise: Callable[[str], str | None]) -> None:
    """Judge first lines with ``recognise`` (the readers' own test of a format)."""
    global _recogniser
    _recogniser = recognise


def _first_line_in(stream: Stream, begin: bool = True) -> tuple[str | None, bool]:
    """The first non-blank line of ``stream`` (decoded leniently, at most
    :data:`_SNIFF_BYTES` of it) and whether the stream ended inside it; ``(None,
    False)`` when it has none. ``begin``: the stream is at the start of the file (a
    BOM there is dropped), else at the start of a line. Blank lines are skipped in pieces of
    :data:`_SNIFF_BYTES`, never one by one (a stream of millions of line ends costs
    little more than reading it)."""
    buf = b""
    while True:
        more = stream.read(_SNIFF_BYTES)
        if begin:
            begin = False
            if more.startswith(_BOM_BYTES):
                more = more[len(_BOM_BYTES) :]
        buf += more
        while True:
            body = buf.lstrip(_STRIP_BYTES)
            if not body:
                if not more:
                    return None, False
                tail = buf[buf.rfind(b"\n") + 1 :]  # blanks at the start of a line
                buf = tail if len(tail) < _SNIFF_BYTES else b""
                break
            buf = buf[buf.rfind(b"\n", 0, len(buf) - len(body)) + 1 :]  # at its line
            end = buf.find(b"\n")
            if end < 0 and more and len(buf) < _SNIFF_BYTES:
                break  # the line goes on: read more
            line = buf[: min(end + 1 if end >= 0 else len(buf), _SNIFF_BYTES)]
            text = line.decode("utf-8", "replace").rstrip(_STRIP)
            if text:
                return text, end < 0 and not more
            buf = buf[_SNIFF_BYTES:]  # a line whose first piece is blank, as readline


_HEAD_INPUT = 1 << 20  # compressed bytes read at most to decompress a file's head


def _decompressed_head(fd: int, kind: str) -> bytes | None:
    """The first :data:`_SNIFF_BYTES` (or fewer) that a gzip, bzip2 or xz file
    decompresses to, reading at most :data:`_HEAD_INPUT` of it; None if damaged."""
    dec = _DECOMPRESSORS[kind]()
    out = b""
    offset = 0
    try:
        while len(out) < _SNIFF_BYTES and offset < _HEAD_INPUT:
            chunk = _pread(fd, 1 << 16, offset)
            OPENS["head_bytes"] += len(chunk)
            if not chunk:
                break
            offset += len(chunk)
            out += dec.decompress(chunk, _SNIFF_BYTES - len(out))
            if dec.eof:
                break
            while len(out) < _SNIFF_BYTES and not dec.needs_input:
                out += dec.decompress(b"", _SNIFF_BYTES - len(out))
    except (OSError, EOFError, ValueError, zlib.error, lzma.LZMAError):
        return None
    return out


class _Decompressor(Protocol):
    @property
    def eof(self) -> bool: ...
    @property
    def needs_input(self) -> bool: ...
    def decompress(self, data: bytes, max_length: int = -1, /) -> bytes: ...


class _Gunzip:
    """A gzip decompressor with the interface of bz2's and lzma's (one member)."""

    def __init__(self) -> None:
        self._d = zlib.decompressobj(31)
        self.eof = False
        self.needs_input = True

    def decompress(self, data: bytes, max_length: int = -1, /) -> bytes:
        out = self._d.decompress(self._d.unconsumed_tail + data, max(max_length, 0))
        self.eof = self._d.eof
        self.needs_input = not self._d.unconsumed_tail
        return out


_DECOMPRESSORS: dict[str, Callable[[], _Decompressor]] = {
    "gzip": _Gunzip,
    "bzip2": bz2.BZ2Decompressor,
    "xz": lzma.LZMADecompressor,
}


# ---------------------------------------------------------------------- zip totals
_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"


def _declared_members(fd: int, size: int) -> int | None:
    """The number of members a zip archive's end record declares (read from its last
    64 KiB), or None when it cannot be read (zipfile then says why)."""
    tail_len = min(size, 22 + 0xFFFF)
    tail = _pread(fd, tail_len, size - tail_len)
    OPENS["head_bytes"] += len(tail)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < 22:
        return None
    (entries,) = struct.unpack_from("<H", tail, at + 10)
    if entries != 0xFFFF:
        return int(entries)
    loc = at - 20  # a ZIP64 archive: its own end record holds the count
    if loc < 0 or tail[loc : loc + 4] != _EOCD64_LOCATOR:
        return None
    (offset,) = struct.unpack_from("<Q", tail, loc + 8)
    rec = _pread(fd, 56, offset) if offset < size else b""
    if len(rec) < 56 or not rec.startswith(_EOCD64):
        return None
    (entries64,) = struct.unpack_from("<Q", rec, 32)
    return int(entries64)


_INFOS: dict[tuple[int, int, int, int], list[zipfile.ZipInfo]] = {}
_INFOS_GUARD = threading.Lock()


def _zip_infos(fh: IO[bytes], st: os.stat_result) -> list[zipfile.ZipInfo]:
    """The members of the zip archive open as ``fh`` (its central directory is read
    once per process for each version of the file: the units of an archive each ask)."""
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
    with _INFOS_GUARD:
        got = _INFOS.get(key)
    if got is None:
        with zipfile.ZipFile(fh) as zf:
            got = zf.infolist()
        with _INFOS_GUARD:
            if len(_INFOS) >= 4:
                _INFOS.clear()
            _INFOS[key] = got
    return got


def _zip_problem(fd: int, st: os.stat_result, lim: Limits) -> str | None:
    """Why a zip archive is refused as a whole, or None (its members are judged one by
    one when they are read)."""
    declared = _declared_members(fd, st.st_size)
    if declared is not None and declared > lim.max_members:
        return (
            f"a zip archive of {declared} members, more than {lim.max_members}: refused "
            "(RAKESTATS_MAX_ZIP_MEMBERS raises the limit)"
        )
    try:
        with io.FileIO(fd, "rb", closefd=False) as raw:
            infos = _zip_infos(raw, st)
    except (OSError, EOFError, ValueError, zipfile.BadZipFile):
        return None  # reading it says why
    files = [i for i in infos if not i.is_dir()]
    if len(files) > lim.max_members:
        return (
            f"a zip archive of {len(files)} members, more than {lim.max_members}: refused "
            "(RAKESTATS_MAX_ZIP_MEMBERS raises the limit)"
        )
    # members refused on their own (their declared size, ...) are never read: not counted
    total = sum(i.file_size for i in files if _member_problem(i, lim) is None)
    if total > lim.max_uncompressed:
        return (
            f"its members declare {total} bytes uncompressed in all, more than "
            f"{lim.max_uncompressed}: refused as a possible zip bomb"
        )
    if total > lim.ratio_floor and total > lim.max_ratio * st.st_size:
        return (
            f"its members declare {total} bytes uncompressed in all, more than "
            f"{lim.max_ratio} times the archive's {st.st_size} bytes: refused as a possible "
            "zip bomb"
        )
    return None


class _Counted:
    """A decompressing stream whose output is counted against the limits."""

    def __init__(self, raw: Stream, name: str, compressed: int, what: str, lim: Limits) -> None:
        self._raw = raw
        self._name = name
        self._what = what
        self._compressed = compressed
        self._lim = lim
        self._ceiling = min(lim.max_uncompressed, max(lim.ratio_floor, lim.max_ratio * compressed))
        self._count = 0

    def _counted(self, data: bytes) -> bytes:
        self._count += len(data)
        if self._count > self._ceiling:
            if self._count > self._lim.max_uncompressed:
                why = f"more than {self._lim.max_uncompressed} bytes"
            else:
                why = (
                    f"more than {self._lim.max_ratio} times its compressed size "
                    f"({self._compressed} bytes)"
                )
            raise RefusedError(
                self._name,
                f"{self._what} decompresses to {why}: refused as a possible "
                "decompression bomb (limits in docs/reliability.md)",
            )
        return data

    def readline(self, size: int = -1, /) -> bytes:
        if size < 0:
            size = self._lim.max_line_bytes + 1  # never an unbounded line
        return self._counted(self._raw.readline(size))

    def read(self, size: int = -1, /) -> bytes:
        if size < 0:
            size = self._lim.max_line_bytes + 1  # callers read heads, never all
        return self._counted(self._raw.read(size))


def _stream_opener(
    path: str | os.PathLike[str],
    name: str,
    what: str,
    decompress: Callable[[IO[bytes]], Stream],
) -> Opener:
    @contextmanager
    def opener() -> Iterator[Stream]:
        with open_regular(path, judge=False) as fh:
            size = os.fstat(fh.fileno()).st_size
            raw = decompress(fh)
            try:
                yield _Counted(raw, name, size, what, current_limits())
            finally:
                close = getattr(raw, "close", None)
                if close is not None:
                    close()

    return opener


def _plain_opener(path: str | os.PathLike[str]) -> Opener:
    @contextmanager
    def opener() -> Iterator[Stream]:
        with open_regular(path, judge=False) as fh:
            yield fh

    return opener


_ZIP_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}


def _member_problem(info: zipfile.ZipInfo, lim: Limits) -> str | None:
    """Why a zip member is not read, or None."""
    name = info.filename
    win = PureWindowsPath(name)
    if (
        name.startswith(("/", "\\"))
        or win.drive
        or ".." in PurePosixPath(name.replace("\\", "/")).parts
    ):
        return "unsafe member name (an absolute path or '..'): not read"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        return "member name with control characters: not read"
    if stat.S_ISLNK(info.external_attr >> 16):
        return "a symbolic link inside the archive: not read"
    if info.flag_bits & 0x1:
        return "an encrypted member: not read"
    if info.compress_type not in _ZIP_METHODS:
        return f"compression method {info.compress_type} is not supported: not read"
    if info.file_size > lim.max_uncompressed:
        return (
            f"declares {info.file_size} bytes uncompressed, more than {lim.max_uncompressed}: "
            "refused as a possible zip bomb"
        )
    if info.file_size > lim.ratio_floor and info.file_size > lim.max_ratio * max(
        info.compress_size, 1
    ):
        return (
            f"declares {info.file_size} bytes from {info.compress_size} compressed, a ratio "
            f"above {lim.max_ratio}:1: refused as a possible zip bomb"
        )
    return None


def zip_member_names(zf: zipfile.ZipFile) -> list[str]:
    """The member names of an archive in order, directories excluded, each once."""
    out: list[str] = []
    seen: set[str] = set()
    for info in zf.infolist():
        if not info.is_dir() and info.filename not in seen:
            seen.add(info.filename)
            out.append(info.filename)
    return out


def _refused_opener(name: str, reason: str) -> Opener:
    def opener() -> AbstractContextManager[Stream]:
        raise RefusedError(name, reason)

    return opener


def _zip_sources(path: str | os.PathLike[str], name: str) -> list[Source]:
    lim = current_limits()
    with open_regular(path, judge=False) as fh:
        infos = [i for i in _zip_infos(fh, os.fstat(fh.fileno())) if not i.is_dir()]
    count: dict[str, int] = {}
    for info in infos:
        count[info.filename] = count.get(info.filename, 0) + 1
    out: list[Source] = []
    done: set[str] = set()
    for info in infos:
        member = info.filename
        if member in done:
            continue
        done.add(member)
        src = f"{name}!{member}"
        problem = _member_problem(info, lim)
        if count[member] > 1:
            problem = f"{count[member]} members have this name: none is read"
        if problem is not None:
            out.append(Source(src, _refused_opener(src, problem), "zip"))
        else:
            out.append(Source(src, _zip_opener(path, info, src, lim), "zip"))
    return out


def _zip_opener(
    path: str | os.PathLike[str], info: zipfile.ZipInfo, src: str, lim: Limits
) -> Opener:
    @contextmanager
    def opener() -> Iterator[Stream]:
        with open_regular(path, judge=False) as fh, _open_member(fh, info) as stream:
            yield _Counted(stream, src, info.compress_size, "the member", lim)

    return opener


_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")


def _open_member(fh: IO[bytes], info: zipfile.ZipInfo) -> zipfile.ZipExtFile:
    """A member of the archive open as ``fh``, read from its local header as
    ``ZipFile.open`` does, without reading the central directory again (an archive of
    many members would otherwise cost its square)."""
    fh.seek(info.header_offset)
    header = fh.read(_LOCAL_HEADER.size)
    if len(header) != _LOCAL_HEADER.size or not header.startswith(b"PK\x03\x04"):
        raise zipfile.BadZipFile("Bad magic number for file header")
    fields = _LOCAL_HEADER.unpack(header)
    name = fh.read(fields[10])
    if fields[11]:
        fh.seek(fields[11], os.SEEK_CUR)
    flags = fields[3]
    decoded = name.decode("utf-8" if flags & 0x800 else "cp437", "replace")
    if decoded != info.orig_filename:
        raise zipfile.BadZipFile(
            f"File name in directory {info.orig_filename!r} and header {name!r} differ."
        )
    return zipfile.ZipExtFile(fh, "r", info, None, False)


def sources_of(path: str | os.PathLike[str], name: str) -> list[Source]:
    """The streams of a file: itself (decompressed) or each member of a zip archive.

    Compression is recognised by its magic bytes: gzip, bzip2, xz and zip. A file that
    is not a regular file, or is an archive of another kind, raises
    :class:`RefusedError`; a zip member that is not read gives a source whose opener
    raises it (so that the other members are still read).
    """
    try:
        with open_regular(path) as fh:
            head = fh.read(_HEAD_BYTES)
    except RefusedError as exc:
        raise RefusedError(name, exc.reason) from None
    kind = archive_kind(head)
    if kind == "zip":
        return _zip_sources(path, name)
    if kind == "gzip":
        return [Source(name, _stream_opener(path, name, "the gzip file", _gzip), "gzip")]
    if kind == "bzip2":
        return [Source(name, _stream_opener(path, name, "the bzip2 file", _bz2), "bzip2")]
    if kind == "xz":
        return [Source(name, _stream_opener(path, name, "the xz file", _xz), "xz")]
    check_head(head, name, None)
    return [Source(name, _plain_opener(path))]


def _gzip(fh: IO[bytes]) -> Stream:
    return gzip.GzipFile(fileobj=fh, mode="rb")


def _bz2(fh: IO[bytes]) -> Stream:
    return bz2.BZ2File(fh, "rb")


def _xz(fh: IO[bytes]) -> Stream:
    return lzma.LZMAFile(fh, "rb")


# ---------------------------------------------------------------------- lines
def first_line_of(source: Source | Opener) -> str | None:
    """The first non-blank line of a stream (decoded leniently), or None if it has none.

    Given a :class:`Source`, a stream that is itself an archive is refused first
    (:func:`check_head`)."""
    if isinstance(source, Source):
        with source.opener() as f:
            check_head(f.read(_HEAD_BYTES), source.name, source.container)
        opener = source.opener
    else:
        opener = source
    with opener() as f:
        # line by line while lines are few (a damaged stream then fails where reading it
        # line by line would, after the first line), in pieces past a run of blank lines
        blank = 0
        lineno = 0
        while blank < _SNIFF_BLANK_BYTES and lineno < _SNIFF_BLANK_LINES:
            raw = f.readline(_SNIFF_BYTES)
            if not raw:
                return None
            lineno += 1
            if lineno == 1 and raw.startswith(_BOM_BYTES):
                raw = raw[len(_BOM_BYTES) :]
            line = raw.decode("utf-8", "replace").rstrip(_STRIP)
            if line:
                return line
            blank += len(raw)
        return _first_line_in(f, begin=False)[0]


_SNIFF_BLANK_BYTES = 1 << 16  # blank bytes and lines read line by line before the
_SNIFF_BLANK_LINES = 256  # rest of a run of blank lines is skipped in pieces


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
    """Blocks of non-blank lines, line ends and trailing spaces removed, BOM dropped.

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
    while True:
        raw = stream.readline(max_line + 1)
        if not raw:
            break
        lineno += 1
        if len(raw) > max_line and not raw.endswith(b"\n"):
            total = len(raw)
            while True:
                more = stream.readline(max_line + 1)
                total += len(more)
                if not more or more.endswith(b"\n"):
                    break
            line = raw[:_KEEP_OF_LONG_LINE] + b" [...]"
            if problem is None:
                problem = (lineno, f"line {lineno}: longer than {max_line} bytes ({total} bytes)")
        else:
            line = raw.rstrip(_STRIP_BYTES)
        if lineno == 1 and line.startswith(_BOM_BYTES):
            line = line[len(_BOM_BYTES) :]
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
    if block:
        yield Block(start, block, problem)


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
_UNCLEAN = (b"\r", b" \n", b"\t\n")


class TextBlock(NamedTuple):
    """A block decoded as UTF-8 by :func:`iter_blocks`: the file line of the first line,
    and the lines."""

    start: int
    lines: list[str]


def iter_blocks(stream: Stream, lim: Limits | None = None) -> Iterator[Block | TextBlock]:
    """The blocks of :func:`iter_byte_blocks`, read in large pieces: a run of lines that
    is plain (valid UTF-8, LF line ends, no trailing spaces, within the limits) comes
    decoded as a :class:`TextBlock`, anything else as the :class:`Block` that
    :func:`iter_byte_blocks` gives for it. Pieces are cut at blank lines, so the blocks
    and their line numbers are the same either way. When a damaged stream fails to read,
    the hands of the piece being read (at most :data:`_PIECE_BYTES`) are not given."""
    lim = lim if lim is not None else current_limits()
    buf = b""
    lines_before = 0  # lines of the file before ``buf``
    first = True
    while True:
        more = stream.read(_PIECE_BYTES)
        buf = buf + more if buf else more
        if buf[:1] in _BLANK_START:  # blank lines first: skipped whole, counted
            body = buf.lstrip(_STRIP_BYTES)
            cut = buf.rfind(b"\n", 0, len(buf) - len(body))
            if cut >= 0:
                lines_before += buf.count(b"\n", 0, cut + 1)
                buf = buf[cut + 1 :]
                first = False  # line 1 is behind: no BOM to drop
        if more:
            cut = buf.rfind(b"\n\n")
            if cut < 0:
                if len(buf) > 4 * _PIECE_BYTES:  # no blank line in sight: line by line
                    yield from iter_byte_blocks(_Prefixed(buf, stream), lim, lines_before)
                    return
                continue
            piece, buf = buf[: cut + 1], buf[cut + 1 :]
        else:
            piece, buf = buf, b""
        if piece:
            yield from _piece_blocks(piece, lines_before, lim, first)
            lines_before += piece.count(b"\n")
            first = False
        if not more:
            return


def _piece_blocks(
    piece: bytes, lines_before: int, lim: Limits, first: bool
) -> Iterator[Block | TextBlock]:
    text = None
    clean = not (first and piece.startswith(_BOM_BYTES)) and not piece.endswith((b" ", b"\t"))
    if clean and not any(u in piece for u in _UNCLEAN):
        with contextlib.suppress(UnicodeDecodeError):
            text = piece.decode("utf-8")
    if text is None:
        yield from iter_byte_blocks(io.BytesIO(piece), lim, lines_before)
        return
    max_line = lim.max_line_bytes // 4  # characters that surely fit the byte limits
    max_hand = lim.max_hand_bytes // 4
    for start, body, ended in _text_blocks(text, lines_before):
        lines = body.split("\n")
        if len(body) > max_line and (len(body) > max_hand or max(map(len, lines)) > max_line):
            raw = io.BytesIO(body.encode("utf-8") + (b"\n" if ended else b""))
            yield from iter_byte_blocks(raw, lim, start - 1)
            continue
        yield TextBlock(start, lines)


_BLANK_RUN = "\n" * 64


def _text_blocks(text: str, lines_before: int) -> Iterator[tuple[int, str, bool]]:
    """The blocks of clean text (a blank line is empty): the file line of each, its text,
    and whether its last line has its line end."""
    if _BLANK_RUN in text:
        # long runs of blank lines: passed over by the regex engine, not one by one
        newlines = lines_before  # line breaks before ``pos``
        pos = 0
        for m in _BLOCK.finditer(text):
            newlines += text.count("\n", pos, m.start())
            pos = m.start()
            yield newlines + 1, m.group(), m.end() < len(text)
        return
    newlines = lines_before  # line breaks before the current chunk
    chunks = text.split("\n\n")
    last = len(chunks) - 1
    for k, chunk in enumerate(chunks):
        body = chunk.lstrip("\n")
        start = newlines + len(chunk) - len(body) + 1
        newlines += chunk.count("\n") + 2
        ended = k < last or body.endswith("\n")  # the block's last line has its line end
        body = body.rstrip("\n")
        if body:
            yield start, body, ended


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
    """Blocks of non-blank lines from decoded text lines (with or without line ends)."""
    start = 0
    block: list[str] = []
    for lineno, raw in enumerate(lines, 1):
        line = raw.rstrip(_STRIP)
        if lineno == 1 and line.startswith(BOM):
            line = line[1:]
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

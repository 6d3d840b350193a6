"""Opening and judging files: only regular files are opened, and a file is judged
from its first bytes before anything reads it whole (sparse files, archive kinds,
nested archives, the first line's format, zip archives over the limits); compressed
files are decompressed with their output counted against the limits.

The public names are exported by :mod:`rakestats.formats.files`.

>>> archive_kind(b"\\x1f\\x8b\\x08")
'gzip'
>>> archive_kind(b"PokerStars Hand #1: Razz") is None
True
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import os
import re
import stat
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import IO, Protocol

from rakestats.formats._files_limits import (
    _BOM_BYTES,
    _STRIP,
    _STRIP_BYTES,
    DAMAGED,
    OPENS,
    Limits,
    Opener,
    RefusedError,
    Stream,
    _pread,
    current_limits,
)
from rakestats.formats._files_zip import _zip_problem

__all__ = ["archive_kind", "check_head", "head_problem", "open_regular"]

_SNIFF_BYTES = 1 << 16
_HEAD_BYTES = 262  # enough for every magic number below (tar's is at offset 257)


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
_READABLE = ("zip", "gzip", "bzip2", "xz", "tar")


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
            name,
            f"{_a(kind)}, which rakestats does not read (plain text, gzip, bzip2, xz, zip, tar)",
        )


# ---------------------------------------------------------------------- opening
_O_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)  # POSIX; Windows has no FIFOs to block on
_O_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows: no newline translation


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
        if archive_kind(data) == "tar":
            return None  # a compressed tar archive: its members are judged when read
        try:
            check_head(data, "", kind)
        except RefusedError as exc:
            return exc.reason
        return _format_problem(data, complete=len(data) < _SNIFF_BYTES)
    if kind == "tar":
        return None  # its members are judged when read
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
#: (:func:`rakestats.formats.files.set_recogniser`; importing this module imports the
#: package first); until then every line may be read.
_recogniser: Callable[[str], str | None] | None = None


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


def compressed_tar(path: str | os.PathLike[str], kind: str | None) -> bool:
    """Whether the gzip, bzip2 or xz file ``path`` (``kind``) decompresses to a tar
    archive (False for any other ``kind``, or a head that cannot be decompressed)."""
    if kind not in _DECOMPRESSORS:
        return False
    with open_regular(path, judge=False) as fh:
        data = _decompressed_head(fh.fileno(), kind)
    return data is not None and archive_kind(data) == "tar"


_HEADS: dict[tuple[int, int, int, int, int, str], bytes | None] = {}
_HEADS_GUARD = threading.Lock()


def _decompressed_head(fd: int, kind: str) -> bytes | None:
    """The first :data:`_SNIFF_BYTES` (or fewer) that a gzip, bzip2 or xz file
    decompresses to, reading at most :data:`_HEAD_INPUT` of it; None if damaged.

    Kept per process for each version of the file (a write changes its change time):
    the head is asked for when the file is judged, and again to tell a compressed tar
    archive, which costs a whole block of a bzip2 file (about 3.5 ms) each time."""
    st = os.fstat(fd)
    key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns, kind)
    with _HEADS_GUARD:
        if key in _HEADS:
            return _HEADS[key]
    got = _read_decompressed_head(fd, kind)
    with _HEADS_GUARD:
        if len(_HEADS) >= 64:
            _HEADS.clear()
        _HEADS[key] = got
    return got


def _read_decompressed_head(fd: int, kind: str) -> bytes | None:
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


# ---------------------------------------------------------------------- decompressing
_NO_FURTHER: tuple[type[Exception], ...] = (ValueError, *DAMAGED)


class _Counted:
    """A decompressing stream whose output is counted against the limits.

    A read that fails part-way (damaged or cut-short data) gives what was decompressed
    before the damage, and the read after it raises the error: the raw streams' ``read``
    drops what it had decompressed with the error, so the stream is read again from the
    last byte given (it seeks there: decompressed again from the start), a raw read at a
    time (``read1``), up to the damage. Reads of undamaged data are the raw stream's own."""

    def __init__(self, raw: Stream, name: str, compressed: int, what: str, lim: Limits) -> None:
        self._raw = raw
        self._name = name
        self._what = what
        self._compressed = compressed
        self._lim = lim
        self._ceiling = min(lim.max_uncompressed, max(lim.ratio_floor, lim.max_ratio * compressed))
        self._count = 0  # bytes given: the position in the decompressed stream
        self._failed: Exception | None = None  # the damage behind the bytes given last

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
        if self._failed is not None:
            raise self._failed
        if size < 0:
            size = self._lim.max_line_bytes + 1  # never an unbounded line
        return self._counted(self._raw.readline(size))

    def read(self, size: int = -1, /) -> bytes:
        if self._failed is not None:
            raise self._failed
        if size < 0:
            size = self._lim.max_line_bytes + 1  # callers read heads, never all
        try:
            data = self._raw.read(size)
        except DAMAGED as exc:
            data = self._before(exc, size)
        return self._counted(data)

    def _before(self, exc: Exception, size: int) -> bytes:
        """At most ``size`` bytes decompressed before the damage that made a read fail
        with ``exc``, from the last byte given; ``exc`` is raised by the next read (now,
        when there are none)."""
        self._failed = exc
        seek = getattr(self._raw, "seek", None)
        read1 = getattr(self._raw, "read1", None)
        if seek is None or read1 is None:
            raise exc
        parts: list[bytes] = []
        got = 0
        try:
            seek(self._count)
            while got < size:
                more = read1(size - got)
                if not more:
                    break
                parts.append(more)
                got += len(more)
        except _NO_FURTHER:  # the damage again, or no way back to the byte
            pass
        if not parts:
            raise exc
        return b"".join(parts)


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


def _gzip(fh: IO[bytes]) -> Stream:
    return gzip.GzipFile(fileobj=fh, mode="rb")


def _bz2(fh: IO[bytes]) -> Stream:
    return bz2.BZ2File(fh, "rb")


def _xz(fh: IO[bytes]) -> Stream:
    return lzma.LZMAFile(fh, "rb")

"""What every part of the file reader shares: the limits on what a file may make
rakestats read or hold (:class:`Limits`), the refusal (:class:`RefusedError`), a stream
that fails part-way (:data:`DAMAGED`, :class:`DamagedStreamError`), the stream protocol
the readers use (:class:`Stream`, :class:`Source`), the byte-order mark, and the count of
what judging files reads (:data:`OPENS`).

The public names are exported by :mod:`rakestats.formats.files`.

>>> Limits().max_members, Limits(max_members=50).max_line_bytes == LIMITS.max_line_bytes
(10000, True)
>>> RefusedError("a.zip!m", "an encrypted member: not read").reason
'an encrypted member: not read'
"""

from __future__ import annotations

import lzma
import os
import sys
import zipfile
import zlib
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import NamedTuple, Protocol

__all__ = [
    "BOM",
    "DAMAGED",
    "LIMITS",
    "OPENS",
    "DamagedStreamError",
    "Limits",
    "Opener",
    "RefusedError",
    "Source",
    "Stream",
    "current_limits",
]

BOM = "\ufeff"
_BOM_BYTES = BOM.encode()
_STRIP = " \t\r\n"
_STRIP_BYTES = b" \t\r\n"


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


DAMAGED: tuple[type[Exception], ...] = (
    OSError,
    EOFError,
    zlib.error,
    lzma.LZMAError,
    zipfile.BadZipFile,
)
"""What reading a damaged or cut-short compressed stream raises (the decompressors, the
zip reader, an input/output error)."""


class DamagedStreamError(EOFError):
    """A stream that failed part-way (damaged or cut-short compressed data), raised by
    the block readers once every hand before the damage has been given: ``line`` is the
    last whole line read (0: none), ``reason`` what failed; the decompressor's error is
    the ``__cause__``. An :class:`EOFError`: for the readers the stream ends there."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"after line {line}: {reason}")
        self.line = line
        self.reason = reason


class Stream(Protocol):
    """A binary stream read by bounded lines."""

    def readline(self, size: int = -1, /) -> bytes: ...
    def read(self, size: int = -1, /) -> bytes: ...


Opener = Callable[[], AbstractContextManager[Stream]]


class Source(NamedTuple):
    """A stream to read: its display name, a function that opens it (binary), the
    kind of container it comes out of (``"zip"``, ``"gzip"``, ...; None for a plain
    file) and the lines of the file before the stream's first (a stream opened
    part-way into a file)."""

    name: str
    opener: Opener
    container: str | None = None
    lines_before: int = 0


OPENS = {"judged": 0, "head_bytes": 0}
"""How many files :func:`~rakestats.formats.files.open_regular` judged from their first
bytes, and how many bytes that read (the measure of its cost, for tests and benchmarks)."""


def _pread(fd: int, n: int, offset: int) -> bytes:
    """``os.pread`` where the system has it (POSIX), else a seek and a read."""
    if sys.platform != "win32":
        return os.pread(fd, n, offset)
    os.lseek(fd, offset, os.SEEK_SET)
    return os.read(fd, n)

"""UTF-16 files (Full Tilt and Winning Poker write them) read as UTF-8: a source whose
first bytes are a UTF-16 byte-order mark, or ASCII text interleaved with NUL bytes, is
transcoded on the fly, so that the file reader's line and block machinery (which works
on bytes split at ``\\n``) serves it unchanged.

>>> import io
>>> raw = "\\ufeffFull Tilt Poker Game #1: ...\\r\\nSeat 1: Ann ($5)\\r\\n".encode("utf-16-le")
>>> utf16_encoding(raw[:64])
'utf-16-le'
>>> s = Utf16Stream(io.BytesIO(raw), "utf-16-le")
>>> s.readline()
b'\\xef\\xbb\\xbfFull Tilt Poker Game #1: ...\\r\\n'
>>> s.read()
b'Seat 1: Ann ($5)\\r\\n'
>>> utf16_encoding(b"\\x00Game #1 starts.\\r\\n") is None  # a NUL byte or two is not UTF-16
True
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from rakestats.formats import files as _io

__all__ = ["Utf16Stream", "is_utf16", "transcoded", "utf16_encoding"]

_HEAD = 64
_CHUNK = 1 << 16


class _Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes: ...


def utf16_encoding(head: bytes) -> str | None:
    """``utf-16-le`` or ``utf-16-be`` when ``head`` (a file's first bytes) is UTF-16
    text (a byte-order mark, or NUL bytes at every other place of ASCII text)."""
    if head.startswith(codecs.BOM_UTF16_LE):
        return "utf-16-le"
    if head.startswith(codecs.BOM_UTF16_BE):
        return "utf-16-be"
    pairs = len(head) // 2
    if pairs < 8:
        return None
    even, odd = head[0 : 2 * pairs : 2], head[1 : 2 * pairs : 2]
    if odd.count(0) == pairs and even.count(0) == 0:
        return "utf-16-le"
    if even.count(0) == pairs and odd.count(0) == 0:
        return "utf-16-be"
    return None


class Utf16Stream:
    """A binary stream of UTF-16 text read as UTF-8 bytes (``read`` and ``readline``);
    the byte-order mark comes out as UTF-8's, which the file reader drops. Bytes that
    are not UTF-16 become U+FFFD (the hand holding them is then quarantined). When the
    raw stream fails part-way (damaged compressed data), what it gave before comes out
    first and the read after it raises the error."""

    def __init__(self, raw: _Readable, encoding: str) -> None:
        self._raw = raw
        self._decoder = codecs.getincrementaldecoder(encoding)("replace")
        self._buf = b""
        self._eof = False
        self._failed: Exception | None = None  # raised once what came before is read

    def _fill(self, want: int) -> None:
        while not self._eof and self._failed is None and (want < 0 or len(self._buf) < want):
            try:
                chunk = self._raw.read(_CHUNK)
            except _io.DAMAGED as exc:  # damaged data: what was read before comes first
                self._failed = exc
                break
            self._eof = not chunk
            self._buf += self._decoder.decode(chunk, final=self._eof).encode("utf-8")
        if self._failed is not None and not self._buf:
            raise self._failed

    def read(self, size: int = -1, /) -> bytes:
        self._fill(size)
        if size < 0:
            out, self._buf = self._buf, b""
        else:
            out, self._buf = self._buf[:size], self._buf[size:]
        return out

    def readline(self, limit: int = -1, /) -> bytes:
        while True:
            end = self._buf.find(b"\n")
            if end >= 0 and (limit < 0 or end < limit):
                return self.read(end + 1)
            if limit >= 0 and len(self._buf) >= limit:
                return self.read(limit)
            if self._eof or self._failed is not None:
                return self.read()
            self._fill(len(self._buf) + _CHUNK)

    def close(self) -> None:
        close = getattr(self._raw, "close", None)
        if close is not None:
            close()


def is_utf16(path: str | os.PathLike[str]) -> bool:
    """Whether the plain file ``path`` is UTF-16 text (read as UTF-8 by :func:`transcoded`)."""
    with _io.open_regular(path, judge=False) as f:
        return utf16_encoding(f.read(_HEAD)) is not None


def transcoded(src: _io.Source) -> _io.Source:
    """``src`` itself, or, when it is UTF-16 text, a source that reads it as UTF-8."""
    with src.opener() as f:
        encoding = utf16_encoding(f.read(_HEAD))
    if encoding is None:
        return src
    opener = src.opener

    @contextmanager
    def reopen() -> Iterator[_io.Stream]:
        with opener() as raw:
            yield Utf16Stream(raw, encoding)

    return _io.Source(src.name, reopen, src.container)

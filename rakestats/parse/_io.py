"""Reading hand-history files: decompression, zip members, line ends, blocks of lines.

Files are read line by line, never whole. A *block* is a run of non-blank lines (a hand)
with the 1-based number of its first line in the file.
"""

from __future__ import annotations

import bz2
import gzip
import lzma
import os
import zipfile
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol

__all__ = [
    "BOM",
    "Opener",
    "Source",
    "Stream",
    "decode_block",
    "first_line_of",
    "iter_byte_blocks",
    "iter_text_blocks",
    "sources_of",
]

BOM = "\ufeff"
_BOM_BYTES = BOM.encode()
_STRIP = " \t\r\n"
_STRIP_BYTES = b" \t\r\n"
_SNIFF_LINES = 1000  # blank lines tolerated before the first line
_SNIFF_BYTES = 1 << 16


class Stream(Protocol):
    """A binary stream read by lines."""

    def readline(self, size: int = -1, /) -> bytes: ...
    def __iter__(self) -> Iterator[bytes]: ...


Opener = Callable[[], AbstractContextManager[Stream]]
Source = tuple[str, Opener]
"""A stream to read: its display name and a function that opens it (binary)."""


def _magic(path: str | os.PathLike[str]) -> bytes:
    with open(path, "rb") as f:
        return f.read(6)


def sources_of(path: str | os.PathLike[str], name: str) -> list[Source]:
    """The streams of a file: itself (decompressed) or each member of a zip archive.

    Compression is recognised by its magic bytes: gzip, bzip2, xz and zip.
    """
    magic = _magic(path)
    if magic.startswith(b"PK\x03\x04") or magic.startswith(b"PK\x05\x06"):
        with zipfile.ZipFile(path) as zf:
            members = [i.filename for i in zf.infolist() if not i.is_dir()]
        return [(f"{name}!{m}", _zip_opener(path, m)) for m in members]
    if magic.startswith(b"\x1f\x8b"):
        return [(name, lambda: gzip.open(path, "rb"))]
    if magic.startswith(b"BZh"):
        return [(name, lambda: bz2.open(path, "rb"))]
    if magic.startswith(b"\xfd7zXZ\x00"):
        return [(name, lambda: lzma.open(path, "rb"))]
    return [(name, lambda: open(path, "rb"))]


def _zip_opener(path: str | os.PathLike[str], member: str) -> Opener:
    @contextmanager
    def opener() -> Iterator[Stream]:
        with zipfile.ZipFile(path) as zf, zf.open(member) as stream:
            yield stream

    return opener


def first_line_of(opener: Opener) -> str | None:
    """The first non-blank line of a stream (decoded leniently), or None if it has none."""
    with opener() as f:
        for _ in range(_SNIFF_LINES):
            raw = f.readline(_SNIFF_BYTES)
            if not raw:
                return None
            line = raw.decode("utf-8", "replace").lstrip(BOM).rstrip(_STRIP)
            if line:
                return line
    return None


def iter_byte_blocks(stream: Iterable[bytes]) -> Iterator[tuple[int, list[bytes]]]:
    """Blocks of non-blank lines, line ends and trailing spaces removed, BOM dropped."""
    start = 0
    block: list[bytes] = []
    for lineno, raw in enumerate(stream, 1):
        line = raw.rstrip(_STRIP_BYTES)
        if lineno == 1 and line.startswith(_BOM_BYTES):
            line = line[len(_BOM_BYTES) :]
        if line:
            if not block:
                start = lineno
            block.append(line)
        elif block:
            yield start, block
            block = []
    if block:
        yield start, block


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

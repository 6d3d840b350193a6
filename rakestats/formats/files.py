"""Reading hand-history files: decompression, zip and tar members, line ends, blocks of
lines.

Files are read line by line, never whole. A *block* is a run of non-blank lines (a hand)
with the 1-based number of its first line in the file.

Hostile input is bounded here (docs/reliability.md):

- only regular files are opened (a FIFO or a device is refused, never waited on);
- zip and tar members with an absolute path or ``..`` in their name, links, encrypted
  zip members, unsupported compression methods, special files and sparse members in a
  tar archive, and names held by two members are refused, and so is a zip member whose
  declared size is over the limits below;
- what a compressed file or a zip member decompresses to is counted: more than
  :attr:`Limits.max_uncompressed` bytes, or more than :attr:`Limits.max_ratio` times its
  compressed size once past :attr:`Limits.ratio_floor` bytes, stops the reading with
  :class:`RefusedError` (a decompression bomb);
- an archive or compressed file inside another one (a zip in a zip, a ``.gz`` in a
  zip, a zip in a tar, ...) is refused (a compressed tar archive, ``.tar.gz``, is read
  as a tar archive), and so are formats rakestats does not read (7z, rar, zstd);
- a line longer than :attr:`Limits.max_line_bytes` or a hand longer than
  :attr:`Limits.max_hand_bytes` is never held whole: its block carries a problem and is
  quarantined, and the reading goes on after it;
- a file is judged from its first bytes when it is opened (:func:`open_regular`), before
  anything reads it whole (the ingest hashes every file): a sparse file, a file whose
  first line is no known format (a binary file), an archive format rakestats does not
  read, a zip archive of more than :attr:`Limits.max_members` members or whose members
  declare more than the limits above *in all* are refused at once;
- runs of blank lines are skipped at the speed of ``bytes.lstrip``, never line by line;
- a compressed file or zip member that breaks part-way (cut short, damaged) gives every
  hand decompressed before the damage, the hand it cuts with a problem (``the hand is
  cut short``), then :class:`DamagedStreamError` naming the last whole line read.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

from rakestats.formats import _files_open
from rakestats.formats._files_blocks import (
    Block,
    TextBlock,
    decode_block,
    iter_blocks,
    iter_byte_blocks,
    iter_text_blocks,
)
from rakestats.formats._files_limits import (
    _BOM_BYTES,
    _STRIP,
    BOM,
    DAMAGED,
    LIMITS,
    DamagedStreamError,
    Limits,
    Opener,
    RefusedError,
    Source,
    Stream,
    current_limits,
)
from rakestats.formats._files_limits import OPENS as OPENS  # not in __all__: for tests
from rakestats.formats._files_open import (
    _HEAD_BYTES,
    _SNIFF_BYTES,
    _bz2,
    _Counted,
    _first_line_in,
    _gzip,
    _plain_opener,
    _stream_opener,
    _xz,
    archive_kind,
    check_head,
    compressed_tar,
    open_regular,
)
from rakestats.formats._files_open import head_problem as head_problem  # not in __all__
from rakestats.formats._files_tar import tar_members, tar_sources
from rakestats.formats._files_zip import (
    _first_of_each,
    _member_problem,
    _open_member,
    _zip_infos,
    zip_member_names,
)
from rakestats.formats._names import (
    HIDDEN_FILE,
    HIDDEN_FOLDER,
    NOTE_NAMES,
    NOTES,
    kept_members,
    member_passed_over,
    passed_over,
)

__all__ = [
    "BOM",
    "DAMAGED",
    "HIDDEN_FILE",
    "HIDDEN_FOLDER",
    "LIMITS",
    "NOTES",
    "NOTE_NAMES",
    "Block",
    "DamagedStreamError",
    "Limits",
    "Opener",
    "RefusedError",
    "Source",
    "Stream",
    "TextBlock",
    "archive_kind",
    "check_head",
    "compressed_tar",
    "current_limits",
    "decode_block",
    "first_line_of",
    "iter_blocks",
    "iter_byte_blocks",
    "iter_text_blocks",
    "kept_members",
    "member_passed_over",
    "open_regular",
    "passed_over",
    "resumed_source",
    "set_recogniser",
    "sources_of",
    "tar_members",
    "zip_member_names",
]


def set_recogniser(recognise: Callable[[str], str | None]) -> None:
    """Judge first lines with ``recognise`` (the readers' own test of a format)."""
    _files_open._recogniser = recognise


# ---------------------------------------------------------------------- sources
def sources_of(path: str | os.PathLike[str], name: str) -> list[Source]:
    """The streams of a file: itself (decompressed) or each member of a zip or tar
    archive (a tar archive plain or compressed: ``.tar``, ``.tar.gz``, ``.tar.bz2``,
    ``.tar.xz``).

    Compression is recognised by its magic bytes: gzip, bzip2, xz, zip and tar. A file
    that is not a regular file, or is an archive of another kind, raises
    :class:`RefusedError`; an archive member that is not read gives a source whose
    opener raises it (so that the other members are still read).
    """
    try:
        with open_regular(path) as fh:
            head = fh.read(_HEAD_BYTES)
    except RefusedError as exc:
        raise RefusedError(name, exc.reason) from None
    kind = archive_kind(head)
    if kind == "zip":
        return _zip_sources(path, name)
    if kind == "tar" or compressed_tar(path, kind):
        return tar_sources(path, name, None if kind == "tar" else kind, _refused_opener)
    if kind == "gzip":
        return [Source(name, _stream_opener(path, name, "the gzip file", _gzip), "gzip")]
    if kind == "bzip2":
        return [Source(name, _stream_opener(path, name, "the bzip2 file", _bz2), "bzip2")]
    if kind == "xz":
        return [Source(name, _stream_opener(path, name, "the xz file", _xz), "xz")]
    check_head(head, name, None)
    return [Source(name, _plain_opener(path))]


def resumed_source(
    path: str | os.PathLike[str], name: str, offset: int, lines_before: int
) -> Source:
    """The plain-text file ``path`` read from byte ``offset`` on, ``lines_before`` lines
    of it before that byte (the end of an earlier read of a file that grew)."""

    @contextmanager
    def opener() -> Iterator[Stream]:
        with open_regular(path, judge=False) as fh:
            fh.seek(offset)
            yield fh

    return Source(name, opener, None, lines_before)


def _refused_opener(name: str, reason: str) -> Opener:
    def opener() -> AbstractContextManager[Stream]:
        raise RefusedError(name, reason)

    return opener


def _zip_sources(path: str | os.PathLike[str], name: str) -> list[Source]:
    lim = current_limits()
    with open_regular(path, judge=False) as fh:
        infos = [i for i in _zip_infos(fh, os.fstat(fh.fileno())) if not i.is_dir()]
    out: list[Source] = []
    for k, twice in _first_of_each([i.filename for i in infos]):
        info = infos[k]
        src = f"{name}!{info.filename}"
        problem = twice or _member_problem(info, lim)
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

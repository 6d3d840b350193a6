"""Tar archives, plain or compressed (gzip, bzip2, xz): the members listed once per
version of the file, the guards on each member (names, links, special files, sparse
members), and the opening of a member.

A plain archive's members are listed from their headers alone (the data is skipped by
seeking) and each is read by seeking to its data. A compressed archive has no index:
listing it decompresses it once, and each process keeps the decompressed stream it
read a member from open for the next member, so that reading the members in order
(as the ingest hands them out) decompresses the archive once more, not once a member.
What a compressed archive decompresses to is counted against the limits as a whole.

An archive that ends early (cut short, or a damaged header) gives the members listed
before: the last of them, once read to its end, raises :class:`RefusedError` saying
where the archive broke (its hands are kept; the ingest does not record the file as
read). A member whose data the archive does not hold to its declared size is cut short
where its data ends.

The public names are exported by :mod:`rakestats.formats.files`.

>>> link = tarfile.TarInfo("tables/t1.txt")
>>> link.type = tarfile.SYMTYPE
>>> _member_problem(link)
'a link inside the archive: not read'
>>> _member_problem(tarfile.TarInfo("../t1.txt"))
"unsafe member name (an absolute path or '..'): not read"
>>> _member_problem(tarfile.TarInfo("tables/t1.txt")) is None
True
"""

from __future__ import annotations

import os
import tarfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, cast

from rakestats.formats._files_limits import (
    DAMAGED,
    Limits,
    Opener,
    RefusedError,
    Source,
    Stream,
    _pread,
    current_limits,
)
from rakestats.formats._files_open import _bz2, _Counted, _gzip, _xz, open_regular
from rakestats.formats._files_zip import _first_of_each, _name_problem

__all__ = ["TarMember", "tar_members", "tar_sources"]

_BLOCK = 512
_TAR_ERRORS: tuple[type[Exception], ...] = (tarfile.TarError, *DAMAGED)
_SKIP = 1 << 20  # decompressed bytes read at a time to reach a member's data


@dataclass(frozen=True)
class TarMember:
    """A file in a tar archive: its name, where its data starts in the (decompressed)
    archive, its size, and why it is not read (None: it is)."""

    name: str
    offset: int
    size: int
    problem: str | None = None


@dataclass(frozen=True)
class _Listing:
    members: tuple[TarMember, ...]  # files, in the archive's order (directories left out)
    damage: str | None  # where and why the archive broke before its end, or None


def _member_problem(info: tarfile.TarInfo) -> str | None:
    """Why a tar member is not read, or None."""
    problem = _name_problem(info.name)
    if problem is not None:
        return problem
    if info.issym() or info.islnk():
        return "a link inside the archive: not read"
    if info.issparse():
        return "a sparse member: not read"
    if not info.isreg():
        return "a special file (a device or FIFO) inside the archive: not read"
    return None


def _listing(fh: IO[bytes], kind: str | None, name: str, size: int, lim: Limits) -> _Listing:
    """The members of the tar archive open as ``fh`` (``kind``: its compression, None
    for a plain archive, whose file is seekable). Raises :class:`RefusedError` when
    the archive is refused as a whole (too many members, a first header that is no tar
    header, a decompression bomb)."""
    dec = None if kind is None else _Decompressed(fh, kind, name, size, lim)
    try:
        return _list(fh, dec, name, size, lim)
    finally:
        if dec is not None:
            dec.close()


def _list(fh: IO[bytes], dec: _Decompressed | None, name: str, size: int, lim: Limits) -> _Listing:
    members: list[TarMember] = []
    damage: str | None = None
    try:
        if dec is None:
            tf = tarfile.open(fileobj=fh, mode="r:")  # noqa: SIM115 (closed below)
        else:  # read as a stream: no seeking back
            tf = tarfile.open(fileobj=cast(IO[bytes], dec), mode="r|")  # noqa: SIM115
    except _TAR_ERRORS as exc:
        raise RefusedError(name, f"a damaged tar archive: {_why(exc)}") from None
    try:
        while True:
            try:
                info = tf.next()
            except _TAR_ERRORS as exc:
                damage = f"the archive cannot be read after this member: {_why(exc)}"
                break
            if info is None:
                break
            if info.isdir():
                continue
            if len(members) >= lim.max_members:
                raise RefusedError(
                    name,
                    f"a tar archive of more than {lim.max_members} members: refused "
                    "(RAKESTATS_MAX_ZIP_MEMBERS raises the limit)",
                )
            members.append(TarMember(info.name, info.offset_data, info.size, _member_problem(info)))
        if damage is None and dec is None:
            damage = _end_problem(fh, tf.offset, size)
    finally:
        tf.close()
    if damage is not None and not members:
        raise RefusedError(name, f"a damaged tar archive: {damage.split(': ', 1)[1]}")
    return _Listing(tuple(members), damage)


def _end_problem(fh: IO[bytes], end: int, size: int) -> str | None:
    """Why a plain archive whose listing stopped at byte ``end`` broke there, or None
    when its end-of-archive block is there (a block of zeros)."""
    block = _pread(fh.fileno(), _BLOCK, end) if end < size else b""
    if len(block) == _BLOCK and not block.strip(b"\0"):
        return None
    if end >= size:
        return "the archive cannot be read after this member: it is cut short"
    return f"the archive cannot be read after this member: a damaged header at byte {end}"


def _why(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


_LISTINGS: dict[tuple[int, int, int, int, str | None], _Listing] = {}
_LISTINGS_GUARD = threading.Lock()


def _listing_of(path: str | os.PathLike[str], name: str, kind: str | None) -> _Listing:
    """The listing of the tar archive ``path``, read once per process for each version
    of the file (the units of an archive each ask)."""
    with open_regular(path, judge=False) as fh:
        st = os.fstat(fh.fileno())
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, kind)
        with _LISTINGS_GUARD:
            got = _LISTINGS.get(key)
        if got is None:
            got = _listing(fh, kind, name, st.st_size, current_limits())
            with _LISTINGS_GUARD:
                if len(_LISTINGS) >= 4:
                    _LISTINGS.clear()
                _LISTINGS[key] = got
    return got


def tar_members(path: str | os.PathLike[str], kind: str | None) -> list[str]:
    """The names of the files in the tar archive ``path`` (``kind``: its compression),
    in order, each once; raises :class:`RefusedError` for an archive refused whole."""
    return list(dict.fromkeys(m.name for m in _listing_of(path, os.fspath(path), kind).members))


def tar_sources(
    path: str | os.PathLike[str],
    name: str,
    kind: str | None,
    refused: Callable[[str, str], Opener],
) -> list[Source]:
    """A source for each file of the tar archive ``path`` (``kind``: its compression);
    a member that is not read gives a source whose opener (``refused``) raises why.
    Where the archive broke before its end, the last member read says so once read."""
    listing = _listing_of(path, name, kind)
    members = listing.members
    plan = [
        (members[k], twice or members[k].problem)
        for k, twice in _first_of_each([m.name for m in members])
    ]
    read = [k for k, (_, problem) in enumerate(plan) if problem is None]
    last = read[-1] if read else None
    out: list[Source] = []
    for k, (m, problem) in enumerate(plan):
        src = f"{name}!{m.name}"
        if problem is not None:
            if last is None and k == len(plan) - 1 and listing.damage is not None:
                problem = f"{problem}; {listing.damage}"
            out.append(Source(src, refused(src, problem), "tar"))
        else:
            end = listing.damage if k == last else None
            opener = _member_opener(path, name, kind, m, src, end, keep=k != last)
            out.append(Source(src, opener, "tar"))
    return out


def _member_opener(
    path: str | os.PathLike[str],
    name: str,
    kind: str | None,
    member: TarMember,
    src: str,
    end: str | None,
    keep: bool,
) -> Opener:
    """Opens ``member``; ``end``: the archive's damage after it, raised once it is read
    to its end; ``keep``: a compressed archive's stream stays open for a later member
    once this one is read to its end (else it is closed then)."""

    @contextmanager
    def opener() -> Iterator[Stream]:
        if kind is None:
            with open_regular(path, judge=False) as fh:
                fh.seek(member.offset)
                reader = _Member(fh, member.size)
                yield reader
        else:
            with _sequential(path, name, kind, member.offset) as seq:
                reader = _Member(seq.stream, member.size, seq)
                yield reader
                seq.done = not keep and reader.ended
        if end is not None and reader.ended:  # read to its end: say where the archive broke
            raise RefusedError(src, end)

    return opener


class _Member:
    """``size`` bytes of ``raw`` from where it stands, then the end (``read`` and
    ``readline`` bounded by what is left); ``raw`` ending before them raises
    :class:`EOFError` (the member is cut short). With ``seq`` (a compressed archive's
    kept stream) the member's bytes that ``seq`` kept from an earlier opening of it
    come first, and the bytes read from ``raw`` are kept in their turn."""

    def __init__(self, raw: Stream, size: int, seq: _Sequential | None = None) -> None:
        self._raw = raw
        self._size = size
        self._left = size
        self._given = 0
        self._seq = seq
        self._head = b"" if seq is None or seq.tape is None else bytes(seq.tape)
        self._at = 0  # bytes of the head given
        self.ended = False  # a read found the member's end

    def _from_head(self, n: int, line: bool) -> bytes:
        head, at = self._head, self._at
        if at >= len(head):
            return b""
        stop = min(len(head), at + n)
        if line:
            nl = head.find(b"\n", at, stop)
            if nl >= 0:
                stop = nl + 1
        self._at = stop
        return head[at:stop]

    def _from_raw(self, n: int, line: bool) -> bytes:
        data = self._raw.readline(n) if line else self._raw.read(n)
        seq = self._seq
        if seq is not None:
            seq.pos += len(data)
            if seq.tape is not None:
                if len(seq.tape) + len(data) <= _TAPE:
                    seq.tape += data
                else:
                    seq.tape = None  # too long to give again: a later opening reopens
        return data

    def _get(self, size: int, line: bool) -> bytes:
        n = self._left if size < 0 else min(size, self._left)
        if not n:
            self.ended = self.ended or size != 0
            return b""
        data = self._from_head(n, line)
        if len(data) < n and not (line and data.endswith(b"\n")):
            data += self._from_raw(n - len(data), line)
        if not data:
            raise EOFError(
                f"the member is cut short: {self._size} bytes declared, "
                f"{self._given} in the archive"
            )
        self._left -= len(data)
        self._given += len(data)
        return data

    def read(self, size: int = -1, /) -> bytes:
        return self._get(size, False)

    def readline(self, size: int = -1, /) -> bytes:
        return self._get(size, True)


# ---------------------------------------------------------------------- compressed
_TAPE = 1 << 20  # a member's first bytes kept to be given again (its format is judged
# from its head before it is read: two openings that read little, then the reading)


class _Decompressed:
    """A compressed archive's decompressed stream, its output counted against the
    limits as a whole (``read`` and ``readline``)."""

    def __init__(self, fh: IO[bytes], kind: str, name: str, size: int, lim: Limits) -> None:
        self._raw = _DECOMPRESS[kind](fh)
        self._counted = _Counted(self._raw, name, size, f"the {kind} file", lim)

    def read(self, size: int = -1, /) -> bytes:
        data: bytes = self._counted.read(size)
        return data

    def readline(self, size: int = -1, /) -> bytes:
        data: bytes = self._counted.readline(size)
        return data

    def close(self) -> None:
        close = getattr(self._raw, "close", None)
        if close is not None:
            close()


_DECOMPRESS = {"gzip": _gzip, "bzip2": _bz2, "xz": _xz}


class _Sequential:
    """A compressed archive's decompressed stream kept open from member to member:
    its file, the stream, the position in it, and the member it stands in (``offset``:
    where that member's data starts; ``tape``: its bytes read so far, or None when they
    were too many to keep)."""

    def __init__(self, path: str | os.PathLike[str], name: str, kind: str) -> None:
        self.path = os.fspath(path)
        self.fh = open_regular(path, judge=False)
        try:
            st = os.fstat(self.fh.fileno())
            self.key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
            self.stream = _Decompressed(self.fh, kind, name, st.st_size, current_limits())
        except BaseException:
            self.fh.close()
            raise
        self.pos = 0
        self.offset = -1
        self.tape: bytearray | None = None
        self.done = False  # the archive's last member was read: close, do not keep

    def same_file(self, path: str | os.PathLike[str]) -> bool:
        if self.path != os.fspath(path):
            return False
        try:
            st = os.stat(path)
        except OSError:
            return False
        return self.key == (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)

    def can_give(self, offset: int) -> bool:
        """Whether the member at ``offset`` can be read from here on."""
        if offset == self.offset:
            return self.tape is not None and self.pos == offset + len(self.tape)
        return self.pos <= offset

    def start(self, offset: int) -> None:
        """Stand at the start of the member whose data starts at ``offset``."""
        if offset == self.offset and self.tape is not None:
            return  # its bytes kept are given again, then the stream goes on
        while self.pos < offset:
            got = self.stream.read(min(_SKIP, offset - self.pos))
            if not got:
                raise EOFError("the archive is cut short before this member's data")
            self.pos += len(got)
        self.offset = offset
        self.tape = bytearray()

    def close(self) -> None:
        try:
            self.stream.close()
        finally:
            self.fh.close()


_KEPT = threading.local()  # each thread's kept _Sequential (attribute ``seq``), if any


@contextmanager
def _sequential(
    path: str | os.PathLike[str], name: str, kind: str, offset: int
) -> Iterator[_Sequential]:
    """This thread's decompressed stream of the archive ``path``, standing at the start
    of the member at ``offset`` (opened again when the stream kept has gone past it);
    kept for the next opening unless the reading fails or sets ``done``."""
    seq: _Sequential | None = getattr(_KEPT, "seq", None)
    _KEPT.seq = None
    if seq is not None and not (seq.same_file(path) and seq.can_give(offset)):
        seq.close()
        seq = None
    if seq is None:
        seq = _Sequential(path, name, kind)
    try:
        seq.start(offset)
        yield seq
    except BaseException:
        seq.close()
        raise
    if seq.done:
        seq.close()
    else:
        _KEPT.seq = seq


def _forget_after_fork() -> None:
    """A child process does not share its parent's kept stream (nor its file offset)."""
    seq: _Sequential | None = getattr(_KEPT, "seq", None)
    _KEPT.seq = None
    if seq is not None:
        seq.fh.close()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_after_fork)

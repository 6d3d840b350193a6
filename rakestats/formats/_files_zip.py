"""Zip archives: the guards on an archive as a whole (its end record and central
directory, read once per version of the file) and on each member (names, links,
encryption, methods, declared sizes), and the opening of a member from its local header.

The public names are exported by :mod:`rakestats.formats.files`.

>>> buf = io.BytesIO()
>>> with zipfile.ZipFile(buf, "w") as zf:
...     zf.writestr("tables/", "")
...     zf.writestr("tables/t1.txt", "Rake Hand #1")
>>> zip_member_names(zipfile.ZipFile(buf))
['tables/t1.txt']
"""

from __future__ import annotations

import io
import os
import stat
import struct
import threading
import zipfile
from collections import Counter
from pathlib import PurePosixPath, PureWindowsPath
from typing import IO

from rakestats.formats._files_limits import OPENS, Limits, _pread

__all__ = ["zip_member_names"]

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


_ZIP_METHODS = {zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA}


def _member_problem(info: zipfile.ZipInfo, lim: Limits) -> str | None:
    """Why a zip member is not read, or None."""
    problem = _name_problem(info.filename)
    if problem is not None:
        return problem
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


def _name_problem(name: str) -> str | None:
    """Why an archive member is not read for its name alone (zip or tar), or None."""
    win = PureWindowsPath(name)
    if (
        name.startswith(("/", "\\"))
        or win.drive
        or ".." in PurePosixPath(name.replace("\\", "/")).parts
    ):
        return "unsafe member name (an absolute path or '..'): not read"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in name):
        return "member name with control characters: not read"
    return None


def _first_of_each(names: list[str]) -> list[tuple[int, str | None]]:
    """Where each name of an archive's members first stands in ``names``, and why none of
    its members is read when several have it (None: one has it).

    >>> _first_of_each(["a", "b", "a"])
    [(0, '2 members have this name: none is read'), (1, None)]
    """
    count = Counter(names)
    firsts: dict[str, int] = {}
    for k, name in enumerate(names):
        firsts.setdefault(name, k)
    return [
        (k, None if count[name] == 1 else f"{count[name]} members have this name: none is read")
        for name, k in firsts.items()
    ]


def zip_member_names(zf: zipfile.ZipFile) -> list[str]:
    """The member names of an archive in order, directories excluded, each once."""
    return list(dict.fromkeys(i.filename for i in zf.infolist() if not i.is_dir()))


_LOCAL_HEADER = struct.Struct("<4s2B4HL2L2H")


class _Member(zipfile.ZipExtFile):
    """A member whose check at its end (the CRC of what it decompressed to) fails on the
    read after the data it checked, not instead of it: a member cut short gives every
    byte it decompressed to before the error (``ZipExtFile`` drops the last piece read
    with the error)."""

    _failed: zipfile.BadZipFile | None = None

    def _update_crc(self, newdata: bytes) -> None:
        try:
            zipfile.ZipExtFile._update_crc(self, newdata)  # type: ignore[attr-defined]
        except zipfile.BadZipFile as exc:
            self._failed = exc

    def read(self, n: int | None = -1) -> bytes:
        data = super().read(n)
        if not data and n != 0 and self._failed is not None:
            raise self._failed
        return data

    def read1(self, n: int | None = -1) -> bytes:
        data = super().read1(n)
        if not data and n != 0 and self._failed is not None:
            raise self._failed
        return data


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
    return _Member(fh, "r", info, None, False)

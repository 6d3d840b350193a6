"""Cheap refusal before expensive work: a file is judged from its first bytes when it is
opened, before the ingest hashes it whole (a sparse file, a binary file, a file of no
known format); archives are bounded in total (members, declared bytes in all) and not
only member by member; runs of blank lines cost little more than reading them.

Work is measured by counting, never by timing: bytes the process read
(``/proc/self/io``), calls into the decompressed streams, archives opened."""

from __future__ import annotations

import dataclasses
import gzip
import io
import os
import zipfile
import zlib
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.formats import (
    ReadError,
    UnrecognizedFileError,
    _files_limits,
    _files_open,
    _files_zip,
    iter_file,
)
from rakestats.formats import files as _io
from rakestats.records import HandRecord

DATA = Path(__file__).parents[1] / "data" / "rake"
SERVER = (DATA / "server.txt").read_bytes()
N_SERVER = 5


def _bytes_read() -> int:
    """Bytes this process has read through system calls so far."""
    with open("/proc/self/io", encoding="ascii") as fh:
        return next(int(line.split()[1]) for line in fh if line.startswith("rchar:"))


needs_proc_io = pytest.mark.skipif(not os.path.exists("/proc/self/io"), reason="no /proc/self/io")


def _sparse(path: Path, size: int, head: bytes = b"") -> Path:
    path.write_bytes(head)
    with open(path, "r+b") as fh:
        fh.truncate(size)
    fd = os.open(path, os.O_RDONLY)
    try:
        if os.lseek(fd, 0, getattr(os, "SEEK_HOLE", 0)) >= size:
            pytest.skip("this file system does not report holes")
    finally:
        os.close(fd)
    return path


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> _io.Limits:
    lim = dataclasses.replace(_io.LIMITS, max_uncompressed=64 << 20, ratio_floor=1 << 20)
    monkeypatch.setattr(_files_limits, "LIMITS", lim)  # read by current_limits
    return lim


# ---------------------------------------------------------------------- sparse, binary
@needs_proc_io
@pytest.mark.parametrize("head", [b"", SERVER], ids=["all-hole", "history-then-hole"])
def test_a_sparse_file_is_refused_before_it_is_hashed(tmp_path: Path, head: bytes) -> None:
    src = tmp_path / "in"
    src.mkdir()
    big = _sparse(src / "big.txt", 4 << 30, head)  # 4 GiB, nothing of it on disk
    (src / "good.txt").write_bytes(SERVER.replace(b"000000000000-0001-", b"000000000000-0009-"))
    before = _bytes_read()
    s = Warehouse(tmp_path / "wh").ingest([src])
    read = _bytes_read() - before
    assert s.ingested == N_SERVER
    (where, reason), = s.unrecognized  # fmt: skip
    assert where == str(big)
    assert reason.startswith("a sparse file (a hole at byte ") and "holes read as NUL" in reason
    assert read < 64 << 20  # was: the whole 4 GiB hashed, then read again
    with pytest.raises(UnrecognizedFileError, match="a sparse file"):
        iter_file(big)


@needs_proc_io
@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"\x7fELF\x02\x01\x01" + b"\x00\x17" * 1000, "not a known hand-history format: '\\x7fELF"),
        (b"hello world\n", "not a known hand-history format: 'hello world'"),
    ],
    ids=["binary", "other-text"],
)
def test_a_file_of_no_known_format_is_refused_from_its_first_bytes(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "other.txt"
    with open(path, "wb") as fh:
        for _ in range(64):  # 64 chunks of at least 1 MiB: at least 64 MiB
            fh.write(content * ((1 << 20) // len(content) + 1))
    size = path.stat().st_size
    before = _bytes_read()
    s = Warehouse(tmp_path / "wh").ingest([path])
    read = _bytes_read() - before
    (_where, got), = s.unrecognized  # fmt: skip
    assert got.startswith(reason)
    assert read < size // 4  # was: all of it, hashed
    with pytest.raises(UnrecognizedFileError) as e:
        iter_file(path)
    assert e.value.reason == got  # the readers' own words


def test_the_early_judgement_gives_the_readers_reason(tmp_path: Path) -> None:
    cases = {
        "plain.txt": b"\n\n  \r\nnot a history at all\n" + SERVER,
        "bom.txt": b"\xef\xbb\xbfPokerStars Hand #x: something else\n",
        "deep.gz": gzip.compress(gzip.compress(SERVER)),
        "other.gz": gzip.compress(b"\n" * 1000 + b"# some other log\n"),
        "ok.gz": gzip.compress(SERVER),
        "ok.txt": b"\n" * 100_000 + SERVER,
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        fd = os.open(path, os.O_RDONLY)
        try:
            early = _io.head_problem(fd, os.fstat(fd))
        finally:
            os.close(fd)
        if name.startswith("ok"):
            assert early is None
            assert sum(isinstance(r, HandRecord) for r in iter_file(path)) == N_SERVER
            continue
        with pytest.raises(UnrecognizedFileError) as e:
            iter_file(path)
        assert early == e.value.reason, name


# ---------------------------------------------------------------------- blank lines
class _Calls:
    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.n = 0
        for name in ("read", "readline"):
            original = getattr(_files_open._Counted, name)

            def counted(self_: _files_open._Counted, size: int = -1, /, _f=original) -> bytes:  # type: ignore[no-untyped-def]
                self.n += 1
                return _f(self_, size)  # type: ignore[no-any-return]

            monkeypatch.setattr(_files_open._Counted, name, counted)


def _newlines_gz(path: Path, n_bytes: int, before: bytes = b"") -> Path:
    comp = zlib.compressobj(9, zlib.DEFLATED, 31)
    with open(path, "wb") as fh:
        fh.write(comp.compress(before))
        for _ in range(n_bytes >> 20):
            fh.write(comp.compress(b"\n" * (1 << 20)))
        fh.write(comp.flush())
    return path


def test_a_gzip_of_blank_lines_is_refused_in_few_reads(
    tmp_path: Path, small_limits: _io.Limits, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _newlines_gz(tmp_path / "newlines.txt.gz", 64 << 20)  # ~64 KB: 1000:1
    ceiling = max(small_limits.ratio_floor, small_limits.max_ratio * path.stat().st_size)
    calls = _Calls(monkeypatch)
    s = Warehouse(tmp_path / "wh").ingest([path])
    (_where, reason), = s.unrecognized  # fmt: skip
    assert "decompresses to more than 100 times its compressed size" in reason
    # was: one readline per blank line, ~6.4 million before the limit; now in pieces
    assert calls.n < 300 + 3 * (ceiling // (1 << 16))


def test_runs_of_blank_lines_between_hands_keep_line_numbers_and_cost_pieces(
    tmp_path: Path, small_limits: _io.Limits, monkeypatch: pytest.MonkeyPatch
) -> None:
    gap = 300_000
    data = b"\n" * gap + SERVER + b"\n" * gap + SERVER.replace(b"0001-", b"0002-")
    path = tmp_path / "gaps.txt.gz"
    path.write_bytes(gzip.compress(data))
    calls = _Calls(monkeypatch)
    got = [r for r in iter_file(path) if isinstance(r, HandRecord)]
    assert len(got) == 2 * N_SERVER
    assert got[0].source_line == gap + 1
    assert got[N_SERVER].source_line == 2 * gap + SERVER.count(b"\n") + 1
    assert calls.n < 1000  # was: a readline for each of the first blank lines
    # the pieces' blocks are the line-by-line reader's blocks, numbers and all
    stream = io.BytesIO(data)
    fast = [(b.start, b.lines) for b in _io.iter_blocks(stream)]
    slow = [
        (b.start, [ln.decode() for ln in b.lines]) for b in _io.iter_byte_blocks(io.BytesIO(data))
    ]
    assert fast == slow


def test_blank_lines_of_every_kind_before_the_first_hand(tmp_path: Path) -> None:
    for blank in (b"\n", b"\r\n", b" \t\r\n"):
        path = tmp_path / "b.txt"
        path.write_bytes(blank * 200_000 + SERVER)
        got = [r for r in iter_file(path) if isinstance(r, HandRecord)]
        assert len(got) == N_SERVER and got[0].source_line == 200_001


# ---------------------------------------------------------------------- zip totals
def _members_just_under_the_floor(path: Path, lim: _io.Limits, n: int) -> Path:
    member = b"\n" * (lim.ratio_floor - 1)  # each under the floor: no ratio applies
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("first.txt", SERVER)
        for k in range(n):
            zf.writestr(f"m{k:03d}.txt", member)
    return path


def test_a_zip_of_many_members_under_the_floor_is_refused_from_its_directory(
    tmp_path: Path, small_limits: _io.Limits, monkeypatch: pytest.MonkeyPatch
) -> None:
    arc = _members_just_under_the_floor(tmp_path / "many.zip", small_limits, 40)
    calls = _Calls(monkeypatch)
    s = Warehouse(tmp_path / "wh").ingest([arc])
    (where, reason), = s.unrecognized  # fmt: skip
    assert where == str(arc)
    assert "members declare" in reason and "in all, more than 100 times the archive's" in reason
    assert "possible zip bomb" in reason
    assert calls.n == 0  # not one member decompressed (was: 40 MiB of blank lines)
    with pytest.raises(UnrecognizedFileError, match="in all, more than 100 times"):
        iter_file(arc)


def test_a_zip_over_the_member_limit_is_refused_from_its_end_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arc = tmp_path / "lots.zip"
    with zipfile.ZipFile(arc, "w") as zf:
        for k in range(60):
            zf.writestr(f"e{k:03d}.txt", SERVER.replace(b"0001-", f"{k:04d}-".encode()))
    monkeypatch.setenv("RAKESTATS_MAX_ZIP_MEMBERS", "50")
    parsed: list[int] = []
    original = _files_zip._zip_infos
    monkeypatch.setattr(
        _files_zip, "_zip_infos", lambda fh, st: parsed.append(1) or original(fh, st)
    )
    s = Warehouse(tmp_path / "wh").ingest([arc])
    (_where, reason), = s.unrecognized  # fmt: skip
    assert reason.startswith("a zip archive of 60 members, more than 50: refused")
    assert parsed == []  # the central directory was never read
    monkeypatch.delenv("RAKESTATS_MAX_ZIP_MEMBERS")
    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert s.unrecognized == [] and s.ingested == 60 * N_SERVER


def test_a_members_own_refusal_does_not_count_towards_the_total(
    tmp_path: Path, small_limits: _io.Limits
) -> None:
    arc = tmp_path / "one-bomb.zip"
    with zipfile.ZipFile(arc, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("good.txt", SERVER)
        zf.writestr("zeros.txt", b"0" * (4 << 20))  # refused on its own ratio
    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert s.ingested == N_SERVER
    (where, reason), = s.unrecognized  # fmt: skip
    assert where.endswith("!zeros.txt") and "ratio above 100:1" in reason


def test_the_members_of_an_archive_are_opened_without_reading_its_directory_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arc = tmp_path / "tables.zip"
    n = 30  # (a directory read per member would be 120 reads)
    with zipfile.ZipFile(arc, "w", zipfile.ZIP_DEFLATED) as zf:
        for k in range(n):
            zf.writestr(f"t{k:03d}.txt", SERVER.replace(b"0001-", f"{k:04d}-".encode()))
    directories: list[int] = []
    original = zipfile.ZipFile._RealGetContents  # type: ignore[attr-defined]

    def counted(self: zipfile.ZipFile) -> None:
        directories.append(1)
        original(self)

    monkeypatch.setattr(zipfile.ZipFile, "_RealGetContents", counted)
    s = Warehouse(tmp_path / "wh").ingest([arc], jobs=1)
    assert s.ingested == n * N_SERVER and s.unrecognized == []
    # was: about 4 per member (480); now once per process for the planning and the
    # ingest's own listing of the members, whatever their number
    assert len(directories) <= 4


def test_a_member_is_read_exactly_as_zipfile_reads_it(tmp_path: Path) -> None:
    arc = tmp_path / "m.zip"
    with zipfile.ZipFile(arc, "w") as zf:
        zf.writestr("é/ü.txt", SERVER, zipfile.ZIP_DEFLATED)
        zf.writestr("plain.txt", SERVER, zipfile.ZIP_STORED)
        zf.writestr("bz.txt", SERVER, zipfile.ZIP_BZIP2)
        zf.writestr("xz.txt", SERVER, zipfile.ZIP_LZMA)
    with open(arc, "rb") as fh, zipfile.ZipFile(fh) as zf:
        for info in zf.infolist():
            with _files_zip._open_member(fh, info) as member:
                assert member.read() == SERVER
    raw = bytearray(arc.read_bytes())
    raw[raw.index(b"plain.txt")] = ord("P")  # the local header disagrees
    arc.write_bytes(bytes(raw))
    with pytest.raises((UnrecognizedFileError, ReadError), match="differ"):
        list(iter_file(arc, member="plain.txt"))

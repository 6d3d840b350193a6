"""Hostile files and archives: unsafe zip members, decompression bombs, nested archives,
symbolic links, files that cannot be opened, over-long lines. Each is refused with a
message naming it, and the rest of the input is read."""

from __future__ import annotations

import bz2
import dataclasses
import gzip
import io
import lzma
import os
import stat
import subprocess
import sys
import tarfile
import zipfile
import zlib
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.formats import ReadError, UnrecognizedFileError, _files_limits, iter_file
from rakestats.formats import files as _io
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[1] / "data" / "rake"
SERVER = (DATA / "server.txt").read_bytes()
N_SERVER = 5


def _reasons(summary_unrecognized: list[tuple[str, str]]) -> dict[str, str]:
    return {Path(p).name if "!" not in p else p.split("/")[-1]: r for p, r in summary_unrecognized}


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> _io.Limits:
    """Decompression limits small enough to trip with a few megabytes."""
    lim = dataclasses.replace(_io.LIMITS, max_uncompressed=8 << 20, ratio_floor=1 << 20)
    monkeypatch.setattr(_files_limits, "LIMITS", lim)  # read by current_limits
    return lim


def _zip(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> Path:
    with zipfile.ZipFile(path, "w", method) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


# ---------------------------------------------------------------------- zip members
@pytest.mark.parametrize(
    "bad", ["../evil.txt", "../../etc/cron.d/x.txt", "/abs.txt", "C:\\win.txt", "a/../../b.txt"]
)
def test_zip_member_with_an_unsafe_path_is_refused_the_others_read(
    tmp_path: Path, bad: str
) -> None:
    arc = _zip(tmp_path / "a.zip", {"good.txt": SERVER, bad: SERVER})
    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert s.ingested == N_SERVER
    assert len(s.unrecognized) == 1
    where, reason = s.unrecognized[0]
    assert where == f"{arc}!{bad}"
    assert "unsafe member name" in reason
    with pytest.raises(UnrecognizedFileError, match="unsafe member name"):
        iter_file(arc, member=bad)


def test_zip_members_that_are_links_encrypted_duplicated_or_of_unknown_method(
    tmp_path: Path,
) -> None:
    arc = tmp_path / "a.zip"
    with zipfile.ZipFile(arc, "w") as zf:
        zf.writestr("good.txt", SERVER)
        link = zipfile.ZipInfo("link.txt")
        link.external_attr = (stat.S_IFLNK | 0o777) << 16
        zf.writestr(link, "/etc/passwd")
        zf.writestr("secret.txt", SERVER)
        zf.writestr("ctl\x1b[2J.txt", SERVER)
        zf.writestr("odd.txt", SERVER)
        with pytest.warns(UserWarning, match="Duplicate name"):
            zf.writestr("twice.txt", SERVER)
            zf.writestr("twice.txt", SERVER[:100])
    # mark secret.txt encrypted and give odd.txt a method zipfile cannot read (98: PPMd)
    raw = bytearray(arc.read_bytes())
    for sig, flags, method, name_at in ((b"PK\x03\x04", 6, 8, 30), (b"PK\x01\x02", 8, 10, 46)):
        start = 0
        while (i := raw.find(sig, start)) >= 0:
            name = bytes(raw[i + name_at : i + name_at + 10])
            if name.startswith(b"odd.txt"):
                raw[i + method : i + method + 2] = (98).to_bytes(2, "little")
            if name.startswith(b"secret.txt"):
                raw[i + flags] |= 0x1
            start = i + 4
    arc.write_bytes(bytes(raw))

    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert s.ingested == N_SERVER
    got = {p.split("!", 1)[1]: r for p, r in s.unrecognized}
    assert got == {
        "link.txt": "a symbolic link inside the archive: not read",
        "secret.txt": "an encrypted member: not read",
        "ctl\x1b[2J.txt": "member name with control characters: not read",
        "odd.txt": "compression method 98 is not supported: not read",
        "twice.txt": "2 members have this name: none is read",
    }


def test_a_corrupt_zip_is_reported_not_raised(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "bad.zip").write_bytes(b"PK\x03\x04" + os.urandom(300))
    (tmp_path / "in" / "good.txt").write_bytes(SERVER)
    s = Warehouse(tmp_path / "wh").ingest([tmp_path / "in"])
    assert s.ingested == N_SERVER
    assert [Path(p).name for p, _ in s.unrecognized] == ["bad.zip"]
    assert "cannot read" in s.unrecognized[0][1]


# ---------------------------------------------------------------------- bombs
def test_zip_bomb_refused_from_its_declared_size(tmp_path: Path, small_limits: _io.Limits) -> None:
    arc = _zip(tmp_path / "bomb.zip", {"good.txt": SERVER, "zeros.txt": b"0" * (4 << 20)})
    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert s.ingested == N_SERVER
    (where, reason), = s.unrecognized  # fmt: skip
    assert where.endswith("bomb.zip!zeros.txt")
    assert "ratio above 100:1: refused as a possible zip bomb" in reason


def test_zip_member_over_the_size_limit_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arc = _zip(tmp_path / "big.zip", {"big.txt": SERVER * 100}, zipfile.ZIP_STORED)
    monkeypatch.setenv("RAKESTATS_MAX_UNCOMPRESSED_BYTES", str(len(SERVER) * 10))
    with pytest.raises(
        UnrecognizedFileError, match="more than 61610: refused as a possible zip bomb"
    ):
        iter_file(arc)
    monkeypatch.delenv("RAKESTATS_MAX_UNCOMPRESSED_BYTES")
    assert sum(isinstance(r, HandRecord) for r in iter_file(arc)) == N_SERVER * 100


def test_zip_member_lying_about_its_size_cannot_overrun(tmp_path: Path) -> None:
    arc = _zip(tmp_path / "liar.zip", {"a.txt": SERVER * 20})
    raw = bytearray(arc.read_bytes())
    real = len(SERVER * 20).to_bytes(4, "little")
    fake = len(SERVER).to_bytes(4, "little")
    assert raw.count(real) == 2  # local header and central directory
    arc.write_bytes(bytes(raw).replace(real, fake))
    got: list[object] = []
    with pytest.raises(ReadError):
        got.extend(iter_file(arc))
    assert len(got) <= N_SERVER  # never more than the declared size is read


@pytest.mark.parametrize(
    ("compress", "what"),
    [(gzip.compress, "gzip"), (bz2.compress, "bzip2"), (lzma.compress, "xz")],
)
def test_stream_bombs_stop_at_the_limit(
    tmp_path: Path, small_limits: _io.Limits, compress: object, what: str
) -> None:
    # valid hands first, then a flood: the hands are kept, the file is reported and not
    # recorded as read (a later run with higher limits reads it again)
    path = tmp_path / f"bomb.{what}"
    assert callable(compress)
    path.write_bytes(compress(SERVER + b"\n\n" + b"\0" * (3 << 20)))
    s = Warehouse(tmp_path / "wh").ingest([path])
    assert s.ingested == N_SERVER
    (where, reason), = s.unrecognized  # fmt: skip
    assert where == str(path)
    assert f"the {what} file decompresses to more than 100 times its compressed size" in reason
    assert "possible decompression bomb" in reason
    assert Warehouse(tmp_path / "wh").sql("SELECT count(*) AS n FROM files")["n"][0] == 0


def test_gzip_bomb_at_the_default_limits(tmp_path: Path) -> None:
    path = tmp_path / "zeros.txt.gz"
    comp = zlib.compressobj(1, zlib.DEFLATED, 31)
    with open(path, "wb") as fh:
        fh.write(comp.compress(SERVER))
        block = b"\0" * (1 << 20)
        for _ in range(96):  # 96 MiB of zeros: past the 64 MiB floor at ~1000:1
            fh.write(comp.compress(block))
        fh.write(comp.flush())
    assert path.stat().st_size < 1 << 20
    got: list[object] = []
    with pytest.raises(ReadError, match="possible decompression bomb"):
        got.extend(iter_file(path))
    assert len(got) == N_SERVER


# ---------------------------------------------------------------------- nesting
def test_nested_archives_are_refused(tmp_path: Path) -> None:
    inner = io.BytesIO()
    with zipfile.ZipFile(inner, "w") as zf:
        zf.writestr("x.txt", SERVER)
    tar = io.BytesIO()
    with tarfile.open(fileobj=tar, mode="w") as tf:
        info = tarfile.TarInfo("x.txt")
        info.size = len(SERVER)
        tf.addfile(info, io.BytesIO(SERVER))
    arc = _zip(
        tmp_path / "outer.zip",
        {
            "good.txt": SERVER,
            "inner.zip": inner.getvalue(),
            "h.txt.gz": gzip.compress(SERVER),
            "h.tar": tar.getvalue(),
        },
    )
    double = tmp_path / "double.txt.gz.gz"
    double.write_bytes(gzip.compress(gzip.compress(SERVER)))
    targz = tmp_path / "h.tar.gz"  # read: a compressed tar archive (its hands are known)
    targz.write_bytes(gzip.compress(tar.getvalue()))
    seven = tmp_path / "h.7z"
    seven.write_bytes(b"7z\xbc\xaf\x27\x1c" + bytes(100))
    s = Warehouse(tmp_path / "wh").ingest([arc, double, targz, seven])
    assert s.ingested == N_SERVER
    got = {Path(p).name: r for p, r in s.unrecognized}
    nested = "nested archives are not read; extract the inner one first"
    assert got == {
        "outer.zip!inner.zip": f"a zip archive inside a zip archive: {nested}",
        "outer.zip!h.txt.gz": f"a gzip file inside a zip archive: {nested}",
        "outer.zip!h.tar": f"a tar archive inside a zip archive: {nested}",
        "double.txt.gz.gz": f"a gzip file inside a gzip file: {nested}",
        "h.7z": "a 7z archive, which rakestats does not read (plain text, gzip, bzip2, xz, zip, "
        "tar)",
    }
    assert s.duplicates == N_SERVER  # the tar.gz's copy of good.txt


# ---------------------------------------------------------------------- the file system
def test_symlinks_fifos_devices_and_dangling_links(tmp_path: Path) -> None:
    """Run through the CLI with a timeout: a FIFO once made the ingest wait forever."""
    src = tmp_path / "in"
    (src / "sub").mkdir(parents=True)
    (src / "a.txt").write_bytes(SERVER)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "b.txt").write_bytes(SERVER.replace(b"000000000000-0001-", b"000000000000-0002-"))
    (src / "b-link.txt").symlink_to(outside / "b.txt")  # a file link: read
    (src / "sub" / "up").symlink_to("..")  # a folder link, here a loop: not walked again
    (src / "elsewhere").symlink_to(outside)  # a folder link: followed (b.txt, read once)
    (src / "dangling.txt").symlink_to(tmp_path / "missing.txt")
    (src / "self.txt").symlink_to("self.txt")
    (src / "zero.txt").symlink_to("/dev/zero")
    os.mkfifo(src / "pipe.txt")
    done = subprocess.run(
        [sys.executable, "-m", "rakestats", "ingest", str(src), "-w", str(tmp_path / "wh"),
         "--jobs", "1"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(
        f"read {2 * N_SERVER} hands from 6 files (2 not recognised) (2 could not be read): "
        f"{2 * N_SERVER} ingested, "
        "0 duplicates"
    )
    assert done.stdout.rstrip().endswith("(1 file passed over: named again (read once))")
    skipped = sorted(line for line in done.stderr.splitlines() if line.startswith("skipped "))
    assert skipped == [
        f"skipped {src / 'dangling.txt'}: cannot read: No such file or directory",
        f"skipped {src / 'pipe.txt'}: not a regular file (a FIFO)",
        f"skipped {src / 'self.txt'}: cannot read: Too many levels of symbolic links",
        f"skipped {src / 'zero.txt'}: not a regular file (a device)",
    ]


def test_iter_file_refuses_what_is_not_a_regular_file(tmp_path: Path) -> None:
    folder = tmp_path / "looks-like-a-file.txt"
    folder.mkdir()
    with pytest.raises(UnrecognizedFileError, match=r"not a regular file \(a directory\)"):
        iter_file(folder)
    os.mkfifo(tmp_path / "p.txt")
    with pytest.raises(UnrecognizedFileError, match=r"not a regular file \(a FIFO\)"):
        iter_file(tmp_path / "p.txt")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 file")
def test_unreadable_file_is_reported_and_the_rest_goes_on(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "a.txt").write_bytes(SERVER)
    locked = tmp_path / "in" / "locked.txt"
    locked.write_bytes(SERVER)
    locked.chmod(0)
    s = Warehouse(tmp_path / "wh").ingest([tmp_path / "in"])
    assert s.ingested == N_SERVER
    assert s.unrecognized == [(str(locked), "cannot read: Permission denied")]


# ---------------------------------------------------------------------- lines
def test_a_10_mb_line_costs_its_hand_only(tmp_path: Path) -> None:
    hands = SERVER.split(b"\n\n\n")
    lines = hands[1].split(b"\n")
    long_line = lines[4] + b"x" * (10 << 20) + b"\n"
    lines[4] = long_line[:-1]
    hands[1] = b"\n".join(lines)
    path = tmp_path / "long.txt"
    path.write_bytes(b"\n\n\n".join(hands))
    got = list(iter_file(path))
    assert len(got) == N_SERVER
    q = got[1]
    assert isinstance(q, QuarantineRecord)
    assert q.reason == f"line 27: longer than 1048576 bytes ({len(long_line)} bytes)"
    assert len(q.raw_text) < 5000 and q.raw_text.count("\n") == len(lines) - 1
    assert [isinstance(r, HandRecord) for r in got] == [True, False, True, True, True]


def test_a_hand_without_end_costs_itself_only(tmp_path: Path) -> None:
    path = tmp_path / "endless.txt"
    flood = b"Ann: checks\n" * 400_000  # 4.8 MB without a blank line
    path.write_bytes(SERVER + b"\n\n" + SERVER[:200] + b"\n" + flood)
    got = list(iter_file(path))
    assert [isinstance(r, HandRecord) for r in got] == [True] * N_SERVER + [False]
    q = got[-1]
    assert isinstance(q, QuarantineRecord)
    assert "the hand is longer than 4194304 bytes" in q.reason
    assert len(q.raw_text) <= 4 << 20


def test_many_blank_lines_before_the_first_hand(tmp_path: Path) -> None:
    # was: a file whose first 1000 lines were blank was read as empty, silently
    path = tmp_path / "blank-first.txt"
    path.write_bytes(b" \r\n" * 5000 + SERVER)
    got = list(iter_file(path))
    assert sum(isinstance(r, HandRecord) for r in got) == N_SERVER
    assert got[0].source_line == 5001

"""Reading hand-history files: compression, archives, line ends, BOM, format sniffing."""

from __future__ import annotations

import bz2
import gzip
import lzma
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from rakestats.formats import UnrecognizedFileError, iter_file, iter_text
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[1] / "data" / "rake"
SERVER = (DATA / "server.txt").read_bytes()
N_SERVER = 5


def _ids(records: list[object]) -> list[str]:
    out = []
    for r in records:
        assert isinstance(r, HandRecord), r
        out.append(r.hand_id)
    return out


@pytest.fixture(scope="module")
def expected() -> list[HandRecord]:
    out = [r for r in iter_file(DATA / "server.txt") if isinstance(r, HandRecord)]
    assert len(out) == N_SERVER
    return out


@pytest.mark.parametrize(
    ("suffix", "compress"),
    [
        (".txt", lambda b: b),
        (".txt.gz", gzip.compress),
        (".txt.bz2", bz2.compress),
        (".txt.xz", lzma.compress),
    ],
)
def test_compressed(
    tmp_path: Path, suffix: str, compress: Callable[[bytes], bytes], expected: list[HandRecord]
) -> None:
    path = tmp_path / f"h{suffix}"
    path.write_bytes(compress(SERVER))
    got = list(iter_file(path))
    assert got == [_with_source(r, str(path)) for r in expected]


def _with_source(r: HandRecord, source: str) -> HandRecord:
    return replace(r, source_file=source)


def test_zip_members_in_turn(tmp_path: Path) -> None:
    path = tmp_path / "a.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("one.txt", SERVER)
        zf.writestr("dir/", b"")
        zf.writestr("dir/two.txt", SERVER[: SERVER.index(b"\n\n\n") + 3])
    got = list(iter_file(path, display_name="a.zip"))
    assert [r.source_file for r in got] == ["a.zip!one.txt"] * N_SERVER + ["a.zip!dir/two.txt"]
    assert len(_ids(got)) == N_SERVER + 1


def test_zip_with_a_foreign_member_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "a.zip"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("one.txt", SERVER)
        zf.writestr("README", b"just notes\n")
    with pytest.raises(UnrecognizedFileError) as e:
        iter_file(path, display_name="a.zip")
    assert e.value.path == "a.zip!README"


def test_crlf_and_bom(tmp_path: Path, expected: list[HandRecord]) -> None:
    path = tmp_path / "crlf.txt"
    path.write_bytes(b"\xef\xbb\xbf" + SERVER.replace(b"\n", b"\r\n"))
    got = list(iter_file(path, display_name="x"))
    assert got == [_with_source(r, "x") for r in expected]


def test_trailing_spaces_and_extra_blank_lines(tmp_path: Path) -> None:
    text = b"\n\n  \n" + SERVER.replace(b"\n", b"  \n").replace(b"\n\n\n", b"\n\n\n\n\n")
    path = tmp_path / "sp.txt"
    path.write_bytes(text)
    got = list(iter_file(path))
    assert len(_ids(got)) == N_SERVER
    assert [r.source_line for r in got][:2] == [4, 26]


def test_display_name_and_line_numbers(expected: list[HandRecord]) -> None:
    got = list(iter_file(DATA / "server.txt", display_name="server.txt"))
    assert {r.source_file for r in got} == {"server.txt"}
    assert [r.source_line for r in got] == [r.source_line for r in expected]
    assert [r.source_line for r in got] == [1, 23, 75, 124, 177]


def test_unrecognized_file_raises_before_yielding(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("\n\nHello world\n", encoding="utf-8")
    with pytest.raises(UnrecognizedFileError) as e:
        iter_file(path)
    assert e.value.path == str(path)
    assert "Hello world" in e.value.reason


def test_binary_file_is_unrecognized(tmp_path: Path) -> None:
    path = tmp_path / "bin.gz"
    path.write_bytes(b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(UnrecognizedFileError, match="cannot read"):
        iter_file(path)


def test_empty_file_yields_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"\n \r\n")
    assert list(iter_file(path)) == []


def test_iter_text(expected: list[HandRecord]) -> None:
    lines = SERVER.decode("utf-8").splitlines(keepends=True)
    got = list(iter_text(lines, "mem"))
    assert got == [_with_source(r, "mem") for r in expected]
    with pytest.raises(UnrecognizedFileError):
        iter_text(["", "Not a hand"], "mem")
    assert list(iter_text([], "mem")) == []


def test_invalid_utf8_quarantines_one_hand(tmp_path: Path) -> None:
    bad = SERVER.replace(b"Seat 2: Ann: Bob (300", b"Seat 2: Ann: B\xffb (300", 1)
    path = tmp_path / "bad.txt"
    path.write_bytes(bad)
    got = list(iter_file(path))
    q = got[0]
    assert isinstance(q, QuarantineRecord)
    assert (q.line, q.reason) == (6, "invalid UTF-8 at line 6")
    assert (q.site, q.hand_id, q.game) == ("Test Room", "000000000000-0001-000001", "rake")
    assert "B\ufffdb" in q.raw_text
    assert len(_ids(got[1:])) == N_SERVER - 1


def test_streaming_reads_lazily(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(SERVER * 200)
    it = iter_file(path)
    first = next(it)
    assert isinstance(first, HandRecord)
    assert sum(1 for _ in it) == N_SERVER * 200 - 1

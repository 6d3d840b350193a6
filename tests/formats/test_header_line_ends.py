"""Line ends: a hand whose lines end in a carriage return alone (CR, as the classic Mac
OS wrote text) reads as one line, its header followed by the rest; the stud readers
quarantine it with a reason that names the line ends, rather than "the hand ends after
its header". Files with LF or CRLF line ends, UTF-16 ones included, are read as before.
A whole file with CR line ends is refused by the file reader, naming them, as it is no
file of lines at all."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.columns import HandColumns
from rakestats.formats import CR_LINE_ENDS, UnrecognizedFileError, iter_file, scan_file
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[1] / "data"
STARS = (DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt").read_bytes()  # CRLF
HANDS = STARS.split(b"\r\n\r\n\r\n\r\n")
RAKE = (DATA / "rake" / "server.txt").read_bytes()  # LF
REASON = (
    "a carriage return (CR) inside the line: its lines end in CR alone, which rakestats "
    "does not read (LF or CRLF line ends)"
)


@pytest.mark.parametrize(
    "data", [STARS.replace(b"\r\n", b"\r"), RAKE.replace(b"\n", b"\r")], ids=["stars", "rake"]
)
def test_a_file_with_cr_line_ends_is_refused_naming_them(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "cr.txt"
    path.write_bytes(data)
    for read in (lambda: list(iter_file(path)), lambda: list(scan_file(path, HandColumns()))):
        with pytest.raises(UnrecognizedFileError) as err:
            read()
        assert err.value.reason == CR_LINE_ENDS
    summary = Warehouse(tmp_path / "wh").ingest([path])
    assert summary.unrecognized == [(str(path), CR_LINE_ENDS)] and summary.read == 0


def test_a_hand_with_cr_line_ends_among_crlf_ones(tmp_path: Path) -> None:
    data = b"\r\n\r\n".join([HANDS[0], HANDS[1].replace(b"\r\n", b"\r"), HANDS[2]])
    path = tmp_path / "mixed.txt"
    path.write_bytes(data)
    got = list(iter_file(path))
    assert [type(r).__name__ for r in got] == ["HandRecord", "QuarantineRecord", "HandRecord"]
    q = got[1]
    assert isinstance(q, QuarantineRecord)
    assert q.reason.endswith(f": {REASON}") and q.line == HANDS[0].count(b"\n") + 3


@pytest.mark.parametrize(
    ("data", "hands"),
    [
        (STARS, 9),
        (STARS.replace(b"\r\n", b"\n"), 9),
        (RAKE, 5),
        (RAKE.replace(b"\n", b"\r\n"), 5),
        (RAKE.decode().replace("\n", "\r\n").encode("utf-16"), 5),
    ],
)
def test_lf_and_crlf_files_are_read(tmp_path: Path, data: bytes, hands: int) -> None:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    got = list(iter_file(path))
    assert len(got) == hands and all(isinstance(r, HandRecord) for r in got), got


@pytest.mark.parametrize(
    "data",
    [b"\x03\x04\x91\xfe\rpayload\x07\x1b\rmore\n" * 50, random.Random(7).randbytes(3000)],
    ids=["made", "random"],
)
def test_binary_content_with_a_cr_is_no_known_format_not_cr_line_ends(
    tmp_path: Path, data: bytes
) -> None:
    # a carriage return among binary bytes says nothing of line ends: the reason shows
    # the content, as for any other binary file
    path = tmp_path / "junk.txt"
    path.write_bytes(data)
    with pytest.raises(UnrecognizedFileError) as err:
        list(iter_file(path))
    assert err.value.reason.startswith("not a known hand-history format: ")
    summary = Warehouse(tmp_path / "wh").ingest([path])
    assert summary.unrecognized == [(str(path), err.value.reason)] and summary.read == 0

"""Line ends: a hand whose lines end in a carriage return alone (CR, as the classic Mac
OS wrote text) reads as one line, its header followed by the rest; the stud readers
quarantine it with a reason that names the line ends, rather than "the hand ends after
its header". Files with LF or CRLF line ends, UTF-16 ones included, are read as before.
(A whole file with CR line ends is recognised, or not, from its first line by the file
reader, which is not tested here.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.columns import HandColumns
from rakestats.formats import iter_file, scan_file
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[1] / "data"
STARS = (DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt").read_bytes()  # CRLF
HANDS = STARS.split(b"\r\n\r\n\r\n\r\n")
RAKE = (DATA / "rake" / "server.txt").read_bytes()  # LF
REASON = (
    "a carriage return (CR) inside the line: its lines end in CR alone, which rakestats "
    "does not read (LF or CRLF line ends)"
)


def test_a_stars_file_with_cr_line_ends_is_quarantined_naming_them(tmp_path: Path) -> None:
    path = tmp_path / "stars_cr.txt"
    path.write_bytes(STARS.replace(b"\r\n", b"\r"))
    for got in (list(iter_file(path)), list(scan_file(path, HandColumns()))):
        (q,) = got
        assert isinstance(q, QuarantineRecord), q
        assert q.reason == f"line 1: {REASON}", q.reason
        assert q.hand_id == "35874566077"


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

"""Files joined into one (``cat a.txt b.txt > all.txt``, Windows' ``copy /b``): each
part may begin with its writer's byte order mark. Only the file's first one was dropped;
the next hand's header began with U+FEFF and was quarantined as ``not a PokerStars hand
header: '\\ufeffPokerStars Hand #...'``. A BOM at the start of any line is dropped now,
by every way the reader splits a file (pieces decoded whole, pieces stripped of CRLF
ends, the line reader), with the same blocks and line numbers."""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.formats import files as _io
from rakestats.formats import iter_file
from rakestats.records import HandRecord, QuarantineRecord
from tests._hypothesis import examples

DATA = Path(__file__).parents[1] / "data"
# the cash file first: it ends with blank lines, as PokerStars writes its files
STARS = [
    DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt",
    DATA / "razz" / "stars" / "Razz-8max-USD-200-15-201009.bracket.in.alias.txt",
]
RAKE = (DATA / "rake" / "server.txt").read_bytes()
BOM = b"\xef\xbb\xbf"


def _records(path: Path) -> list[tuple[str, int]]:
    out = []
    for r in iter_file(path):
        assert not isinstance(r, QuarantineRecord), r.reason
        assert isinstance(r, HandRecord)
        out.append((r.hand_id, r.source_line))
    return out


def test_pokerstars_files_joined_with_their_marks(tmp_path: Path) -> None:
    parts = [BOM + p.read_bytes() for p in STARS]
    joined = tmp_path / "all.txt"
    joined.write_bytes(b"".join(parts))
    first = _records(STARS[0])
    lines_before = parts[0].count(b"\n")
    second = [(h, line + lines_before) for h, line in _records(STARS[1])]
    assert _records(joined) == first + second and len(second) > 0


def _blocks(data: bytes) -> list[tuple[int, list[str]]]:
    fast = [(b.start, list(b.lines)) for b in _io.iter_blocks(io.BytesIO(data))]
    slow = [
        (b.start, [ln.decode() for ln in b.lines]) for b in _io.iter_byte_blocks(io.BytesIO(data))
    ]
    assert fast == slow
    return fast


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=RAKE.count(b"\n")), max_size=6),
    st.sampled_from([b"\n", b"\r\n", b" \r\n"]),
)
def test_a_mark_at_a_line_start_is_dropped_by_every_reader(
    marks: list[int], line_end: bytes
) -> None:
    lines = RAKE.decode().split("\n")
    plain = "\n".join(lines).encode().replace(b"\n", line_end)
    marked = [(BOM if i in marks else b"") + ln.encode() for i, ln in enumerate(lines)]
    data = line_end.join(marked)
    assert _blocks(data) == _blocks(plain)


def test_a_mark_inside_a_line_is_kept() -> None:
    data = RAKE.replace(b"Seat 1: ", b"Seat 1: " + BOM, 1)
    ((start, lines), *_rest) = _blocks(data)
    assert start == 1 and any("\ufeff" in ln for ln in lines)


def test_a_line_of_a_mark_alone_is_blank() -> None:
    hands = RAKE.split(b"\n\n\n")
    data = hands[0] + b"\n" + BOM + b"\n" + b"\n\n\n".join(hands[1:])
    blocks = _blocks(data)
    assert [b[1] for b in blocks] == [b[1] for b in _blocks(RAKE)]


def _joined_without_a_blank_line(tmp_path: Path, parts: list[bytes]) -> Path:
    path = tmp_path / "joined.txt"
    path.write_bytes(b"".join(p.rstrip(b"\r\n") + b"\r\n" for p in parts))
    return path


def test_files_joined_without_a_blank_line_between_them(tmp_path: Path) -> None:
    """The last hand of the first file and the first of the next came as one block and
    were quarantined together (``the summary names a player who is not seated``, or
    Rake's ``unexpected line 'Rakestats Sim Rake Hand #...'``): a block that fails is
    cut before each later line that begins a hand, and each part is read on its own."""
    second = STARS[0].read_bytes()
    path = _joined_without_a_blank_line(tmp_path, [STARS[1].read_bytes(), second])
    first_part = _records(STARS[1])
    lines_before = STARS[1].read_bytes().rstrip(b"\r\n").count(b"\n") + 1
    assert _records(path) == first_part + [
        (h, line + lines_before) for h, line in _records(STARS[0])
    ]
    rake = _joined_without_a_blank_line(tmp_path, [RAKE, RAKE.replace(b"0001-", b"0002-")])
    assert len(_records(rake)) == 2 * RAKE.count(b"Rake Hand #")


def test_each_part_of_a_joined_block_is_judged_on_its_own(tmp_path: Path) -> None:
    hands = [h for h in RAKE.split(b"\n\n\n") if h.strip()]
    broken = hands[-1].replace(b"*** SUMMARY ***", b"*** SUMARY ***")  # fails on its own
    assert broken != hands[-1]
    path = tmp_path / "j.txt"
    path.write_bytes(b"\n\n\n".join([*hands[:-1], broken]).rstrip(b"\n") + b"\n" + hands[0])
    out = list(iter_file(path))
    quarantined = [r for r in out if isinstance(r, QuarantineRecord)]
    stored = [r for r in out if isinstance(r, HandRecord)]
    assert len(quarantined) == 1 and "SUMARY" in quarantined[0].raw_text
    assert "Rake Hand #" not in quarantined[0].raw_text.split("\n", 1)[1]  # its own lines
    ids = [h for h, _ in _records(_joined_without_a_blank_line(tmp_path, [RAKE]))]
    assert [r.hand_id for r in stored] == [*ids[:-1], ids[0]]

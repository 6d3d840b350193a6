"""Compressed files and zip members cut short: every hand decompressed before the damage
is read (the same records as from the undamaged file), the hand the damage cuts is
quarantined as cut short, and the read error names the last whole line read."""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import re
import struct
import zlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.formats import ReadError, iter_file
from rakestats.formats import files as _io
from rakestats.records import HandRecord, QuarantineRecord
from rakestats.sim import simulate

Decompress = Callable[[bytes], bytes]


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, list[HandRecord]]:
    """A simulated session of 200 hands (about 300 KB: more than one piece of the
    reader) and its records read from the plain file."""
    out = tmp_path_factory.mktemp("sim")
    first = simulate(200, "2-6", 1, out, jobs=1).files[0]
    records = list(iter_file(first, display_name="h"))
    assert all(isinstance(r, HandRecord) for r in records)
    assert len(records) == 200
    return first.read_bytes(), [r for r in records if isinstance(r, HandRecord)]


def _gunzip(data: bytes) -> bytes:
    return zlib.decompressobj(31).decompress(data)


def _bunzip(data: bytes) -> bytes:
    return bz2.BZ2Decompressor().decompress(data)


def _unxz(data: bytes) -> bytes:
    return lzma.LZMADecompressor().decompress(data)


def _inflate(data: bytes) -> bytes:
    return zlib.decompressobj(-15).decompress(data)


def _deflate(data: bytes) -> bytes:
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    return comp.compress(data) + comp.flush()


# (compress, what the stdlib decompresses from a prefix of its output); bzip2 in its
# 100 kB blocks, so that a cut file still holds whole blocks
KINDS: dict[str, tuple[Callable[[bytes], bytes], Decompress]] = {
    "gz": (gzip.compress, _gunzip),
    "bz2": (lambda b: bz2.compress(b, 1), _bunzip),
    "xz": (lzma.compress, _unxz),
}


def _same(r: object, source: str) -> object:
    return replace(r, source_file=source) if isinstance(r, HandRecord) else r


class Expected:
    """What reading a file that decompresses to ``prefix`` of the history must give:
    ``hands`` whole hands (each followed by a blank line before the damage), then the
    cut hand (when the damage falls inside one), then a read error after ``last``."""

    def __init__(self, plain: bytes, prefix: bytes) -> None:
        assert plain.startswith(prefix)
        whole = prefix[: prefix.rfind(b"\n") + 1]
        self.last = whole.count(b"\n")
        closed = whole[: whole.rfind(b"\n\n") + 1]
        self.hands = len([b for b in re.split(rb"\n\s*\n", closed) if b.strip()])
        lines = whole.decode().split("\n")[:-1]
        start = closed.count(b"\n")
        while start < self.last and not lines[start]:
            start += 1
        # the cut hand: its whole lines (a line the damage cuts is not one)
        self.cut_text = "\n".join(lines[start:]) if start < self.last else None


def _check(
    got: list[object], err: ReadError, want: Expected, source: str, records: list[HandRecord]
) -> None:
    assert want.hands > 0
    head, rest = got[: want.hands], got[want.hands :]
    assert [_same(r, "h") for r in head] == records[: want.hands]  # same ids, same content
    if want.cut_text is not None:
        [q] = rest
        assert isinstance(q, QuarantineRecord)
        assert q.source_file == source
        assert q.hand_id == records[want.hands].hand_id
        assert q.line == want.last
        assert q.reason.startswith(f"line {want.last}: the hand is cut short"), q.reason
        assert q.raw_text == want.cut_text
    else:
        assert rest == []
    assert err.path == source
    assert err.line == want.last
    assert f"after line {want.last}:" in str(err)


def _read(path: Path) -> tuple[list[object], ReadError]:
    got: list[object] = []
    with pytest.raises(ReadError) as info:
        got.extend(iter_file(path))
    return got, info.value


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("keep", [0.5, 0.77])
def test_a_cut_compressed_file_yields_every_hand_before_the_damage(
    tmp_path: Path, history: tuple[bytes, list[HandRecord]], kind: str, keep: float
) -> None:
    plain, records = history
    compress, decompress = KINDS[kind]
    packed = compress(plain)
    cut = packed[: int(len(packed) * keep)]
    path = tmp_path / f"cut.txt.{kind}"
    path.write_bytes(cut)
    want = Expected(plain, decompress(cut))
    got, err = _read(path)
    _check(got, err, want, str(path), records)
    assert "ended before the end-of-stream marker" in err.reason


def _zip(members: list[tuple[str, bytes, int | None]]) -> bytes:
    """A zip archive of deflated members, each ``(name, text, compressed bytes kept)``:
    a member whose compressed data is cut short still declares the size and CRC of its
    whole text, as the archive of a writer that stopped mid-member would."""
    out = bytearray()
    central = bytearray()
    for name, text, keep in members:
        raw = _deflate(text)[:keep]
        crc, n, offset = zlib.crc32(text), name.encode(), len(out)
        sizes = (crc, len(raw), len(text), len(n))
        out += struct.pack("<4s5H3L2H", b"PK\x03\x04", 20, 0, 8, 0, 0x21, *sizes, 0) + n + raw
        central += struct.pack(
            "<4s6H3L5H2L", b"PK\x01\x02", 20, 20, 0, 8, 0, 0x21, *sizes, 0, 0, 0, 0, 0, offset
        )
        central += n
    count = len(members)
    end = struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, count, count, len(central), len(out), 0)
    return bytes(out + central + end)


@pytest.mark.parametrize("keep", [0.5, 0.77])
def test_a_zip_member_cut_short(
    tmp_path: Path, history: tuple[bytes, list[HandRecord]], keep: float
) -> None:
    plain, records = history
    small = plain[: plain.index(b"\n\n\n", 50_000) + 3]  # a whole member before it
    n_small = small.count(b"\n\n\n")
    raw = _deflate(plain)
    kept = int(len(raw) * keep)
    path = tmp_path / "arc.zip"
    path.write_bytes(_zip([("whole.txt", small, None), ("cut.txt", plain, kept)]))
    got, err = _read(path)
    whole = [r for r in got if r.source_file == f"{path}!whole.txt"]
    assert [_same(r, "h") for r in whole] == records[:n_small]
    want = Expected(plain, _inflate(raw[:kept]))
    _check(got[len(whole) :], err, want, f"{path}!cut.txt", records)
    assert "CRC" in err.reason


def test_ingest_stores_the_hands_before_the_damage(
    tmp_path: Path, history: tuple[bytes, list[HandRecord]]
) -> None:
    plain, records = history
    packed = gzip.compress(plain)
    cut = packed[: len(packed) // 2]
    path = tmp_path / "cut.txt.gz"
    path.write_bytes(cut)
    want = Expected(plain, _gunzip(cut))
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([path])
    assert (s.ingested, s.quarantined) == (want.hands, int(want.cut_text is not None))
    [(where, reason)] = s.unrecognized
    assert where == str(path)
    assert reason.startswith(f"damaged: read to line {want.last}: "), reason
    assert "ended before the end-of-stream marker" in reason
    assert "(1 damaged: read to the line named)" in s.line()
    assert "not recognised" not in s.line()
    stored = sorted(wh.sql("SELECT hand_id FROM hands")["hand_id"])
    assert stored == sorted(r.hand_id for r in records[: want.hands])
    assert wh.sql("SELECT count(*) AS n FROM files")["n"][0] == 0  # read again next time


def test_the_command_line_names_a_damaged_file_apart_from_one_not_recognised(
    tmp_path: Path, history: tuple[bytes, list[HandRecord]]
) -> None:
    """A file read to a point is ``damaged`` (its hands up to that line stored), not
    ``skipped`` as a file that is no history at all; ``--strict`` fails for both."""
    plain, _ = history
    packed = gzip.compress(plain)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "cut.txt.gz").write_bytes(packed[: len(packed) // 2])
    (folder / "notes.txt").write_text("shopping list\n", encoding="utf-8")
    want = Expected(plain, _gunzip(packed[: len(packed) // 2]))
    args = ["ingest", str(folder), "-w", str(tmp_path / "wh"), "-j1", "--strict"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 3, result.output
    assert "(1 not recognised) (1 damaged: read to the line named)" in result.stdout
    err = sorted(ln for ln in result.stderr.splitlines() if not ln.startswith("error: "))
    assert err[0].startswith(f"damaged {folder / 'cut.txt.gz'}: read to line {want.last}: ")
    assert err[1].startswith(f"skipped {folder / 'notes.txt'}: not a known hand-history format")
    assert len(err) == 2


# ---------------------------------------------------------------------- the block readers
class Failing:
    """A stream of ``data`` whose reads fail once it is read (a decompressor at damaged
    data): what was read before is given, as the file reader's streams give it."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)

    def read(self, size: int = -1, /) -> bytes:
        got = self._data.read(size)
        if not got:
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        return got

    def readline(self, size: int = -1, /) -> bytes:
        got = self._data.readline(size)
        if not got:
            raise EOFError("Compressed file ended before the end-of-stream marker was reached")
        return got


TEXT = b"h1\na\n\n\nh2\nb\nc\n\nh3\nd\ne\n"


def _blocks(reader: Iterator[_io.Block | _io.TextBlock]) -> tuple[list[tuple[object, ...]], int]:
    out: list[tuple[object, ...]] = []
    with pytest.raises(_io.DamagedStreamError) as info:
        for b in reader:
            lines = [x if isinstance(x, str) else x.decode() for x in b.lines]
            out.append((b.start, lines, getattr(b, "problem", None)))
    assert isinstance(info.value.__cause__, EOFError)
    assert "end-of-stream marker" in info.value.reason
    return out, info.value.line


@pytest.mark.parametrize("lines_of", [_io.iter_blocks, _io.iter_byte_blocks])
@pytest.mark.parametrize(
    ("cut", "last", "tail"),
    [
        (len(TEXT), 11, [(9, ["h3", "d", "e"])]),  # at a line end: the hand may go on
        (len(TEXT) - 1, 10, [(9, ["h3", "d"])]),  # inside a line: only whole lines kept
        (len(TEXT) - 4, 9, [(9, ["h3"])]),
        (TEXT.index(b"h3"), 8, []),  # at a blank line: every hand is whole
        (TEXT.index(b"h3") + 1, 8, []),  # inside the first line of a hand
    ],
)
def test_block_readers_give_the_hands_before_a_failing_read(
    lines_of: Callable[[_io.Stream], Iterator[_io.Block | _io.TextBlock]],
    cut: int,
    last: int,
    tail: list[tuple[int, list[str]]],
) -> None:
    got, line = _blocks(lines_of(Failing(TEXT[:cut])))
    assert line == last
    whole = [(s, ls) for s, ls, problem in got if problem is None]
    assert whole == [(1, ["h1", "a"]), (5, ["h2", "b", "c"])]
    cut_short = [(s, ls) for s, ls, problem in got if problem is not None]
    assert cut_short == tail
    for _, _, problem in got[2:]:
        assert problem is not None
        assert problem[0] == last
        assert problem[1].startswith(f"line {last}: the hand is cut short")


def test_a_cut_utf16_file_yields_every_hand_before_the_damage(
    tmp_path: Path, history: tuple[bytes, list[HandRecord]]
) -> None:
    # UTF-16 text (Full Tilt and Winning Poker write it) is transcoded on the way: what
    # the transcoder holds when the data breaks comes out too
    plain, records = history
    packed = gzip.compress(plain.decode().encode("utf-16"))
    cut = packed[: len(packed) // 2]
    path = tmp_path / "cut16.txt.gz"
    path.write_bytes(cut)
    text = _gunzip(cut)
    prefix = text[: len(text) // 2 * 2].decode("utf-16").encode()
    got, err = _read(path)
    _check(got, err, Expected(plain, prefix), str(path), records)

"""The piece-wise block reader gives exactly the blocks of the line-by-line reader."""

from __future__ import annotations

import io
import re
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.formats import _files_blocks
from rakestats.formats import files as _io
from rakestats.formats.files import Block, Limits, TextBlock, iter_blocks, iter_byte_blocks
from tests._hypothesis import examples


def _decoded(blocks: list[Block | TextBlock], fallback: str | None = None) -> list[object]:
    out: list[object] = []
    for b in blocks:
        if isinstance(b, TextBlock):
            out.append((b.start, b.lines, None, None))
        else:
            lines, bad = _io.decode_block(b.lines, b.start, fallback)
            out.append((b.start, lines, b.problem, bad))
    return out


def _both(data: bytes, lim: Limits) -> tuple[list[object], list[object]]:
    fast = _decoded(list(iter_blocks(io.BytesIO(data), lim)))
    slow = _decoded(list(iter_byte_blocks(io.BytesIO(data), lim)))
    return fast, slow


_LINES = st.sampled_from(
    [b"", b"", b"Seat 1: Ann (10 in chips)", b"Ann: folds", b"  ", b"x\t", b"a\r",
     b"\xef\xbb\xbfBOM", b"caf\xc3\xa9", b"bad \xff byte", b"y" * 40, b"\xe2\x80\xa8"]
)  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_LINES, max_size=60), st.booleans(), st.integers(8, 64))
def test_same_blocks_as_the_line_reader(
    lines: list[bytes], final_newline: bool, limit: int
) -> None:
    data = b"\n".join(lines) + (b"\n" if final_newline else b"")
    lim = Limits(max_line_bytes=limit, max_hand_bytes=limit * 4)
    fast, slow = _both(data, lim)
    assert fast == slow


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_LINES, max_size=60), st.booleans(), st.booleans(), st.integers(16, 2048))
def test_same_blocks_with_crlf_line_ends_and_trailing_spaces(
    lines: list[bytes], final_newline: bool, crlf: bool, piece_bytes: int
) -> None:
    """Rooms write CRLF line ends and trailing spaces; with the default limits (larger
    than any piece here) such pieces are read whole, not line by line."""
    end = b"\r\n" if crlf else b"\n"
    data = end.join(lines) + (end if final_newline else b"")
    with mock.patch.object(_files_blocks, "_PIECE_BYTES", piece_bytes):
        fast, slow = _both(data, Limits())
    assert fast == slow


@settings(max_examples=examples(400), deadline=None)
@given(
    st.lists(
        st.sampled_from([b" ", b"\t", b"\r", b"\n", b"a", b"\xc3\xa9", b" " * 20]), max_size=80
    )
)
def test_line_ends_are_stripped_as_each_line_would_be(parts: list[bytes]) -> None:
    """The vectorised rounds, and past their count (a run of 20 spaces) the lines one
    by one, remove what ``rstrip`` of each line removes."""
    data = b"".join(parts)
    expected = b"\n".join([line.rstrip(b" \t\r") for line in data.split(b"\n")])
    assert _files_blocks._line_ends_stripped(data) == expected


def test_a_real_pokerstars_file_is_read_in_pieces(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """PokerStars' files (CRLF line ends, trailing spaces after the seat lines, a BOM in
    some) come as decoded blocks of whole pieces, with the line reader's blocks."""
    monkeypatch.setattr(_files_blocks, "_PIECE_BYTES", 4096)
    data_dir = Path(__file__).parents[2] / "data" / "razz" / "stars"
    for path in sorted(data_dir.glob("*.txt")):
        data = path.read_bytes()
        assert b"\r\n" in data
        spaced = re.sub(rb"(?<=\S)\r\n", b" \r\n", data)  # after every line but blank ones
        for body in (data, b"\xef\xbb\xbf" + data, spaced):
            fast, slow = _both(body, Limits())
            assert fast == slow
            blocks = list(iter_blocks(io.BytesIO(body), Limits()))
            assert blocks
            assert all(isinstance(b, TextBlock) for b in blocks), path.name


def test_pieces_cut_at_blank_lines_keep_line_numbers(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(_files_blocks, "_PIECE_BYTES", 64)
    hand = b"Head line\nSeat 1: Ann (10 in chips)\nAnn: folds\n"
    data = b"\n\n".join([hand] * 30) + b"\n" + hand.rstrip(b"\n")
    fast, slow = _both(data, Limits())
    assert fast == slow
    assert [b[0] for b in fast][:3] == [1, 6, 11]
    assert all(isinstance(b, TextBlock) for b in iter_blocks(io.BytesIO(data), Limits()))


def test_a_long_run_without_blank_lines_is_read_line_by_line(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(_files_blocks, "_PIECE_BYTES", 16)
    data = b"\n".join(b"line %d" % i for i in range(200)) + b"\n\nlast\n"
    fast, slow = _both(data, Limits())
    assert fast == slow
    assert fast[-1][0] == 202


def test_a_damaged_stream_keeps_the_hands_before_the_piece_it_fails_in(
    tmp_path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    import gzip
    from pathlib import Path

    import pytest

    monkeypatch.setattr(_files_blocks, "_PIECE_BYTES", 4096)
    hands = (Path(__file__).parents[2] / "data" / "rake" / "server.txt").read_text(encoding="utf-8")
    text = "\n\n\n".join([hands.strip()] * 10) + "\n"
    packed = gzip.compress(text.encode())
    for cut in (8, 200):  # the trailer, or the end of the data, is missing

        def blocks(reader: object, cut: int = cut) -> list[int]:
            out: list[int] = []
            with pytest.raises(EOFError), gzip.open(io.BytesIO(packed[:-cut])) as fh:
                out.extend(b.start for b in reader(fh, Limits()))  # type: ignore[operator]
            return out

        by_line = blocks(iter_byte_blocks)
        by_piece = blocks(iter_blocks)
        assert by_piece == by_line[: len(by_piece)]  # the same blocks, as far as they go
        lost = text.encode()[: 4096 + 1].count(b"Rake Hand #") + 1  # one piece at most
        assert len(by_line) - lost <= len(by_piece)
        assert len(by_piece) > 0


@settings(max_examples=examples(100), deadline=None)
@given(
    st.lists(st.tuples(st.integers(1, 4), st.integers(1, 150)), min_size=1, max_size=12),
    st.integers(64, 4096),
)
def test_long_runs_of_blank_lines_keep_line_numbers(
    hands: list[tuple[int, int]], piece_bytes: int
) -> None:
    """Runs of blank lines longer than 64 are passed over by a regex, pieces counted
    from the blocks: the same blocks and line numbers as the line reader."""
    data = b"".join(
        b"\n".join(b"line %d of %d" % (i, k) for i in range(n)) + b"\n" * (1 + blank)
        for k, (n, blank) in enumerate(hands)
    )
    with mock.patch.object(_files_blocks, "_PIECE_BYTES", piece_bytes):
        fast, slow = _both(data, Limits())
    assert fast == slow


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.integers(0, 30), max_size=20), st.integers(1, 40), st.integers(1, 400))
def test_a_text_is_vouched_for_only_when_its_blocks_are_within_the_limits(
    line_lengths: list[int], max_line: int, max_hand: int
) -> None:
    """``_within_limits`` lets the reader pass over measuring each block: it may say no
    to a text within the limits (the block is measured then), never yes to one past them."""
    text = "\n".join("y" * n for n in line_lengths)
    lines = text.split("\n")
    blocks = [b for b in re.split(r"\n{2,}", text.strip("\n")) if b]
    within = _files_blocks._within_limits(text, max_line, max_hand)
    if within:  # each block as short as a line may be, or a hand with short lines
        short_lines = max(map(len, lines)) <= max_line
        assert all(len(b) <= max_line or (len(b) <= max_hand and short_lines) for b in blocks)
    if len(text) <= max_line:
        assert within


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.integers(0, 12), max_size=40), st.integers(8, 24), st.booleans())
def test_pieces_a_little_longer_than_the_line_limit_keep_the_line_readers_blocks(
    line_lengths: list[int], max_line: int, final_newline: bool
) -> None:
    """Pieces of about the line limit (the reader's pieces are about its default): a
    line past the limit, or none, in the part of the piece that a long line covers."""
    data = b"\n".join(b"y" * n for n in line_lengths) + (b"\n" if final_newline else b"")
    lim = Limits(max_line_bytes=4 * max_line, max_hand_bytes=16 * max_line)
    with mock.patch.object(_files_blocks, "_PIECE_BYTES", max_line):
        fast, slow = _both(data, lim)
    assert fast == slow

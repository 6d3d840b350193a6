"""Fuzzing the readers: valid Rake, PokerStars Razz and PHH histories are mutated (bytes
flipped, lines dropped, duplicated, swapped and cut, numbers made negative, huge or not
numbers, invalid UTF-8, NUL, ESC and CR inserted, names changed, files emptied or
compressed and truncated) and read back. The oracle (:func:`check_file`):

- nothing but ``UnrecognizedFileError`` (before any hand) or ``ReadError`` (a damaged
  compressed file) is ever raised, and no hand is quarantined by a parser failure;
- every block of lines yields exactly one record (counted independently of the reader);
- every hand accepted is whole: chips conserved, investments within stacks, names free
  of control characters, numbers within the warehouse's columns, convertible to Arrow;
- a hand whose lines the mutation left alone is read exactly as in the original file.

``RAKESTATS_FUZZ_EXAMPLES`` raises the budget (``make fuzz``); the CI budget is fixed
and derandomized. The same engine drives ``benchmarks/fuzz.py``.
"""

from __future__ import annotations

import bz2
import dataclasses
import gzip
import io
import lzma
import os
import random
import re
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rakestats.formats import ReadError, UnrecognizedFileError, iter_file
from rakestats.formats.files import decode_block
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord
from rakestats.warehouse._arrow import hands_to_tables

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data"
EXAMPLES = int(os.environ.get("RAKESTATS_FUZZ_EXAMPLES", "0"))
CI = EXAMPLES == 0


# The seed folders: formats whose hands are runs of non-blank lines, as the oracle
# below reads them (Rake, PokerStars and PHH; rooms that write hands back to back or as
# XML are read by their own tests, tests/formats/<room>).
SEED_FOLDERS = ("rake", "razz", "stud/cash/Stars", "stud/tour/Stars")


def _seeds() -> list[tuple[str, bytes]]:
    out = [
        (p.name, p.read_bytes())
        for folder in SEED_FOLDERS
        for p in sorted((DATA / folder).rglob("*"))
        if p.is_file() and p.suffix in (".txt", ".phh")
    ]
    sample = sorted((ROOT / "sample_data" / "server").glob("*.txt"))
    if sample:  # thirty hands of a simulated session: 2-8 players, side pots, the Reveal
        hands = sample[0].read_bytes().split(b"\n\n\n")[:30]
        out.append((sample[0].name, b"\n\n\n".join(hands) + b"\n"))
    return out


SEEDS = _seeds()

# ---------------------------------------------------------------------- mutations
NUMBERS = [b"-1", b"-500", b"0", b"00", b"1e9", b"abc", b"12.5", b"99999999999999999",
           b"999999999999999999", b"9999999999999999999", b"9223372036854775808",
           b"1" * 5000, "٣".encode(), "²".encode(), b"0x10", b"1_000", b"", b" 7"]  # fmt: skip
INSERTS = [b"\x00", b"\xff", b"\xc3", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x1b[31m",
           b"\x1b]0;pwned\x07", b"\r", b"\t", b"\x7f", "\u2028".encode(), "\u202e".encode(),
           "\ufeff".encode(), b"'; DROP TABLE hands; --", b"<script>", b"$(rm -rf /)", b"]",
           b"[", b": ", b" collected ", b"***", "Ø".encode()]  # fmt: skip
_NUM = re.compile(rb"[0-9]+")
_NAME = re.compile(rb"^Seat [0-9]+: (.+?) \(", re.M)


def _line_ops(lines: list[bytes], rng: random.Random) -> list[bytes]:
    i = rng.randrange(len(lines))
    op = rng.randrange(9)
    if op == 0:
        del lines[i]
    elif op == 1:
        lines.insert(i, lines[i])
    elif op == 2:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 3:
        nums = list(_NUM.finditer(lines[i]))
        if nums:
            m = rng.choice(nums)
            lines[i] = lines[i][: m.start()] + rng.choice(NUMBERS) + lines[i][m.end() :]
    elif op == 4:
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + rng.choice(INSERTS) + lines[i][k:]
    elif op == 5:
        lines.insert(i, b"")  # a hand split in two
    elif op == 6 and lines[i] == b"" and i + 1 < len(lines):
        del lines[i]  # two hands joined
    elif op == 7:
        k = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:k] + lines[i][k : k + 1] * rng.choice([2, 50, 5000])
    else:
        lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
    return lines


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A damaged copy of ``data``: one to five mutations."""
    for _ in range(rng.randint(1, 5)):
        kind = rng.randrange(10)
        if kind < 6 or not data:
            lines = data.split(b"\n") or [b""]
            data = b"\n".join(_line_ops(lines, rng))
        elif kind == 6 and data:  # flip bytes
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            data = bytes(b)
        elif kind == 7:  # cut the file, often mid-line
            data = data[: rng.randrange(len(data) + 1)]
        elif kind == 8:  # rename a player everywhere (the hand may stay valid)
            names = _NAME.findall(data)
            if names:
                old = rng.choice(names)
                new = rng.choice([b"O'Brien \"Q\" <b>&amp;", "Zoë Ærø 李".encode(), b"x\x1by",
                                  b"a; rm -rf ~", b"Robert'); DROP TABLE players;--"])  # fmt: skip
                data = data.replace(old, new)
        else:
            data = rng.choice([b"", b"\n\n", data + data[: len(data) // 3], data[::-1]])
    return data


COMPRESSORS: dict[str, Callable[[bytes], bytes]] = {
    ".txt": lambda b: b,
    ".gz": gzip.compress,
    ".bz2": bz2.compress,
    ".xz": lzma.compress,
    ".zip": lambda b: _zip_bytes(b),
}


def _zip_bytes(data: bytes) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("m.txt", data)
    return buf.getvalue()


def wrap(data: bytes, rng: random.Random) -> tuple[str, bytes, bool]:
    """``data`` as a file: plain most often, else compressed (sometimes truncated).
    Returns the suffix, the file's bytes and whether the file was damaged whole."""
    suffix = rng.choice([".txt"] * 6 + [".gz", ".bz2", ".xz", ".zip"])
    packed = COMPRESSORS[suffix](data)
    if suffix != ".txt" and rng.random() < 0.25:
        return suffix, packed[: rng.randrange(len(packed) + 1)], True
    return suffix, packed, False


# ---------------------------------------------------------------------- the oracle
_STRIP = b" \t\r\n"


def blocks_of(data: bytes) -> list[tuple[int, list[bytes]]]:
    """The hands of a file's text as the format defines them, by other code than the
    reader: runs of non-blank lines."""
    out: list[tuple[int, list[bytes]]] = []
    block: list[bytes] = []
    start = 0
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip(_STRIP)
        if line.startswith(b"\xef\xbb\xbf"):  # a mark at a line's start (joined files)
            line = line[3:].rstrip(_STRIP)
        if line:
            if not block:
                start = n
            block.append(line)
        elif block:
            out.append((start, block))
            block = []
    if block:
        out.append((start, block))
    return out


def _line_of(rec: HandRecord | QuarantineRecord | SkipRecord) -> int:
    return rec.source_line if isinstance(rec, HandRecord) else rec.line


def _parts(
    block: tuple[int, list[bytes]], got: list[HandRecord | QuarantineRecord | SkipRecord]
) -> list[tuple[int, list[bytes]]]:
    """The block as one hand, or, when the reader gave several records within it (a block
    that failed as one is cut before each later line that begins a hand), its parts, as
    the records place them: a hand or a skip at its first line, a quarantined part where
    its raw lines are; the first part begins the block."""
    start, lines = block
    end = start + len(lines) - 1
    mine = [r for r in got if start <= _line_of(r) <= end]
    if len(mine) <= 1:
        return [block]
    text, _bad = decode_block(lines, start, "cp1252")  # as the block was read (PokerStars')
    starts: list[int] = []
    for rec in mine:
        if isinstance(rec, QuarantineRecord):
            raw = rec.raw_text.split("\n")
            found = [
                k for k in range(starts[-1] + 1 if starts else 0, len(lines))
                if text[k : k + len(raw)] == raw
            ]  # fmt: skip
            assert found, (raw, text)
            at = found[0]
        else:
            at = _line_of(rec) - start
        starts.append(at)
    assert starts[0] == 0 and starts == sorted(set(starts)), starts
    return [(start + a, lines[a:b]) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]


_CONTROL = re.compile("[\\x00-\\x1f\\x7f-\\x9f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]")


def check_hand(rec: HandRecord) -> None:
    """A hand accepted by a reader is whole and storable."""
    assert rec.n_players == len(rec.players) >= 2
    invested = sum(p.invested for p in rec.players)
    collected = sum(p.collected for p in rec.players)
    assert invested == rec.total_pot, (invested, rec.total_pot)
    assert collected + rec.house_fee == rec.total_pot, (collected, rec.house_fee, rec.total_pot)
    assert 0 <= rec.house_fee <= rec.total_pot
    seats = [p.seat for p in rec.players]
    assert len(set(seats)) == len(seats)
    for p in rec.players:
        assert 0 <= p.invested <= p.stack, p
        assert p.collected >= 0
        assert not _CONTROL.search(p.player), p.player
    for text in (rec.site, rec.hand_id, rec.table_name, rec.hero or ""):
        assert not _CONTROL.search(text), text
    names = {p.player for p in rec.players}
    assert all(a.player in names for a in rec.actions)
    assert [a.seq for a in rec.actions] == list(range(1, len(rec.actions) + 1))
    assert all(a.amount >= 0 for a in rec.actions)
    hands_to_tables([rec], 0)  # fits the warehouse's columns


def _key(rec: HandRecord) -> HandRecord:
    return dataclasses.replace(rec, source_file="", source_line=0)


def original_hands() -> dict[bytes, HandRecord]:
    """Every seed hand, by its text, as read from the unmutated seed."""
    out: dict[bytes, HandRecord] = {}
    tmp = Path(os.environ.get("TMPDIR", "/tmp"))
    for name, data in SEEDS:
        path = tmp / f"rakestats-fuzz-seed-{os.getpid()}-{name}"
        path.write_bytes(data)
        try:
            recs = list(iter_file(path))
        finally:
            path.unlink()
        blocks = blocks_of(data)
        assert len(recs) == len(blocks)
        for (_, lines), rec in zip(blocks, recs, strict=True):
            if isinstance(rec, HandRecord):
                out[b"\n".join(lines)] = _key(rec)
    return out


@dataclass
class Tally:
    """What a campaign saw."""

    files: int = 0
    unrecognized: int = 0
    read_errors: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)

    def line(self) -> str:
        o = self.outcomes
        return (
            f"{self.files} files: {o['hand']} hands accepted ({o['intact']} untouched "
            f"ones read as in the original), {o['quarantine']} quarantined, {o['skip']} "
            f"skipped; {self.unrecognized} files refused, {self.read_errors} read errors"
        )


def check_file(
    path: Path, plain: bytes, originals: dict[bytes, HandRecord], tally: Tally, damaged: bool
) -> list[HandRecord | QuarantineRecord | SkipRecord]:
    """Read ``path`` (whose text is ``plain``) and check every oracle; returns the records."""
    tally.files += 1
    got: list[HandRecord | QuarantineRecord | SkipRecord] = []
    try:
        it = iter_file(path)
    except UnrecognizedFileError as e:
        assert e.reason, e
        tally.unrecognized += 1
        return got
    try:
        got.extend(it)
    except ReadError as e:
        # only damaged compressed data may break a file part-way
        assert damaged or path.suffix != ".txt", e
        tally.read_errors += 1
        return got
    blocks = blocks_of(plain)
    if damaged:  # cut compressed data: what comes out is a prefix of the text, if anything
        assert len(got) <= len(blocks)
        for rec in got:
            if isinstance(rec, HandRecord):
                tally.outcomes["hand"] += 1
                check_hand(rec)
            elif isinstance(rec, QuarantineRecord):
                tally.outcomes["quarantine"] += 1
                assert "parser failed" not in rec.reason, rec.reason
        return got
    parts = [part for block in blocks for part in _parts(block, got)]
    assert len(got) == len(parts), (len(got), len(parts))
    for (start, lines), rec in zip(parts, got, strict=True):
        end = start + len(lines) - 1
        if isinstance(rec, HandRecord):
            tally.outcomes["hand"] += 1
            assert rec.source_line == start
            check_hand(rec)
            before = originals.get(b"\n".join(lines))
            if before is not None:
                tally.outcomes["intact"] += 1
                assert _key(rec) == before, "an untouched hand reads differently"
        elif isinstance(rec, QuarantineRecord):
            tally.outcomes["quarantine"] += 1
            assert "parser failed" not in rec.reason, rec.reason
            assert rec.reason and start <= rec.line <= end, (rec.line, start, end, rec.reason)
            assert rec.raw_text.count("\n") == len(lines) - 1
        else:
            tally.outcomes["skip"] += 1
            assert rec.line == start
    return got


# ---------------------------------------------------------------------- the tests
ORIGINALS: dict[bytes, HandRecord] = {}


def _originals() -> dict[bytes, HandRecord]:
    if not ORIGINALS:
        ORIGINALS.update(original_hands())
    return ORIGINALS


def fuzz_settings(ci_examples: int, share: int = 1) -> settings:
    """CI: ``ci_examples``, derandomized; else ``RAKESTATS_FUZZ_EXAMPLES // share``."""
    return settings(
        max_examples=max(1, EXAMPLES // share) if EXAMPLES else ci_examples,
        deadline=None,
        derandomize=CI,
        database=None if CI else settings.default.database,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


@fuzz_settings(ci_examples=1000)
@given(seed=st.sampled_from(range(len(SEEDS))), rng=st.randoms(use_true_random=False))
def test_mutated_histories_read_safely(tmp_path: Path, seed: int, rng: random.Random) -> None:
    data = mutate(SEEDS[seed][1], rng)
    suffix, packed, damaged = wrap(data, rng)
    path = tmp_path / f"fuzz{suffix}"
    path.write_bytes(packed)
    check_file(path, data, _originals(), Tally(), damaged)


def test_seeds_read_whole() -> None:
    """The oracle's baseline: every seed hand is accepted (or skipped) as it is."""
    assert len(_originals()) >= 40

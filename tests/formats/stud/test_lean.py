"""The stud fast path (``rakestats.formats.stud._lean``) against the full reader.

Every hand of every stud and Razz file of the test data goes through both: where the
fast path stores a hand, the full reader must accept it and store the same rows; where
the full reader refuses a hand (broken variants: amounts, winners, cards changed), the
fast path must leave it to the full reader, so that it is quarantined with the full
reader's line and reason.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rakestats.formats as formats
import rakestats.formats.stud._lean as pure_lean
from rakestats._speedups import compiled
from rakestats.columns import HandColumns, hand_key
from rakestats.formats import Stored, iter_file, scan_file
from rakestats.formats._dispatch import PARSERS
from rakestats.formats.files import Block, TextBlock
from rakestats.formats.stud import StudReader, _lean_base
from rakestats.formats.stud._lean_text import literal_prefix
from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._arrow import columns_to_tables, hands_to_tables
from tests._hypothesis import examples

DATA = Path(__file__).parents[2] / "data"
STARS_RAZZ = sorted((DATA / "razz" / "stars").glob("*.txt"))
STARS = STARS_RAZZ + sorted((DATA / "stud").glob("*/Stars/*/*.txt"))

COMPILED = compiled(pure_lean)
IMPLEMENTATIONS = [pure_lean] + ([COMPILED] if COMPILED is not None else [])


@pytest.fixture(params=IMPLEMENTATIONS, ids=lambda m: "compiled" if m is COMPILED else "pure")
def lean(request: pytest.FixtureRequest) -> Any:
    return request.param


def _stud_files() -> list[Path]:
    """Every file of the test data that a stud room's reader reads."""
    out = []
    for path in sorted((DATA / "stud").rglob("*")) + STARS_RAZZ:
        if not path.is_file() or path.name in ("README.md", ".gitattributes"):
            continue
        try:
            plan = formats._plan(path, None, None)
        except formats.UnrecognizedFileError:
            continue  # a room whose reader is not registered yet
        if any(p is not None and issubclass(p, StudReader) for _, p in plan):
            out.append(path)
    return out


FILES = _stud_files()


def _blocks(path: Path) -> Iterator[tuple[StudReader, Block | TextBlock]]:
    for src, parser_type in formats._plan(path, None, None):
        if parser_type is None or not issubclass(parser_type, StudReader):
            continue
        parser = parser_type()
        with src.opener() as stream:
            yield from ((parser, block) for block in parser.blocks(stream))


def _lean(lean: Any, parser: StudReader, block: Block | TextBlock) -> HandColumns | None:
    cols = HandColumns()
    done = lean.scan_block(parser, block, "f.txt", cols)
    assert done is not False  # a new batch holds no hand yet
    return cols if done else None


@contextmanager
def _full_reader() -> Iterator[None]:
    """The full reader alone: the fast path off (in the scan and in ``record``)."""
    before = _lean_base.ENABLED
    _lean_base.ENABLED = False
    try:
        yield
    finally:
        _lean_base.ENABLED = before


def _full(parser: StudReader, block: Block | TextBlock) -> list[Any]:
    with _full_reader():
        return formats._block_results(parser, block, "f.txt")


def _same_rows(a: dict[str, pa.Table], b: dict[str, pa.Table]) -> None:
    for name in a:
        assert a[name].column_names == b[name].column_names
        for col in a[name].column_names:
            assert a[name][col].equals(b[name][col]), (name, col)


def test_every_stud_hand_of_the_test_data_gives_the_same_rows_both_ways(lean: Any) -> None:
    taken = accepted = 0
    for path in FILES:
        for parser, block in _blocks(path):
            cols = _lean(lean, parser, block)
            results = _full(parser, block)
            good = [r for r in results if isinstance(r, HandRecord)]
            accepted += len(good)
            if cols is None:
                continue
            taken += 1
            assert len(results) == len(good) == 1, (path.name, block.start, results)
            _same_rows(columns_to_tables(cols, 0), hands_to_tables(good, 0))
    assert len(FILES) >= 20
    assert taken >= 70 and accepted >= taken


def test_every_pokerstars_hand_takes_the_fast_path(lean: Any) -> None:
    """PokerStars' hands in the test data are all read by the fast path, but for the
    one dealt a community card on 7th street (left to the full reader)."""
    declined: dict[str, int] = {}
    taken = 0
    for path in STARS:
        for parser, block in _blocks(path):
            cols = HandColumns()
            cols.declined = declined  # type: ignore[attr-defined]
            if lean.scan_block(parser, block, path.name, cols):
                taken += 1
    assert taken >= 30
    assert set(declined) <= {"another game", "a community card"}, declined
    assert declined.get("a community card", 0) <= 1


def _scan(path: Path, monkeypatch: pytest.MonkeyPatch, on: bool) -> tuple[HandColumns, list[Any]]:
    monkeypatch.setattr(_lean_base, "ENABLED", on)
    cols = HandColumns()
    return cols, list(scan_file(path, cols))


@pytest.mark.parametrize("path", FILES, ids=[p.name[:40] for p in FILES])
def test_scan_file_with_and_without_the_fast_path(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fast, fast_results = _scan(path, monkeypatch, True)
    full, full_results = _scan(path, monkeypatch, False)
    assert fast_results == full_results
    _same_rows(columns_to_tables(fast, 0), columns_to_tables(full, 0))
    with _full_reader():
        records = [r for r in iter_file(path) if isinstance(r, HandRecord)]
    first: dict[int, HandRecord] = {}
    for r in records:
        first.setdefault(hand_key(r.site, r.hand_id), r)
    _same_rows(columns_to_tables(fast, 0), hands_to_tables(list(first.values()), 0))


@pytest.mark.parametrize("path", FILES, ids=[p.name[:40] for p in FILES])
def test_every_room_reads_the_same_records_with_the_fast_replay(path: Path) -> None:
    """``iter_file`` (every room's own reading, then ``StudReader.record``): the fast
    replay gives the records the full replay gives, quarantines and skips alike."""
    fast = list(iter_file(path))
    with _full_reader():
        full = list(iter_file(path))
    assert fast == full


def _hands_of(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8").lstrip("\ufeff").replace("\r\n", "\n")
    return [h.strip("\n") + "\n" for h in re.split(r"\n\s*\n", text) if h.strip()]


def test_replicated_hands_with_new_ids(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The benchmark's data: the real hands copied with new hand ids, in one file."""
    hands = [h for path in STARS for h in _hands_of(path)]
    copies = []
    for k in range(3 * len(hands)):
        hand = hands[k % len(hands)]
        copies.append(re.sub(r"#\d+:", f"#9{k:011d}:", hand, count=1))
    path = tmp_path / "replicated.txt"
    path.write_text("\n\n".join(copies), encoding="utf-8")
    fast, fast_results = _scan(path, monkeypatch, True)
    full, full_results = _scan(path, monkeypatch, False)
    assert fast_results == full_results
    assert fast_results.count(Stored.STORED) >= 3 * 30
    _same_rows(columns_to_tables(fast, 0), columns_to_tables(full, 0))


# Broken variants of real hands of one file: (text to find, its replacement); each must
# be quarantined by the full reader's reason, the fast path passing it on.
RAZZ = DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt"
BROKEN = [
    ("SilkZone collected $0.39", "SilkZone collected $0.38"),
    ("SilkZone collected $0.39", "kobreli collected $0.39"),
    ("Seat 8: SilkZone collected ($0.39)", "Seat 8: SilkZone collected ($0.40)"),
    ("willy32948: bets $0.04", "willy32948: bets $0.08"),
    ("meg100: calls $0.02", "meg100: calls $0.03"),
    ("Dealt to meg100 [3s]", "Dealt to meg100 [3h]"),
    ("Uncalled bet ($0.08)", "Uncalled bet ($0.04)"),
    ("Total pot $0.41 | Rake $0.02", "Total pot $0.41 | Rake $0.01"),
    ("kobreli: brings in for $0.02", "kobreli: brings in for $0.03"),
    ("s0rrow: folds", "s0rrow: checks"),
    ("manga130: bets $0.04 and is all-in", "manga130: bets $0.04"),
    ("(Lo: 6,5,3,2,A)", "(Lo: 6,5,4,2,A)"),
    ("kobreli collected $0.80", "manga130 collected $0.80"),
]


def _first_hand_with(path: Path, text: str) -> str:
    return next(h for h in _hands_of(path) if text in h)


@pytest.mark.parametrize("case", BROKEN, ids=[f"{b[0][:24]}->{b[1][:24]}" for b in BROKEN])
def test_a_broken_hand_is_quarantined_with_the_full_readers_reason(
    case: tuple[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lean: Any
) -> None:
    old, new = case
    hand = _first_hand_with(RAZZ, old).replace(old, new, 1)
    path = tmp_path / "broken.txt"
    path.write_text(hand, encoding="utf-8")
    with _full_reader():
        expected = list(iter_file(path))
    assert len(expected) == 1 and isinstance(expected[0], QuarantineRecord), expected
    assert list(iter_file(path)) == expected
    parser, block = next(_blocks(path))
    cols = HandColumns()
    cols.declined = {}  # type: ignore[attr-defined]
    assert lean.scan_block(parser, block, str(path), cols) is None
    assert len(cols) == 0 and sum(cols.declined.values()) == 1  # type: ignore[attr-defined]
    fast, results = _scan(path, monkeypatch, True)
    assert results == expected and len(fast) == 0


_WORDS = (("s]", "h]"), ("A", "K"), ("2", "3"), ("checks", "folds"), ("calls", "bets"),
          ("won", "lost"), ("all-in", "in"), ("folds", "checks"))  # fmt: skip


def _mutate(lines: list[str], rnd: random.Random) -> list[str]:
    """One random change: a digit, a card or a word changed, a line dropped, swapped with
    the next or repeated."""
    out = list(lines)
    i = rnd.randrange(1, len(out))
    how = rnd.choice(("digit", "word", "drop", "swap", "repeat"))
    if how == "drop":
        del out[i]
    elif how == "swap":
        out[i : i + 2] = out[i : i + 2][::-1]
    elif how == "repeat":
        out.insert(i, out[i])
    elif how == "digit" and (digits := [m.start() for m in re.finditer(r"\d", out[i])]):
        k = rnd.choice(digits)
        out[i] = out[i][:k] + str((int(out[i][k]) + rnd.randrange(1, 10)) % 10) + out[i][k + 1 :]
    else:
        old, new = next(((a, b) for a, b in _WORDS if a in out[i]), ("", ""))
        out[i] = out[i].replace(old, new, 1) if old else out[i]
    return out


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_a_mutated_hand_is_left_to_the_full_reader_or_read_as_it_reads_it(
    lean: Any, tmp_path: Path, data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(STARS))
    hand = data.draw(st.sampled_from(_hands_of(path)))
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    lines = hand.rstrip("\n").split("\n")
    for _ in range(data.draw(st.integers(1, 3))):
        lines = _mutate(lines, rnd)
    target = tmp_path / "mutated.txt"
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for parser, block in _blocks(target):
        cols = _lean(lean, parser, block)
        if cols is not None:
            good = [r for r in _full(parser, block) if isinstance(r, HandRecord)]
            assert len(good) == 1, "the fast path stored a hand the full reader refuses"
            _same_rows(columns_to_tables(cols, 0), hands_to_tables(good, 0))


def test_a_hero_whose_last_card_is_not_written_keeps_the_down_cards_known(
    lean: Any, tmp_path: Path
) -> None:
    """The hero's river line left out: the hand is read either way, and the hero's
    cards are every card the history shows, the two known down cards with the up cards
    (not the up cards alone, as for a player whose down cards are all unknown)."""
    path = DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt"
    hand = next(h for h in _hands_of(path) if "#35874590575:" in h)
    river = "Dealt to s0rrow [4c 2h 8h 7c Ah 2s] [5h]\n"
    assert river in hand
    target = tmp_path / "no-river-line.txt"
    target.write_text(hand.replace(river, ""), encoding="utf-8")
    [(parser, block)] = list(_blocks(target))
    cols = _lean(lean, parser, block)
    good = [r for r in _full(parser, block) if isinstance(r, HandRecord)]
    assert cols is not None and len(good) == 1
    players = columns_to_tables(cols, 0)["players"].to_pylist()
    hero = next(p for p in players if p["player"] == "s0rrow")
    assert (hero["cards"], hero["hole_cards"], hero["up_cards"]) == (
        "4c 2h 8h 7c Ah 2s",
        None,
        "8h 7c Ah 2s",
    )
    _same_rows(columns_to_tables(cols, 0), hands_to_tables(good, 0))


def test_a_pattern_is_tried_only_on_lines_that_begin_with_its_literal_prefix() -> None:
    lines = [ln for path in FILES for ln in path.read_text("utf-8", "replace").splitlines()]
    readers = [p for p in PARSERS if issubclass(p, StudReader)]
    assert len(readers) >= 3
    for reader in readers:
        for pattern in (reader.section, reader.capped, reader.uncalled, reader.total,
                        reader.summary_seat):  # fmt: skip
            prefix = literal_prefix(pattern)
            for line in lines:
                if pattern.match(line):
                    assert line.startswith(prefix), (reader.__name__, pattern.pattern, line)
    assert literal_prefix(re.compile(r"^Seat (?P<seat>\d+): ")) == "Seat "
    assert literal_prefix(re.compile(r"^a|b")) == ""
    assert literal_prefix(re.compile(r"^ab*c")) == "a"
    assert literal_prefix(re.compile(r"^Total", re.IGNORECASE)) == ""


def test_the_hands_passed_on_are_counted_by_reason(lean: Any) -> None:
    cols = HandColumns()
    cols.declined = {}  # type: ignore[attr-defined]
    for path in FILES:
        for parser, block in _blocks(path):
            lean.scan_block(parser, block, path.name, cols)
    declined: dict[str, int] = cols.declined  # type: ignore[attr-defined]
    assert sum(declined.values()) > 0
    assert not [r for r in declined if r.startswith("internal error")], declined


def test_the_environment_turns_the_fast_path_off() -> None:
    code = "import rakestats.formats.stud._lean as m; print(m.enabled())"
    for value, expected in (("0", "False"), ("1", "True")):
        out = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            env={"RAKESTATS_STUD_LEAN": value, "RAKESTATS_PURE_PYTHON": "1", "PATH": ""},
        )
        assert out.stdout.strip() == expected


def test_a_failure_while_appending_leaves_the_batch_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand's rows are all made before the first is appended: a bug on the way (the
    hand goes to the full reader as an internal error) adds none of them."""
    import rakestats.formats.stud._lean_end as pure_end

    blocks = iter(next(b for b in (list(_blocks(p)) for p in STARS_RAZZ) if len(b) > 1))
    cols = HandColumns()
    cols.declined = {}  # type: ignore[attr-defined]
    assert pure_lean.scan_block(*next(blocks), "f.txt", cols)
    players = len(cols.players["player"])
    actions = len(cols.actions["prow"])

    def failing(*args: Any) -> list[Any]:
        raise KeyError("a bug")

    monkeypatch.setattr(pure_end, "player_rows", failing)
    assert pure_lean.scan_block(*next(blocks), "f.txt", cols) is None
    assert cols.declined == {"internal error: KeyError": 1}  # type: ignore[attr-defined]
    assert (len(cols), len(cols.players["player"]), len(cols.actions["prow"])) == (
        1,
        players,
        actions,
    )

"""The lean validation path against the full parser.

The lean path (``rakestats.formats.rake._lean``) must accept every hand rakestats writes,
give exactly the rows the full parser gives, and never accept a hand the full parser
rejects: whatever it does not vouch for goes to the full parser.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rakestats.formats.rake._lean as pure_lean
from rakestats._speedups import compiled
from rakestats.columns import HandColumns, hand_key
from rakestats.formats import RakeParser, Stored, iter_file, scan_file
from rakestats.formats.files import TextBlock, iter_blocks
from rakestats.formats.rake._unhandled import Unhandled
from rakestats.records import HandRecord
from rakestats.sim import simulate
from rakestats.warehouse._arrow import columns_to_tables, hands_to_tables
from tests._hypothesis import examples

from .test_parse_broken import BROKEN, GOOD

DATA = Path(__file__).parents[2] / "data" / "rake"


COMPILED = compiled(pure_lean)
IMPLEMENTATIONS = [pure_lean] + ([COMPILED] if COMPILED is not None else [])


@pytest.fixture(params=IMPLEMENTATIONS, ids=lambda m: "compiled" if m is COMPILED else "pure")
def lean(request: pytest.FixtureRequest) -> Any:
    return request.param


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("lean")
    simulate(700, "2-8", 5, root / "server", jobs=1, fee_cap=None)
    simulate(150, "3-6", 6, root / "player", view="player", jobs=1, house_fee=0)
    files = sorted(p for p in root.rglob("*.txt"))
    return [*files, DATA / "server.txt", DATA / "player.txt"]


def _hands(path: Path) -> list[tuple[int, list[str]]]:
    """(first line, lines) of each hand of a file, as the reader splits it."""
    with path.open("rb") as fh:
        return [(b.start, b.lines) for b in iter_blocks(fh) if isinstance(b, TextBlock)]


def _lean(lean: Any, lines: list[str], start: int) -> HandColumns | None:
    cols = HandColumns()
    try:
        assert lean.lean_hand(lines, start, "f.txt", cols)
    except Unhandled as e:  # the parser decides; a failure of the fast path is a bug
        assert not e.reason.startswith("internal error"), (e.reason, e.__cause__)
        assert len(cols) == 0
        return None
    return cols


def _full(lines: list[str], start: int) -> HandRecord | None:
    rec = RakeParser().parse_hand(lines, start, "f.txt")
    return rec if isinstance(rec, HandRecord) else None


def _same_rows(a: dict[str, pa.Table], b: dict[str, pa.Table]) -> None:
    for name in a:
        for col in a[name].column_names:
            assert a[name][col].equals(b[name][col]), (name, col)


def test_every_written_hand_takes_the_lean_path_with_the_same_rows(
    lean: Any, corpus: list[Path]
) -> None:
    n = 0
    for path in corpus:
        for start, lines in _hands(path):
            cols = _lean(lean, lines, start)
            assert cols is not None, (path.name, start)
            rec = _full(lines, start)
            assert rec is not None
            _same_rows(columns_to_tables(cols, 0), hands_to_tables([rec], 0))
            n += 1
    assert n > 850


def test_a_batch_mixing_lean_rows_and_records_keeps_their_order(
    lean: Any, corpus: list[Path]
) -> None:
    """The lean path appends flat rows that move into the columns when they are read
    or before a record is added: in a batch that mixes the two, every row still points
    at its own hand and player."""
    hands = [h for path in corpus[:3] for h in _hands(path)][:60]
    cols = HandColumns()
    records = []
    for k, (start, lines) in enumerate(hands):
        rec = _full(lines, start)
        assert rec is not None
        records.append(rec)
        if k % 3 == 2:
            assert cols.add(rec)
        else:
            assert lean.lean_hand(lines, start, "f.txt", cols)
        if k % 7 == 6:
            assert len(cols.players["hand"]) == sum(len(r.players) for r in records)
        assert len(cols) == k + 1
    _same_rows(columns_to_tables(cols, 0), hands_to_tables(records, 0))


def test_scan_file_stores_the_same_tables_as_iter_file(corpus: list[Path]) -> None:
    for path in corpus[:3] + corpus[-2:]:
        cols = HandColumns()
        results = list(scan_file(path, cols))
        records = [r for r in iter_file(path) if isinstance(r, HandRecord)]
        first: dict[int, HandRecord] = {}
        for r in records:
            first.setdefault(hand_key(r.site, r.hand_id), r)
        assert len(results) == len(records)
        assert results.count(Stored.STORED) == len(first)  # the rest: another view's copy
        assert results.count(Stored.REPEAT) == len(records) - len(first)
        _same_rows(columns_to_tables(cols, 0), hands_to_tables(list(first.values()), 0))


@pytest.mark.parametrize("case", BROKEN, ids=[b[3][:40] for b in BROKEN])
def test_the_lean_path_refuses_every_broken_hand(
    lean: Any, case: tuple[int, str, str, str, str]
) -> None:
    hand, old, new = case[0], case[1], case[2]
    text = GOOD[hand].replace(old, new, 1)
    lines = [ln for ln in text.split("\n") if ln]
    assert _full(lines, 1) is None
    assert _lean(lean, lines, 1) is None


def _mutate(lines: list[str], rnd: random.Random) -> list[str]:
    out = list(lines)
    i = rnd.randrange(len(out))
    line = out[i]
    kind = rnd.randrange(6)
    if kind == 0:  # change a digit
        digits = [k for k, ch in enumerate(line) if ch.isdigit()]
        if digits:
            k = rnd.choice(digits)
            line = line[:k] + str((int(line[k]) + rnd.randrange(1, 10)) % 10) + line[k + 1 :]
    elif kind == 1:  # drop a line
        del out[i]
        return out
    elif kind == 2:  # swap with the next line
        if i + 1 < len(out):
            out[i], out[i + 1] = out[i + 1], out[i]
        return out
    elif kind == 3:  # change a card
        for a, b in (("s ", "w "), ("A", "K"), ("f]", "c]"), ("2", "3")):
            if a in line:
                line = line.replace(a, b, 1)
                break
    elif kind == 4:  # a word for another
        for a, b in (
            ("checks", "folds"),
            ("calls", "bets"),
            ("up", "down"),
            ("won", "lost"),
            ("win", "loss"),
            ("first", "second"),
            ("(dealer)", ""),
            ("all-in", "in"),
        ):
            if a in line:
                line = line.replace(a, b, 1)
                break
    else:  # repeat a line
        out.insert(i, line)
    out[i] = line
    return out


@settings(
    max_examples=examples(300),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(st.data())
def test_a_mutated_hand_is_refused_or_read_as_the_full_parser_reads_it(
    lean: Any, corpus: list[Path], data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(corpus))
    hands = _hands(path)
    start, lines = data.draw(st.sampled_from(hands))
    rnd = random.Random(data.draw(st.integers(0, 2**32)))
    mutated = lines
    for _ in range(data.draw(st.integers(1, 3))):
        mutated = _mutate(mutated, rnd)
    cols = _lean(lean, mutated, start)
    rec = _full(mutated, start)
    if cols is not None:
        assert rec is not None, "the lean path accepted a hand the parser rejects"
        _same_rows(columns_to_tables(cols, 0), hands_to_tables([rec], 0))


SEAT_LINES = [
    "Seat {seat}: {name} ({chips} in chips)",  # as written
    "Seat {seat}: {name} (0{chips} in chips)",  # a leading zero
    "Seat 0{seat}: {name} ({chips} in chips)",
    "Seat {seat}: {name} ({chips}  in chips)",
    "Seat {seat}: {name} ({chips} in chips) ",
    "Seat {seat}:{name} ({chips} in chips)",
    "Seat {seat}: {name}({chips} in chips)",
    "Seat {seat}: {name} (\u0661{chips} in chips)",  # an Arabic-Indic digit
    "Seat {seat}: {name} ( in chips)",
    "Seat : {name} ({chips} in chips)",
    "Seat {seat}:  ({chips} in chips)",
    "Seat {seat}: {name} (x) ({chips} in chips)",  # names may hold what the line holds
    "Seat {seat}: {name}: a ({chips} in chips)",
    "Seat {seat}: {name} ({chips} in chips) ({chips} in chips)",
    "Seat {seat}: ({chips} in chips) {name} ({chips} in chips)",
    "Seat {seat}: {name} (12345678901234567890 in chips)",
]


@pytest.mark.parametrize("form", SEAT_LINES)
def test_a_seat_line_is_read_as_the_full_parser_reads_it(lean: Any, form: str) -> None:
    """Each form of the second seat line, with the name changed to match wherever the
    hand names the player: the lean path refuses it or gives the parser's rows."""
    start, lines = _hands(DATA / "server.txt")[0]
    at = next(i for i, line in enumerate(lines) if line.startswith("Seat ")) + 1
    m = re.fullmatch(r"Seat (\d+): (.+) \((\d+) in chips\)", lines[at])
    assert m is not None
    seat, name, chips = m.groups()
    line = form.format(seat=seat, name=name, chips=chips)
    new_name = re.fullmatch(r"Seat [^:]*: (.*) \([^(]*\)", line)
    changed = list(lines)
    changed[at] = line
    if new_name is not None and new_name[1] != name and new_name[1].strip():
        changed = [
            changed[at] if i == at else ln.replace(name, new_name[1])
            for i, ln in enumerate(changed)
        ]
    cols = _lean(lean, changed, start)
    rec = _full(changed, start)
    if form == SEAT_LINES[0] or "(x)" in form or ": a" in form:
        assert cols is not None, line
    if cols is None:
        return
    assert rec is not None, f"the lean path accepted a seat line the parser rejects: {line!r}"
    _same_rows(columns_to_tables(cols, 0), hands_to_tables([rec], 0))


_HEADER_GROUPS = ("site", "hand_id", "ante", "Y", "m", "d", "H", "M", "S", "zone")
_HEADER_PARTS = ("site", "hand_id", "ante", "day", "time", "zone", "tail")
# each part of a header: as rakestats writes it (read by place), then near misses (white
# space, colons, other digits, the header's own words inside its values, characters
# missing or added), left to the pattern
_WRITTEN = {
    "site": ["Isle", "Rakestats Sim", "x:y", " ", "Rake Hand #1", "S\t"],  # (checked later)
    "hand_id": ["H-1", "234d6ade7348-0002-000001", "#", "~"],
    "ante": ["10", "0", "007", "1" * 18],
    "day": ["2026/01/05", "2026/13/45"],
    "time": [" 02:09:00", " 24:61:61"],  # (with the space before each)
    "zone": [" UTC", " +05:30", " -11:00"],
    "tail": [""],
}
_NEAR = {
    # the pattern takes the second "Rake Hand"; a line not in ASCII is its own
    "site": ["", "A Rake Hand #B", "\u00e9le"],
    "hand_id": ["a b", "a:b", "a\tb", "\u00e9", "", "a\u2028", "a\x00"],
    "ante": ["1" * 19, "\u0661", "", "1 ", " 1", "-1", "1.5"],
    "day": ["2026-01-05", "026/01/05", "2026/01/5", "2026/01/05 ", "\u0662026/01/05"],
    "time": [" 2:09:00", " 02:09", " \u0662\u0662:09:00", " 02:09:00.5", " 02.09.00", "_02:09:00"],
    "zone": [
        *(" utc", " +5:30", " +05-30", " UTC ", " +05:3", " 05:30", " *05:30", "\tUTC"),
        *("_+05:30", " +\u0660\u0665:30", " +0a:30", " +05:3x", ""),
    ],
    "tail": [" ", ": No Limit (ante 5) - 2026/01/05 02:09:00 UTC", "\u2028"],
}


def _check_header(lean: Any, parts: dict[str, str]) -> object:
    """What ``header_fields`` reads of the header of these parts, checked against the
    header pattern."""
    line = "{site} Rake Hand #{hand_id}: No Limit (ante {ante}) - {day}{time}{zone}{tail}"
    line = line.format(**parts)
    found = lean.header_fields(line)
    m = RakeParser.header_pattern.match(line)
    if found is not None:
        assert m is not None, line
        assert found == m.group(*_HEADER_GROUPS), line
    return found


@pytest.mark.parametrize(
    ("part", "text"),
    [(p, t) for p in _HEADER_PARTS for t in _WRITTEN[p][1:] + _NEAR[p]],
)
def test_a_header_read_by_place_has_the_header_patterns_groups(
    lean: Any, part: str, text: str
) -> None:
    """Each part of a written header changed: what the validator reads of it by place,
    the header pattern matches with the same groups (or the pattern decides); a header
    as rakestats writes it is read by place."""
    parts = {p: _WRITTEN[p][0] for p in _HEADER_PARTS} | {part: text}
    found = _check_header(lean, parts)
    assert (found is not None) == (text in _WRITTEN[part])


@settings(max_examples=examples(300), deadline=None)
@given(
    st.fixed_dictionaries({p: st.sampled_from(_WRITTEN[p] + _NEAR[p]) for p in _HEADER_PARTS}),
    st.sampled_from(IMPLEMENTATIONS),
)
def test_a_header_with_parts_changed_together_is_read_as_the_pattern_reads_it(
    parts: dict[str, str], lean: Any
) -> None:
    _check_header(lean, parts)


def test_the_compiled_copy_is_used_only_while_its_sources_are_unchanged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rakestats._speedups as speedups

    if COMPILED is None:
        assert speedups.load(pure_lean) is pure_lean
        return
    assert speedups.load(pure_lean) is COMPILED
    monkeypatch.setattr(speedups, "_digest", "0" * 64)  # as if a source had been edited
    assert speedups.load(pure_lean) is pure_lean
    monkeypatch.setenv("RAKESTATS_PURE_PYTHON", "1")
    monkeypatch.setattr(speedups, "_digest", None)
    assert speedups.load(pure_lean) is pure_lean


def test_the_install_compiled_the_hot_modules_where_it_could() -> None:
    import os
    import shutil
    import sysconfig

    headers = Path(sysconfig.get_paths()["include"], "Python.h").exists()
    if os.environ.get("RAKESTATS_PURE_PYTHON") or shutil.which("cc") is None or not headers:
        pytest.skip("no C compiler or Python headers here: rakestats runs as pure Python")
    assert COMPILED is not None, "no current compiled copy: rebuild with make (setup.py)"

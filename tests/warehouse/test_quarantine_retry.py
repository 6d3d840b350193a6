"""``retry_quarantined``: every open entry is re-validated from its raw text; one whose
text is in no known format stays as it is, and one that still fails reads as a fresh
ingest of its file would give it (the file's line numbers, not the hand's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rakestats.formats
import rakestats.formats.rake.parser as rake_parser
import rakestats.warehouse._maintenance as maintenance
from rakestats import Warehouse
from rakestats.formats.rake._lean import Unhandled
from tests._calling_hands import calling_hands, damaged


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return calling_hands(tmp_path_factory.mktemp("retry-src"), 7, 8)


def _write(path: Path, parts: list[str]) -> Path:
    path.write_text("".join(p + "\n\n\n" for p in parts), encoding="utf-8")
    return path


def _entries(wh: Warehouse) -> list[tuple[str, int, str]]:
    q = wh.quarantine()
    return list(zip(q["source_file"], q["line"], q["reason"], strict=True))


def _defer(*args: object) -> bool:
    raise Unhandled


@pytest.mark.parametrize("batch", [10_000, 1, 3])
def test_an_entry_in_no_known_format_stays_and_the_others_are_retried(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """(And the same whatever the number of entries retried at a time: a large
    quarantine is read a batch at a time, those that still fail written as found.)"""
    monkeypatch.setattr(maintenance, "_RETRY_BATCH", batch)
    target = hands[4].split("\n", 1)[0].split(":")[0]
    original = rake_parser.RakeParser.parse_hand

    def buggy(self, lines, first_line, source_file):  # type: ignore[no-untyped-def]
        if target in lines[0]:  # a validator bug that rejects one good hand
            return self.quarantine(lines, first_line, "rejected by a buggy rule", source_file)
        return original(self, lines, first_line, source_file)

    headless = hands[1].replace(" Rake Hand #", " Rake Hnd #", 1)
    garbage = "".join(map(chr, range(1, 9))) + "\x00\x7f"
    path = tmp_path / "in.txt"
    text = "".join(p + "\n\n\n" for p in [hands[0], headless, hands[2], garbage, hands[3]])
    path.write_bytes(text.encode() + b"\xff\xfe\xfd\n\n\n" + (hands[4] + "\n\n\n").encode())
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", buggy)
    monkeypatch.setattr(rakestats.formats, "lean_hand", _defer)
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([path])
    assert (s.ingested, s.quarantined) == (3, 4)
    before = _entries(wh)
    assert any("not a Rake hand header" in e[2] for e in before)
    assert any("invalid UTF-8" in e[2] for e in before)
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", original)  # the fix
    r = wh.retry_quarantined()
    assert (r.retried, r.ingested, r.duplicates, r.still_quarantined) == (4, 1, 0, 3)
    assert _entries(wh) == [e for e in before if "buggy" not in e[2]]
    assert len(wh.sql("SELECT * FROM hands")) == 4
    # the retried hand is stored whole: its players and actions with it
    for table in ("players", "actions"):
        rows = wh.sql(f"SELECT count(DISTINCT hand_key) AS n FROM {table}")
        assert int(rows["n"].iloc[0]) == 4


def test_a_hand_that_still_fails_keeps_the_files_line_numbers(
    hands: list[str], tmp_path: Path
) -> None:
    cut = "\n".join(hands[6].split("\n")[:9])
    path = _write(tmp_path / "in.txt", [*hands[:3], damaged(hands[3]), hands[4], cut])
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([path], pending_seconds=0)
    assert s.quarantined == 2
    before = _entries(wh)
    assert min(line for _, line, _ in before) > 100  # neither hand begins the file
    r = wh.retry_quarantined()
    assert (r.retried, r.still_quarantined) == (2, 2)
    assert _entries(wh) == before
    fresh = Warehouse(tmp_path / "fresh")
    fresh.ingest([path], pending_seconds=0)
    assert _entries(fresh) == before
    wh.retry_quarantined()  # and again: nothing drifts
    assert _entries(wh) == before


def test_a_failure_that_changed_says_its_line_numbers_are_the_hands(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = rake_parser.RakeParser.parse_hand

    def early(self, lines, first_line, source_file):  # type: ignore[no-untyped-def]
        at = first_line + 2
        return self.quarantine(lines, at, f"line {at}: an old rule", source_file)

    path = _write(tmp_path / "in.txt", [hands[0], damaged(hands[5])])
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", early)
    monkeypatch.setattr(rakestats.formats, "lean_hand", _defer)
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([path])
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", original)
    ((_, line, old),) = [e for e in _entries(wh) if e[1] > 10]
    assert old == f"line {line}: an old rule"
    wh.retry_quarantined()
    ((source, line_after, reason),) = [e for e in _entries(wh) if e[1] > 10]
    assert (source, line_after) == (str(path), line)
    fresh = Warehouse(tmp_path / "fresh")
    fresh.ingest([path])
    ((_, _, now),) = [e for e in _entries(fresh) if e[1] > 10]
    # where the new failure is in the file is not known: the hand's own lines are given
    first = len(hands[0].split("\n")) + 3
    m = re.match(r"line (\d+): ", now)
    assert m is not None
    within = int(m[1]) - first + 1
    assert reason == (
        f"line {within}: {now[m.end() :]} (line numbers counted from the hand's first line)"
    )


def test_an_entry_of_two_joined_hands_is_stored_as_two(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry quarantined before a failing block was cut at the hands in it (two
    hands of files joined without a blank line): a retry stores both."""
    path = tmp_path / "joined.txt"
    path.write_text(hands[0] + "\n" + hands[1] + "\n\n\n" + hands[2] + "\n\n\n", encoding="utf-8")
    monkeypatch.setattr(rakestats.formats, "_joined_hands", lambda p, lines, s: [(s, lines)])
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([path])
    assert (s.ingested, s.quarantined) == (1, 1)
    (entry,) = _entries(wh)
    assert entry[1] > 1 and "unexpected line" in entry[2]
    monkeypatch.undo()
    r = wh.retry_quarantined()
    assert (r.retried, r.ingested, r.duplicates, r.still_quarantined) == (1, 2, 0, 0)
    assert _entries(wh) == [] and len(wh.sql("SELECT * FROM hands")) == 3
    again = Warehouse(tmp_path / "fresh")  # as a fresh ingest of the file gives it
    assert again.ingest([path]).ingested == 3
    assert sorted(again.sql("SELECT hand_id FROM hands")["hand_id"]) == sorted(
        wh.sql("SELECT hand_id FROM hands")["hand_id"]
    )


def test_entries_resolved_before_stay_whatever_the_batch(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Open and resolved entries mixed in the batches: the open ones still failing are
    kept in their order, the resolved ones as they were."""
    monkeypatch.setattr(maintenance, "_RETRY_BATCH", 2)
    wh = Warehouse(tmp_path / "wh")
    cut = [h.split("\n") for h in hands[:5]]
    live = _write(tmp_path / "live.txt", ["\n".join(c[:9]) for c in cut])
    s = wh.ingest([live], pending_seconds=0)
    assert s.quarantined == 5
    wh.ingest([_write(tmp_path / "whole.txt", [hands[1], hands[3]])])  # resolves two
    before_open, before_all = _entries(wh), wh.quarantine(resolved=True)
    assert len(before_open) == 3 and len(before_all) == 5
    r = wh.retry_quarantined()
    assert (r.retried, r.ingested, r.still_quarantined) == (3, 0, 3)
    assert _entries(wh) == before_open
    after = wh.quarantine(resolved=True)
    key = ["source_file", "line"]
    done = after[after["resolved_at"].notna()].sort_values(key, ignore_index=True)
    was = before_all[before_all["resolved_at"].notna()].sort_values(key, ignore_index=True)
    assert len(done) == 2
    assert done.drop(columns="quarantined_at").equals(was.drop(columns="quarantined_at"))


@pytest.mark.parametrize("batch", [1, 2, 10_000])
def test_hands_that_pass_are_stored_a_batch_at_a_time(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    """89,074 entries that all passed took a retry to 1.9 GB when stored at once; a
    batch at a time, a hand's later copy is still a duplicate and another hand under a
    stored hand's id still a conflict, in whichever batch each falls."""
    stamp = re.search(r"\d\d:\d\d:\d\d UTC", hands[0])
    assert stamp is not None
    other = hands[0].replace(stamp.group(0), "23:59:59 UTC", 1)  # another hand, same id
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest([_write(tmp_path / "stored.txt", [hands[0]])]).ingested == 1
    original = rake_parser.RakeParser.parse_hand

    def buggy(self, lines, first_line, source_file):  # type: ignore[no-untyped-def]
        return self.quarantine(lines, first_line, "rejected by a buggy rule", source_file)

    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", buggy)
    monkeypatch.setattr(rakestats.formats, "lean_hand", _defer)
    first = _write(tmp_path / "q1.txt", [hands[1], hands[2], other, hands[3]])
    second = _write(tmp_path / "q2.txt", [hands[1], other, hands[4]])
    assert wh.ingest([first, second]).quarantined == 7
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", original)  # the fix
    monkeypatch.setattr(maintenance, "_RETRY_BATCH", batch)
    r = wh.retry_quarantined()
    assert (r.retried, r.ingested, r.duplicates, r.still_quarantined) == (7, 4, 1, 2)
    assert sorted(wh.sql("SELECT hand_id FROM hands")["hand_id"]) == sorted(
        h.split("#", 1)[1].split(":", 1)[0] for h in hands[:5]
    )
    left = wh.quarantine()
    assert sorted(left["source_file"]) == [str(first), str(second)]
    assert (left["raw_text"] == other).all()
    for table in ("players", "actions"):
        rows = wh.sql(f"SELECT count(DISTINCT hand_key) AS n FROM {table}")
        assert int(rows["n"].iloc[0]) == 5

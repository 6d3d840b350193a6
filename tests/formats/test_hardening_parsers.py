"""Regressions found by fuzzing the parsers: hostile values are quarantined with a
reason, never raised, and numbers that do not fit the warehouse never reach it."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[1] / "data"
RAKE_SERVER = (DATA / "rake" / "server.txt").read_text(encoding="utf-8")
RAKE_PLAYER = (DATA / "rake" / "player.txt").read_text(encoding="utf-8")
STARS = (DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt").read_text(encoding="utf-8")
PHH = (DATA / "razz" / "phh" / "wsop-2023-43-5-83.phh").read_text(encoding="utf-8")


def _first(tmp_path: Path, text: str, name: str = "h.txt") -> HandRecord | QuarantineRecord:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    got = list(iter_file(path))
    assert got, "the file yields its hands"
    first = got[0]
    assert isinstance(first, (HandRecord, QuarantineRecord))
    if isinstance(first, QuarantineRecord):
        assert "parser failed" not in first.reason, first.reason
    return first


def _quarantined(tmp_path: Path, text: str, name: str = "h.txt") -> QuarantineRecord:
    q = _first(tmp_path, text, name)
    assert isinstance(q, QuarantineRecord), q
    return q


def test_player_view_face_down_count_is_checked_before_use(tmp_path: Path) -> None:
    # was: a tuple of that many Nones built first (OverflowError, or gigabytes)
    text = RAKE_PLAYER.replace("Face down: 3 cards", "Face down: 999999999999999999 cards", 1)
    q = _quarantined(tmp_path, text)
    assert q.reason == "line 21: the middle holds 3 down cards, not 999999999999999999"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Seat 1: Ann (500 in chips)", "Seat 1: Ann (99999999999999999999999 in chips)"),
        ("Seat 1: Ann (500 in chips)", "Seat 1: Ann (" + "9" * 5000 + " in chips)"),
        ("Seat 1: Ann collected (20)", "Seat ²: Ann collected (20)"),
        ("Seat 1: Ann collected (20)", "Seat " + "1" * 5000 + ": Ann collected (20)"),
        ("House fee: 5% capped at 20", "House fee: " + "9" * 400 + "% capped at 20"),
    ],
)
def test_rake_numbers_too_long_are_quarantined(tmp_path: Path, old: str, new: str) -> None:
    # was: ValueError (int() of 4300+ digits, int('²')) or OverflowError, which stopped
    # the file as a read error; a 19-digit stack overflowed the warehouse's int64
    assert old in RAKE_SERVER
    q = _quarantined(tmp_path, RAKE_SERVER.replace(old, new, 1))
    assert "unexpected line" in q.reason


def test_stars_seat_number_too_long_is_quarantined(tmp_path: Path) -> None:
    text = STARS.replace("Seat 1: kobreli ($1.33", "Seat " + "1" * 5000 + ": kobreli ($1.33", 1)
    _quarantined(tmp_path, text)


@pytest.mark.parametrize(
    "when", ["2009/11/26 10:24:60", "2009/02/30 10:24:42", "2009/11/26 25:24:42"]
)
def test_stars_impossible_date_is_quarantined(tmp_path: Path, when: str) -> None:
    # was: ValueError from datetime() out of the parser
    q = _quarantined(tmp_path, STARS.replace("2009/11/26 10:24:42", when, 1))
    assert q.reason.startswith("line 1: no such date in the header: ")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("starting_stacks = [2150000, 27550000]", "starting_stacks = [inf, 27550000]"),
        ("starting_stacks = [2150000, 27550000]", "starting_stacks = 'abc'"),
        ("starting_stacks = [2150000, 27550000]", "starting_stacks = [{a = 1}, 2]"),
        ("antes = [100000, 100000]", "antes = 7"),
        ("players = ['Talal Shakerchi', 'Brian Rast']", "players = 5"),
    ],
)
def test_phh_values_of_the_wrong_type_are_quarantined(tmp_path: Path, old: str, new: str) -> None:
    # was: OverflowError / TypeError out of the parser
    assert old in PHH
    q = _quarantined(tmp_path, PHH.replace(old, new, 1), "h.phh")
    assert q.reason.startswith("line 1: ")


def test_phh_date_out_of_range_is_quarantined(tmp_path: Path) -> None:
    # was: OverflowError from datetime(int(year), ...); then dated 1970 as if undated
    text = PHH.replace("year = 2023", "year = " + "9" * 30, 1)
    q = _quarantined(tmp_path, text, "h.phh")
    assert "date out of range (years 1900 to 2999)" in q.reason, q.reason
    assert text.split("\n")[q.line - 1].startswith("year = 999")


def test_a_stack_that_fits_the_grammar_but_not_the_warehouse(tmp_path: Path) -> None:
    # 18 digits fit the Rake grammar; PHH has no such bound: the shared screen refuses
    # what the warehouse's 64-bit columns cannot hold
    text = PHH.replace("[2150000, 27550000]", f"[2150000, {2**64}]", 1)
    q = _quarantined(tmp_path, text.replace("finishing_stacks", "#", 1), "h.phh")
    assert "does not fit the warehouse (64-bit integers)" in q.reason

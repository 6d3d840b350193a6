"""The time of a hand header: a zone the reader does not know, an offset that is no UTC
offset, or a date beyond the years rakestats reads quarantines the hand with a reason
that names it; the zones and offsets the formats write are read to UTC, by both paths
of the ingest. (The Rake cases the fast path must also refuse are in
``rake/test_parse_broken.py``'s corpus, which ``rake/test_parse_lean.py`` runs through
both paths.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.columns import HandColumns, micros
from rakestats.formats import Stored, iter_file, scan_file
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

DATA = Path(__file__).parents[1] / "data"
STARS = (DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt").read_bytes()
STARS_HAND = STARS.split(b"\r\n\r\n\r\n\r\n")[0]  # its header's time: 2009/11/26 10:24:42 ET
STARS_TIME = b"2009/11/26 10:24:42 ET"
RAKE = (DATA / "rake" / "server.txt").read_bytes()
RAKE_HAND = RAKE.split(b"\n\n\n")[0]
RAKE_TIME = b"2026/01/05 12:01:00 UTC"
PHH = (DATA / "razz" / "phh" / "wsop-2023-43-5-20.phh").read_bytes().rstrip(b"\n") + b"\n"

Record = HandRecord | QuarantineRecord | SkipRecord


def _read(tmp_path: Path, data: bytes, name: str = "hands.txt") -> list[Record]:
    path = tmp_path / name
    path.write_bytes(data)
    return list(iter_file(path, display_name=name))


def _scan(tmp_path: Path, data: bytes, name: str = "hands.txt") -> list[object]:
    """What the bulk path (the fast paths first) makes of the file."""
    path = tmp_path / name
    path.write_bytes(data)
    return list(scan_file(path, HandColumns(), display_name=name))


def _one_quarantined(tmp_path: Path, data: bytes, reason: str, name: str = "hands.txt") -> None:
    """The file's one hand is quarantined at line 1 for ``reason``, by both paths."""
    for got in (_read(tmp_path, data, name), _scan(tmp_path, data, name)):
        assert len(got) == 1, got
        q = got[0]
        assert isinstance(q, QuarantineRecord), q
        assert q.line == 1 and q.reason == f"line 1: {reason}", q.reason
        assert "parser failed" not in q.reason


# ---------------------------------------------------------------------- PokerStars


@pytest.mark.parametrize("zone", ["AEST", "XX", "ABCDE"])
def test_a_stars_time_in_a_zone_the_reader_does_not_know_is_quarantined(
    tmp_path: Path, zone: str
) -> None:
    hand = STARS_HAND.replace(STARS_TIME, b"2009/11/26 10:24:42 " + zone.encode(), 1)
    _one_quarantined(tmp_path, hand, f"unknown time zone {zone!r}")


def test_an_unknown_local_zone_before_the_et_time_is_read_by_the_et_time(tmp_path: Path) -> None:
    """PokerStars writes the player's zone, then the ET time in brackets: the ET time is
    used, whatever the player's zone."""
    when = b"2009/11/27 02:24:42 AEDT [2009/11/26 10:24:42 ET]"
    (r,) = _read(tmp_path, STARS_HAND.replace(STARS_TIME, when, 1))
    assert isinstance(r, HandRecord), r
    assert r.played_at.isoformat() == "2009-11-26T15:24:42+00:00"


@pytest.mark.parametrize(
    ("zone", "utc"),
    [
        ("ET", "2009-11-26T15:24:42+00:00"),
        ("CET", "2009-11-26T09:24:42+00:00"),
        ("PT", "2009-11-26T18:24:42+00:00"),
        ("UTC", "2009-11-26T10:24:42+00:00"),
        ("MSK", "2009-11-26T07:24:42+00:00"),
    ],
)
def test_the_zones_stars_writes_are_read_to_utc(tmp_path: Path, zone: str, utc: str) -> None:
    hand = STARS_HAND.replace(STARS_TIME, b"2009/11/26 10:24:42 " + zone.encode(), 1)
    (r,) = _read(tmp_path, hand)
    assert isinstance(r, HandRecord), r
    assert r.played_at.isoformat() == utc


@pytest.mark.parametrize(
    "when",
    [
        "9999/12/31 23:24:42 ET",  # beyond what a datetime holds in UTC
        "0001/01/01 00:24:42 CET",  # before it
        "0001/01/01 00:24:42 ET",
        "1899/12/31 23:59:59 UTC",
        "3000/01/01 00:00:00 ET",
    ],
)
def test_a_stars_date_out_of_range_is_quarantined(tmp_path: Path, when: str) -> None:
    hand = STARS_HAND.replace(STARS_TIME, when.encode(), 1)
    _one_quarantined(tmp_path, hand, f"date out of range (years 1900 to 2999): {when!r}")


def test_the_first_and_last_years_are_read(tmp_path: Path) -> None:
    for when, utc in [
        (b"1900/01/01 00:00:00 UTC", "1900-01-01T00:00:00+00:00"),
        (b"2999/12/31 23:59:59 CET", "2999-12-31T22:59:59+00:00"),
    ]:
        (r,) = _read(tmp_path, STARS_HAND.replace(STARS_TIME, when, 1))
        assert isinstance(r, HandRecord), r
        assert r.played_at.isoformat() == utc


# ---------------------------------------------------------------------- Rake


@pytest.mark.parametrize(
    ("zone", "utc"),
    [
        ("+14:00", "2026-01-04T22:01:00+00:00"),
        ("-12:00", "2026-01-06T00:01:00+00:00"),
        ("+05:45", "2026-01-05T06:16:00+00:00"),
        ("-00:30", "2026-01-05T12:31:00+00:00"),
    ],
)
def test_the_utc_offsets_of_real_zones_are_read_by_both_paths(
    tmp_path: Path, zone: str, utc: str
) -> None:
    hand = RAKE_HAND.replace(RAKE_TIME, b"2026/01/05 12:01:00 " + zone.encode(), 1)
    (r,) = _read(tmp_path, hand)
    assert isinstance(r, HandRecord), r
    assert r.played_at.isoformat() == utc
    cols = HandColumns()
    path = tmp_path / "scan.txt"
    path.write_bytes(hand)
    assert list(scan_file(path, cols)) == [Stored.STORED]
    assert cols.hands["played_at"] == [micros(r.played_at)]


@pytest.mark.parametrize("zone", ["+05:99", "+05:60", "+24:00", "-14:01", "+15:00", "-99:99"])
def test_a_rake_offset_that_is_no_utc_offset_is_quarantined(tmp_path: Path, zone: str) -> None:
    hand = RAKE_HAND.replace(RAKE_TIME, b"2026/01/05 12:01:00 " + zone.encode(), 1)
    _one_quarantined(tmp_path, hand, f"invalid UTC offset {zone!r}")


@pytest.mark.parametrize(
    "when",
    [
        "9999/12/31 23:59:59 -01:00",
        "0001/01/01 00:00:00 +01:00",
        "0001/01/01 00:00:00 UTC",
        "3000/01/01 00:00:00 UTC",
    ],
)
def test_a_rake_date_out_of_range_is_quarantined(tmp_path: Path, when: str) -> None:
    hand = RAKE_HAND.replace(RAKE_TIME, when.encode(), 1)
    _one_quarantined(tmp_path, hand, f"date out of range (years 1900 to 2999): {when!r}")


# ---------------------------------------------------------------------- PHH


def test_a_phh_time_zone_the_reader_does_not_know_is_quarantined(tmp_path: Path) -> None:
    data = PHH + b"time = '10:30:00'\ntime_zone = 'AEST'\n"
    (q,) = _read(tmp_path, data, "h.phh")
    assert isinstance(q, QuarantineRecord), q
    assert q.reason.endswith(": unknown time zone 'AEST'"), q.reason
    assert "time_zone" in data.decode().split("\n")[q.line - 1]


def test_a_phh_time_zone_is_read_to_utc(tmp_path: Path) -> None:
    data = PHH + b"time = '10:30:00'\ntime_zone = 'America/Los_Angeles'\n"
    (r,) = _read(tmp_path, data, "h.phh")
    assert isinstance(r, HandRecord), r
    assert r.played_at.isoformat() == "2023-06-22T17:30:00+00:00"


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        (b"year = 2023", b"year = 9999", "date out of range (years 1900 to 2999): '9999-06-22'"),
        (b"year = 2023", b"year = 1", "date out of range (years 1900 to 2999): '0001-06-22'"),
        (b"month = 6", b"month = 13", "no such date: year 2023, month 13, day 22"),
        (b"day = 22", b"day = 31", "no such date: year 2023, month 6, day 31"),
    ],
)
def test_a_phh_date_that_is_none_or_out_of_range_is_quarantined(
    tmp_path: Path, old: bytes, new: bytes, reason: str
) -> None:
    data = PHH.replace(old, new) + b"time = '23:00:00'\ntime_zone = 'Pacific/Kiritimati'\n"
    (q,) = _read(tmp_path, data, "h.phh")
    assert isinstance(q, QuarantineRecord), q
    assert q.reason.endswith(f": {reason}"), q.reason
    assert new.decode() == data.decode().split("\n")[q.line - 1]

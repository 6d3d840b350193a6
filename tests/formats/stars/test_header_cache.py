"""PokerStars headers read once per game and stakes: the same header as a fresh read.

``parse_header`` keeps what a header says before its time (the game, the stakes, a
tournament's level) by that text, and reads only the hand id and the time of the next
hands. Every real header of the test data, and forms the cache must not take, read after
another hand of the same game (a different id and time) give the header a fresh read
gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.formats import HandError, stud
from rakestats.formats.stars import _header
from rakestats.formats.stars._header import parse_header
from tests._hypothesis import examples

DATA = Path(__file__).resolve().parents[2] / "data"
_ID_AND_TIME = re.compile(r"#(\d+):(.*) - (\d{4})/(\d\d)/(\d\d) (\d\d?):(\d\d):(\d\d)")


def _real_headers() -> list[str]:
    found = []
    for path in sorted(DATA.rglob("*.txt")):
        text = path.read_bytes().decode("utf-8-sig", errors="replace")
        found += [ln.strip() for ln in text.splitlines() if ln.startswith("PokerStars")]
    return sorted(set(found))


TRICKY = [
    # the forms of the module's docstring
    "PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET",
    "PokerStars Hand #49382949075: Tournament #2010090015, $200+$15 USD Razz Limit - "
    "Level IV (50/100) - 2010/09/09 18:27:23 ET",
    "PokerStars Game #25381215423:  HORSE (Razz Limit, $0.10/$0.20) - 2009/02/26 15:20:19 ET",
    "PokerStars Home Game #1: {Club} Razz Limit (10/20) - 2012/07/15 1:45:25 ET",
    "PokerStars Game #2: Razz Limit ($1/$2 USD) - 2026/05/27 20:17:39 EET [2026/05/27 13:17:39 ET]",
    # times the cache must not take: they could change how the patterns split the text
    "PokerStars Game #3: Razz Limit ($1/$2 USD) - 2026/05/27 - 20:17:39 ET",
    "PokerStars Game #4: Razz Limit ($1/$2 USD) - 2026/05/27 20:17:39 (ET)",
    "PokerStars Home Game #5: {Club Razz Limit (10/20) - 2012/07/15 1:45:25 ET}",
]


def _read(text: str, line: int) -> object:
    """The header, or the error's text when it is not one."""
    try:
        return parse_header(text, line)
    except HandError as e:
        return str(e)


def _fresh(text: str, line: int = 7) -> object:
    _header._BEFORE_TIME.clear()
    return _read(text, line)


def _sibling(text: str) -> str:
    """The same header for another hand: another id, another time the same day."""
    return _ID_AND_TIME.sub(
        lambda m: f"#9{m[1]}:{m[2]} - {m[3]}/{m[4]}/{m[5]} 0{int(m[6]) % 10}:0{m[7][1]}:{m[8]}",
        text,
        count=1,
    )


@pytest.mark.parametrize("text", _real_headers() + TRICKY)
def test_a_header_read_after_another_of_its_game_is_a_fresh_read(text: str) -> None:
    want = _fresh(text)
    other = _sibling(text)
    _read(other, 3)  # the cache now holds the game and stakes of ``text``
    assert _read(text, 7) == want
    assert _read(text, 7) == want  # and read from the cache a second time
    if other != text:
        assert _read(other, 3) == _fresh(other, 3)


def test_the_real_headers_are_many_and_varied() -> None:
    headers = _real_headers()
    assert len(headers) > 30
    assert any("Tournament" in h for h in headers)
    assert any("Tournament" not in h for h in headers)


def test_a_header_the_cache_takes_is_read_once_for_its_game() -> None:
    _header._BEFORE_TIME.clear()
    first, second = TRICKY[0], _sibling(TRICKY[0])
    a, b = parse_header(first, 1), parse_header(second, 2)
    assert len(_header._BEFORE_TIME) == 1
    assert (a.hand_id, b.hand_id) == ("35874566077", "935874566077")
    assert a.played_at != b.played_at
    assert (a.game, a.small_bet, a.big_bet) == (b.game, b.small_bet, b.big_bet)


def test_times_that_could_change_the_split_are_not_cached() -> None:
    _header._BEFORE_TIME.clear()
    for text in TRICKY[5:]:
        _read(text, 1)
        _read(_sibling(text), 1)
    assert not _header._BEFORE_TIME


def _time_or_error(read: Callable[[], object]) -> object:
    try:
        return read()
    except HandError as e:
        return str(e)


@settings(max_examples=examples(300), deadline=None)
@given(
    st.integers(1899, 2101),
    st.integers(0, 13),
    st.integers(0, 32),
    st.integers(0, 25),
    st.integers(0, 61),
    st.integers(0, 61),
    st.sampled_from(["ET", "EET", "CET", "UTC", "GMT", "AEST", "PST", "XYZ", "ABCDEF"]),
    st.booleans(),
)
def test_the_common_time_is_read_as_the_general_reading_reads_it(
    y: int, mo: int, d: int, h: int, mi: int, s: int, zone: str, pad: bool
) -> None:
    """A time in PokerStars' common form is read directly; every such text (dates that
    do not exist, month 0, zones known or not) gives the general reading's time or its
    error."""
    two = "02d" if pad else "d"
    text = f"{y}/{mo:{two}}/{d:{two}} {h}:{mi:02d}:{s:02d} {zone}"
    fast = _time_or_error(lambda: _header._time(text, 5))
    assert fast == _time_or_error(lambda: stud.preferred_time(text, 5, stud.DATE_TIME))

"""The shared stud reader's pieces: game names, split-pot shares after the rake, UTF-16
detection, pot labels, and the padding blocks a room writes between hands."""

from __future__ import annotations

import pytest

from rakestats.formats import iter_text
from rakestats.formats._utf16 import utf16_encoding
from rakestats.formats.fulltilt import FullTiltParser
from rakestats.formats.stud import StudHeader, classify_game
from rakestats.formats.stud._grammar import LineReader
from rakestats.formats.stud._model import CollectLine
from rakestats.formats.stud._settle import shares_fit
from rakestats.records import SkipRecord


@pytest.mark.parametrize(
    ("text", "game"),
    [("Razz Limit", "razz"), ("7 Card Stud Hi-Lo", "stud8"), ("Limit Stud H/L", "stud8"),
     ("7 CARD STUD HI/LO LIMIT", "stud8"), ("Limit Stud Hi", "stud"), ("7 Card Stud", "stud"),
     ("Limit 5 Card Stud", None), ("5-Card Stud Hi", None), ("2-7 Razz", None),
     ("Triple Stud", None), ("Hold'em No Limit", None), ("Omaha Hi/Lo", None)],
)  # fmt: skip
def test_classify_game(text: str, game: str | None) -> None:
    assert classify_game(text) == game


def test_shares_fit_halves_and_ties() -> None:
    assert shares_fit({1: 37, 2: 36}, [(1,), (2,)], 73)  # odd chip to the high half
    assert shares_fit({1: 36, 2: 37}, [(1,), (2,)], 73)  # or to the low half
    assert not shares_fit({1: 38, 2: 35}, [(1,), (2,)], 73)
    assert shares_fit({1: 46, 2: 23, 3: 22}, [(1,), (2, 3)], 91)  # a low half split in two
    assert not shares_fit({1: 47, 2: 22, 3: 22}, [(1,), (2, 3)], 91)
    assert shares_fit({1: 68, 2: 22}, [(1,), (1, 2)], 90)  # quartered: 45 + 23, and 22
    assert shares_fit({1: 73}, [(1,), (1,)], 73)  # a scoop of both halves


def test_utf16_detection() -> None:
    text = "Full Tilt Poker Game #1: Table T - $1/$2 - Limit Razz - 1:02:03 ET - 2010/01/01"
    assert utf16_encoding(b"\xff\xfe" + text.encode("utf-16-le")) == "utf-16-le"
    assert utf16_encoding(text.encode("utf-16-be")) == "utf-16-be"
    assert utf16_encoding(text.encode()) is None
    assert utf16_encoding(b"\x00" + text.encode()) is None  # PartyPoker's NUL padding


def test_pot_labels_are_normalised() -> None:
    from datetime import UTC, datetime

    header = StudHeader("Full Tilt Poker", "1", "stud", "Stud", False, None, "USD", 100, 100,
                        200, datetime(2010, 1, 1, tzinfo=UTC))  # fmt: skip
    reader = LineReader(FullTiltParser(), header, ["Ann B", "Ann"])
    lines = ["Ann B wins side pot #2 ($5)", "Ann wins the main pot ($7) with a pair of Aces",
             "Ann ties for the high pot ($3.50)", "Ann B wins the low side pot ($1)"]  # fmt: skip
    items = [reader.item(t, k, False) for k, t in enumerate(lines, 1)]
    assert items == [
        CollectLine(1, "Ann B", 500, "side pot-2"),
        CollectLine(2, "Ann", 700, "main pot"),
        CollectLine(3, "Ann", 350, "pot"),
        CollectLine(4, "Ann B", 100, "side pot"),
    ]


def test_padding_between_hands_is_not_a_hand() -> None:
    party = ["\x00Game #1 starts.", "", "#Game No : 1", "***** Hand History for Game 1 *****",
             "$1/$2 USD Texas Hold'em - Monday, August 30, 20:20:17 EEST 2010", "", "\x00"]  # fmt: skip
    records = list(iter_text(party, "party.txt"))
    assert len(records) == 1 and isinstance(records[0], SkipRecord)
    assert records[0].hand_id == "1"

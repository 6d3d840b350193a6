"""PokerStars Razz: file-level quirks (BOM, LF or CRLF, blank lines, cp1252 and UTF-8
names, other games in a mixed file) and deliberately broken variants of a sample hand,
which must be quarantined with the right reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

DATA = Path(__file__).parents[2] / "data" / "razz" / "stars"
CASH = (DATA / "Razz-USD-0.04-0.08-200911.txt").read_bytes()
HANDS = [h for h in CASH.split(b"\r\n\r\n\r\n\r\n") if h.strip()]
FIRST = HANDS[0]  # SilkZone wins uncontested on 6th street; rake $0.02
SHOWDOWN = next(h for h in HANDS if b"#35874721245" in h)  # SilkZone 9-7-5-4-2 wins


def run(tmp_path: Path, data: bytes) -> list[HandRecord | QuarantineRecord | SkipRecord]:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    return list(iter_file(path, display_name="hands.txt"))


def test_bom_lf_and_extra_blank_lines(tmp_path: Path) -> None:
    data = b"\xef\xbb\xbf" + b"\n\n\n\n".join(HANDS).replace(b"\r\n", b"\n") + b"\n\n\n"
    records = run(tmp_path, data)
    assert len(records) == 9 and all(isinstance(r, HandRecord) for r in records)


@pytest.mark.parametrize(("encoding", "name"), [("cp1252", "Jérôme"), ("utf-8", "Jérôme €")])
def test_names_decoded_per_hand(tmp_path: Path, encoding: str, name: str) -> None:
    renamed = FIRST.replace(b"kobreli", name.encode(encoding))
    records = run(tmp_path, renamed + b"\r\n\r\n" + HANDS[1])
    assert [type(r).__name__ for r in records] == ["HandRecord", "HandRecord"]
    assert isinstance(records[0], HandRecord)
    assert records[0].players[0].player == name


def test_mixed_game_file_skips_other_games(tmp_path: Path) -> None:
    horse = FIRST.replace(b"Razz Limit ($0.04/$0.08 USD)", b"HORSE (Razz Limit, $0.04/$0.08)")
    holdem = (
        b"PokerStars Game #35874566000:  HORSE (Hold'em Limit, $0.04/$0.08) - "
        b"2009/11/26 10:20:00 ET\r\nTable 'Gotha II' 8-max Seat #1 is the button\r\n"
        b"Seat 1: kobreli ($1.33 in chips)\r\n*** SUMMARY ***\r\n"
    )
    records = run(tmp_path, holdem + b"\r\n" + horse + b"\r\n\r\n" + holdem)
    assert [type(r).__name__ for r in records] == ["SkipRecord", "HandRecord", "SkipRecord"]
    skip = records[0]
    assert isinstance(skip, SkipRecord) and skip.game.startswith("Hold'em")
    razz = records[1]
    assert isinstance(razz, HandRecord) and razz.extra["mixed"] == "HORSE"
    assert razz.currency == "USD" and razz.total_pot == 41


def test_noise_lines_anywhere(tmp_path: Path) -> None:
    noisy = FIRST.replace(
        b"*** 5th STREET ***",
        b'SilkZone said, "nh: bets $5"\r\nnobody9 is connected \r\n'
        b"meg100 has timed out\r\nmeg100: is sitting out \r\n*** 5th STREET ***",
    )
    (r,) = run(tmp_path, noisy)
    assert isinstance(r, HandRecord)


BROKEN = [
    # (what, hand, old, new, reason fragment, offending line text)
    ("a card seen twice", FIRST, b"Dealt to willy32948 [6h]", b"Dealt to willy32948 [Qc]",
     "card Qc is seen twice", "Dealt to willy32948 [Qc]"),
    ("a wrong call amount", FIRST, b"meg100: calls $0.02", b"meg100: calls $0.03",
     "meg100 (seat 5) cannot call 3; legal: fold, call 2, complete to 4", "meg100: calls $0.03"),
    ("the pot does not add up", FIRST, b"Total pot $0.41", b"Total pot $0.42",
     "total pot 42, but the players put in 41", "Total pot $0.42"),
    ("collected plus rake is not the pot", FIRST, b"SilkZone collected $0.39",
     b"SilkZone collected $0.40", "collected 40 and rake 2 do not make the pot 41", "Total pot"),
    ("the wrong low wins", SHOWDOWN, b"SilkZone collected $0.67", b"kobreli collected $0.67",
     "kobreli collects 67, but the pot goes to SilkZone (Lo: 9,7,5,4,2)",
     "kobreli collected $0.67"),
    ("a wrong low description", SHOWDOWN, b"(Lo: 9,7,5,4,2)\r\nSilkZone collected",
     b"(Lo: 9,7,5,4,3)\r\nSilkZone collected", "make Lo: 9,7,5,4,2, not Lo: 9,7,5,4,3",
     "SilkZone: shows"),
    ("the wrong player brings in", FIRST, b"Dealt to willy32948 [6h]", b"Dealt to willy32948 [Kh]",
     "kobreli acts out of turn: willy32948 is to act", "kobreli: brings in"),
    ("the lower board does not act first", SHOWDOWN, b"kobreli: bets $0.04\r\nmanga130: folds",
     b"manga130: folds\r\nkobreli: bets $0.04", "manga130 acts out of turn: kobreli is to act",
     "manga130: folds"),
    ("an action missing before the next street", FIRST, b"SilkZone: calls $0.02\r\n", b"",
     "4th street begins but SilkZone is to act on 3rd street", "*** 4th STREET ***"),
    ("a raise after the cap", SHOWDOWN.replace(b"kobreli: raises $0.04 to $0.12\r\nSilkZone: calls $0.04",
     b"kobreli: raises $0.04 to $0.12\r\nSilkZone: raises $0.04 to $0.16\r\nkobreli: raises $0.04 to $0.20\r\nSilkZone: calls $0.04"),
     b"", b"", "cannot raise to 20", "kobreli: raises $0.04 to $0.20"),
    ("a wrong uncalled bet", FIRST, b"Uncalled bet ($0.08)", b"Uncalled bet ($0.06)",
     "the uncalled bet is 8, returned to SilkZone", "Uncalled bet"),
    ("a down card that differs later", SHOWDOWN, b"Dealt to s0rrow [Th Ah Qh] [8s]",
     b"Dealt to s0rrow [Th Ah 2h] [8s]", "s0rrow holds [Th Ah Qh], not [Th Ah 2h]",
     "Dealt to s0rrow [Th Ah 2h]"),
    ("a shown card that was dealt to another player", SHOWDOWN, b"shows [2d 4s 9d 7c Ts 5s Tc]",
     b"shows [2d 4s 9d 7c Ts 5s 3d]", "card 3d is seen twice", "SilkZone: shows"),
    ("a wrong summary amount", FIRST, b"Seat 8: SilkZone collected ($0.39)",
     b"Seat 8: SilkZone collected ($0.38)", "SilkZone collected 39, not 38", "Seat 8: SilkZone"),
    ("a bet that is not the limit", FIRST, b"willy32948: bets $0.04", b"willy32948: bets $0.06",
     "cannot bet 6; legal: fold, check, bet 4", "willy32948: bets $0.06"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("hand", "old", "new", "reason", "line_text"),
    [b[1:] for b in BROKEN],
    ids=[b[0] for b in BROKEN],
)
def test_broken_variant_is_quarantined(
    tmp_path: Path, hand: bytes, old: bytes, new: bytes, reason: str, line_text: str
) -> None:
    if old:
        assert old in hand
        hand = hand.replace(old, new, 1)
    records = run(tmp_path, HANDS[1] + b"\r\n\r\n" + hand + b"\r\n\r\n" + HANDS[2])
    assert [type(r).__name__ for r in records] == ["HandRecord", "QuarantineRecord", "HandRecord"]
    q = records[1]
    assert isinstance(q, QuarantineRecord)
    assert reason in q.reason, q.reason
    assert q.site == "PokerStars" and q.source_file == "hands.txt" and q.hand_id
    lines = (HANDS[1] + b"\r\n\r\n" + hand).decode().split("\r\n")
    assert lines[q.line - 1].startswith(line_text), (q.line, lines[q.line - 1])

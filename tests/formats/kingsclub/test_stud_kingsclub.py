"""KingsClub Seven-Card Stud and Stud Hi-Lo (and Razz, in the same words): every hand of
the sample files is read and agrees with the file's own summary (read here with the
tests' own regexes); the street sections one late before 2022, calls and raises to a
round total, the old 3rd-street raise on the bring-in and unwritten uncalled bets are
read; 2-7 Razz is skipped; broken variants are quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FOLDER = DATA / "cash" / "KingsClub" / "Stud"
FILES = sorted(FOLDER.glob("*.txt"))
STUD = FOLDER / "7-Stud-USD-44-88-202010.txt"
FIXED = FOLDER / "7-StudHL-USD-44-88-202203.fixed.streets.txt"

_HAND = re.compile(r"^#(\d+): ")
_RAKE = re.compile(r"^Rake ([\d.,]+)$")
_WINS = re.compile(r"^(.+?) wins (?:pot |side pot \d+ )?\(([\d.,]+)\)")
_NET = re.compile(r"^Seat \d+: (.+?) \([\d.,]+\) ([+-]?)([\d.,]+)$")


def _cents(text: str) -> int:
    return int(Decimal(text.replace(",", "")) * 100)


def what_the_summary_says(path: Path) -> dict[str, tuple[int, dict[str, int], dict[str, int]]]:
    """Each hand's rake, winnings and nets, by hand id."""
    out: dict[str, tuple[int, dict[str, int], dict[str, int]]] = {}
    hand = None
    for line in path.read_text().splitlines():
        if (m := _HAND.match(line)) is not None:
            hand = m[1]
            out[hand] = (0, {}, {})
        elif hand is not None:
            rake, won, nets = out[hand]
            if (r := _RAKE.match(line)) is not None:
                rake += _cents(r[1])
            elif (w := _WINS.match(line)) is not None:
                won[w[1]] = won.get(w[1], 0) + _cents(w[2])
            elif (n := _NET.match(line)) is not None:
                nets[n[1]] = -_cents(n[3]) if n[2] == "-" else _cents(n[3])
            out[hand] = (rake, won, nets)
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    said = what_the_summary_says(path)
    assert [r.hand_id for r in got] == list(said) and said
    for rec in got:
        assert isinstance(rec, HandRecord), rec
        rake, won, nets = said[rec.hand_id]
        assert rec.site == "KingsClub" and rec.currency == "USD"
        assert (rec.total_pot, rec.house_fee) == (sum(won.values()) + rake, rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == won
        assert {p.player: p.net for p in rec.players} == nets
        assert rec.game is (Game.STUD8 if "Hi-Lo" in path.read_text() else Game.STUD)


def test_header_and_quirks() -> None:
    (rec,) = records(STUD)
    assert isinstance(rec, HandRecord)
    assert rec.played_at.isoformat() == "2020-10-26T23:00:47+00:00"  # no zone: US Eastern
    assert (rec.table_name, rec.small_bet, rec.big_bet, rec.ante, rec.bring_in) == (
        "Real Deal Mix",
        4400,
        8800,
        3316,
        3316,
    )
    # "Player2 bets 44" completes; "raises to 77.16" builds on the bring-in (old software)
    third = [(a.player, a.kind, a.to_amount) for a in rec.actions if a.round == 1]
    assert third[2:5] == [
        ("Player2", "complete", 4400),
        ("Player3", "raise", 7716),
        ("Player4", "raise", 12116),
    ]
    assert {a.round for a in rec.actions} == {1, 2, 3, 4, 5}  # "*** 3RD STREET ***" is 4th
    (fixed,) = records(FIXED)
    assert isinstance(fixed, HandRecord) and {a.round for a in fixed.actions} == {1, 2, 3, 4, 5}


RAZZ = """\
#40000001: Limit Razz - 40/80
2021-01-02 16:00:00
Table '8 Game Mix'
Seat 1: Player0 (1,060.38)
Seat 3: Player One (600)
Seat 6: Hero (2,058.40)
Player0: posts ante 10
Player One: posts ante 10
Hero: posts ante 10
Dealt to Player0: [X X Kc]
Dealt to Player One: [X X 5d]
Dealt to Hero: [9d 3h 6d]
Player0 brings in for 10
Player One calls 10
Hero bets 40
Player0 folds
Player One calls 40
*** 3RD STREET ***
Dealt to Player One: [2s]
Dealt to Hero: [2c]
Player One checks
Hero bets 40
Player One raises to 80
Hero calls 80
*** 4TH STREET ***
Dealt to Player One: [Jh]
Dealt to Hero: [Qs]
Player One bets 80
Hero calls 80
*** 5TH STREET ***
Dealt to Player One: [8c]
Dealt to Hero: [4s]
Player One checks
Hero checks
*** 6TH STREET ***
Dealt to Player One: [X]
Dealt to Hero: [5c]
Player One checks
Hero bets 80
Player One folds
*** SUMMARY ***
Seat 1: Player0 (1,040.38) -20
Seat 3: Player One (390) -210
Seat 6: Hero (2,287.40) +229
Rake 1
Hero wins pot (439)"""


def _write(tmp_path: Path, text: str, name: str = "hand.txt") -> Path:
    out = tmp_path / name
    out.write_bytes(text.replace("\n", "\r\n").encode())
    return out


def test_razz_with_an_unwritten_uncalled_bet(tmp_path: Path) -> None:
    (rec,) = records(_write(tmp_path, RAZZ))
    assert isinstance(rec, HandRecord), rec
    assert rec.game is Game.RAZZ and (rec.total_pot, rec.house_fee) == (44000, 100)
    assert {p.player: p.net for p in rec.players} == {
        "Player0": -2000,
        "Player One": -21000,
        "Hero": 22900,
    }
    assert rec.hero == "Hero" and rec.bring_in == 1000
    (same,) = records(_write(tmp_path, RAZZ.replace("raises to 80", "raises 40 to 80"), "b.txt"))
    assert isinstance(same, HandRecord) and same.actions == rec.actions


def test_hands_one_after_another(tmp_path: Path) -> None:
    second = RAZZ.replace("#40000001", "#40000002")
    got = records(_write(tmp_path, RAZZ + "\n\n" + second + "\n" + RAZZ.replace("01:", "03:")))
    assert [r.hand_id for r in got] == ["40000001", "40000002", "40000003"]
    assert all(isinstance(r, HandRecord) for r in got)


def test_deuce_to_seven_razz_and_holdem_are_skipped(tmp_path: Path) -> None:
    (rec,) = records(_write(tmp_path, RAZZ.replace("Limit Razz", "Limit 2-7 Razz")))
    assert isinstance(rec, SkipRecord) and rec.game == "Limit 2-7 Razz"
    (rec,) = records(_write(tmp_path, RAZZ.replace("Limit Razz", "No Limit Holdem"), "h.txt"))
    assert isinstance(rec, SkipRecord) and rec.game == "No Limit Holdem"


def test_tournament_table(tmp_path: Path) -> None:
    text = RAZZ.replace("'8 Game Mix'", "'T3537921 [2]'").replace(",", "")
    text = re.sub(r"(\d+)\.(\d\d)\b", lambda m: m[1] + m[2], text)
    (rec,) = records(_write(tmp_path, text))
    assert isinstance(rec, HandRecord), rec
    assert rec.is_tournament and rec.tournament_id == "3537921" and rec.table_name == "2"
    assert (rec.currency, rec.total_pot, rec.house_fee) == ("chips", 440, 1)


def test_broken_variants_are_quarantined(tmp_path: Path) -> None:
    (q,) = records(_write(tmp_path, RAZZ.replace("Hero wins pot (439)", "Hero wins pot (449)")))
    assert isinstance(q, QuarantineRecord) and q.site == "KingsClub"
    assert "collected 44900 and rake 100 do not make the pot 44000" in q.reason
    (q,) = records(
        _write(
            tmp_path,
            RAZZ.replace("Hero +229", "Hero +230").replace("(2,287.40) +229", "(2,287.40) +230"),
            "net.txt",
        )
    )
    assert isinstance(q, QuarantineRecord) and q.line == 44
    assert "Hero nets 22900 in this hand, not 23000" in q.reason
    # a raise the room's rules do not allow, even its old ones
    (q,) = records(_write(tmp_path, RAZZ.replace("raises to 80", "raises to 70"), "r.txt"))
    assert isinstance(q, QuarantineRecord) and q.line == 23


ALL_IN = (
    (
        RAZZ.split("*** 4TH STREET ***")[0]
        .replace("#40000001", "#40000003")
        .replace("(600)", "(130)")
        .replace("Player One raises to 80\nHero calls 80\n", "Player One calls 40\n")
    )
    + """\
*** 4TH STREET ***
Dealt to Player One: [Jh]
Dealt to Hero: [Qs]
Player One bets 40, and is all in
Hero calls 40
Player One shows [Ad 3c 5d 2s Jh]
Hero shows [9d 3h 6d 2c Qs]
*** 5TH STREET ***
Dealt to Player One: [8c]
Dealt to Hero: [4s]
*** 6TH STREET ***
Dealt to Player One: [X]
Dealt to Hero: [5c]
*** SUMMARY ***
Seat 1: Player0 (1,040.38) -20
Seat 3: Player One (0) -130
Seat 6: Hero (2,207.40) +149
Rake 1
Hero wins pot (279)"""
)


def test_all_in_shown_before_the_last_cards(tmp_path: Path) -> None:
    (rec,) = records(_write(tmp_path, ALL_IN))
    assert isinstance(rec, HandRecord), rec
    assert (rec.total_pot, rec.house_fee) == (28000, 100)
    one = next(p for p in rec.players if p.player == "Player One")
    # the 7th-street card the room never showed is not in the record
    assert (one.cards, one.hand_category, one.all_in) == ("Ad 3c 5d 2s Jh 8c", None, True)
    hero = next(p for p in rec.players if p.player == "Hero")
    assert hero.cards == "9d 3h 6d 2c Qs 4s 5c" and hero.hand_category is not None
    # the room paying a player whom no 7th card could make the winner is caught
    bad = ALL_IN.replace("[Ad 3c 5d 2s Jh]", "[Kd Qd 5d 2s Jh]")
    bad = bad.replace("Hero wins pot (279)", "Player One wins pot (279)")
    bad = bad.replace("(0) -130", "(279) +149").replace("(2,207.40) +149", "(1,928.40) -130")
    (q,) = records(_write(tmp_path, bad, "bad.txt"))
    assert isinstance(q, QuarantineRecord) and "Player One collects" in q.reason

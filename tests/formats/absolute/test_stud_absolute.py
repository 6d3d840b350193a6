"""Absolute Poker Stud Hi/Lo and Razz: every hand of the sample file is read and agrees
with the file's own summary (read here with the tests' own regexes); a crafted Razz
hand with seats listed from the dealer, an all-in on the ante, a completion written as
a bet, an uncalled bet and a side pot; other games skipped; broken variants
quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

from rakestats.formats import iter_text
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FILE = DATA / "cash/Absolute/Stud/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"
_HAND = re.compile(r"^Stage #(\d+):")
_TOTAL = re.compile(r"^Total Pot\(\$([\d.]+)\)(?: \| Rake \(\$([\d.]+)\))?")
_WON = re.compile(r"^Seat \d+: (\S+) (?:\(\w[\w ]*\) )*(?:won|collected) Total \(\$([\d.]+)\)")


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


def what_the_summary_says(path: Path) -> list[tuple[str, int, int, dict[str, int]]]:
    out: list[tuple[str, int, int, dict[str, int]]] = []
    for line in path.read_text(encoding="cp1252").splitlines():
        if (m := _HAND.match(line)) is not None:
            out.append((m[1], 0, 0, {}))
        elif (t := _TOTAL.match(line)) is not None:
            out[-1] = (out[-1][0], _cents(t[1]), _cents(t[2] or "0"), out[-1][3])
        elif (w := _WON.match(line)) is not None:
            out[-1][3][w[1]] = out[-1][3].get(w[1], 0) + _cents(w[2])
    return out


def test_every_hand_matches_its_summary() -> None:
    got = records(FILE)
    said = what_the_summary_says(FILE)
    assert len(got) == len(said) == 1
    for rec, (hand_id, pot, rake, won) in zip(got, said, strict=True):
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Absolute" and rec.hand_id == hand_id
        assert (rec.total_pot, rec.house_fee) == (pot, rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == won


def test_the_sample_hand() -> None:
    (rec,) = records(FILE)
    assert isinstance(rec, HandRecord)
    assert rec.game is Game.STUD8 and rec.currency == "USD" and rec.hero == "Hero"
    assert (rec.small_bet, rec.big_bet, rec.ante, rec.bring_in) == (2, 4, 1, 1)
    assert rec.played_at.isoformat() == "2009-03-18T23:10:00+00:00"  # 19:10:00 (ET), EDT
    player1 = next(p for p in rec.players if p.player == "PLAYER1")
    assert player1.cards == "Jh 3h Js Td Kh 2c 2h" and player1.up_cards == "Js Td Kh 2c"
    hero = next(p for p in rec.players if p.player == "Hero")
    assert hero.cards == "Tc 5c 7s" and hero.folded_round == 1


RAZZ = """\
Stage #1400000001: Razz  Normal $0.02/$0.04 - 2009-12-01 21:00:00 (ET)
Table: TEST AVE (Real Money) Seat #5 is the dealer
Seat 5 - Hero ($1 in chips)
Seat 7 - Short ($0.01 in chips)
Seat 2 - Deep ($2 in chips)
Hero - Ante $0.01
Short - All-In $0.01
Deep - Ante $0.01
*** 3rd STREET ***
Deep - Pocket [H H 9d]
Hero - Pocket [2c 3c 4c]
Short - Pocket [H H 5s]
Deep - Bring-In $0.01
Hero - Bets $0.02
Deep - Calls $0.01
*** 4TH STREET ***
Deep - Pocket [H H 9d Kh]
Hero - Pocket [2c 3c 4c 6d]
Short - Pocket [H H 5s 7s]
Hero - Bets $0.02
Deep - Folds
Hero - returned ($0.02) : not called
*** 5TH STREET ***
Deep - Pocket [H H 9d Kh]
Hero - Pocket [2c 3c 4c 6d 8h]
Short - Pocket [H H 5s 7s Qd]
*** 6TH STREET ***
Hero - Pocket [2c 3c 4c 6d 8h 10s]
Short - Pocket [H H 5s 7s Qd Jd]
*** RIVER ***
Hero - Pocket [2c 3c 4c 6d 8h 10s 5c]
Short - Pocket [H H 5s 7s Qd Jd H]
*** SHOW DOWN ***
Short - Shows [Ad 2d 5s 7s Qd Jd 3s] (Lo: 7,5,3,2,A)
Hero - Shows [2c 3c 4c 6d 8h 10s 5c] (Lo: 6,5,4,3,2)
Hero Collects $0.04 from side pot 1
Hero Collects $0.03 from main pot
*** SUMMARY ***
Total Pot($0.07) | Rake ($0)
Seat 2: Deep Folded on the 4TH STREET
Seat 5: Hero (dealer) won Total ($0.07) HI:($0.07) with Lo: 6,5,4,3,2 [2c 3c 4c 6d 8h 10s 5c - P:6d]
Seat 7: Short HI:lost with Lo: 7,5,3,2,A [Ad 2d 5s 7s Qd Jd 3s - P:7s]
"""


def test_razz_all_in_on_the_ante_uncalled_bet_and_side_pot() -> None:
    (rec,) = iter_text(RAZZ.splitlines(), "absolute.txt")
    assert isinstance(rec, HandRecord), rec
    assert rec.game is Game.RAZZ and rec.table_name == "TEST AVE" and rec.hero == "Hero"
    assert [p.player for p in rec.players] == ["Deep", "Hero", "Short"]  # by seat
    short = next(p for p in rec.players if p.player == "Short")
    assert short.all_in and short.invested == 1 and short.went_to_reveal
    assert [(a.player, a.kind, a.to_amount) for a in rec.actions[:2]] == [
        ("Deep", "bring_in", 1),
        ("Hero", "complete", 2),
    ]
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 3, (("Hero", 3),)),
        (1, 4, (("Hero", 4),)),
    ]
    assert rec.total_pot == 7 and rec.house_fee == 0


def test_other_games_are_skipped_by_game() -> None:
    holdem = RAZZ.replace("Razz  Normal $0.02/$0.04", "Holdem  No Limit $0.02")
    (rec,) = iter_text(holdem.splitlines(), "absolute.txt")
    assert isinstance(rec, SkipRecord) and rec.game == "Holdem"
    assert rec.hand_id == "1400000001"


def test_broken_hands_are_quarantined() -> None:
    swapped = RAZZ.replace("Hero Collects $0.03", "Short Collects $0.03")
    (q,) = iter_text(swapped.splitlines(), "a.txt")
    assert isinstance(q, QuarantineRecord) and q.site == "Absolute"
    assert q.hand_id == "1400000001" and "Short collects 3, but the pot goes to Hero" in q.reason
    (q,) = iter_text(RAZZ.replace("returned ($0.02)", "returned ($0.03)").splitlines(), "a.txt")
    assert isinstance(q, QuarantineRecord) and "the uncalled bet is 2" in q.reason

"""Bovada (Bodog) 7 Card Stud and Stud Hi/Lo, cash and tournament: every hand of the
sample files is read and agrees with the file's own summary (read here with the tests'
own regexes: the summary names seats); the bets worked out from the hands (the header
has none); a crafted Razz hand; other games skipped; broken variants quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import iter_text
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FILES = sorted((DATA / "cash" / "Bovada").rglob("*.txt")) + sorted(
    (DATA / "tour" / "Bovada").rglob("*.txt")
)
TOUR = DATA / "tour/Bovada/Stud/7-Stud-USD-MTT - $10-$1 - 201206.txt"
_HAND = re.compile(r"^(?:Bodog|Bovada) Hand #(\d+)")
_ME = re.compile(r"^Seat\+(\d+) \[ME\]:")
_TOTAL = re.compile(r"^Total Pot\((\$?[\d,.]+)\)(?: \| Rake \((\$?[\d,.]+)\))?")
_SEAT = re.compile(r"^Seat[+ ](\d+):\s+(.*)$")
_MONEY = re.compile(r"(?:^|HI |LO )(\$?[\d,]+(?:\.\d+)?)(?=\s|$)")


def _amount(text: str) -> int:
    value = Decimal(text.lstrip("$").replace(",", ""))
    return int(value * 100) if text[0] == "$" else int(value)


def what_the_summary_says(path: Path) -> list[tuple[str, int, int | None, dict[str, int]]]:
    """Each hand's id, pot, rake (None when not written) and winnings by player."""
    out: list[tuple[str, int, int | None, dict[str, int]]] = []
    hero, summary = "", False
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if (m := _HAND.match(line)) is not None:
            out.append((m[1], 0, None, {}))
            summary = False
        elif line.startswith("*** SUMMARY ***"):
            summary = True
        elif (me := _ME.match(line)) is not None:
            hero = me[1]
        elif (t := _TOTAL.match(line)) is not None:
            rake = _amount(t[2]) if t[2] else None
            out[-1] = (out[-1][0], _amount(t[1]), rake, out[-1][3])
        elif summary and (s := _SEAT.match(line)) is not None and "Folded" not in s[2]:
            won = sum(_amount(a) for a in _MONEY.findall(s[2].strip()))
            if won:
                out[-1][3]["Hero" if s[1] == hero else f"Seat+{s[1]}"] = won
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    said = what_the_summary_says(path)
    assert len(got) == len(said) > 0
    for rec, (hand_id, pot, rake, won) in zip(got, said, strict=True):
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Bovada" and rec.hand_id == hand_id
        assert rec.total_pot == pot
        assert rec.house_fee == (rake if rake is not None else pot - sum(won.values()))
        assert {p.player: p.collected for p in rec.players if p.collected} == won


def test_bets_worked_out_and_other_quirks() -> None:
    by_id = {r.hand_id: r for p in FILES for r in records(p) if isinstance(r, HandRecord)}
    bodog = by_id["2604291510"]  # "Bodog Hand", ante $0.01, bring-in $0.02
    assert (bodog.ante, bodog.bring_in, bodog.small_bet, bodog.big_bet) == (1, 2, 5, 10)
    assert bodog.hero == "Hero" and bodog.table_name == "1178621"
    assert bodog.played_at.isoformat() == "2012-05-07T07:40:07+00:00"  # 03:40:07 ET (EDT)
    folded = next(p for p in bodog.players if p.player == "Seat+1")  # every card is written
    assert folded.hole_cards == "7h 8c" and folded.cards == "7h 8c Jc 9c 4d"
    hilo = by_id["2844383701"]  # "Raises $7.50 to $10"; no rake written: the pot less winnings
    assert hilo.game is Game.STUD8 and (hilo.small_bet, hilo.big_bet) == (500, 1000)
    assert hilo.house_fee == 300 and [a.to_amount for a in hilo.actions if a.kind != "fold"][
        :4
    ] == [250, 500, 500, 1000]
    complete = by_id["2633952287"]  # "Bets $0.25" on 3rd street: the completion, no bring-in
    assert complete.bring_in is None and complete.actions[0].kind == "complete"
    tour = by_id["2633131343"]  # "All-in 245", "Hand Result-Side Pot 710"
    assert tour.is_tournament and tour.tournament_id == "1378659" and tour.currency == "chips"
    assert (tour.small_bet, tour.big_bet, tour.ante) == (200, 400, 40)
    assert [(p.pot, p.amount) for p in tour.pots] == [(0, 1755), (1, 710)]
    assert {p.player for p in tour.players if p.all_in} == {"Seat+2", "Seat+5"}
    sitting = by_id["2604291787"]  # the hero sits out: not in the hand
    assert sitting.hero is None and "Hero" not in {p.player for p in sitting.players}


def test_a_hand_nobody_bet_in_keeps_its_bets_unknown() -> None:
    (rec,) = [r for r in records(TOUR) if r.hand_id == "2633132989"]
    assert isinstance(rec, HandRecord) and rec.bring_in == 100
    assert (rec.small_bet, rec.big_bet) == (None, None)
    assert rec.extra["stakes"] == "not written and no bet made"


RAZZ = """\
Bovada Hand #3000000001 TBL#9000001 RAZZ Fixed Limit - 2014-01-15 21:30:00
Seat+2: $20 in chips
Seat+5 [ME]: $20 in chips
Seat+7: $20 in chips
Seat+2 : Ante chip $0.25
Seat+5 [ME] : Ante chip $0.25
Seat+5 [ME] : Ante chip $0.25
Seat+7 : Ante chip $0.25
*** 3RD STREET ***
Seat+2 : Card dealt to a spot [4c 6d Kh]
Seat+5 [ME] : Card dealt to a spot [As 2d 3h]
Seat+7 : Card dealt to a spot [9s 8s 7d]
Seat+2 : Bring_in chip $0.50
Seat+5 [ME] : Raises $2 to $2
Seat+7 : Folds
Seat+2 : Calls $1.50
*** 4TH STREET ***
Seat+2 : Card dealt to a spot [Qd]
Seat+5 [ME] : Card dealt to a spot [5c]
Seat+5 [ME] : Bets $2
Seat+2 : Folds
Seat+5 [ME] : Return uncalled portion of bet $2
Seat+5 [ME] : Does not show [As 2d 3h 5c] (High Card)
Seat+5 [ME] : Hand result $4.55
*** SUMMARY ***
Total Pot($4.75) | Rake ($0.20)
Seat+2:  Folded on the 4TH STREET
Seat+5:  $4.55 [Does not show]
Seat+7:  Folded on the 3rd STREET
"""


def test_razz_hand() -> None:
    (rec,) = iter_text(RAZZ.splitlines(), "bovada.txt")
    assert isinstance(rec, HandRecord), rec
    assert (
        rec.game is Game.RAZZ and rec.hero == "Hero" and (rec.small_bet, rec.big_bet) == (200, 400)
    )
    assert (rec.total_pot, rec.house_fee) == (475, 20)
    assert [p.invested for p in rec.players] == [225, 225, 25]  # a line written twice counts once


def test_other_games_are_skipped_by_game() -> None:
    holdem = RAZZ.replace("RAZZ Fixed Limit", "HOLDEM No Limit")
    (rec,) = iter_text(holdem.splitlines(), "bovada.txt")
    assert isinstance(rec, SkipRecord) and rec.game == "HOLDEM No Limit"
    assert rec.hand_id == "3000000001"


def test_broken_hands_are_quarantined() -> None:
    wrong = RAZZ.replace("Hand result $4.55", "Hand result $4.65")
    (q,) = iter_text(wrong.splitlines(), "b.txt")
    assert isinstance(q, QuarantineRecord) and q.site == "Bovada" and q.hand_id == "3000000001"
    assert "collected 465 and rake 20 do not make the pot 475" in q.reason
    shown = RAZZ.replace("Does not show [As 2d 3h 5c]", "Does not show [As 2d 3h 6c]")
    (q,) = iter_text(shown.splitlines(), "b.txt")
    assert isinstance(q, QuarantineRecord) and "not among the cards dealt" in q.reason


ANTE_ALL_IN = """\
Bovada Hand #3000000002 TBL#9000001 RAZZ Fixed Limit - 2014-01-15 21:35:00
Seat+2: $20 in chips
Seat+5 [ME]: $20 in chips
Seat+7: $0.25 in chips
Seat+2 : Ante chip $0.25
Seat+5 [ME] : Ante chip $0.25
Seat+7 : All-in $0.25
*** 3RD STREET ***
Seat+2 : Card dealt to a spot [4c 6d Kh]
Seat+5 [ME] : Card dealt to a spot [As 2d 3h]
Seat+7 : Card dealt to a spot [9s 8s 7d]
Seat+2 : Bring_in chip $0.50
Seat+5 [ME] : Raises $2 to $2
Seat+2 : Folds
Seat+5 [ME] : Return uncalled portion of bet $1.50
*** 4TH STREET ***
Seat+5 [ME] : Card dealt to a spot [5c]
Seat+7 : Card dealt to a spot [Qd]
*** 5TH STREET ***
Seat+5 [ME] : Card dealt to a spot [6c]
Seat+7 : Card dealt to a spot [Td]
*** 6TH STREET ***
Seat+5 [ME] : Card dealt to a spot [Jh]
Seat+7 : Card dealt to a spot [Tc]
*** RIVER ***
Seat+5 [ME] : Card dealt to a spot [Ks]
Seat+7 : Card dealt to a spot [2c]
Seat+5 [ME] : Showdown [6c 5c 3h 2d As] (High Card)
Seat+7 : Showdown [Td 9s 8s 7d 2c] (High Card)
Seat+5 [ME] : Hand result-Side pot $1
Seat+5 [ME] : Hand result $0.75
*** SUMMARY ***
Total Pot($1.75) | Rake ($0)
Seat+2:  Folded on the 3rd STREET
Seat+5:  $1.75  with High Card [As 2d 3h 5c 6c Jh Ks-6c 5c 3h 2d As]
Seat+7:   lose with High Card [9s 8s 7d Qd Td Tc 2c-Td 9s 8s 7d 2c]
"""


def test_all_in_on_the_ante_and_a_side_pot() -> None:
    (rec,) = iter_text(ANTE_ALL_IN.splitlines(), "bovada.txt")
    assert isinstance(rec, HandRecord), rec
    short = next(p for p in rec.players if p.player == "Seat+7")
    assert short.all_in and short.invested == 25 and short.cards == "9s 8s 7d Qd Td Tc 2c"
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 75, (("Hero", 75),)),
        (1, 100, (("Hero", 100),)),
    ]
    assert (rec.small_bet, rec.big_bet, rec.total_pot) == (200, 400, 175)

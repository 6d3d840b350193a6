"""Winamax 7-Card Stud, Stud Hi/Lo and Razz: every hand of the sample files is read and
agrees with the file's own summary (read here with the tests' own regexes: Winamax's
``Total pot`` is what the players collect, a bet nobody called included); play money,
tournaments, the all-in on the ante and side pots; other games skipped; broken variants
quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import iter_text
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FILES = sorted((DATA / "cash" / "Winamax").rglob("*.txt"))
_HAND = re.compile(r"^Winamax Poker - .* HandId: #([\d-]+) - ")
_TOTAL = re.compile(r"^Total pot ([\d.]+)€? \| (?:Rake ([\d.]+)€?|No rake)")
_WON = re.compile(r"^Seat \d+: (.+?) (?:\(\w[\w -]*\) )*(?:showed \[[^\]]*\] and )?won ([\d.]+)")


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


def what_the_summary_says(path: Path) -> list[tuple[str, int, int, dict[str, int]]]:
    """Each hand's id, written pot, rake and winnings (cents; play money in hundredths)."""
    out: list[tuple[str, int, int, dict[str, int]]] = []
    for line in path.read_text(encoding="utf-8-sig").splitlines():
        if (m := _HAND.match(line)) is not None:
            out.append((m[1], 0, 0, {}))
        elif (t := _TOTAL.match(line)) is not None:
            hand, _, _, won = out[-1]
            out[-1] = (hand, _cents(t[1]), _cents(t[2] or "0"), won)
        elif (w := _WON.match(line)) is not None:
            won = out[-1][3]
            won[w[1]] = won.get(w[1], 0) + _cents(w[2])
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    said = what_the_summary_says(path)
    assert len(got) == len(said) > 0
    for rec, (hand_id, pot, rake, won) in zip(got, said, strict=True):
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Winamax" and rec.hand_id == hand_id
        assert rec.house_fee == rake and sum(won.values()) == pot
        collected = {p.player: p.collected for p in rec.players if p.collected}
        returned = {n: won[n] - collected.get(n, 0) for n in won if won[n] != collected.get(n)}
        assert len(returned) <= 1 and all(x > 0 for x in returned.values())
        assert rec.total_pot - rec.house_fee + sum(returned.values()) == pot
        assert sum(p.invested for p in rec.players) == rec.total_pot


def test_hands_of_the_sample_files() -> None:
    by_id = {r.hand_id: r for p in FILES for r in records(p) if isinstance(r, HandRecord)}
    hilo = by_id["9250793-554-1478991850"]  # a 50€ bet nobody called, paid in both halves
    assert hilo.game is Game.STUD8 and hilo.currency == "EUR" and hilo.hero == "Hero"
    assert (hilo.ante, hilo.small_bet, hilo.big_bet, hilo.bring_in) == (500, 2500, 5000, 1000)
    assert {p.player: p.collected for p in hilo.players} == {"Hero": 0, "Player0": 17800}
    assert hilo.played_at.isoformat() == "2016-11-12T23:04:10+00:00"
    assert hilo.extra["game"] == "7-Card Stud Hi/Lo fixed limit"
    short = by_id["9250793-1578-1479092164"]  # "raises -6.10€ to 18.90€": all-in to 28.90€
    player0 = next(p for p in short.players if p.player == "Player0")
    assert player0.all_in and player0.invested == 3390 and short.total_pot == 7280
    assert [a.to_amount for a in short.actions if a.player == "Player0"] == [1000, 2890]
    play = by_id["8835086-564-1465760198"]  # play money, no cards written
    assert play.currency == "chips" and play.table_name == "Ceské Budejovice"
    assert (play.total_pot, play.house_fee, play.hero) == (69, 4, None)


RAZZ = """\
Winamax Poker - Tournament "Razz Party" buyIn: 4.50€ + 0.50€ level: 3 - HandId: #1234567890-12-1500000000 - Razz fixed limit (10/40/80) - 2017/01/02 20:00:00 UTC
Table: 'Razz Party(123456789)#002' 8-max (real money) Seat #1 is the button
Seat 1: Ann (10)
Seat 2: Hero (1500)
Seat 3: Cy (1200)
*** ANTE/BLINDS ***
Ann posts ante 10
Hero posts ante 10
Cy posts ante 10
*** 3rd STREET ***
Dealt to Ann [X X 5s]
Dealt to Hero [3c 2d 4h]
Dealt to Cy [X X Kd]
Cy brings in 10
Hero raises 40 to 40
Cy calls 30
*** 4th STREET ***
Dealt to Ann [X X 5s] [7c]
Dealt to Hero [3c 2d 4h] [6s]
Dealt to Cy [X X Kd] [Qh]
Hero bets 40
Cy calls 40
*** 5th STREET ***
Dealt to Ann [X X 5s 7c] [8d]
Dealt to Hero [3c 2d 4h 6s] [Ts]
Dealt to Cy [X X Kd Qh] [2s]
Hero checks
Cy checks
*** 6th STREET ***
Dealt to Ann [X X 5s 7c 8d] [9c]
Dealt to Hero [3c 2d 4h 6s Ts] [Ac]
Dealt to Cy [X X Kd Qh 2s] [Jh]
Hero checks
Cy checks
*** 7th STREET ***
Dealt to Ann [X X 5s 7c 8d 9c] [X]
Dealt to Hero [3c 2d 4h 6s Ts Ac] [5d]
Dealt to Cy [X X Kd Qh 2s Jh] [X]
Hero checks
Cy checks
*** SHOW DOWN ***
Hero shows [3c 2d 4h 6s Ts Ac 5d] (5-4-3-2-A)
Ann shows [Ah 2h 5s 7c 8d 9c 3s] (7-5-3-2-A)
Cy shows [Jd Td Kd Qh 2s Jh 9h] (K-Q-J-T-2)
Hero collected 160 from side pot 1
Hero collected 30 from main pot
*** SUMMARY ***
Total pot 190 | No rake
Seat 1: Ann showed [Ah 2h 5s 7c 8d 9c 3s] and lost with 7-5-3-2-A
Seat 2: Hero showed [3c 2d 4h 6s Ts Ac 5d] and won 190 with 5-4-3-2-A
Seat 3: Cy showed [Jd Td Kd Qh 2s Jh 9h] and lost with K-Q-J-T-2
"""


def test_razz_tournament_all_in_on_the_ante_and_a_side_pot() -> None:
    (rec,) = iter_text(RAZZ.splitlines(), "razz.txt")
    assert isinstance(rec, HandRecord), rec
    assert rec.game is Game.RAZZ and rec.is_tournament and rec.currency == "chips"
    assert rec.tournament_id == "123456789" and rec.extra["tournament"] == "Razz Party"
    assert (rec.ante, rec.small_bet, rec.big_bet, rec.max_seats) == (10, 40, 80, 8)
    ann = next(p for p in rec.players if p.player == "Ann")
    assert ann.all_in and ann.invested == 10 and ann.went_to_reveal
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 30, (("Hero", 30),)),
        (1, 160, (("Hero", 160),)),
    ]
    assert rec.played_at.isoformat() == "2017-01-02T20:00:00+00:00"


def test_other_games_are_skipped_by_game() -> None:
    holdem = (
        "Winamax Poker - CashGame - HandId: #9250793-1-1478990000 - Holdem no limit "
        "(0.50€/1€) - 2016/11/12 22:40:00 UTC\nTable: 'Pampelune' 6-max (real money)\n"
        "Seat 1: Hero (100€)\nSeat 4: Player0 (100€)"
    )
    (rec,) = iter_text(holdem.splitlines(), "mixed.txt")
    assert isinstance(rec, SkipRecord) and rec.game == "Holdem no limit"
    assert rec.hand_id == "9250793-1-1478990000"


def _broken(tmp_path: Path, name: str, *swaps: tuple[bytes, bytes]) -> QuarantineRecord:
    data = (DATA / "cash/Winamax/Stud" / name).read_bytes()
    for old, new in swaps:
        assert old in data
        data = data.replace(old, new)
    out = tmp_path / "winamax.txt"
    out.write_bytes(data)
    (q,) = records(out)
    assert isinstance(q, QuarantineRecord) and q.site == "Winamax"
    return q


def test_wrong_winner_is_quarantined(tmp_path: Path) -> None:
    q = _broken(
        tmp_path,
        "7-Stud-6max-EUR-25-50-201611._8games_.txt",
        (b"Hero collected 458", b"Player0 collected 458"),
        (b"and won 458\xe2\x82\xac with Flush", b"and lost with Flush"),
        (b"and lost with Straight", b"and won 458\xe2\x82\xac with Straight"),
    )
    assert "Player0 collects 45800, but the pot goes to Hero" in q.reason
    assert q.hand_id == "9250793-470-1478990787"


def test_wrong_rake_and_winnings_are_quarantined(tmp_path: Path) -> None:
    name = "7-Stud-6max-EUR-25-50-201611._8games_.txt"
    q = _broken(tmp_path, name, (b"Rake 2\xe2\x82\xac", b"Rake 3\xe2\x82\xac"))
    assert "rake 300, but the pot 46000 less the winnings is 200" in q.reason
    q = _broken(tmp_path, name, (b"and won 458", b"and won 459"))
    assert "Hero won 45900 by the summary but collected 45800" in q.reason


BRING_IN_ALL_IN = """\
Winamax Poker - CashGame - HandId: #5-6-7 - Razz fixed limit (10€/40€/80€) - 2017/01/03 20:00:00 UTC
Table: 'Lille' 8-max (real money)
Seat 1: Ann (20€)
Seat 2: Hero (1500€)
Seat 3: Cy (1200€)
*** ANTE/BLINDS ***
Ann posts ante 10€
Hero posts ante 10€
Cy posts ante 10€
*** 3rd STREET ***
Dealt to Ann [X X Kd]
Dealt to Hero [3c 2d 4h]
Dealt to Cy [X X 9s]
Ann brings in 10€ and is all-in
Hero raises 40€ to 40€
Cy calls 40€
*** 4th STREET ***
Dealt to Ann [X X Kd] [7c]
Dealt to Hero [3c 2d 4h] [6s]
Dealt to Cy [X X 9s] [Qh]
Hero bets 40€
Cy folds
*** 5th STREET ***
Dealt to Ann [X X Kd 7c] [8d]
Dealt to Hero [3c 2d 4h 6s] [Ts]
*** 6th STREET ***
Dealt to Ann [X X Kd 7c 8d] [9c]
Dealt to Hero [3c 2d 4h 6s Ts] [Ac]
*** 7th STREET ***
Dealt to Ann [X X Kd 7c 8d 9c] [X]
Dealt to Hero [3c 2d 4h 6s Ts Ac] [5d]
*** SHOW DOWN ***
Ann shows [Ah 2h Kd 7c 8d 9c 3s] (8-7-3-2-A)
Hero shows [3c 2d 4h 6s Ts Ac 5d] (5-4-3-2-A)
Hero collected 40€ from side pot 2
Hero collected 60€ from side pot 1
Hero collected 60€ from main pot
*** SUMMARY ***
Total pot 160€ | No rake
Seat 1: Ann showed [Ah 2h Kd 7c 8d 9c 3s] and lost with 8-7-3-2-A
Seat 2: Hero showed [3c 2d 4h 6s Ts Ac 5d] and won 160€ with 5-4-3-2-A
"""


def test_all_in_on_the_bring_in_and_a_bet_paid_back_as_a_side_pot() -> None:
    (rec,) = iter_text(BRING_IN_ALL_IN.splitlines(), "razz.txt")
    assert isinstance(rec, HandRecord), rec
    assert (rec.total_pot, rec.house_fee, rec.currency) == (12000, 0, "EUR")
    assert rec.actions[0].kind == "bring_in" and rec.actions[0].all_in
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 6000, (("Hero", 6000),)),
        (1, 6000, (("Hero", 6000),)),
    ]  # the 40€ bet Cy did not call, paid back as 'side pot 2', is no pot

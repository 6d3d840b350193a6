"""Everleaf 7 Card Stud and Razz: every hand of the sample files is read and agrees with
what the file itself says (no summary: the chips each action puts in and the ``wins``
lines, read here with the tests' own regexes); a crafted Razz hand with an all-in
nobody marks and a side pot; other games skipped; broken variants quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import iter_text
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FILES = sorted((DATA / "cash" / "Everleaf").rglob("*.txt"))
_HAND = re.compile(r"^Everleaf Gaming Game #(\d+)")
_NUM = r"[$€]?\s*(\d+(?:\.\d+)?)"
_PUT = re.compile(
    rf"^(\S+?):? (posts ante|posts bring-in|completes to|calls|bets|raises) \[?\s*{_NUM}"
)
_WINS = re.compile(rf"^(\S+) wins\s+(?:(?:high|low)\s+)?\(?\s*{_NUM}")


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


def what_the_file_says(path: Path) -> dict[str, tuple[int, dict[str, int]]]:
    """Each hand's chips put in and winnings, by hand id (cents)."""
    out: dict[str, tuple[int, dict[str, int]]] = {}
    hand, put, won, brought = "", 0, {}, {}
    for line in path.read_bytes().decode("cp1252").splitlines():
        if (m := _HAND.match(line)) is not None:
            hand, put, won, brought = m[1], 0, {}, {}
        elif (p := _PUT.match(line)) is not None:
            chips = _cents(p[3])
            if p[2] == "posts bring-in":
                brought[p[1]] = chips
            if p[2] == "completes to":  # a total: the bring-in is in it already
                chips -= brought.get(p[1], 0)
            put += chips
        elif (w := _WINS.match(line)) is not None:
            won[w[1]] = won.get(w[1], 0) + _cents(w[2])
        if hand:
            out[hand] = (put, dict(won))
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_the_file(path: Path) -> None:
    got = records(path)
    said = what_the_file_says(path)
    assert [r.hand_id for r in got] == list(said)
    for rec in got:
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Everleaf" and rec.game is Game.STUD
        put, won = said[rec.hand_id]
        assert put >= rec.total_pot  # the rest: a bet nobody called, back to the bettor
        assert {p.player: p.collected for p in rec.players if p.collected} == won
        assert rec.house_fee == rec.total_pot - sum(won.values()) >= 0
        assert sum(p.invested for p in rec.players) == rec.total_pot


def test_hands_of_the_sample_files() -> None:
    by_id = {r.hand_id: r for p in FILES for r in records(p) if isinstance(r, HandRecord)}
    euro = by_id["295679510"]  # the bet on 4th street nobody called is not in the pot
    assert euro.currency == "EUR" and euro.hero == "EricBlade" and euro.table_name == "Harjavalta"
    assert (euro.small_bet, euro.big_bet, euro.ante, euro.bring_in) == (5, 10, 1, 2)
    assert euro.total_pot == 12 and euro.played_at.isoformat() == "2011-08-12T13:09:06+00:00"
    shown = by_id["295679620"]  # up cards written, hero's cards, a showdown
    mourinho = next(p for p in shown.players if p.player == "MOURINHO_")
    assert mourinho.up_cards == "2d Td 8s Ah" and mourinho.went_to_reveal
    old = by_id["285997876"]  # the older files write no cards
    assert old.currency == "USD" and old.hero is None and old.total_pot == 106


RAZZ = """\
Everleaf Gaming Game #300000001
***** Hand history for game #300000001 *****
$0.05/$0.10 Razz - 2011/09/01 - 20:00:00
Table Test
Total number of players: 3
Seat 1: Short (  $ 0.10 USD )
Seat 2: Hero (  $ 5 USD )
Seat 3: Deep (  $ 5 USD )
Seat 4: Newbie ( new player )
Short: posts ante [$ 0.01 USD]
Hero: posts ante [$ 0.01 USD]
Deep: posts ante [$ 0.01 USD]
** Dealing down cards **
Dealt to Short [ Kd ].
Dealt to Hero [ 2c, 3d, 4h ].
Dealt to Deep [ 6s ].
Short posts bring-in $0.02.
Hero completes to $0.05.
Deep calls [$ 0.05 USD]
Short calls [$ 0.03 USD]
** Dealing 4th Street **
Dealt to Short [ Qh ].
Dealt to Hero [ 5s ].
Dealt to Deep [ 7c ].
Hero: bets [$ 0.05 USD]
Deep calls [$ 0.05 USD]
Short calls [$ 0.04 USD]
** Dealing 5th Street **
Dealt to Short [ 8d ].
Dealt to Hero [ Ts ].
Dealt to Deep [ 9h ].
Deep: bets [$ 0.10 USD]
Hero calls [$ 0.10 USD]
** Dealing 6th Street **
Dealt to Short [ Jc ].
Dealt to Hero [ Ac ].
Dealt to Deep [ Tc ].
Hero checks
Deep checks
** Dealing River **
Dealt to Hero [ 6d ].
Hero: bets [$ 0.10 USD]
Deep folds
Short shows [ 9c, 9d, Kd, Qh, 8d, Jc, 2s ] Q, J, 9, 8, 2
Hero shows [ 2c, 3d, 4h, 5s, Ts, Ac, 6d ] 5, 4, 3, 2, A
Hero wins $ 0.22 USD from side pot
Hero wins $ 0.30 USD from main pot with 5, 4, 3, 2, A
"""


def test_razz_all_in_nobody_marks_and_a_side_pot() -> None:
    (rec,) = iter_text(RAZZ.splitlines(), "everleaf.txt")
    assert isinstance(rec, HandRecord), rec
    assert rec.game is Game.RAZZ and rec.hero == "Hero" and rec.total_pot == 52
    short = next(p for p in rec.players if p.player == "Short")
    assert short.all_in and short.invested == 10 and short.went_to_reveal
    assert "Newbie" not in {p.player for p in rec.players}
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 30, (("Hero", 30),)),
        (1, 22, (("Hero", 22),)),
    ]
    assert [a.all_in for a in rec.actions if a.player == "Short"] == [False, False, True]


def test_other_games_are_skipped_by_game() -> None:
    holdem = RAZZ.replace("$0.05/$0.10 Razz", "Blinds $0.05/$0.10 NL Hold'em")
    (rec,) = iter_text(holdem.splitlines(), "everleaf.txt")
    assert isinstance(rec, SkipRecord) and rec.game == "NL Hold'em"
    assert rec.hand_id == "300000001"


def test_broken_hands_are_quarantined() -> None:
    (q,) = iter_text(RAZZ.replace("$ 0.30 USD", "$ 0.33 USD").splitlines(), "e.txt")
    assert isinstance(q, QuarantineRecord) and q.site == "Everleaf"
    assert q.hand_id == "300000001" and "more than the pot 52" in q.reason
    swapped = RAZZ.replace("Hero wins $ 0.30", "Short wins $ 0.30")
    (q,) = iter_text(swapped.splitlines(), "e.txt")
    assert isinstance(q, QuarantineRecord) and "Short collects 30" in q.reason

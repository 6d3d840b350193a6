"""PartyPoker Seven-Card Stud and Stud Hi-Lo: every hand of the sample files is read and
agrees with what the file itself says (no summary: the chips each action puts in and the
``wins`` lines, read here with the tests' own regexes); the padding between hands (NUL
bytes, ``Game #N starts.``) is passed over; broken variants are quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.records import Game, HandRecord, QuarantineRecord
from tests.formats.stud.summary import DATA, records

FILES = sorted((DATA / "cash" / "PartyPoker").rglob("*.txt")) + sorted(
    (DATA / "tour" / "PartyPoker").rglob("*.txt")
)
_HAND = re.compile(r"^\*{5} Hand History for Game (\d+) \*{5}")
_PUT = re.compile(
    r"^(.+?) (?:posts ante|bring-ins|completes|calls|bets|double bets|raises|is all-In) "
    r"\[\s*([$€]?[\d,.]+)"
)
_WINS = re.compile(r"^(.+?) wins (?:Lo \()?([$€]?[\d,.]+)")


def _amount(text: str) -> int:
    value = Decimal(text.lstrip("$€").replace(",", ""))
    return int(value * 100) if text[0] in "$€" else int(value)


def what_the_file_says(path: Path) -> dict[str, tuple[int, dict[str, int]]]:
    """Each hand's chips put in and winnings, by hand id."""
    out: dict[str, tuple[int, dict[str, int]]] = {}
    hand, put, won = None, 0, {}
    for line in path.read_bytes().replace(b"\x00", b"").decode().splitlines():
        if (m := _HAND.match(line)) is not None:
            hand, put, won = m[1], 0, {}
        elif hand is not None and (p := _PUT.match(line)) is not None:
            put += _amount(p[2])
        elif hand is not None and (w := _WINS.match(line)) is not None:
            won[w[1]] = won.get(w[1], 0) + _amount(w[2])
        if hand is not None:
            out[hand] = (put, dict(won))
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_the_file(path: Path) -> None:
    got = records(path)
    said = what_the_file_says(path)
    assert [r.hand_id for r in got] == list(said)
    for rec in got:
        assert isinstance(rec, HandRecord), rec
        put, won = said[rec.hand_id]
        returned = put - rec.total_pot  # an uncalled bet: back to the last bettor
        assert rec.house_fee == put - sum(won.values())
        collected = {p.player: p.collected for p in rec.players if p.collected}
        if returned:
            (winner,) = won
            won = {winner: won[winner] - returned}
        assert collected == won
        assert sum(p.invested for p in rec.players) == rec.total_pot


def test_games_quirks_and_times() -> None:
    by_id = {r.hand_id: r for p in FILES for r in records(p) if isinstance(r, HandRecord)}
    cash = by_id["10399817763"]  # NUL bytes around the hand, a player sitting out
    assert cash.game is Game.STUD and cash.currency == "USD" and cash.hero == "Hero"
    assert (cash.small_bet, cash.big_bet, cash.ante, cash.bring_in) == (50, 100, 5, 25)
    assert "Player7" not in {p.player for p in cash.players}
    assert cash.played_at.isoformat() == "2011-04-25T18:20:12+00:00"  # 14:20:12 EDT
    lo = by_id["11480841734"]  # "wins Lo (...)": a split pot
    assert lo.game is Game.STUD8 and lo.played_at.isoformat() == "2012-02-27T14:51:26+00:00"
    assert sorted(p.collected for p in lo.players) == [9050, 9050] and lo.house_fee == 100
    tour = by_id["11792805420"]  # "double bets" on 4th street, chips
    assert tour.is_tournament and tour.tournament_id == "69784932" and tour.currency == "chips"
    assert (tour.small_bet, tour.big_bet, tour.ante) == (60, 120, 10)
    assert [a.to_amount for a in tour.actions if a.round == 2][:1] == [120]
    eest = by_id["9581478205"]
    assert eest.played_at.isoformat() == "2010-08-30T17:20:17+00:00"  # 20:20:17 EEST


def test_more_won_than_the_pot_is_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/PartyPoker/Stud/7-Stud-USD-1-2-201104.txt"
    data = path.read_bytes()
    out = tmp_path / "party.txt"
    out.write_bytes(data.replace(b"wins $13.20 USD", b"wins $14.20 USD"))
    (q,) = records(out)
    assert isinstance(q, QuarantineRecord) and q.site == "PartyPoker"
    assert q.hand_id == "10399817763" and "more than the pot" in q.reason


def test_wrong_winner_is_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/PartyPoker/Stud/7-StudHL-USD-0.50-1.00-201008.txt"
    data = path.read_bytes()
    out = tmp_path / "party.txt"
    out.write_bytes(data.replace(b"PPPPPositive wins", b"strandalleen wins"))
    (q,) = records(out)
    assert isinstance(q, QuarantineRecord) and "strandalleen collects 845" in q.reason

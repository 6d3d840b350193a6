"""iPoker (XML): every hand of the sample files is read and agrees with what the file
itself says (the chips each action puts in and each player's ``win``, read here with
the tests' own regexes); five-card stud is skipped by game; tournament bets are read
from the hands; broken variants are quarantined with the line and the reason."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import UnrecognizedFileError, iter_file, iter_text
from rakestats.formats.ipoker._header import Session, amount, game_header
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, check_chips, records

FILES = sorted((DATA / "cash" / "iPoker").rglob("7-*")) + sorted(
    (DATA / "tour" / "iPoker").rglob("*.txt")
)
USD = DATA / "cash/iPoker/Stud/7-StudL-USD-0.05-0.10-201009.txt"
EUR = DATA / "cash/iPoker/Stud/7-StudHL-EUR-0.05-0.10-201405.txt"
TOUR = DATA / "tour/iPoker/Stud/7-StudHi-USD-STT-5-201103.txt"
FIVE_CARD = DATA / "cash/iPoker/Stud/5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"

_GAME = re.compile(r'<game gamecode="(\d+)">(.*?)</game>', re.S)
_PLAYER = re.compile(r'<player seat="\d+" name="([^"]+)" chips="[^"]*" dealer="\d" win="([^"]*)"')
_ROUND = re.compile(r'<round no="\d+">(.*?)</round>', re.S)
_ACTION = re.compile(r'<action no="(\d+)" player="([^"]+)" type="(\d+)" sum="([^"]*)"')


def _units(text: str, cents: bool) -> int:
    value = Decimal(re.sub(r"[^\d.]", "", text) or "0")
    return int(value * 100) if cents else int(value)


def what_the_file_says(path: Path) -> dict[str, tuple[dict[str, int], dict[str, int]]]:
    """Each hand's chips put in and won, by player, by hand id: antes, bring-ins,
    calls, bets and all-ins put in what they say, a raise (23) makes the round total."""
    text = path.read_bytes().decode("cp1252")
    cents = "<tournamentname>" not in text
    out: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    for gid, body in _GAME.findall(text):
        won = {n: _units(w, cents) for n, w in _PLAYER.findall(body)}
        put: dict[str, int] = {}
        for rnd in _ROUND.findall(body):
            mine: dict[str, int] = {}
            for _, who, kind, s in sorted(_ACTION.findall(rnd), key=lambda a: int(a[0])):
                chips = _units(s, cents)
                if kind == "23":
                    chips -= mine.get(who, 0)
                if kind in ("15", "16", "3", "5", "7", "23"):
                    mine[who] = mine.get(who, 0) + chips
                    put[who] = put.get(who, 0) + chips
        out[gid] = (put, won)
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_the_file(path: Path) -> None:
    got = records(path)
    said = what_the_file_says(path)
    assert [r.hand_id for r in got] == list(said)
    for rec in got:
        assert isinstance(rec, HandRecord), rec
        put, won = said[rec.hand_id]
        assert rec.site == "iPoker" and rec.game in (Game.STUD, Game.STUD8)
        check_chips(rec, put, won)


def test_cash_quirks_and_times() -> None:
    first, second = records(USD)
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert first.currency == "USD" and first.hero == "Hero" and first.max_seats == 10
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (5, 10, 1, 2)
    assert first.played_at.isoformat() == "2010-09-05T13:00:46+00:00"  # no zone: UTC
    assert "ad1028" not in {p.player for p in first.players}  # seated, not dealt in
    assert {n for n, _ in first.reveal} == {"Hero", "Qekz406", "Zsuzsanna"}  # all cards
    assert second.total_pot == 34 and second.house_fee == 1  # a $0.10 bet back, in "win"
    eur = records(EUR)
    assert all(isinstance(r, HandRecord) and r.currency == "EUR" for r in eur)
    lead = eur[0]
    assert isinstance(lead, HandRecord) and lead.bring_in is None  # completed at once
    assert [a.kind for a in lead.actions[:2]] == ["complete", "call"]
    allin = eur[1]
    assert isinstance(allin, HandRecord)
    assert [(a.player, a.kind, a.all_in) for a in allin.actions[-2:]] == [
        ("Player0", "raise", True),
        ("Hero", "call", False),
    ]


def test_tournament_bets_from_the_hands() -> None:
    got = records(TOUR)
    assert len(got) == 117 and all(isinstance(r, HandRecord) for r in got)
    hands = [r for r in got if isinstance(r, HandRecord)]
    first = hands[0]
    assert first.is_tournament and first.currency == "chips" and first.hero == "Player11"
    assert first.tournament_id == "699476041" and first.extra["buy_in"] == "$5+$0.50"
    levels = {(r.ante, r.small_bet, r.big_bet) for r in hands}
    assert (8, 60, 120) in levels and (150, 1000, 2000) in levels
    # the first hand of a level without a bet (all fold to the bring-in): unknown bets
    unknown = [(r.hand_id, r.ante) for r in hands if r.small_bet is None]
    assert unknown == [("4044923564", 30), ("4044982074", 50)]
    assert all(r.house_fee == 0 for r in hands)


def test_five_card_stud_is_skipped_by_game() -> None:
    (rec,) = records(FIVE_CARD)
    assert isinstance(rec, SkipRecord) and rec.game == "5 Card Stud L"
    assert rec.hand_id == "3013529647"


def _variant(tmp_path: Path, path: Path, old: str, new: str) -> list[object]:
    text = path.read_bytes().decode("cp1252")
    assert old in text
    out = tmp_path / path.name
    out.write_bytes(text.replace(old, new, 1).encode("cp1252"))
    return list(records(out))


def test_uncalled_bets_left_out_of_the_winnings(tmp_path: Path) -> None:
    got = _variant(
        tmp_path, USD, "<mode>real</mode>",
        "<uncalled_bet_enabled>true</uncalled_bet_enabled><mode>real</mode>",
    )  # fmt: skip
    assert isinstance(got[1], QuarantineRecord)  # the win still counts the $0.10 bet
    text = USD.read_text().replace(
        "<mode>real</mode>", "<uncalled_bet_enabled>true</uncalled_bet_enabled><mode>real</mode>"
    )
    out = tmp_path / "enabled.txt"
    out.write_text(text.replace('name="komanchi7" chips="$0.58" dealer="0" win="$0.43"',
                                'name="komanchi7" chips="$0.58" dealer="0" win="$0.33"'))  # fmt: skip
    plain, enabled = records(USD)[1], records(out)[1]
    assert isinstance(plain, HandRecord) and isinstance(enabled, HandRecord)
    assert (enabled.total_pot, enabled.house_fee) == (plain.total_pot, plain.house_fee)
    assert enabled.players == plain.players


def test_broken_variants_are_quarantined(tmp_path: Path) -> None:
    lines = USD.read_text().splitlines()
    at = next(i + 1 for i, ln in enumerate(lines) if 'win="$0.13"' in ln)
    got = _variant(tmp_path, USD, 'win="$0.13"', 'win="$0.23"')
    q = got[0]
    assert isinstance(q, QuarantineRecord) and q.line == at and q.hand_id == "2418629537"
    assert "more than the pot 13" in q.reason
    got = _variant(tmp_path, USD, 'type="3" sum="$0.02" cards=""/><cards type="Third Street" '
                   'player="Zsuzsanna"', 'type="3" sum="$0.03" cards=""/><cards '
                   'type="Third Street" player="Zsuzsanna"')  # fmt: skip
    q = got[1]  # the second hand: axi0matic calls the bring-in of 0.02
    assert isinstance(q, QuarantineRecord) and q.line == 61 and q.hand_id == "2418630592"
    assert (
        q.reason == "line 61: axi0matic (seat 7) cannot call 3; legal: fold, call 2, complete to 5"
    )
    got = _variant(tmp_path, USD, "<gametype>7 Card Stud L", "<gametype>7 Card Stud NL")
    assert [r.game for r in got if isinstance(r, SkipRecord)] == [
        "7 Card Stud NL (fixed limit only)"
    ] * 2
    got = _variant(
        tmp_path, USD, "<tablename>Labyrinth</tablename>", "<tablename>A & B</tablename>"
    )
    assert all(isinstance(r, QuarantineRecord) and "not well-formed" in r.reason for r in got)
    assert [r.line for r in got if isinstance(r, QuarantineRecord)] == [5, 5]
    got = _variant(tmp_path, USD, 'type="15" sum="$0.01"', 'type="1" sum="$0.01"')
    assert isinstance(got[0], QuarantineRecord) and "unknown action type '1'" in got[0].reason


def test_header_words_and_amounts() -> None:
    razz = game_header(Session(1, "Razz L $1/$2", "T", "USD"), "1", "2011-11-02 18:10:00", 9)
    assert (razz.game, razz.small_bet, razz.big_bet) == ("razz", 100, 200)
    for date in ("02-Nov-2011 18:10", "02/11/2011 18:10:00", "2011/11/02 18:10:00"):
        h = game_header(Session(1, "7 Card Stud HiLow L 0,05€/0,10€", "T", "EUR"), "1", date, 9)
        assert h.played_at.isoformat() == "2011-11-02T18:10:00+00:00"
        assert (h.game, h.currency, h.small_bet) == ("stud8", "EUR", 5)
    assert amount("1 500", 1, 1) == 1500 and amount("$1,234.50", 100, 1) == 123450


def test_a_quarantined_hand_reads_alone_again(tmp_path: Path) -> None:
    got = _variant(tmp_path, USD, 'win="$0.13"', 'win="$0.23"')
    q = got[0]
    assert isinstance(q, QuarantineRecord)
    assert q.raw_text.startswith('<?xml version="1.0"')  # the session's <general> with it
    fixed = q.raw_text.replace('win="$0.23"', 'win="$0.13"')
    (rec,) = iter_text(fixed.splitlines(), "retry")
    assert isinstance(rec, HandRecord) and rec.hand_id == "2418629537" and rec.total_pot == 13
    text = EUR.read_bytes().decode("cp1252")
    assert [r.hand_id for r in iter_text(text.splitlines(True), "eur")] == [
        r.hand_id for r in records(EUR)
    ]


@pytest.mark.parametrize("text", [b"\x00\n", b"\x00\x00\x00\n\n", b"   \n\x00 \n"])
def test_a_file_of_nul_bytes_is_no_known_format(tmp_path: Path, text: bytes) -> None:
    """The first line with its NUL bytes taken out is empty: no reader claims it (the
    iPoker header pattern once matched an empty line)."""
    path = tmp_path / "nul.txt"
    path.write_bytes(text)
    with pytest.raises(UnrecognizedFileError):
        list(iter_file(path))

"""Winning Poker Network Seven-Card Stud and Stud Hi/Lo in the room's two formats: every
hand of the sample files is read and agrees with the file's own summary (read here with
the tests' own regexes); the old software's UTF-16 files, a card a line, ``10`` for
tens and late street sections are read; other games are skipped; broken variants and a
hand cut short are quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FOLDER = DATA / "cash" / "Winning" / "Stud"
OLD_STUD = FOLDER / "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
OLD_HI_LO = FOLDER / "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
NEW = FOLDER / "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"

_OLD_HAND = re.compile(r"^Game ID: (\d+) ")
_N = r"(\d+(?:\.\d+)?)"
_OLD_POT = re.compile(rf"^Pot: {_N}\. Rake {_N}(?:\. JP fee {_N})?")
_OLD_PLAYER = re.compile(rf"^\*?Player (\S+) .*Collects: {_N}\. (Wins|Loses): {_N}")
_NEW_HAND = re.compile(r"^(?:Game )?Hand #(\d+) ")
_NEW_TOTAL = re.compile(r"^Total pot \$([\d.]+) \| Rake \$([\d.]+)")
_NEW_WON = re.compile(r"^Seat \d+: (\S+) .*\bwon \$([\d.]+)")


def _cents(text: str | None) -> int:
    return int(Decimal(text) * 100) if text else 0


def _text(path: Path) -> str:
    raw = path.read_bytes()
    return raw.decode("utf-16") if raw[:2] == b"\xff\xfe" else raw.decode()


def old_summaries(path: Path) -> dict[str, tuple[int, int, dict[str, int], dict[str, int]]]:
    """Each complete hand's pot, rake, winnings and nets, by hand id."""
    out: dict[str, tuple[int, int, dict[str, int], dict[str, int]]] = {}
    hand = None
    for line in _text(path).splitlines():
        if (m := _OLD_HAND.match(line)) is not None:
            hand = m[1]
        elif hand is not None and (p := _OLD_POT.match(line)) is not None:
            rake = _cents(p[2]) + _cents(p[3])
            out[hand] = (_cents(p[1]) + rake, rake, {}, {})
        elif hand in out and (w := _OLD_PLAYER.match(line)) is not None:
            _, _, won, nets = out[hand]
            if _cents(w[2]):
                won[w[1]] = _cents(w[2])
            nets[w[1]] = _cents(w[4]) * (1 if w[3] == "Wins" else -1)
    return out


@pytest.mark.parametrize("path", [OLD_STUD, OLD_HI_LO], ids=["stud", "hi-lo"])
def test_every_old_hand_matches_its_summary(path: Path) -> None:
    said = old_summaries(path)
    got = {r.hand_id: r for r in records(path)}
    assert said and set(said) <= set(got)
    for hand_id, (pot, rake, won, nets) in said.items():
        rec = got[hand_id]
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Winning" and rec.currency == "USD"
        assert (rec.total_pot, rec.house_fee) == (pot, rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == won
        assert {p.player: p.net for p in rec.players} == nets
        assert rec.game is (Game.STUD8 if path == OLD_HI_LO else Game.STUD)


def test_a_hand_cut_short_is_quarantined() -> None:
    *_, last = records(OLD_HI_LO)  # the file ends after the seats of its 2nd hand
    assert isinstance(last, QuarantineRecord) and last.hand_id == "693976187"
    assert "ends before its summary" in last.reason and last.site == "Winning"


def test_new_hand_matches_its_summary() -> None:
    (rec,) = records(NEW)
    assert isinstance(rec, HandRecord), rec
    lines = NEW.read_text().splitlines()
    total = next(m for x in lines if (m := _NEW_TOTAL.match(x)))
    won = {m[1]: _cents(m[2]) for x in lines if (m := _NEW_WON.match(x))}
    hand_id = next(m[1] for x in lines if (m := _NEW_HAND.match(x)))
    assert rec.hand_id == hand_id
    # "Total pot $0.36 | Rake $0.01": the pot after the rake
    assert (rec.total_pot, rec.house_fee) == (_cents(total[1]) + _cents(total[2]), 1)
    assert {p.player: p.collected for p in rec.players if p.collected} == won
    assert rec.game is Game.STUD and rec.played_at.isoformat() == "2019-07-28T16:15:58+00:00"
    assert (rec.table_name, rec.max_seats, rec.small_bet, rec.big_bet) == ("Gorham", 8, 4, 8)
    complete = next(a for a in rec.actions if a.player == "Hero")  # raises $0.04 to $0.04
    assert (complete.kind, complete.to_amount) == ("complete", 4)


def test_old_format_quirks() -> None:
    first = records(OLD_STUD)[0]
    assert isinstance(first, HandRecord)
    assert first.played_at.isoformat() == "2016-08-02T15:17:19+00:00"  # no zone: US Eastern
    assert (first.table_name, first.small_bet, first.big_bet, first.ante) == (
        "(PRR) Leyak",
        100,
        200,
        15,
    )
    hero = next(p for p in first.players if p.player == "ChazDazzle")
    assert hero.cards == "5d Ah Jh Td" and first.hero == "ChazDazzle"  # "[10d]" on 4th street
    second = records(OLD_STUD)[1]  # "Player ChazDazzle raises (1)" after a bring-in of 0.40
    assert isinstance(second, HandRecord)
    assert [(a.kind, a.amount, a.to_amount) for a in second.actions[:3]] == [
        ("bring_in", 40, 40),
        ("complete", 100, 100),
        ("call", 60, 100),
    ]
    assert {a.round for a in second.actions} == {1, 2, 3, 4}  # "Third street" is 4th


def _write(tmp_path: Path, text: str, name: str = "hand.txt") -> Path:
    out = tmp_path / name
    out.write_bytes(("\ufeff" + text.replace("\n", "\r\n")).encode("utf-16-le"))
    return out


def test_other_games_are_skipped(tmp_path: Path) -> None:
    old = _text(OLD_STUD).lstrip("\ufeff").replace("\r\n", "\n")
    (rec, *_) = records(_write(tmp_path, old.replace("(Seven Cards Stud)", "(Hold'em)", 1)))
    assert isinstance(rec, SkipRecord) and (rec.game, rec.hand_id) == ("Hold'em", "693977667")
    new = NEW.read_text().replace("7Stud(Fixed Limit)", "Holdem(No Limit)")
    (rec,) = records(_write(tmp_path, new, "new.txt"))
    assert isinstance(rec, SkipRecord) and rec.game == "Holdem(No Limit)"


def test_tournament_header(tmp_path: Path) -> None:
    text = NEW.read_text().replace(
        "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - ",
        "Game Hand #85198832 - Tournament #11212445 - 7Stud H/L(Fixed Limit) - Level 1 "
        "(40.00/80.00)- ",
    )
    text = re.sub(r"\$(\d+)\.(\d\d)", lambda m: f"{int(m[1]) * 1000 + int(m[2]) * 10}.00", text)
    (rec,) = records(_write(tmp_path, text))
    assert isinstance(rec, HandRecord), rec
    assert rec.is_tournament and rec.tournament_id == "11212445" and rec.currency == "chips"
    assert rec.game is Game.STUD8 and (rec.total_pot, rec.house_fee) == (370, 10)
    assert rec.extra["level"] == "1"


def test_broken_variants_are_quarantined(tmp_path: Path) -> None:
    old = _text(OLD_STUD).lstrip("\ufeff").replace("\r\n", "\n")
    first = old.split("\n\n")[0] + "\n"
    bad = first.replace("Collects: 1.10. Wins: 0.55.", "Collects: 1.00. Wins: 0.45.")
    (q,) = records(_write(tmp_path, bad))
    assert isinstance(q, QuarantineRecord) and q.site == "Winning" and q.hand_id == "693977667"
    assert "collected 100 and rake 0 do not make the pot 110" in q.reason
    bad = first.replace("Loses: 0.55.", "Loses: 0.65.")
    (q,) = records(_write(tmp_path, bad, "net.txt"))
    assert isinstance(q, QuarantineRecord) and "Nee nets -55 in this hand, not -65" in q.reason
    assert q.line == 25
    bad = NEW.read_text().replace("Player2 did not show and won", "Hero did not show and won")
    (q,) = records(_write(tmp_path, bad, "new.txt"))
    assert isinstance(q, QuarantineRecord) and "Hero collects 36" in q.reason

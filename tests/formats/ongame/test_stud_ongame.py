"""OnGame Seven-Card Stud and Stud Hi/Lo (and Razz, in the same words): every hand of
the sample files is read and agrees with the file's own summary (read here with the
tests' own regexes); hands follow one another without blank lines; the room's zones,
completions by the bring-in and raises are read; other games are skipped; broken
variants are quarantined."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records

FOLDER = DATA / "cash" / "OnGame" / "Stud"
FILES = sorted(FOLDER.glob("*.txt"))
SAMPLE = FOLDER / "7-Stud-USD-0.10-0.20-201009.Sample.txt"
BIG_BRING = FOLDER / "7-Stud-USD-1.00-2.00-201212.big.bring.txt"
HI_LO = FOLDER / "7-StudHL-USD-0.25-0.50-201008.All.streets.txt"

_HAND = re.compile(r"^\*{5} History for hand (\S+)")
_POT = re.compile(r"^(?:Main|Side) pot(?: \d+)?: (\$[\d.,]+) won by (.*)$")
_WINNER = re.compile(r"(.+?) \((\$[\d.,]+)(?: \w+)?\)(?:, |$)")
_RAKE = re.compile(r"^Rake taken: (\$[\d.,]+)$")
_NET = re.compile(r"^Seat \d+: (.+?) \(\$[\d.,]+\), net: ([+-]?)(\$[\d.,]+)")


def _cents(text: str) -> int:
    return int(Decimal(text.lstrip("$").replace(",", "")) * 100)


def what_the_summary_says(path: Path) -> dict[str, tuple[int, int, dict[str, int], dict[str, int]]]:
    """Each hand's pot, rake, winnings and nets, by hand id."""
    out: dict[str, tuple[int, int, dict[str, int], dict[str, int]]] = {}
    hand = None
    for line in path.read_text().splitlines():
        if (m := _HAND.match(line)) is not None:
            hand = m[1]
            out[hand] = (0, 0, {}, {})
            continue
        if hand is None:
            continue
        pot, rake, won, nets = out[hand]
        if (p := _POT.match(line)) is not None:
            pot += _cents(p[1])
            for w in _WINNER.finditer(p[2]):
                won[w[1]] = won.get(w[1], 0) + _cents(w[2])
        elif (r := _RAKE.match(line)) is not None:
            rake += _cents(r[1])
        elif (n := _NET.match(line)) is not None:
            nets[n[1]] = -_cents(n[3]) if n[2] == "-" else _cents(n[3])
        out[hand] = (pot, rake, won, nets)
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    said = what_the_summary_says(path)
    assert [r.hand_id for r in got] == list(said) and said
    for rec in got:
        assert isinstance(rec, HandRecord), rec
        pot, rake, won, nets = said[rec.hand_id]
        assert rec.site == "OnGame" and rec.currency == "USD"
        assert (rec.total_pot, rec.house_fee) == (pot, rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == won
        assert {p.player: p.net for p in rec.players} == nets
        assert rec.game is (Game.STUD8 if "HI_LO" in path.read_text() else Game.STUD)


def test_hands_without_blank_lines_between_them() -> None:
    got = records(SAMPLE)
    lines = SAMPLE.read_text().splitlines()
    starts = [i + 1 for i, line in enumerate(lines) if line.startswith("***** History")]
    assert [r.source_line for r in got] == starts == [1, 79, 141, 202]
    assert "" not in lines


def test_header_and_quirks() -> None:
    first = records(SAMPLE)[0]
    assert isinstance(first, HandRecord)
    assert first.played_at.isoformat() == "2010-09-13T21:31:30+00:00"  # GMT+0100
    assert (first.table_name, first.max_seats, first.hero) == ("Milwaukee", 10, "Hero")
    assert (first.small_bet, first.big_bet, first.ante, first.bring_in) == (10, 20, 2, 5)
    assert first.extra["table_id"] == "82086688"
    (big,) = records(BIG_BRING)
    assert isinstance(big, HandRecord)
    assert big.played_at.isoformat() == "2012-12-04T18:48:34+00:00"  # CET
    # "Hero big bring in $1": the bring-in completes; "raises $2 to $2": chips put in
    assert [(a.player, a.kind, a.amount, a.to_amount) for a in big.actions[:3]] == [
        ("Hero", "complete", 100, 100),
        ("Player0", "raise", 200, 200),
        ("Hero", "call", 100, 200),
    ]
    assert big.bring_in is None
    (hl,) = records(HI_LO)
    assert isinstance(hl, HandRecord)
    raise_5th = next(a for a in hl.actions if a.kind == "raise")  # "raises $1 to $1.37"
    assert (raise_5th.round, raise_5th.amount, raise_5th.to_amount) == (3, 100, 100)


RAZZ = """\
***** History for hand R5-1000-1 *****
Start hand: Wed Mar 03 21:00:00 EST 2010
Table: Razzville [1000] (LIMIT RAZZ $1/$2, ante: $0.10, Real money)
User: Hero
Players in round: 3
Seat 1: Hero ($20)
Seat 4: Anna B ($15)
Seat 7: cz ($10)
Hero posts ante $0.10
Anna B posts ante $0.10
cz posts ante $0.10
---
Dealing pocket cards
Dealing to Hero: [2c, 3d, 4h]
Dealing to Anna B: [-, -, Kd]
Dealing to cz: [-, -, 5s]
Anna B small bring in $0.25
cz calls $0.25
Hero raises $1 to $1
Anna B folds
cz calls $0.75
---
Dealing 4th street
Dealing to Hero: [6c]
Dealing to cz: [7d]
Hero bets $1
cz raises $2 to $3
Hero calls $1
---
Dealing 5th street
Dealing to Hero: [Kh]
Dealing to cz: [8c]
cz bets $2
Hero calls $2
---
Dealing 6th street
Dealing to Hero: [Qs]
Dealing to cz: [Ah]
cz checks
Hero checks
---
Dealing river
Dealing to Hero: [9d]
cz bets $2
Hero folds
---
Summary:
Main pot: $10.55 won by cz ($10.05)
Rake taken: $0.50
Seat 1: Hero ($14.90), net: -$5.10, [2c, 3d, 4h, 6c, Kh, Qs, 9d]
Seat 4: Anna B ($14.65), net: -$0.35
Seat 7: cz ($14.95), net: +$4.95
***** End of hand R5-1000-1 *****
"""


def _write(tmp_path: Path, text: str, name: str = "hand.txt") -> Path:
    out = tmp_path / name
    out.write_text(text)
    return out


def test_razz_with_an_uncalled_bet(tmp_path: Path) -> None:
    (rec,) = records(_write(tmp_path, RAZZ))
    assert isinstance(rec, HandRecord), rec
    assert rec.game is Game.RAZZ and rec.played_at.isoformat() == "2010-03-04T02:00:00+00:00"
    assert (rec.total_pot, rec.house_fee, rec.bring_in) == (1055, 50, 25)
    assert {p.player: p.net for p in rec.players} == {"Hero": -510, "Anna B": -35, "cz": 495}
    hero = next(p for p in rec.players if p.player == "Hero")
    assert hero.cards == "2c 3d 4h 6c Kh Qs 9d" and hero.folded_round == 5
    # a room counting the uncalled bet in the pot and the winnings reads the same
    more = RAZZ.replace("$10.55 won by cz ($10.05)", "$12.55 won by cz ($12.05)")
    (same,) = records(_write(tmp_path, more, "more.txt"))
    assert isinstance(same, HandRecord) and same.players == rec.players


SIDE_POT = (
    (
        RAZZ.split("Anna B folds\n")[0]
        .replace("R5-1000-1", "R5-1000-2")
        .replace("21:00:00", "21:02:00")
        .replace("Seat 7: cz ($10)", "Seat 7: cz ($1.10)")
    )
    + """\
Anna B calls $0.75
cz calls $0.75 and is all-in
---
Dealing 4th street
Dealing to Hero: [6c]
Dealing to Anna B: [Ts]
Dealing to cz: [7d]
Hero bets $1
Anna B calls $1
---
Dealing 5th street
Dealing to Hero: [Kh]
Dealing to Anna B: [Tc]
Dealing to cz: [8c]
Hero checks
Anna B checks
---
Dealing 6th street
Dealing to Hero: [Qs]
Dealing to Anna B: [9c]
Dealing to cz: [Ah]
Hero checks
Anna B checks
---
Dealing river
Dealing to Hero: [9d]
Dealing to Anna B: [-]
Hero checks
Anna B checks
---
Summary:
Main pot: $3.30 won by cz ($3.15)
Side pot 1: $2 won by Hero ($2)
Rake taken: $0.15
Seat 1: Hero ($19.90), net: -$0.10, [2c, 3d, 4h, 6c, Kh, Qs, 9d] (HIGH_CARD NINE)
Seat 4: Anna B ($12.90), net: -$2.10, [Jc, Jd, Kd, Ts, Tc, 9c, Qh] (TWO_PAIR JACK, TEN)
Seat 7: cz ($3.15), net: +$2.05, [2d, 3c, 5s, 7d, 8c, Ah, 4c] (HIGH_CARD FIVE)
***** End of hand R5-1000-2 *****
"""
)


def test_all_in_and_a_side_pot(tmp_path: Path) -> None:
    (rec,) = records(_write(tmp_path, SIDE_POT))
    assert isinstance(rec, HandRecord), rec
    assert (rec.total_pot, rec.house_fee) == (530, 15)
    assert [(p.pot, p.amount, p.shares) for p in rec.pots] == [
        (0, 330, (("cz", 315),)),
        (1, 200, (("Hero", 200),)),
    ]
    assert {p.player: (p.net, p.all_in) for p in rec.players} == {
        "Hero": (-10, False),
        "Anna B": (-210, False),
        "cz": (205, True),
    }
    # the side pot to the player all-in: more than their share
    bad = SIDE_POT.replace("won by cz ($3.15)", "won by cz ($5.15)")
    bad = bad.replace("$2 won by Hero ($2)", "$2 won by Hero ($0)")
    (q,) = records(_write(tmp_path, bad, "bad.txt"))
    assert isinstance(q, QuarantineRecord) and "cz collects 515, more than the share" in q.reason


def test_other_games_are_skipped(tmp_path: Path) -> None:
    holdem = RAZZ.replace("LIMIT RAZZ $1/$2, ante: $0.10", "NO_LIMIT TEXAS_HOLDEM $0.05/$0.10")
    omaha = RAZZ.replace("LIMIT RAZZ $1/$2, ante: $0.10", "Pot Limit OMAHA_HI $0.05/$0.10")
    (rec, other) = records(_write(tmp_path, holdem + omaha))
    assert isinstance(rec, SkipRecord) and rec.game == "NO_LIMIT TEXAS_HOLDEM"
    assert rec.hand_id == "R5-1000-1"
    assert isinstance(other, SkipRecord) and other.game == "Pot Limit OMAHA_HI"


def test_a_seat_sitting_out(tmp_path: Path) -> None:
    text = RAZZ.replace("Seat 7: cz ($10)\n", "Seat 7: cz ($10)\nSeat 9: sleepy ($3) sitting out\n")
    (rec,) = records(_write(tmp_path, text))
    assert isinstance(rec, HandRecord), rec
    assert [p.player for p in rec.players] == ["Hero", "Anna B", "cz"]


def test_tournament_header(tmp_path: Path) -> None:
    head = 'T5-43557381-2 (TOURNAMENT: "Razz Cup", S-1556-758114, buy-in: €3) *****'
    text = RAZZ.replace("R5-1000-1 *****", head, 1).replace("Real money", "Chips")
    text = re.sub(r"\$(\d+)(?:\.(\d\d))?", lambda m: str(int(m[1]) * 100 + int(m[2] or 0)), text)
    (rec,) = records(_write(tmp_path, text))
    assert isinstance(rec, HandRecord), rec
    assert rec.is_tournament and rec.tournament_id == "S-1556-758114"
    assert rec.hand_id == "T5-43557381-2" and rec.currency == "chips"
    assert (rec.small_bet, rec.big_bet, rec.ante, rec.total_pot) == (100, 200, 10, 1055)
    assert (rec.extra["tournament"], rec.extra["buy_in"]) == ("Razz Cup", "€3")


def test_wrong_winner_is_quarantined(tmp_path: Path) -> None:
    text = RAZZ.replace("won by cz ($10.05)", "won by Anna B ($10.05)")
    (q,) = records(_write(tmp_path, text))
    assert isinstance(q, QuarantineRecord) and q.site == "OnGame"
    assert "Anna B collects 1005, but the pot goes to cz" in q.reason
    assert q.line == 48 and q.hand_id == "R5-1000-1"


def test_wrong_net_and_wrong_raise_are_quarantined(tmp_path: Path) -> None:
    (q,) = records(_write(tmp_path, RAZZ.replace("net: +$4.95", "net: +$4.90")))
    assert isinstance(q, QuarantineRecord) and q.line == 52
    assert "cz nets 495 in this hand, not 490" in q.reason
    (q,) = records(_write(tmp_path, RAZZ.replace("cz raises $2 to $3", "cz raises $3 to $4")))
    assert isinstance(q, QuarantineRecord) and q.line == 27


def test_file_of_many_sessions_reads_every_hand(tmp_path: Path) -> None:
    data = b"".join(p.read_bytes() for p in FILES)
    out = tmp_path / "all.txt"
    out.write_bytes(data)
    got = list(iter_file(out))
    assert len(got) == 6 and all(isinstance(r, HandRecord) for r in got)

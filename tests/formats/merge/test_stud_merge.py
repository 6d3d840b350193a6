"""Merge (XML): every hand of the sample files is read and agrees with what the file
itself says (the chips each event puts in and the ``<winner>`` elements, read here with
the tests' own regexes); the no-limit hand and the hold'em of a mixed game are skipped
by game; broken and hostile variants are quarantined with the line and the reason."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from rakestats.formats import iter_text
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, check_chips, records

FILES = sorted((DATA / "cash" / "Merge").rglob("*.*"))
STUD = DATA / "cash/Merge/Stud/7-Stud-USD-0.50-1.00-201102.Sample.txt"
HL = DATA / "cash/Merge/Stud/7-StudHL-USD-0.25-0.50-201307.no.null.xml"
HORSE = DATA / "cash/Merge/Mixed/HORSE-8max-USD-0.25-0.50-201409.new.format.txt"
NO_LIMIT = DATA / "cash/Merge/Stud/NL7-StudHL-0.01-0.02-0.10-201204.xml"

_GAME = re.compile(r'<game id="([\d-]+)"')
_PLAYER = re.compile(r'<player seat="(\d+)" nickname="([^"]*)"')
_ROUND = re.compile(r'<round id="(\w+)"')
_EVENT = re.compile(
    r'type="(ANTE|BRING_IN|CALL|BET|COMPLETE|RAISE|ALL_IN)"[^>]*?player="(\d+)" amount="([\d.]+)"'
)
_WINNER = re.compile(r'<winner amount="([\d.]+)"[^>]*?player="(\d+)"')


def _cents(text: str) -> int:
    return int(Decimal(text) * 100)


def what_the_file_says(path: Path) -> dict[str, tuple[dict[str, int], dict[str, int]]]:
    """Each hand's chips put in and paid out, by player, by hand id (a raise and a
    completion are round totals, every other amount the chips put in)."""
    out: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    names: dict[str, str] = {}
    put: dict[str, int] = {}
    paid: dict[str, int] = {}
    rounds: dict[str, int] = {}
    for line in path.read_text().splitlines():
        if (g := _GAME.search(line)) is not None:
            names, put, paid = {}, {}, {}
            out[g[1]] = (put, paid)
        if (p := _PLAYER.search(line)) is not None:
            names[p[1]] = p[2]
        if _ROUND.search(line) is not None:
            rounds = {}
        if (e := _EVENT.search(line)) is not None:
            who, amount = names[e[2]], _cents(e[3])
            chips = amount - rounds.get(who, 0) if e[1] in ("RAISE", "COMPLETE") else amount
            rounds[who] = rounds.get(who, 0) + chips
            put[who] = put.get(who, 0) + chips
        if (w := _WINNER.search(line)) is not None:
            who = names[w[2]]
            paid[who] = paid.get(who, 0) + _cents(w[1])
    return out


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_the_file(path: Path) -> None:
    got = records(path)
    said = what_the_file_says(path)
    assert [r.hand_id for r in got] == list(said)
    for rec in got:
        if path == NO_LIMIT:
            assert isinstance(rec, SkipRecord)
            continue
        assert isinstance(rec, HandRecord), rec
        put, paid = said[rec.hand_id]
        assert rec.site == "Merge" and rec.currency == "USD"
        check_chips(rec, put, paid)


def test_quirks_and_times() -> None:
    (stud,) = records(STUD)
    assert isinstance(stud, HandRecord) and stud.game is Game.STUD and stud.hero == "Hero"
    assert (stud.small_bet, stud.big_bet, stud.ante, stud.bring_in) == (50, 100, 5, 10)
    assert stud.played_at.isoformat() == "2011-02-05T01:22:44+00:00"  # UTC-5 all year
    assert stud.table_name == "Hudson (31423297)" and stud.source_line == 2
    assert {p.player: p.seat for p in stud.players}["Player1"] == 1  # seat 0 is seat 1
    assert stud.reveal == (("Player5", "show"), ("Player6", "muck"))
    (hl,) = records(HL)
    assert isinstance(hl, HandRecord) and hl.game is Game.STUD8
    assert hl.played_at.isoformat() == "2013-07-16T02:35:00+00:00"  # summer: still UTC-5
    assert "Player0" not in {p.player for p in hl.players}  # dealtin="false"
    assert [a.kind for a in hl.actions[:2]] == ["bring_in", "complete"]
    horse = records(HORSE)
    assert all(isinstance(r, HandRecord) and r.game is Game.STUD8 for r in horse)
    split, uncalled, _ = horse
    assert isinstance(split, HandRecord) and isinstance(uncalled, HandRecord)
    assert split.extra == {"game": "Seven Card Stud Hi/Lo", "mixed": "HORSE"}
    assert [p.collected for p in split.players if p.collected] == [459]  # 2.30 high + 2.29 low
    assert uncalled.total_pot == 25 and uncalled.house_fee == 1  # "uncalled=true" 0.25 back


def test_old_files_count_the_uncalled_bet_in_the_winnings() -> None:
    (rec,) = records(DATA / "cash/Merge/Stud/7-StudHL-USD-0.25-0.50-201111.txt")
    assert isinstance(rec, HandRecord)
    assert rec.total_pot == 14 and rec.house_fee == 0  # won 0.64, of which 0.50 came back
    assert {p.player: p.collected for p in rec.players if p.collected} == {"Hero": 14}


def test_no_limit_and_hold_em_are_skipped_by_game(tmp_path: Path) -> None:
    (rec,) = records(NO_LIMIT)
    assert isinstance(rec, SkipRecord) and rec.hand_id == "53828643-2"
    assert rec.game == "No Limit 7-Stud H/L8 (fixed limit only)"
    holdem = tmp_path / "horse.txt"
    holdem.write_text(HORSE.read_text().replace('multigametype="43"', 'multigametype="1"'))
    skipped = records(holdem)
    assert [r.game for r in skipped if isinstance(r, SkipRecord)] == ["HORSE (Hold'em)"] * 3


def _variant(tmp_path: Path, path: Path, old: str, new: str) -> HandRecord | QuarantineRecord:
    text = path.read_text()
    assert old in text
    out = tmp_path / path.name
    out.write_text(text.replace(old, new, 1))
    (rec,) = [r for r in records(out) if not isinstance(r, SkipRecord)][:1]
    return rec


def test_broken_variants_are_quarantined(tmp_path: Path) -> None:
    lines = STUD.read_text().splitlines()
    winner = next(i + 1 for i, ln in enumerate(lines) if "<winner" in ln)
    q = _variant(tmp_path, STUD, 'potnumber="1" player="5"', 'potnumber="1" player="6"')
    assert isinstance(q, QuarantineRecord) and q.line == winner
    assert "Player6 collects 347, but the pot goes to Player5" in q.reason
    call = next(i + 1 for i, ln in enumerate(lines) if 'sequence="9"' in ln)
    q = _variant(tmp_path, STUD, 'player="6" amount="0.10"', 'player="6" amount="0.20"')
    assert isinstance(q, QuarantineRecord) and q.line == call and q.hand_id == "31423297-107"
    q = _variant(tmp_path, STUD, "</game>", "")
    assert isinstance(q, QuarantineRecord) and "not well-formed XML" in q.reason
    q = _variant(
        tmp_path, STUD, 'cards="null,null,8h" player="7"', 'cards="null,null,4s" player="7"'
    )
    assert isinstance(q, QuarantineRecord) and "4s is seen twice" in q.reason


def test_hostile_xml_is_refused(tmp_path: Path) -> None:
    laughs = '<!DOCTYPE g [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    q = _variant(tmp_path, STUD, '<game id="31423297-107"', laughs + '<game id="31423297-107"')
    assert isinstance(q, QuarantineRecord) and q.line == 2 and "(DTD) is refused" in q.reason
    q = _variant(tmp_path, STUD, 'nickname="Player1"', 'nickname="&b;"')
    assert isinstance(q, QuarantineRecord) and "undefined entity" in q.reason
    q = _variant(
        tmp_path, STUD, '<game id="31423297-107"',
        '<game id="31423297-107"><!DOCTYPE g SYSTEM "file:///etc/passwd">',
    )  # fmt: skip
    assert isinstance(q, QuarantineRecord) and q.line == 2 and "not well-formed" in q.reason


def test_hands_without_line_breaks_between_them(tmp_path: Path) -> None:
    text = HORSE.read_text().replace("</game>\n\n<game", "</game><game")
    out = tmp_path / "joined.txt"
    out.write_text(text)
    got = records(out)
    assert [r.hand_id for r in got] == [r.hand_id for r in records(HORSE)]
    assert all(isinstance(r, HandRecord) for r in got)
    assert [r.source_line for r in got if isinstance(r, HandRecord)] == [3, 82, 127]


def test_a_quarantined_hand_reads_alone_again(tmp_path: Path) -> None:
    q = _variant(tmp_path, STUD, 'player="6" amount="0.10"', 'player="6" amount="0.20"')
    assert isinstance(q, QuarantineRecord)
    assert q.raw_text.startswith("<description")  # the file's header comes with the hand
    (again,) = iter_text(q.raw_text.splitlines(), "retry")
    assert (
        isinstance(again, QuarantineRecord)
        and again.reason.split(": ", 1)[1] == (q.reason.split(": ", 1)[1])
    )
    fixed = q.raw_text.replace('player="6" amount="0.20"', 'player="6" amount="0.10"')
    (rec,) = iter_text(fixed.splitlines(), "retry")
    assert isinstance(rec, HandRecord) and rec.total_pot == 365


def test_tournament_hand(tmp_path: Path) -> None:
    """A tournament: chips, no bets in the description (read from the hand's bets),
    the balance written after the ante and the bring-in, the tournament's id."""
    text = STUD.read_text()
    text = text.replace(
        'type="7-Stud" stakes="Limit $0.50/$1"',
        'type="7-Stud Tournament" stakes="Limit Level 2 Blinds"',
    )
    text = text.replace(
        "Hudson (31423297)|31423297|31423297-107|false", "Stud SNG|555-1|31423297-107|true"
    )
    text = re.sub(r'amount="([\d.]+)"', lambda m: f'amount="{int(Decimal(m[1]) * 100)}"', text)
    balances = {"0": 1575, "1": 1156, "2": 1302, "3": 1146, "5": 1865, "6": 1859, "7": 1830}
    for seat, chips in balances.items():
        text = re.sub(
            rf'seat="{seat}" nickname="(\w+)" balance="[^"]*"',
            rf'seat="{seat}" nickname="\1" balance="{chips}"',
            text,
        )
    out = tmp_path / "tour.txt"
    out.write_text(text)
    (rec,) = records(out)
    assert isinstance(rec, HandRecord) and rec.is_tournament and rec.currency == "chips"
    assert (rec.small_bet, rec.big_bet, rec.ante, rec.bring_in) == (50, 100, 5, 10)
    assert rec.tournament_id == "555" and rec.total_pot == 365
    stacks = {p.player: p.stack for p in rec.players}
    assert stacks["Player5"] == 1865 + 5 + 10 and stacks["Player1"] == 1575 + 5

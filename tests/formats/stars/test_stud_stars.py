"""PokerStars Seven-Card Stud and Stud Hi/Lo: every hand of the sample files is read and
agrees with the file's own summary (pot, rake, who won how much); other stud variants
are skipped by game; broken variants are quarantined with the line and the reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records, summaries

HEADER = r"^\ufeff?PokerStars (?:Hand|Game) #(\d+):"
FILES = sorted((DATA / "cash" / "Stars").rglob("*.txt")) + sorted(
    (DATA / "tour" / "Stars").rglob("*.txt")
)
SKIPPED = {"91733835979": "Triple Stud (7 Card Stud Limit)"}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    expected = summaries(path, HEADER)
    assert len(got) == len(expected) > 0
    for rec, summary in zip(got, expected, strict=True):
        if summary.hand_id in SKIPPED:
            assert isinstance(rec, SkipRecord) and rec.game == SKIPPED[summary.hand_id]
            continue
        assert isinstance(rec, HandRecord), rec
        assert rec.hand_id == summary.hand_id
        assert (rec.total_pot, rec.house_fee) == (summary.pot, summary.rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == summary.won
        assert sum(p.invested for p in rec.players) == rec.total_pot


def test_games_and_counts() -> None:
    games = [r.game for p in FILES for r in records(p) if isinstance(r, HandRecord)]
    assert games.count(Game.STUD) == 13 and games.count(Game.STUD8) == 11


def test_hi_lo_split_odd_chip_to_the_high_half() -> None:
    path = DATA / "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt"
    (rec,) = [r for r in records(path) if isinstance(r, HandRecord) and r.total_pot == 76]
    won = {p.player: p.collected for p in rec.players if p.collected}
    assert rec.game is Game.STUD8 and rec.house_fee == 3
    assert won == {"u.pressure": 37, "gashpor": 36}  # 73: high 37, low 36
    gashpor = next(p for p in rec.players if p.player == "gashpor")
    assert gashpor.hand_description == "HI: a pair of Sevens; LO: 8,7,5,4,2"


def test_all_in_on_the_ante_passes_the_bring_in_left() -> None:
    path = DATA / "tour/Stars/Stud/7-StudHL-USD-0.98-0.12-202302.allin.ante.txt"
    (rec,) = records(path)
    assert isinstance(rec, HandRecord) and rec.is_tournament and rec.currency == "chips"
    assert rec.actions[0].player == "Player5" and rec.actions[0].kind == "bring_in"
    assert [(p.pot, p.amount) for p in rec.pots] == [(0, 320), (1, 300)]
    assert rec.played_at.isoformat() == "2023-02-05T18:25:51+00:00"  # 13:25:51 ET
    assert rec.extra["mixed"] == "HORSE"


def test_community_card_when_the_deck_runs_short() -> None:
    path = DATA / "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
    (rec,) = records(path)
    assert isinstance(rec, HandRecord) and rec.n_players == 8
    winner = next(p for p in rec.players if p.collected)
    assert winner.player == "Player3" and winner.hand_description == "two pair, Queens and Sevens"


def _swap(path: Path, old: bytes, new: bytes, tmp_path: Path) -> QuarantineRecord:
    data = path.read_bytes()
    assert old in data
    out = tmp_path / "hand.txt"
    out.write_bytes(data.replace(old, new, 1))
    bad = [r for r in iter_file(out) if isinstance(r, QuarantineRecord)]
    assert len(bad) == 1
    return bad[0]


def test_wrong_high_winner_is_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt"
    q = _swap(path, b"u.pressure collected $0.37", b"rdiezchang collected $0.37", tmp_path)
    assert "rdiezchang collects 37, but the pot goes to" in q.reason
    assert q.site == "PokerStars" and q.game == "stud8"


def test_wrong_hi_lo_shares_are_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt"
    data = path.read_bytes().replace(b"gashpor collected $0.36", b"gashpor collected $0.35", 1)
    q = _swap(path, b"u.pressure collected $0.37", b"u.pressure collected $0.38", tmp_path)
    assert "do not make the pot" in q.reason
    out = tmp_path / "b.txt"
    out.write_bytes(data.replace(b"u.pressure collected $0.37", b"u.pressure collected $0.38"))
    (bad,) = [r for r in iter_file(out) if isinstance(r, QuarantineRecord)]
    assert "the pot of 76 less rake 3 is 37, 36" in bad.reason


def test_wrong_high_description_is_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt"
    data = path.read_bytes()
    old = data[data.index(b"(two pair, Kings and Nines)") :][:27]
    q = _swap(path, old, b"(two pair, Kings and Eights)", tmp_path)
    assert "make two pair, Kings and Nines, not two pair, Kings and Eights" in q.reason


def test_wrong_stud_bring_in_is_quarantined(tmp_path: Path) -> None:
    # in Stud the lowest door card brings in: the 2c, not the 9s
    path = DATA / "cash/Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt"
    q = _swap(path, b"Dealt to MasterTrini1 [2c]", b"Dealt to MasterTrini1 [Kc]", tmp_path)
    assert "acts out of turn" in q.reason

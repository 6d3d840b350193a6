"""The PHH reader on the WSOP 2023 Event #43 Razz hands (tests/data/razz/phh/): pots,
winners and net per player from the files, and broken variants quarantined."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

DATA = Path(__file__).parents[2] / "data" / "razz" / "phh"
EVENT = "2023 World Series of Poker Event #43: $50,000 Poker Players Championship | Day 5"

# hand: (total pot, {winner: collected}, nets in player order) - nets are
# finishing_stacks - starting_stacks of each file.
HANDS = {
    20: (1_900_000, {"Brian Rast": 1_900_000}, [-100_000, -850_000, 1_050_000, -50_000, -50_000]),
    24: (3_900_000, {"Brian Rast": 3_900_000}, [-100_000, -1_850_000, 2_050_000, -50_000, -50_000]),
    26: (
        3_900_000,
        {"Brian Rast": 3_900_000},
        [-100_000, -450_000, 2_250_000, -50_000, -1_650_000],
    ),
    83: (400_000, {"Brian Rast": 400_000}, [-200_000, 200_000]),
    85: (5_300_000, {"Brian Rast": 5_300_000}, [-2_650_000, 2_650_000]),
}


def read(path: Path) -> HandRecord | QuarantineRecord | SkipRecord:
    (record,) = list(iter_file(path, display_name=path.name))
    return record


@pytest.mark.parametrize("number", sorted(HANDS))
def test_phh_hand_matches_the_file(number: int) -> None:
    h = read(DATA / f"wsop-2023-43-5-{number}.phh")
    assert isinstance(h, HandRecord), getattr(h, "reason", h)
    pot, winners, nets = HANDS[number]
    assert h.total_pot == pot and h.house_fee == 0
    assert {p.player: p.collected for p in h.players if p.collected} == winners
    assert [p.net for p in h.players] == nets
    assert h.hand_id == f"{EVENT} #{number}" and h.site == "PHH"
    assert (h.currency, h.is_tournament, h.view) == ("chips", True, "server")
    assert h.played_at.isoformat() == "2023-06-22T00:00:00+00:00"


def test_hand_85_raise_covering_the_opponent_and_early_shows() -> None:
    h = read(DATA / "wsop-2023-43-5-85.phh")
    assert isinstance(h, HandRecord)
    sixth = [(a.player, a.kind, a.to_amount, a.all_in) for a in h.actions if a.round == 4]
    assert sixth == [
        ("Talal Shakerchi", "bet", 600_000, False),
        ("Brian Rast", "raise", 750_000, False),  # covers Talal's 750,000, not a full raise
        ("Talal Shakerchi", "call", 750_000, True),
    ]
    by = {p.player: p for p in h.players}
    assert by["Brian Rast"].hand_description == "Lo: 8,7,4,3,2"
    assert by["Talal Shakerchi"].cards == "8c 2h 4c Ad Qd Jd Kh"
    assert by["Talal Shakerchi"].hole_cards == "8c 2h Kh" and by["Talal Shakerchi"].all_in


def test_hand_20_bring_in_folds_to_a_complete() -> None:
    h = read(DATA / "wsop-2023-43-5-20.phh")
    assert isinstance(h, HandRecord)
    assert [(a.player, a.kind) for a in h.actions[:3]] == [
        ("James Obst", "bring_in"),
        ("Talal Shakerchi", "complete"),
        ("Brian Rast", "call"),
    ]
    assert h.actions[5].facing_bet and h.actions[5].kind == "fold"


BROKEN = [
    ("finishing stacks that disagree", 20, "finishing_stacks = [6450000,",
     "finishing_stacks = [6450001,", "finishing_stacks should be"),
    ("a card dealt twice", 83, "'d dh p2 As2c6h'", "'d dh p2 Qh2c6h'", "card Qh is seen twice"),
    ("a raise after the cap", 85, "'p2 cbr 600000', 'p1 cc', 'd dh p1 Ad'",
     "'p2 cbr 600000', 'p1 cbr 900000', 'p2 cbr 1200000', 'p1 cbr 1500000', 'p2 cc', 'd dh p1 Ad'",
     "cannot raise to 1500000"),
    ("a bet that is not the limit", 24, "'p3 cbr 200000', 'p2 cc', 'd dh p2 Ah'",
     "'p3 cbr 250000', 'p2 cc', 'd dh p2 Ah'", "cannot bet 250000"),
    ("the wrong player brings in", 26, "'p1 pb', 'p2 cbr 200000'", "'p2 pb', 'p1 cbr 200000'",
     "acts out of turn"),
    ("a shown hand that is not the one dealt", 26, "'p3 sm 6c4c7hQh5s3s2s'",
     "'p3 sm 6c4c7hQh5s3s2h'", "holds 2s"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("number", "old", "new", "reason"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN]
)
def test_broken_phh_is_quarantined(
    tmp_path: Path, number: int, old: str, new: str, reason: str
) -> None:
    text = (DATA / f"wsop-2023-43-5-{number}.phh").read_text()
    assert old in text
    path = tmp_path / f"wsop-2023-43-5-{number}.phh"
    path.write_text(text.replace(old, new, 1))
    q = read(path)
    assert isinstance(q, QuarantineRecord)
    assert reason in q.reason, q.reason
    assert q.site == "PHH" and q.line >= 1


def test_other_variants_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "nlhe.phh"
    path.write_text("variant = 'NT'\nantes = [0, 0]\n")
    record = read(path)
    assert isinstance(record, SkipRecord) and record.game == "NT"

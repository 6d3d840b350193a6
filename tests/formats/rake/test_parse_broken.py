"""A corpus of broken hands between good ones: each broken hand is quarantined with the
right line and reason, the good hands around it are kept, and the counts add up."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file, iter_text
from rakestats.records import HandRecord, QuarantineRecord

DATA = Path(__file__).parents[2] / "data" / "rake"
GOOD = (DATA / "server.txt").read_text(encoding="utf-8").split("\n\n\n")[:5]

CUT = "<the rest of the hand is cut off>"

# (hand, text to replace, replacement, expected reason, text of the line blamed)
BROKEN: list[tuple[int, str, str, str, str]] = [
    (1, "*** REVEAL ***", CUT, "hand ends before the summary", "Björn Ødegaard: calls 100"),
    (
        1,
        "Total pot 455 |",
        "Total pot 456 |",
        "unexpected line 'Total pot 456 | House fee 20', expected 'Total pot 455 | House fee 20'",
        "Total pot 456",
    ),
    (2, "Dealt to Jez [As 2w 9f]", "Dealt to Jez [As 2w Xq]", "bad card 'Xq'", "Xq"),
    (
        2,
        "Dealt to Silo [8s 8w 4c]",
        "Dealt to Silo [8s 8w 2w]",
        "card 2w is seen twice",
        "Silo [8s 8w 2w]",
    ),
    (2, "Face up: [Ac 7s 5f]", "Face up: [Ac 7s 8s]", "card 8s is seen twice", "Face up"),
    (
        3,
        "Cat: bets 7",
        "Cat: bets 3",
        "Cat (seat 3) cannot bet 3; legal: check, bet 5-195",
        "Cat: bets 3",
    ),
    (
        1,
        "Björn Ødegaard: checks\nCrake: the [Daemonist]: bets 20",
        "Crake: the [Daemonist]: bets 20\nBjörn Ødegaard: checks",
        "Crake: the [Daemonist] acts out of turn: Björn Ødegaard is to act",
        "Crake: the [Daemonist]: bets 20",
    ),
    (
        3,
        "Ann collected 57 from pot",
        "Cat collected 57 from pot",
        "unexpected line 'Cat collected 57 from pot', expected 'Ann collected 57 from pot'",
        "Cat collected",
    ),
    (
        1,
        "automatic win with",
        "automatic loss with",
        "expected 'Björn Ødegaard: automatic win with the Ace of Skulls'",
        "automatic loss",
    ),
    (
        2,
        "Jez: automatic loss with the Ace of Skulls\n",
        "",
        "missing 'Jez: automatic loss with the Ace of Skulls' before this line",
        "Captain Frey collected 102 from main pot",
    ),
    (
        4,
        "Ann: checks\n",
        "Ann: checks\nBob: dances\n",
        "unexpected line 'Bob: dances'",
        "Bob: dances",
    ),
    (
        2,
        "(Pair of 8s)",
        "(Pair of 9s)",
        "the hand is 'Pair of 8s', not 'Pair of 9s'",
        "Silo: shows",
    ),
    (
        0,
        "Uncalled bet (40)",
        "Uncalled bet (30)",
        "expected 'Uncalled bet (40) returned to Ann'",
        "Uncalled",
    ),
    (2, "bets 50 and is all-in", "bets 50", "does not say 'and is all-in'", "Jez: bets 50"),
    (3, "House fee 5", "House fee 4", "expected 'Total pot 118 | House fee 5'", "Total pot 118"),
    (
        3,
        "Cat (dealer) folded in the third",
        "Cat (dealer) folded in the second",
        "expected 'Seat 3: Cat (dealer) folded in the third betting round'",
        "Seat 3: Cat",
    ),
    (
        2,
        "Side pot-1 600.",
        "Side pot-1 601.",
        "expected 'Total pot 780 Main pot 180. Side pot-1 600. | House fee 78'",
        "Total pot 780",
    ),
    (
        0,
        "Ann: posts the ante 10",
        "Ann: posts the ante 5",
        "expected 'Ann: posts the ante 10'",
        "Ann: posts the ante 5",
    ),
    (
        4,
        "Ann: raises 26 to 30",
        "Ann: raises 20 to 30",
        "a raise of 20 to 30 does not fit the bet of 4",
        "Ann: raises",
    ),
    (4, "Bob: calls 26", "Bob: calls 20", "cannot call 20; legal: fold, call 26", "Bob: calls 20"),
    (
        1,
        "Grist: picks up [3s] face up",
        "Grist: picks up [Ps] face up",
        "must pick one of the face-up cards",
        "Grist: picks up [Ps]",
    ),
    (
        1,
        "*** MIDDLE CARDS ***",
        "*** SECOND PICK-UP ***",
        "section out of order: '*** SECOND PICK-UP ***'",
        "*** SECOND PICK-UP",
    ),
    (
        0,
        "Seat 2: Ann: Bob (dealer) folded",
        "Seat 2: Ann: Bob folded",
        "expected 'Seat 2: Ann: Bob (dealer) folded",
        "Seat 2: Ann: Bob folded",
    ),
    (0, "2026/01/05 12:01:00 UTC", "2026/13/05 12:01:00 UTC", "bad date", "Rake Hand #"),
    # an offset that is none (minutes past 59, beyond 14 hours), a date beyond the years
    # rakestats reads (9999 and 0001 beyond what a datetime holds in UTC)
    *(
        (0, "12:01:00 UTC", f"12:01:00 {z}", f"invalid UTC offset '{z}'", "Rake Hand #")
        for z in ("+05:99", "+24:00", "-14:30", "+23:59")
    ),
    *(
        (0, "2026/01/05 12:01:00 UTC", d, "date out of range (years 1900 to 2999)", "#")
        for d in (
            *("9999/12/31 23:59:59 -01:00", "0001/01/01 00:00:00 +01:00"),
            *("0001/01/01 00:00:00 UTC", "1899/12/31 23:59:59 UTC", "3000/01/01 00:00:00 UTC"),
        )
    ),
]


def _corpus() -> tuple[str, list[str | None]]:
    """Good and broken hands alternating; for each hand, the expected reason or None."""
    hands: list[str] = []
    expect: list[str | None] = []
    for k, (i, old, new, reason, _) in enumerate(BROKEN):
        assert old in GOOD[i], old
        hands.append(GOOD[k % len(GOOD)])
        expect.append(None)
        if new == CUT:
            hands.append(GOOD[i][: GOOD[i].index(old)].rstrip("\n"))
        else:
            hands.append(GOOD[i].replace(old, new, 1))
        expect.append(reason)
    return "\n\n\n".join(hands) + "\n\n\n", expect


def test_broken_hands_are_quarantined_and_good_ones_kept(tmp_path: Path) -> None:
    text, expect = _corpus()
    path = tmp_path / "broken.txt"
    path.write_text(text, encoding="utf-8")
    lines = text.split("\n")
    got = list(iter_file(path, display_name="broken.txt"))
    assert len(got) == len(expect)
    good = sum(isinstance(r, HandRecord) for r in got)
    bad = [r for r in got if isinstance(r, QuarantineRecord)]
    assert (good, len(bad)) == (len(BROKEN), len(BROKEN))
    qs = iter(bad)
    for r, reason, case in zip(got, expect, [c for c in BROKEN for _ in (0, 1)], strict=True):
        if reason is None:
            assert isinstance(r, HandRecord)
            continue
        q = next(qs)
        assert q is r
        assert reason in q.reason, (q.reason, reason)
        assert case[4] in lines[q.line - 1], (q.line, lines[q.line - 1], case)
        assert q.source_file == "broken.txt" and q.game == "rake"
        assert q.raw_text in text
        assert q.raw_text.startswith("Test Room Rake Hand #")
        assert q.site == "Test Room" and q.hand_id is not None


@pytest.mark.parametrize("cut", [1, 3, 5, 8, 12, 20, 30, 40, 45, 47, 48, 49])
def test_truncated_anywhere(cut: int) -> None:
    hand = GOOD[1].split("\n")[:cut]
    [r] = list(iter_text(hand, "t"))
    assert isinstance(r, QuarantineRecord)
    assert "hand ends before" in r.reason or "unexpected" in r.reason, r.reason
    assert 1 <= r.line <= cut


def test_line_without_newline_at_end_of_file() -> None:
    [r] = list(iter_text(GOOD[0].split("\n"), "t"))
    assert isinstance(r, HandRecord)


def test_reason_names_the_line() -> None:
    text, _ = _corpus()
    for r in iter_text(text.split("\n"), "t"):
        if isinstance(r, QuarantineRecord) and not r.reason.startswith("hand ends"):
            assert r.reason.startswith(f"line {r.line}: "), r.reason


PLAYER = (DATA / "player.txt").read_text(encoding="utf-8").split("\n\n\n")


@pytest.mark.parametrize(
    ("old", "new", "reason"),
    [
        # Grist's log: Björn shows a card that is still face up in the middle.
        (
            "Björn Ødegaard: shows [As Aw 7f Af Tc]",
            "Björn Ødegaard: shows [As Aw 7f Af 8w]",
            "card 8w is seen twice",
        ),
        (
            "Björn Ødegaard: picks up a card face down",
            "Björn Ødegaard: picks up [Tc] face down",
            "a player's log shows Björn Ødegaard's face-down card",
        ),
        (
            "Grist: picks up [Dc] face down",
            "Grist: picks up a card face down",
            "the face-down card picked is not named",
        ),
        (
            "Face down: 3 cards",
            "Face down: [Dc 4f Tc]",
            "a player's log does not show the face-down cards",
        ),
        (
            "Dealt to Grist [Dw Df 3c]",
            "Dealt to Björn Ødegaard [Dw Df 3c]",
            "expected the cards dealt to Grist",
        ),
        ("View: player Grist", "View: player Nobody", "the hero 'Nobody' has no seat"),
    ],
)
def test_player_view_errors(old: str, new: str, reason: str) -> None:
    hand = next(h for h in PLAYER if "View: player Grist" in h)
    assert old in hand
    [r] = list(iter_text(hand.replace(old, new, 1).split("\n"), "p"))
    assert isinstance(r, QuarantineRecord)
    assert reason in r.reason
    assert new.split(" [")[0].split(" (")[0] in hand.replace(old, new, 1).split("\n")[r.line - 1]

"""``rakestats stats``, ``hands`` and ``hand`` on a warehouse of every room's stud
histories (``tests/data/stud``, ``tests/data/razz``: Razz, Seven-Card Stud and Stud
Hi/Lo), against what the history files say."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.stats import GAMES, STUD_GAMES

DATA = Path(__file__).resolve().parents[1] / "data"
FTP_STUD = DATA / "stud" / "cash" / "FTP" / "Stud"


@pytest.fixture(scope="module")
def wh(stud_rooms: Warehouse) -> Warehouse:
    return stud_rooms


def _run(*args: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == code, result.output
    return result.output


@pytest.mark.parametrize("game", STUD_GAMES)
def test_stats_per_stud_game_in_big_bets(wh: Warehouse, game: str) -> None:
    rows = json.loads(_run("stats", "-w", str(wh.path), "--game", game, "--format", "json"))
    assert rows and {r["game"] for r in rows} == {game}
    assert {r["winrate_unit"] for r in rows} == {"big_bet"}
    stud = json.loads(
        _run("stats", "-w", str(wh.path), "--game", game, "--stud", "--format", "json")
    )
    assert {r["game"] for r in stud} == {game}
    assert sum(r["hands"] for r in stud) == sum(r["hands"] for r in rows)
    split = [r["scoop_pct"] for r in stud if r["showdowns"] > 0]
    assert split and all((v is None) == (game != "stud8") for v in split)
    table = _run("stats", "-w", str(wh.path), "--game", game)
    assert "skull" not in table and "big_bet" in table  # no Rake hand: no Ace of Skulls
    stud_table = _run("stats", "-w", str(wh.path), "--game", game, "--stud")
    assert "BB/100" in stud_table.splitlines()[0]
    assert ("scoop" in stud_table.splitlines()[0]) == (game == "stud8")


def test_game_help_names_every_game() -> None:
    text = " ".join(_run("stats", "--help").split())
    assert f"Only this game: {', '.join(GAMES)}" in text


def test_stud_stats_of_one_room_as_the_files_say(wh: Warehouse) -> None:
    """The five Full Tilt $3/$6 hands (tests/stats/test_stats_stud_rooms.py reads them
    line by line): Hero, folded to twice in a steal seat, completes once (the hand the
    button 3-bets) and nets +$40.00; goulartarm brings in twice and folds to both
    steals."""
    out = _run(
        "stats", "-w", str(wh.path), "--stud", "--site", "Full Tilt Poker", "--big-bet", "600",
        "--format", "json",
    )  # fmt: skip
    rows = {r["player"]: r for r in json.loads(out)}
    hero = rows["Hero"]
    assert (hero["hands"], hero["net"], hero["net_display"]) == (5, 4000, "$40.00")
    assert (hero["steal_chances"], hero["steal_hands"], hero["steal_won"]) == (2, 1, 0)
    goulartarm = rows["goulartarm"]
    assert (goulartarm["bring_in_hands"], goulartarm["fold_to_steal"]) == (2, 1.0)


def test_hands_lists_every_room_hand_of_a_game(wh: Warehouse) -> None:
    """Every Full Tilt Seven-Card Stud hand: the ``Limit Stud Hi`` headers of the files."""
    ids = set()
    for path in FTP_STUD.glob("*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            m = re.match(r"Full Tilt Poker Game #(\d+):.* Limit Stud Hi\b", line)
            if m:
                ids.add(m.group(1))
    out = _run(
        "hands", "-w", str(wh.path), "--game", "stud", "--site", "Full Tilt Poker", "--limit",
        "0", "--format", "json",
    )  # fmt: skip
    listed = json.loads(out)
    assert len(ids) == 17 and {r["hand_id"] for r in listed} == ids
    assert {r["game"] for r in listed} == {"stud"}
    table = _run("hands", "-w", str(wh.path), "--game", "stud8", "--limit", "3")
    assert "Ace of Skulls" not in table and "stud8" in table


def test_hand_shows_the_halves_of_a_stud8_pot(wh: Warehouse) -> None:
    """PokerStars HORSE hand 241636097024: Hero, all-in on the ante with ``[3h Ah 2s]``,
    shows a straight and LO: 5,4,3,2,A and collects the main pot of 320; Player3 (two
    pair) and Player0 (LO: 8,7,6,3,A) collect 150 each from side pot-1."""
    text = _run("hand", "-w", str(wh.path), "241636097024")
    assert text.startswith("Hand 241636097024 at PokerStars: Stud Hi/Lo, ")
    assert "  Hero: down [3h Ah], up [2s]\n" in text and "  Player5 brings in for 60\n" in text
    assert "  Main pot 320: Hero collected 320 (high and low)\n" in text
    assert "  Side pot-1 300: Player0 collected 150 (low), Player3 collected 150 (high)\n" in text
    doc = json.loads(_run("hand", "-w", str(wh.path), "241636097024", "--format", "json"))
    assert [p["halves"] for p in doc["pots"]] == [
        {"high": ["Hero"], "low": ["Hero"]},
        {"high": ["Player3"], "low": ["Player0"]},
    ]
    # "No low hand qualified": the high hand takes the pot whole
    none = _run("hand", "-w", str(wh.path), "35874523510")
    assert "Pot $0.80: rdiezchang collected $0.77 (high); no low hand qualified\n" in none


def test_hand_shows_a_seven_card_stud_hand(wh: Warehouse) -> None:
    """Full Tilt 21536466676 (``...Steal.from.Button.Failure.txt``): ``Dealt to arjun1111
    [As]``, ``thebear666 brings in for $1``, ``arjun1111 completes it to $3``."""
    text = _run("hand", "-w", str(wh.path), "21536466676")
    assert text.startswith("Hand 21536466676 at Full Tilt Poker: Seven-Card Stud, ")
    for line in (
        "  arjun1111: up [As]",
        "  thebear666 brings in for $1.00",
        "  arjun1111 completes to $3.00",
        "  Pot $9.50: arjun1111 collected $9.50",
    ):
        assert line + "\n" in text, line
    assert "(high" not in text  # halves are Stud Hi/Lo's alone

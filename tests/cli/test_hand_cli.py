"""``Warehouse.hands`` (from a figure to the hands behind it) and ``rakestats hand``."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.money import format_money
from tests._stats_fixtures import P, hand, write_warehouse
from tests.report.test_report import INJ, SCRIPT, build_warehouse


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    return Warehouse(build_warehouse(tmp_path_factory.mktemp("hands")))


def test_hands_auto_losses_match_the_statistic(wh: Warehouse) -> None:
    losses = wh.hands(skull_ace_outcome="auto_loss")
    skull = wh.skull_ace()
    assert len(losses) == skull["skull_ace_auto_losses"].sum() > 0
    per_player = losses.groupby("player").size()
    for row in skull.itertuples():
        assert per_player.get(row.player, 0) == row.skull_ace_auto_losses
    assert set(losses["skull_ace_outcome"]) == {"auto_loss"}
    assert losses["went_to_reveal"].all() and losses["skull_ace_held"].all()
    assert list(losses["played_at"]) == sorted(losses["played_at"])
    for col in ("hand_id", "played_at", "table_name", "player", "net", "hand_category"):
        assert col in losses.columns


def test_hands_by_player_date_category_outcome(wh: Warehouse) -> None:
    mine = wh.hands(players=INJ)
    assert set(mine["player"]) == {INJ} and len(mine) == 258
    assert len(wh.hands(players=INJ, until="2026-01-04")) == 0
    day = wh.hands(players=INJ, since="2026-01-05", until="2026-01-05")
    assert len(day) == 258
    trips = wh.hands(category="Three of a Kind")
    assert len(trips) > 0 and set(trips["hand_category"]) == {"THREE_OF_A_KIND"}
    assert len(wh.hands(category="THREE_OF_A_KIND")) == len(trips)
    won = wh.hands(outcome="won", players=SCRIPT)
    assert (won["collected"] > 0).all()
    stats = wh.player_stats(players=SCRIPT)
    assert len(won) == int(stats["hands_won"].iloc[0])
    reveal = wh.hands(outcome="reveal")
    assert len(reveal) == int(wh.player_stats()["reveals"].sum())
    assert len(wh.hands(limit=5)) == 5
    one = wh.hands(hand_id=str(trips["hand_id"].iloc[0]))
    assert len(one) == 3  # every player of that hand
    assert len(wh.hands(skull_ace_outcome="held")) == int(wh.skull_ace()["skull_ace_held"].sum())


def test_hands_rejects_unknown_outcomes(wh: Warehouse) -> None:
    with pytest.raises(ValueError, match="outcome"):
        wh.hands(outcome="maybe")
    with pytest.raises(ValueError, match="skull_ace_outcome"):
        wh.hands(skull_ace_outcome="lost")


def test_hand_command_prints_the_hand(wh: Warehouse) -> None:
    hid = str(wh.hands(skull_ace_outcome="auto_loss")["hand_id"].iloc[0])
    result = CliRunner().invoke(main, ["hand", "--warehouse", wh.path, hid])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith(f"Hand {hid} at Rakestats Sim: Rake, 2026-01-05")
    for needle in ("Seats:", "Seat ", "*** First betting round ***", "*** Reveal ***",
                   "automatic loss with the Ace of Skulls", "*** Pots ***", "*** Result ***",
                   "Total pot"):  # fmt: skip
        assert needle in out
    assert out.index("First betting round") < out.index("Reveal") < out.index("Result")
    players = wh.hands(hand_id=hid)
    for row in players.itertuples():
        put, got = format_money(row.invested, "chips"), format_money(row.collected, "chips")
        assert f"{row.player}: put in {put}, collected {got}" in out


def test_hand_command_shows_pickups_and_amounts(wh: Warehouse) -> None:
    picked = wh.sql(
        "SELECT a.hand_id FROM actions a JOIN pickups k USING (hand_key) "
        "WHERE a.kind = 'bet' AND k.pickup = 2 ORDER BY a.hand_id LIMIT 1"
    )
    hid = str(picked["hand_id"].iloc[0])
    out = CliRunner().invoke(main, ["hand", "-w", wh.path, hid]).output
    assert "*** First pick-up ***" in out and "*** Second pick-up ***" in out
    assert " picks up [" in out and (" face up" in out or " face down" in out)
    assert " bets " in out


def test_hand_command_errors(wh: Warehouse, tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["hand", "-w", wh.path, "no-such-hand"])
    assert missing.exit_code == 2 and "no hand" in missing.output
    nowh = runner.invoke(main, ["hand", "-w", str(tmp_path / "none"), "x"])
    assert nowh.exit_code == 2
    assert runner.invoke(main, ["hand", "-w", wh.path]).exit_code == 2


def test_hand_command_escapes_control_characters(tmp_path: Path) -> None:
    evil = "Evil\x1b[31m\x07"
    rec = hand(
        1,
        [P(evil, 10, 20, reveal=True, category="PAIR"), P("Bob", 10, 0, reveal=True)],
        [(evil, 1, "check"), ("Bob", 1, "check")],
        at=datetime(2026, 2, 1, 12, 0, tzinfo=UTC),
    )
    write_warehouse(tmp_path / "wh", [rec])
    result = CliRunner().invoke(main, ["hand", "-w", str(tmp_path / "wh"), "H0001"])
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "Evil\\x1b[31m\\x07 checks" in result.output


def test_a_hand_id_not_found_names_where_it_is(stud_rooms: Warehouse) -> None:
    """``rakestats hand`` with part of an id, the id as PokerStars writes it (``#``), or
    the wrong site said only ``no hand '...'``."""
    runner = CliRunner()

    def hand_cmd(*args: str) -> tuple[int, str, str]:
        r = runner.invoke(main, ["hand", "-w", stud_rooms.path, *args])
        return r.exit_code, r.stdout, r.stderr.strip()

    whole = hand_cmd("693975843")
    assert whole[0] == 0 and whole[1].startswith("Hand 693975843 at Winning")
    assert hand_cmd("#693975843 ") == whole  # copied with the sign before it
    assert hand_cmd("69397584") == (
        2,
        "",
        "error: no hand '69397584'; ids that contain it: '693975843'",
    )
    assert hand_cmd("693975843", "--site", "PokerStars") == (
        2,
        "",
        "error: no hand '693975843' at 'PokerStars'; it is at 'Winning'",
    )
    assert hand_cmd("zz_%") == (2, "", "error: no hand 'zz_%'")  # no pattern of LIKE
    assert hand_cmd("999") == (2, "", "error: no hand '999'")  # too short to suggest
    code, _, err = hand_cmd("4044")
    ids = stud_rooms.sql("SELECT DISTINCT hand_id FROM hands WHERE contains(hand_id, '4044')")
    assert code == 2 and len(ids) > 3
    shown = err.split("ids that contain it: ")[1]
    assert shown.endswith(", ...") and shown.count("'") == 6
    assert all(s.strip("'") in set(ids["hand_id"]) for s in shown[:-5].split(", "))

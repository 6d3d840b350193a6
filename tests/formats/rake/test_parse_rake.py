"""The Rake parser on hand-written histories: every field of the records."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from rakestats.formats import HandError, RakeParser, iter_file
from rakestats.formats.rake.parser import parse_rake_hand
from rakestats.records import ActionRecord, Game, HandRecord, PickupRecord, PlayerRecord

DATA = Path(__file__).parents[2] / "data" / "rake"


def _hands(name: str) -> list[HandRecord]:
    out = []
    for r in iter_file(DATA / name):
        assert isinstance(r, HandRecord), r
        out.append(r)
    return out


@pytest.fixture(scope="module")
def server() -> list[HandRecord]:
    return _hands("server.txt")


@pytest.fixture(scope="module")
def player() -> list[HandRecord]:
    return _hands("player.txt")


def _by_name(hand: HandRecord) -> dict[str, PlayerRecord]:
    return {p.player: p for p in hand.players}


def test_all_hands_validate(server: list[HandRecord], player: list[HandRecord]) -> None:
    assert [h.hand_id[-1] for h in server] == ["1", "2", "3", "4", "5"]
    assert len(player) == 6
    for h in server + player:
        assert sum(p.collected for p in h.players) + h.house_fee == h.total_pot
        assert sum(p.invested for p in h.players) == h.total_pot


def test_header_fields(server: list[HandRecord]) -> None:
    h = server[0]
    assert h.site == "Test Room"
    assert h.hand_id == "000000000000-0001-000001"
    assert h.game is Game.RAKE
    assert h.played_at == datetime(2026, 1, 5, 12, 1, tzinfo=UTC)
    assert h.table_name == "Ketty Jay"
    assert h.max_seats == 2
    assert h.currency == "chips"
    assert h.is_tournament is False
    assert h.ante == 10
    assert (h.small_bet, h.big_bet, h.bring_in) == (None, None, None)
    assert h.dealer_seat == 2
    assert h.view == "server" and h.hero is None
    assert h.source_file.endswith("server.txt") and h.source_line == 1
    assert server[1].source_line == 23


def test_time_zone_offset_is_converted_to_utc(server: list[HandRecord]) -> None:
    assert server[2].played_at == datetime(2026, 1, 5, 10, 3, tzinfo=UTC)


def test_names_are_matched_longest_first(server: list[HandRecord]) -> None:
    h = server[0]
    ann, bob = h.players
    assert (ann.player, bob.player) == ("Ann", "Ann: Bob")
    assert (ann.invested, ann.collected) == (10, 20)  # the uncalled 40 came back
    assert (bob.invested, bob.collected, bob.folded_round) == (10, 0, 1)
    assert h.house_fee == 0  # no pick-up, no fee
    assert h.actions == (
        ActionRecord(1, 1, "Ann", "bet", 40, 40, False, False),
        ActionRecord(2, 1, "Ann: Bob", "fold", 0, 0, False, True),
    )
    assert h.pickups == ()


def test_reveal_with_automatic_win(server: list[HandRecord]) -> None:
    h = server[1]
    assert (h.total_pot, h.house_fee) == (455, 20)
    p = _by_name(h)
    bjorn, crake, grist = p["Björn Ødegaard"], p["Crake: the [Daemonist]"], p["Grist"]
    assert [x.position for x in (bjorn, crake, grist)] == [1, 2, 3]
    assert bjorn == PlayerRecord(
        player="Björn Ødegaard",
        seat=3,
        position=1,
        stack=400,
        invested=195,
        collected=435,
        cards="As Aw 7f Af Tc",
        hole_cards="As Aw 7f",
        went_to_reveal=True,
        skull_ace_held=True,
        skull_ace_outcome="auto_win",
        hand_category="THREE_OF_A_KIND",
        hand_description="Three of a Kind, Aces",
        folded_round=None,
        all_in=False,
    )
    assert (grist.hand_category, grist.skull_ace_outcome, grist.collected) == ("FULL_PACK", None, 0)
    assert crake.cards == "2s 5w 9c 4f" and crake.hole_cards == "2s 5w 9c"
    assert (crake.folded_round, crake.went_to_reveal, crake.hand_category) == (2, False, None)
    kinds = [(a.player, a.kind, a.amount, a.to_amount, a.facing_bet) for a in h.actions[:5]]
    assert kinds == [
        ("Björn Ødegaard", "check", 0, 0, False),
        ("Crake: the [Daemonist]", "bet", 20, 20, False),
        ("Grist", "raise", 60, 60, True),
        ("Björn Ødegaard", "call", 60, 60, True),
        ("Crake: the [Daemonist]", "call", 40, 60, True),
    ]
    assert [a.round for a in h.actions] == [1] * 5 + [2] * 5 + [3] * 3
    assert [a.seq for a in h.actions] == list(range(1, 14))
    assert h.pickups == (
        PickupRecord(1, "Björn Ødegaard", True, "Af", "PAIR", "THREE_OF_A_KIND"),
        PickupRecord(1, "Crake: the [Daemonist]", False, "4f", "HIGH_CARD", "HIGH_CARD"),
        PickupRecord(1, "Grist", False, "Dc", "PAIR", "THREE_OF_A_KIND"),
        PickupRecord(2, "Björn Ødegaard", False, "Tc", "THREE_OF_A_KIND", "THREE_OF_A_KIND"),
        PickupRecord(2, "Grist", True, "3s", "THREE_OF_A_KIND", "FULL_PACK"),
    )


def test_side_pots_and_automatic_loss(server: list[HandRecord]) -> None:
    h = server[2]
    assert (h.total_pot, h.house_fee) == (780, 78)
    p = _by_name(h)
    jez, frey, silo = p["Jez"], p["Captain Frey"], p["Silo"]
    assert (jez.invested, jez.collected, jez.all_in) == (60, 0, True)
    assert (jez.skull_ace_held, jez.skull_ace_outcome) == (True, "auto_loss")
    assert jez.hand_category == "HIGH_CARD"
    assert frey.collected == 102 + 600
    assert (silo.collected, silo.all_in, silo.skull_ace_held) == (0, False, False)
    assert h.actions[0] == ActionRecord(1, 1, "Jez", "bet", 50, 50, True, False)


def test_split_pot_odd_chip_to_the_left_of_the_dealer(server: list[HandRecord]) -> None:
    h = server[3]
    p = _by_name(h)
    assert (h.total_pot, h.house_fee) == (118, 5)
    assert (p["Ann"].collected, p["Bob"].collected) == (57, 56)
    assert p["Ann"].hand_description == p["Bob"].hand_description == "High Card, Duke"
    assert p["Cat"].folded_round == 3


def test_won_without_reveal_after_pickups_pays_the_fee(server: list[HandRecord]) -> None:
    h = server[4]
    p = _by_name(h)
    assert (h.total_pot, h.house_fee) == (64, 1)
    assert (p["Ann"].collected, p["Ann"].went_to_reveal) == (63, False)
    assert p["Ann"].cards == "Ps Pw 2f Tf 6c"  # known in the server log, not shown
    assert p["Ann"].hand_category is None
    raise_ = h.actions[4]
    assert (raise_.kind, raise_.amount, raise_.to_amount, raise_.facing_bet) == (
        "raise",
        30,
        30,
        True,
    )


def test_player_view(player: list[HandRecord]) -> None:
    by_hero = {(h.hand_id[-1], h.hero): h for h in player}
    h = by_hero[("2", "Grist")]
    assert h.view == "player"
    p = _by_name(h)
    assert p["Grist"].cards == "Dw Df 3c Dc 3s" and p["Grist"].hole_cards == "Dw Df 3c"
    # Björn picked one card face down: his shown cards are known, his hole cards are not.
    assert p["Björn Ødegaard"].cards == "As Aw 7f Af Tc"
    assert p["Björn Ødegaard"].hole_cards is None
    assert p["Björn Ødegaard"].skull_ace_outcome == "auto_win"
    crake = p["Crake: the [Daemonist]"]
    assert (crake.cards, crake.hole_cards, crake.skull_ace_held) == (None, None, False)
    picks = [(x.player, x.card, x.category_before, x.category_after) for x in h.pickups]
    assert picks == [
        ("Björn Ødegaard", "Af", None, None),
        ("Crake: the [Daemonist]", None, None, None),
        ("Grist", "Dc", "PAIR", "THREE_OF_A_KIND"),
        ("Björn Ødegaard", None, None, None),
        ("Grist", "3s", "THREE_OF_A_KIND", "FULL_PACK"),
    ]
    # Jez picked both cards face up: Silo knows Jez's hole cards once shown.
    jez = _by_name(by_hero[("3", "Silo")])["Jez"]
    assert jez.hole_cards == "As 2w 9f"


def test_views_agree_on_money(server: list[HandRecord], player: list[HandRecord]) -> None:
    by_id = {h.hand_id: h for h in server}
    for h in player:
        s = by_id[h.hand_id]
        assert [(p.invested, p.collected) for p in h.players] == [
            (p.invested, p.collected) for p in s.players
        ]
        assert h.actions == s.actions


def test_intermediate_structure() -> None:
    lines = (DATA / "server.txt").read_text(encoding="utf-8").split("\n")[22:72]
    parsed = parse_rake_hand(lines, 23)
    assert [s.seat for s in parsed.seats] == [1, 3, 5]
    assert [s.section.name for s in parsed.sections] == [
        "DEAL",
        "ROUND1",
        "MIDDLE",
        "PICKUP1",
        "ROUND2",
        "PICKUP2",
        "ROUND3",
        "REVEAL",
    ]
    # the lines the rules decide are kept as text, for the checker to compare
    assert parsed.summary_line == 68
    assert parsed.summary[0].line == 69 and parsed.summary[0].text.startswith("Total pot ")
    reveal = parsed.sections[-1].items
    assert [type(it).__name__ for it in reveal] == ["ShowLine", "ShowLine", "TextLine", "TextLine"]
    with pytest.raises(HandError, match="line 24"):
        parse_rake_hand([lines[0], "Table nonsense", *lines[2:]], 23)


def test_sniff() -> None:
    assert RakeParser.sniff(
        "Room Rake Hand #1-0001-000001: No Limit (ante 5) - 2026/01/05 00:00:00 UTC"
    )
    assert not RakeParser.sniff("PokerStars Hand #1: Razz ($0.04/$0.08 USD)")

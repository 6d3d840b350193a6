"""The PokerStars Razz parser on the real sample files (tests/data/razz/stars/): every
hand ingests, and its pot, rake, winners and net per player are those the history
states (figures worked out by hand from each history, in cents or chips)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import Game, HandRecord, QuarantineRecord

DATA = Path(__file__).parents[2] / "data" / "razz" / "stars"
CASH = DATA / "Razz-USD-0.04-0.08-200911.txt"
TOURNEY = DATA / "Razz-8max-USD-200-15-201009.bracket.in.alias.txt"

# hand id: (total pot, rake, {winner: collected}, {player: net})
CASH_HANDS = {
    "35874566077": (41, 2, {"SilkZone": 39},
                    {"kobreli": -3, "willy32948": -15, "meg100": -7, "s0rrow": -1, "SilkZone": 24}),
    "35874590575": (48, 2, {"s0rrow": 46},
                    {"kobreli": -3, "meg100": -15, "s0rrow": 31, "SilkZone": -15}),
    "35874623967": (71, 3, {"HIWAII2": 68},
                    {"kobreli": -3, "meg100": -11, "HIWAII2": 41, "s0rrow": -27, "SilkZone": -3}),
    "35874664176": (12, 0, {"HIWAII2": 12},
                    {"kobreli": -3, "manga130": -1, "meg100": -1, "HIWAII2": 9, "s0rrow": -1,
                     "SilkZone": -3}),
    "35874682808": (102, 4, {"SilkZone": 98},
                    {"kobreli": -1, "manga130": -27, "meg100": -3, "HIWAII2": -35, "s0rrow": -1,
                     "SilkZone": 63}),
    "35874721245": (70, 3, {"SilkZone": 67},
                    {"kobreli": -31, "manga130": -3, "meg100": -1, "HIWAII2": -1, "s0rrow": -3,
                     "SilkZone": 36}),
    "35874756552": (20, 1, {"kobreli": 19},
                    {"kobreli": 12, "manga130": -1, "meg100": -7, "HIWAII2": -3, "s0rrow": -1,
                     "SilkZone": -1}),
    "35874780027": (156, 7, {"kobreli": 149},
                    {"kobreli": 84, "manga130": -1, "meg100": -5, "HIWAII2": -3, "s0rrow": -17,
                     "SilkZone": -65}),
    "35874817957": (84, 4, {"kobreli": 80},
                    {"kobreli": 45, "manga130": -35, "meg100": -1, "HIWAII2": -3, "s0rrow": -7,
                     "SilkZone": -3}),
}  # fmt: skip
TOURNEY_HANDS = {
    "49382949075": (1145, 0, {"PC [Mittel]": 1145},
                    {"Player0": -10, "Player1": -10, "Hero": -360, "Player2": -360, "Player3": -10,
                     "Player4": -10, "Player5": -25, "PC [Mittel]": 785}),
}  # fmt: skip


def hands_of(path: Path) -> list[HandRecord]:
    records = list(iter_file(path, display_name=path.name))
    assert all(isinstance(r, HandRecord) for r in records), [
        r.reason for r in records if isinstance(r, QuarantineRecord)
    ]
    return [r for r in records if isinstance(r, HandRecord)]


@pytest.mark.parametrize(("path", "expected"), [(CASH, CASH_HANDS), (TOURNEY, TOURNEY_HANDS)])
def test_every_sample_hand_matches_its_history(path: Path, expected: dict) -> None:
    hands = hands_of(path)
    assert [h.hand_id for h in hands] == list(expected)
    for h in hands:
        pot, rake, winners, nets = expected[h.hand_id]
        assert (h.total_pot, h.house_fee) == (pot, rake), h.hand_id
        assert {p.player: p.collected for p in h.players if p.collected} == winners, h.hand_id
        assert {p.player: p.net for p in h.players} == nets, h.hand_id
        assert sum(p.net for p in h.players) == -rake  # chips conserved
        assert h.game is Game.RAZZ and h.site == "PokerStars" and h.dealer_seat is None


def test_stacks_carry_over_between_cash_hands() -> None:
    hands = hands_of(CASH)
    for a, b in itertools.pairwise(hands):
        end = {p.player: p.stack + p.net for p in a.players}
        start = {p.player: p.stack for p in b.players}
        assert all(end[n] == start[n] for n in start if n in end), b.hand_id


def test_cash_record_fields() -> None:
    h = hands_of(CASH)[0]
    assert (h.currency, h.is_tournament, h.tournament_id) == ("USD", False, None)
    assert (h.small_bet, h.big_bet, h.bring_in, h.ante) == (4, 8, 2, 1)
    assert h.table_name == "Gotha II" and h.max_seats == 8 and h.view == "player"
    assert h.played_at.isoformat() == "2009-11-26T15:24:42+00:00"
    assert h.hero == "s0rrow"
    hero = next(p for p in h.players if p.player == "s0rrow")
    assert (hero.hole_cards, hero.up_cards, hero.folded_round) == ("Td 2s", "9s", 1)
    silk = next(p for p in h.players if p.player == "SilkZone")
    assert silk.up_cards == "3h 3d 4h 9c" and silk.hole_cards is None
    kinds = [(a.round, a.player, a.kind, a.amount, a.facing_bet) for a in h.actions[:5]]
    assert kinds == [
        (1, "kobreli", "bring_in", 2, False),
        (1, "willy32948", "call", 2, True),
        (1, "meg100", "call", 2, True),
        (1, "s0rrow", "fold", 0, True),
        (1, "SilkZone", "call", 2, True),
    ]


def test_showdown_hand_records_lows_and_reveal() -> None:
    h = next(h for h in hands_of(CASH) if h.hand_id == "35874721245")
    by = {p.player: p for p in h.players}
    assert by["SilkZone"].hand_description == "Lo: 9,7,5,4,2"
    assert by["SilkZone"].hand_category == "NO_PAIR"
    assert by["kobreli"].hand_description == "Lo: K,8,6,3,A"
    assert by["kobreli"].hole_cards == "6h 8h 8c"
    assert by["kobreli"].went_to_reveal and not by["meg100"].went_to_reveal
    # the hero mucked at a showdown, the summary shows the cards
    h3 = next(h for h in hands_of(CASH) if h.hand_id == "35874623967")
    s0 = next(p for p in h3.players if p.player == "s0rrow")
    assert s0.went_to_reveal and s0.cards == "9h 2s 7c 6c Qh Ad Ac" and s0.collected == 0


def test_completes_written_as_raises_cap_and_all_in() -> None:
    h = next(h for h in hands_of(CASH) if h.hand_id == "35874780027")
    assert [a.kind for a in h.actions[:2]] == ["bring_in", "complete"]
    river = [(a.kind, a.to_amount) for a in h.actions if a.round == 5]
    assert river == [("bet", 8), ("raise", 16), ("raise", 24), ("raise", 32), ("call", 32)]
    h9 = next(h for h in hands_of(CASH) if h.hand_id == "35874817957")
    manga = next(p for p in h9.players if p.player == "manga130")
    assert manga.all_in and h9.actions[-2].all_in and h9.actions[-2].kind == "bet"


def test_partial_show_after_an_uncontested_win() -> None:
    h = next(h for h in hands_of(CASH) if h.hand_id == "35874664176")
    hi = next(p for p in h.players if p.player == "HIWAII2")
    assert hi.cards == "3d 3s 5h 4h" and not hi.went_to_reveal


def test_tournament_record_fields() -> None:
    (h,) = hands_of(TOURNEY)
    assert (h.currency, h.is_tournament, h.tournament_id) == ("chips", True, "2010090015")
    assert (h.small_bet, h.big_bet, h.bring_in, h.ante) == (50, 100, 15, 10)
    assert h.extra["level"] == "IV" and h.extra["buy_in"] == "$200+$15 USD"
    assert h.hero == "Hero"
    third = [
        (a.player, a.kind, a.to_amount) for a in h.actions if a.round == 1 and a.kind != "fold"
    ]
    assert third == [
        ("Player5", "bring_in", 15),
        ("PC [Mittel]", "complete", 50),
        ("Hero", "raise", 100),
        ("Player2", "raise", 150),
        ("PC [Mittel]", "call", 150),
        ("Hero", "raise", 200),
        ("Player2", "call", 200),
        ("PC [Mittel]", "call", 200),
    ]
    by = {p.player: p for p in h.players}
    assert by["PC [Mittel]"].hand_description == "Lo: 9,5,4,2,A"
    assert by["Player2"].cards == "3s 8c 4h Qs Ah Td Qh"  # mucked, shown in the summary

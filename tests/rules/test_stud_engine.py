"""One stud engine for Razz, Seven-Card Stud and Stud Hi/Lo: the bring-in, the first to
act from 4th street, the open-pair rule, and the settlement of high, low and split pots
(halves, quarters, scoops, odd chips, side pots)."""

from __future__ import annotations

import pytest

from rakestats.cards import parse_std_card as c
from rakestats.cards import parse_std_cards as cs
from rakestats.stud import (
    Half,
    IllegalActionError,
    OddChips,
    Phase,
    StudActionKind,
    StudGame,
    StudHand,
    TieBreak,
    bring_in_seat,
    first_boards,
    settle_stud,
)

K = StudActionKind
STUD, STUD8, RAZZ = StudGame.STUD, StudGame.STUD8, StudGame.RAZZ


def hand(stacks: dict[int, int], game: StudGame, **kw: object) -> StudHand:
    players = [(s, f"P{s}", st) for s, st in stacks.items()]
    return StudHand(
        ante=1,
        bring_in=2,
        small_bet=4,
        big_bet=8,
        players=players,
        game=game,
        **kw,  # type: ignore[arg-type]
    )


def deal3(h: StudHand, up: dict[int, str]) -> None:
    h.deal_third({s: [None, None] for s in up}, {s: c(u) for s, u in up.items()})


def test_bring_in_lowest_card_ace_high_ties_clubs_first() -> None:
    for game in (STUD, STUD8):
        assert bring_in_seat({1: c("2h"), 2: c("2c"), 3: c("2s")}, game) == 2
        assert bring_in_seat({1: c("Ac"), 2: c("Kd")}, game) == 2  # the Ace is high
        assert bring_in_seat({1: c("3d"), 2: c("3h"), 3: c("4c")}, game) == 1
    assert bring_in_seat({1: c("Ac"), 2: c("Kd")}, RAZZ) == 2  # Razz: King high, Ace low
    assert bring_in_seat({1: c("Qc"), 2: c("Qh")}, RAZZ) == 2


def test_first_to_act_highest_board_pairs_count() -> None:
    boards = {1: cs("As Kd"), 2: cs("3c 3d"), 3: cs("Ah Kc")}
    assert first_boards(boards, STUD) == [2]
    assert first_boards(boards, STUD8) == [2]
    assert first_boards(boards, RAZZ) == [1, 3]  # no pair: A-K is the lowest board
    assert first_boards({1: cs("As Kd"), 2: cs("Ah Kc"), 3: cs("Qh Qc")}, STUD) == [3]
    assert first_boards({1: cs("As Kd 2c"), 2: cs("Ah Kc 3d")}, STUD) == [2]
    assert first_boards({1: cs("As Kd"), 2: cs("Ah Kc")}, STUD) == [1, 2]  # suits: no


def test_stud_hand_from_bring_in_to_showdown() -> None:
    h = hand({1: 100, 3: 100, 5: 100}, STUD)
    deal3(h, {1: "Kh", 3: "2c", 5: "9d"})
    assert h.to_act == 3  # the 2c brings in
    h.act(K.BRING_IN, 2)
    h.act(K.COMPLETE, 4)  # P5
    h.act(K.CALL)  # P1
    h.act(K.CALL)  # P3
    h.deal_up({1: c("7h"), 3: c("Ac"), 5: c("9s")})
    assert h.to_act == 5  # 9-9 showing
    assert not h.open_pair or h.legal_actions().wager_to == (4, 8)
    h.act(K.CHECK)
    h.act(K.CHECK)
    h.act(K.CHECK)
    h.deal_up({1: c("Kd"), 3: c("Ad"), 5: c("2d")})
    assert h.to_act == 3  # A-A-2 beats K-7-K and 9-9-2
    h.act(K.BET, 8)
    h.act(K.CALL)  # P5
    h.act(K.FOLD)  # P1
    h.deal_up({3: c("5c"), 5: c("5s")})
    h.act(K.CHECK)
    h.act(K.CHECK)
    h.deal_seventh({3: None, 5: None})
    h.act(K.CHECK)
    h.act(K.CHECK)
    assert h.phase is Phase.SHOWDOWN
    s = h.showdown({3: cs("Qs Qh 2c Ac Ad 5c 3h"), 5: cs("9c 9h 9d 9s 2d 5s 4h")})
    assert s.values[5].description == "four of a kind, Nines"
    assert s.collected == {1: 0, 3: 0, 5: h.pot}
    assert h.final_stacks[5] == 100 - 13 + h.pot


def test_open_pair_on_fourth_street_allows_the_big_bet_in_stud_only() -> None:
    for game, sizes in ((STUD, (4, 8)), (STUD8, (4,))):
        h = hand({1: 100, 2: 100}, game)
        deal3(h, {1: "Kh", 2: "2c"})
        h.act(K.BRING_IN, 2)
        h.act(K.CALL)
        h.deal_up({1: c("Kd"), 2: c("7c")})
        assert h.to_act == 1
        assert h.legal_actions().wager_to == sizes
    h = hand({1: 100, 2: 100}, STUD)
    deal3(h, {1: "Kh", 2: "2c"})
    h.act(K.BRING_IN, 2)
    h.act(K.CALL)
    h.deal_up({1: c("Kd"), 2: c("7c")})
    h.act(K.BET, 4)
    assert h.legal_actions().wager_to == (8, 12)  # raise by the small or the big bet
    h.act(K.RAISE, 12)
    assert h.legal_actions().wager_to == (20,)  # the big bet from now on
    with pytest.raises(IllegalActionError, match="raise to 16"):
        h.act(K.RAISE, 16)


def test_no_open_pair_keeps_the_small_bet_on_fourth_street() -> None:
    h = hand({1: 100, 2: 100}, STUD)
    deal3(h, {1: "Kh", 2: "2c"})
    h.act(K.BRING_IN, 2)
    h.act(K.CALL)
    h.deal_up({1: c("Qd"), 2: c("7c")})
    assert h.legal_actions().wager_to == (4,)
    with pytest.raises(IllegalActionError, match="bet 8"):
        h.act(K.BET, 8)


SPLIT_HANDS = {
    1: cs("7h 2h 4c Jc 5h 7s 8c"),  # a pair of Sevens; low 8-7-5-4-2
    2: cs("Qc Kh Qs Td Jh 6d 6s"),  # two pair, no low
    3: cs("As Qh 5s 7c 4d Th Ac"),  # a pair of Aces, no low
}


def test_hi_lo_split_and_odd_chip_to_the_high_half() -> None:
    s = settle_stud({1: 25, 2: 25, 3: 25}, set(), SPLIT_HANDS, STUD8)
    (pot,) = s.pots
    assert [(p.half, p.amount, p.winners) for p in pot.parts] == [
        (Half.HIGH, 38, (2,)),
        (Half.LOW, 37, (1,)),
    ]
    assert s.collected == {1: 37, 2: 38, 3: 0}
    assert s.lows[1].description == "Lo: 8,7,5,4,2" and 2 not in s.lows
    low_first = settle_stud({1: 25, 2: 25, 3: 25}, set(), SPLIT_HANDS, STUD8, OddChips(Half.LOW))
    assert low_first.collected == {1: 38, 2: 37, 3: 0}
    assert s.divide(0, 73) == {2: 37, 1: 36}  # the pot less a rake of 2


def test_hi_lo_scoop_without_a_qualifying_low() -> None:
    hands = {2: SPLIT_HANDS[2], 3: SPLIT_HANDS[3]}
    s = settle_stud({2: 30, 3: 30}, set(), hands, STUD8)
    assert [(p.half, p.winners) for p in s.pots[0].parts] == [(Half.WHOLE, (2,))]
    assert s.collected == {2: 60, 3: 0}


def test_hi_lo_one_hand_wins_both_ways() -> None:
    hands = {1: cs("Ah 2h 3h 4h 5h Kd Kc"), 2: SPLIT_HANDS[1]}  # a straight flush and 5-high low
    s = settle_stud({1: 41, 2: 41}, set(), hands, STUD8)
    assert s.collected == {1: 82, 2: 0}
    assert s.pots[0].winners == (1,) and s.pots[0].shares == (82,)
    assert [p.half for p in s.pots[0].parts] == [Half.HIGH, Half.LOW]


def test_hi_lo_quartered_pot() -> None:
    # Seats 1 and 2 tie for low (8-6-4-3-2); seat 3 has the best high.
    hands = {
        1: cs("8c 6c 4c 3d 2s Kd Qh"),
        2: cs("8d 6d 4d 3h 2h Js Ts"),
        3: cs("Ks Kh Kc 9d 9h Tc Jd"),
    }
    s = settle_stud({1: 20, 2: 20, 3: 20}, set(), hands, STUD8)
    high, low = s.pots[0].parts
    assert (high.winners, high.shares) == ((3,), (30,))
    assert (low.winners, low.shares) == ((1, 2), (15, 15))
    s = settle_stud({1: 21, 2: 20, 3: 20}, {1}, hands, STUD8)  # folded: no share
    assert s.collected == {1: 0, 2: 30, 3: 31}
    s = settle_stud({1: 21, 2: 21, 3: 21}, set(), hands, STUD8)  # 63: 32 high, 31 low
    high, low = s.pots[0].parts
    assert high.shares == (32,) and (low.winners, low.shares) == ((1, 2), (16, 15))


def test_odd_chip_by_card_and_suit() -> None:
    hands = {
        1: cs("8c 6c 4c 3d 2s Kd Qh"),  # lowest card 2s, highest Kd
        2: cs("8d 6d 4d 3h 2h Ks Ts"),  # lowest card 2h, highest Ks
        3: cs("Qs Qh Qc 9d 9h Tc Jd"),
    }
    rule = OddChips(among_tied=TieBreak.CARD_BY_SUIT)
    s = settle_stud({1: 21, 2: 21, 3: 21}, set(), hands, STUD8, rule)
    assert s.pots[0].parts[1].winners == (2, 1)  # 2h is below 2s: seat 2's low gets it
    assert s.collected[2] == 16 and s.collected[1] == 15
    tie = {1: cs("As Kd Qh Jc 9s 3d 2h"), 2: cs("Ah Ks Qd Jd 9c 4c 2c")}
    s = settle_stud({1: 5, 2: 5, 3: 1}, {3}, tie, STUD, rule)
    assert s.pots[0].parts[0].winners == (1, 2)  # the As beats the Ah for the odd chip
    assert s.collected == {1: 6, 2: 5, 3: 0}
    s = settle_stud({1: 5, 2: 5, 3: 1}, {3}, tie, STUD)  # seat order: seat 1 as well
    assert s.collected == {1: 6, 2: 5, 3: 0}
    s = settle_stud({1: 5, 2: 5, 3: 1}, {3}, {1: tie[2], 2: tie[1]}, STUD, rule)
    assert s.collected == {1: 5, 2: 6, 3: 0}  # now seat 2 holds the As


def test_side_pots_split_each_by_its_own_hands() -> None:
    # Seat 1 all-in for 10 with the best low; seats 2 and 3 play a side pot of 40.
    hands = {1: SPLIT_HANDS[1], 2: SPLIT_HANDS[2], 3: cs("2c 3c 4s 5d 6h Kc Kd")}
    s = settle_stud({1: 10, 2: 30, 3: 30}, set(), hands, STUD8)
    main, side = s.pots
    assert (main.amount, main.eligible) == (30, (1, 2, 3))
    assert [(p.half, p.winners) for p in main.parts] == [(Half.HIGH, (3,)), (Half.LOW, (3,))]
    assert [(p.half, p.winners) for p in side.parts] == [(Half.HIGH, (3,)), (Half.LOW, (3,))]
    assert s.collected == {1: 0, 2: 0, 3: 70}


def test_mucked_hands_cannot_win_and_an_uncontested_pot_is_whole() -> None:
    s = settle_stud({1: 10, 2: 10}, set(), {2: SPLIT_HANDS[2]}, STUD8)
    assert s.collected == {1: 0, 2: 20}
    s = settle_stud({1: 10, 2: 4}, {2}, {}, STUD8)
    assert s.collected == {1: 14, 2: 0} and not s.showdown
    with pytest.raises(ValueError, match="nobody shows"):
        settle_stud({1: 10, 2: 10}, set(), {}, STUD)


def test_engine_settles_a_hi_lo_showdown_with_the_room_rule() -> None:
    h = hand({1: 50, 2: 50, 3: 50}, STUD8, odd_chips=OddChips(Half.LOW))
    deal3(h, {1: "4c", 2: "Qs", 3: "5s"})
    h.act(K.BRING_IN, 2)  # the 4c
    h.act(K.CALL)
    h.act(K.CALL)
    for up in (
        {1: "Jc", 2: "Td", 3: "7c"},
        {1: "5h", 2: "Jh", 3: "4d"},
        {1: "7s", 2: "6d", 3: "Th"},
    ):
        h.deal_up({s: c(u) for s, u in up.items()})
        for _ in range(3):
            h.act(K.CHECK)
    h.deal_seventh({1: None, 2: None, 3: None})
    for _ in range(3):
        h.act(K.CHECK)
    s = h.showdown({1: SPLIT_HANDS[1], 2: SPLIT_HANDS[2], 3: SPLIT_HANDS[3]})
    assert s.game is STUD8 and h.pot == 9
    assert s.collected == {1: 5, 2: 4, 3: 0}  # the odd chip to the low half, as told

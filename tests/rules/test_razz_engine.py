"""The fixed-limit stud engine for Razz: bring-in, completes, the cap, order of action,
all-ins, the community card, showdown."""

from __future__ import annotations

import pytest

from rakestats.cards import parse_std_card as c
from rakestats.cards import parse_std_cards as cs
from rakestats.razz import IllegalActionError, Phase, StudActionKind, StudHand, bring_in_seat

K = StudActionKind


def hand(stacks: dict[int, int], *, ante: int = 1, bring_in: int | None = 2) -> StudHand:
    players = [(s, f"P{s}", st) for s, st in stacks.items()]
    return StudHand(ante=ante, bring_in=bring_in, small_bet=4, big_bet=8, players=players)


def deal3(h: StudHand, up: dict[int, str]) -> None:
    h.deal_third({s: [None, None] for s in up}, {s: c(u) for s, u in up.items()})


def test_bring_in_highest_card_ace_low_ties_by_suit() -> None:
    assert bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh")}) == 3
    assert bring_in_seat({1: c("As"), 2: c("2c")}) == 2  # the Ace is low
    assert bring_in_seat({1: c("Ks"), 2: c("Kc"), 3: c("Qs")}) == 1


def test_bring_in_or_full_bet_then_complete_and_cap() -> None:
    h = hand({1: 100, 2: 100, 3: 100})
    deal3(h, {1: "Kh", 2: "3c", 3: "5d"})
    assert h.to_act == 1
    with pytest.raises(IllegalActionError, match="legal: bring in 2, complete to 4"):
        h.act(K.FOLD)
    h.act(K.BRING_IN, 2)
    with pytest.raises(IllegalActionError, match="cannot raise to 4"):
        h.act(K.RAISE, 4)  # the first wager over the bring-in is a complete
    h.act(K.COMPLETE, 4)
    h.act(K.RAISE, 8)
    h.act(K.RAISE, 12)  # P1: 3 raises after the complete
    h.act(K.RAISE, 16)
    legal = h.legal_actions()
    assert legal.wager_kind is None and legal.call_amount == 8  # capped
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 8$"):
        h.act(K.RAISE, 20)
    h.act(K.CALL, 8)
    h.act(K.CALL)
    assert h.phase is Phase.DEAL and h.pot == 3 * 17


def test_bring_in_player_may_open_for_the_full_small_bet() -> None:
    h = hand({1: 100, 2: 100})
    deal3(h, {1: "Kh", 2: "3c"})
    a = h.act(K.COMPLETE, 4)
    assert (a.kind, a.amount, a.facing_bet) == (K.COMPLETE, 4, False)
    assert h.legal_actions().wager_to == (8,)


def test_cap_applies_heads_up() -> None:
    h = hand({1: 500, 2: 500})
    deal3(h, {1: "Kh", 2: "3c"})
    h.act(K.BRING_IN, 2)
    h.act(K.CALL)
    h.deal_up({1: c("9h"), 2: c("4c")})
    assert h.to_act == 2  # the lower board acts first
    for to in (4, 8, 12, 16):
        h.act(K.BET if to == 4 else K.RAISE, to)
    assert h.legal_actions().wager_kind is None


def test_lowest_board_acts_first_and_ties_accept_either() -> None:
    h = hand({1: 100, 3: 100, 5: 100})
    deal3(h, {1: "Kh", 3: "3c", 5: "4d"})
    h.act(K.BRING_IN, 2)
    h.act(K.CALL)
    h.act(K.CALL)
    h.deal_up({1: c("Qh"), 3: c("4c"), 5: c("3d")})  # 4-3 against 4-3: a tie
    assert h.first_choices == {3, 5}
    with pytest.raises(IllegalActionError, match="P1 acts out of turn"):
        h.act(K.CHECK, seat=1)
    h.act(K.CHECK, seat=5)
    assert h.to_act == 1  # clockwise from seat 5
    h.act(K.CHECK)
    with pytest.raises(IllegalActionError, match="out of turn"):
        h.act(K.CHECK, seat=5)


def test_short_all_in_and_raise_that_covers_the_opponent() -> None:
    h = hand({1: 30, 2: 500})
    deal3(h, {1: "3h", 2: "Kc"})
    h.act(K.BRING_IN, 2)
    h.act(K.COMPLETE, 4)
    h.act(K.CALL)
    h.deal_up({1: c("4h"), 2: c("Qc")})
    h.act(K.BET, 4)
    h.act(K.CALL)
    h.deal_up({1: c("5h"), 2: c("Jc")})
    assert h.players[1].stack == 21
    h.act(K.BET, 8)  # P1 bets 8 of 21
    # P2 may raise to 16 (full) or to anything from 21 (what P1 has) below it? No: 16 is
    # full and covers nothing; a covering raise applies only below the full raise.
    assert h.legal_actions().wager_to == (16,)
    h.act(K.RAISE, 16)
    h.act(K.RAISE, 21)  # all-in for less than a full raise
    h.act(K.CALL, 5)
    assert h.players[1].stack == 0 and h.phase is Phase.DEAL


def test_raise_only_covering_the_opponent_is_accepted() -> None:
    # PHH wsop-2023-43-5-85, 6th street: a bet of 600000, a raise to 750000 (all the
    # opponent has) instead of a full raise to 1200000.
    h = StudHand(
        ante=0, bring_in=1, small_bet=300, big_bet=600, players=[(1, "A", 750), (2, "B", 5000)]
    )
    deal3(h, {1: "3c", 2: "Kh"})
    h.act(K.BRING_IN, 1)
    h.act(K.CALL)
    for up in (("2h", "9c"), ("5h", "Tc")):
        h.deal_up({1: c(up[0]), 2: c(up[1])})
        h.act(K.CHECK)
        h.act(K.CHECK)
    h.deal_up({1: c("7h"), 2: c("Jc")})
    h.act(K.BET, 600)
    legal = h.legal_actions()
    assert (legal.cover_from, legal.wager_to) == (749, (1200,))
    with pytest.raises(IllegalActionError):
        h.act(K.RAISE, 700)
    h.act(K.RAISE, 749)
    h.act(K.CALL, 149)
    assert h.players[1].stack == 0


def test_uncalled_bet_is_returned_and_pot_goes_uncontested() -> None:
    h = hand({1: 100, 2: 100})
    deal3(h, {1: "Kh", 2: "3c"})
    h.act(K.BRING_IN, 2)
    h.act(K.COMPLETE, 4)
    h.act(K.FOLD)
    s = h.settlement
    assert s is not None and s.collected == {1: 0, 2: 6} and not s.showdown
    assert h.final_stacks == {1: 97, 2: 103}


def test_community_card_when_the_deck_runs_out() -> None:
    stacks = dict.fromkeys(range(1, 9), 100)
    h = hand(stacks)
    deck = iter(
        cs(
            "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s "
            "8c 8d 8h 8s 9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks "
            "Ac Ad Ah As"
        )
    )
    h.deal_third({s: [next(deck), next(deck)] for s in stacks}, {s: next(deck) for s in stacks})
    while h.phase is Phase.BETTING:
        legal = h.legal_actions()
        h.act(K.BRING_IN, 2) if legal.bring_in else h.act(K.CALL if legal.call_amount else K.CHECK)
    for _ in range(3):
        h.deal_up({s: next(deck) for s in stacks})
        while h.phase is Phase.BETTING:
            h.act(K.CHECK)
    assert h.needs_community
    with pytest.raises(IllegalActionError, match="community"):
        h.deal_seventh({s: None for s in stacks})
    h.deal_community(next(deck))
    while h.phase is Phase.BETTING:
        h.act(K.CHECK)
    s = h.showdown({seat: [x for x in h.cards_of(seat) if x is not None] for seat in stacks})
    assert sum(s.collected.values()) == h.pot


def test_card_seen_twice_and_shown_cards_must_match() -> None:
    h = hand({1: 100, 2: 100})
    with pytest.raises(IllegalActionError, match="seen twice"):
        h.deal_third({1: cs("2c 3c"), 2: cs("2c 4c")}, {1: c("Kh"), 2: c("3d")})
    h = hand({1: 100, 2: 100})
    h.deal_third({1: cs("2c 3c"), 2: [None, None]}, {1: c("Kh"), 2: c("3d")})
    h.act(K.BRING_IN, 2)
    h.act(K.CALL)
    for up in (("4h", "5d"), ("6h", "7d"), ("8h", "9d")):
        h.deal_up({1: c(up[0]), 2: c(up[1])})
        h.act(K.CHECK)
        h.act(K.CHECK)
    h.deal_seventh({1: c("Ah"), 2: None})
    h.act(K.CHECK)
    h.act(K.CHECK)
    with pytest.raises(IllegalActionError, match="holds 9d"):
        h.showdown({2: cs("Ad As 3d 5d 7d Qd 2d")})
    s = h.showdown({1: cs("2c 3c Kh 4h 6h 8h Ah"), 2: cs("Tc Ts 3d 5d 7d 9d Td")})
    assert s.collected == {1: 6, 2: 0}
    assert s.values[1].description == "Lo: 6,4,3,2,A"

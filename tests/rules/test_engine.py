"""The Rake hand engine: betting, pick-ups, unknown cards, the Reveal.

Hand-written cases pin each rule of play in RULES.md; a property test drives random legal
play and checks chips, stacks and the winners of every pot against an independent
reading of the rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.cards import ACE_OF_SKULLS, DECK, Card, parse_card, parse_cards
from rakestats.rake.engine import IllegalActionError, Phase, RakeHand
from rakestats.rake.evaluator import evaluate, skull_ace_scores
from rakestats.rake.events import (
    Action,
    ActionKind,
    AntePosted,
    HoleDealt,
    MiddleDealt,
    PickedUp,
    UncalledReturned,
)
from rakestats.rake.rules import NO_FEE, HouseFee, seats_from_left_of_dealer
from rakestats.rake.showdown import Reason, SkullAceOutcome
from tests._hypothesis import examples

H = parse_cards
C = parse_card


def make(
    stacks: Mapping[int, int],
    dealer: int,
    ante: int = 10,
    fee: HouseFee = NO_FEE,
) -> RakeHand:
    return RakeHand(ante, [(s, f"p{s}", st) for s, st in stacks.items()], dealer, fee)


class Dealer:
    """Deals from a fixed deck order, so each test's cards are known and distinct."""

    def __init__(self, deck: Sequence[Card] = DECK) -> None:
        self.cards: Iterator[Card] = iter(deck)

    def take(self, n: int) -> list[Card]:
        return [next(self.cards) for _ in range(n)]

    def hole(self, h: RakeHand) -> None:
        h.deal_hole({s: self.take(3) for s in sorted(h.players)})

    def middle(self, h: RakeHand) -> None:
        n = len(h.players)
        h.deal_middle(self.take(n), self.take(n))


def check_around(h: RakeHand) -> list[int]:
    actors = []
    while h.phase is Phase.BETTING:
        assert h.to_act is not None
        actors.append(h.to_act)
        h.check()
    return actors


def pick_around(h: RakeHand) -> list[int]:
    pickers = []
    while h.phase is Phase.PICKUP:
        assert h.to_act is not None
        pickers.append(h.to_act)
        if h.middle_up:
            h.pick(face_up=True, card=h.middle_up[0])
        else:
            h.pick(face_up=False, card=h.middle_down[0])
    return pickers


def actions(h: RakeHand) -> list[Action]:
    return [e for e in h.log if isinstance(e, Action)]


# ---------------------------------------------------------------- set-up and antes


def test_antes_posted_in_acting_order() -> None:
    h = make({1: 100, 3: 5, 6: 100}, dealer=3)
    assert h.log == [AntePosted(6, 10, False), AntePosted(1, 10, False), AntePosted(3, 5, True)]
    assert h.pot == 25
    assert h.players[3].all_in
    assert h.phase is Phase.DEAL


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ante": 0}, "ante must be positive"),
        ({"players": [(1, "a", 100)]}, "2-8 players"),
        ({"players": [(i, f"p{i}", 100) for i in range(9)]}, "2-8 players"),
        ({"players": [(1, "a", 100), (1, "b", 100)]}, "two players in one seat"),
        ({"players": [(1, "a", 100), (2, "a", 100)]}, "same name"),
        ({"players": [(1, "a", 100), (2, "b", 0)]}, "no chips"),
    ],
)
def test_bad_table(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"ante": 10, "players": [(1, "a", 100), (2, "b", 100)]}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        RakeHand(dealer_seat=1, **args)  # type: ignore[arg-type]


def test_deal_hole_errors() -> None:
    h = make({1: 100, 2: 100}, dealer=2)
    with pytest.raises(IllegalActionError, match=r"seats \[1, 2\]"):
        h.deal_hole({1: H("2s 3s 4s")})
    with pytest.raises(IllegalActionError, match="seat 1 must get 3 cards, got 2"):
        h.deal_hole({1: H("2s 3s"), 2: H("5s 6s 7s")})
    with pytest.raises(IllegalActionError, match="cannot bet now: the hand is at deal"):
        h.legal_actions()


# ---------------------------------------------------------------- acting order


SEATS = [1, 3, 4, 6]


@pytest.mark.parametrize("dealer", [1, 3, 4, 6, 2, 5, 7, 0])
def test_acting_order_left_of_dealer_dealer_last(dealer: int) -> None:
    h = make(dict.fromkeys(SEATS, 500), dealer=dealer)
    expected = seats_from_left_of_dealer(SEATS, dealer)
    if dealer in SEATS:
        assert expected[-1] == dealer
    assert expected[0] == min((s for s in SEATS if s > dealer), default=min(SEATS))
    d = Dealer()
    d.hole(h)
    assert check_around(h) == expected
    d.middle(h)
    assert pick_around(h) == expected  # first pick-up in the same order
    assert check_around(h) == expected
    assert pick_around(h) == expected
    assert check_around(h) == expected
    assert h.phase is Phase.REVEAL


def test_action_goes_back_round_to_the_bettor() -> None:
    h = make({2: 500, 5: 500, 9: 500}, dealer=5)  # order 9 2 5
    Dealer().hole(h)
    assert h.to_act == 9
    h.check()
    h.bet(20)  # seat 2
    assert h.to_act == 5
    h.call()
    assert h.to_act == 9  # the checker must answer the bet
    h.raise_to(60)
    assert h.to_act == 2
    h.call()
    assert h.to_act == 5
    h.fold()
    assert h.phase is Phase.MIDDLE
    assert [(a.seat, a.kind) for a in actions(h)] == [
        (9, ActionKind.CHECK),
        (2, ActionKind.BET),
        (5, ActionKind.CALL),
        (9, ActionKind.RAISE),
        (2, ActionKind.CALL),
        (5, ActionKind.FOLD),
    ]


def test_folded_players_skip_betting_and_pick_ups() -> None:
    h = make({1: 500, 2: 500, 3: 500, 4: 500}, dealer=4)
    d = Dealer()
    d.hole(h)
    h.bet(10)
    h.fold()  # seat 2
    h.call()
    h.call()
    d.middle(h)
    assert pick_around(h) == [1, 3, 4]
    assert check_around(h) == [1, 3, 4]


# ---------------------------------------------------------------- legal actions


def test_min_bet_is_the_ante_max_bet_the_stack() -> None:
    h = make({1: 500, 2: 300}, dealer=2, ante=10)
    Dealer().hole(h)
    la = h.legal_actions()
    assert (la.seat, la.can_check, la.can_fold, la.call_amount) == (1, True, False, None)
    assert (la.min_bet, la.max_bet) == (10, 490)
    assert (la.min_raise_to, la.max_raise_to) == (None, None)
    h.check()
    la = h.legal_actions()
    assert (la.min_bet, la.max_bet) == (10, 290)


def test_min_bet_is_the_ante_in_later_rounds() -> None:
    h = make({1: 500, 2: 500}, dealer=2, ante=25)
    d = Dealer()
    d.hole(h)
    h.bet(100)
    h.call()
    d.middle(h)
    pick_around(h)
    la = h.legal_actions()
    assert (la.min_bet, la.max_bet) == (25, 375)


def test_min_raise_is_the_last_bet() -> None:
    h = make({1: 1000, 2: 1000, 3: 1000}, dealer=3)
    Dealer().hole(h)
    h.bet(40)
    la = h.legal_actions()
    assert (la.can_fold, la.can_check, la.call_amount) == (True, False, 40)
    assert (la.min_raise_to, la.max_raise_to) == (80, 990)
    assert (la.min_bet, la.max_bet) == (None, None)


def test_min_raise_is_the_last_raise_increment() -> None:
    h = make({1: 1000, 2: 1000, 3: 1000}, dealer=3)
    Dealer().hole(h)
    h.bet(40)
    h.raise_to(100)  # a raise of 60
    la = h.legal_actions()
    assert (la.call_amount, la.min_raise_to) == (100, 160)
    h.raise_to(300)  # a raise of 200
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (1, 260, 500, 990)


def test_min_raise_after_a_bet_of_the_ante() -> None:
    h = make({1: 1000, 2: 1000}, dealer=2, ante=10)
    Dealer().hole(h)
    h.bet(10)
    assert h.legal_actions().min_raise_to == 20


def test_all_in_bet_for_less_than_the_ante() -> None:
    h = make({1: 15, 2: 500}, dealer=2, ante=10)
    Dealer().hole(h)
    la = h.legal_actions()
    assert (la.min_bet, la.max_bet) == (5, 5)
    h.bet(5)
    assert actions(h)[-1] == Action(1, 1, ActionKind.BET, 5, 5, True)
    la = h.legal_actions()
    assert la.call_amount == 5
    assert la.min_raise_to is None  # nobody is left to answer a raise


def test_all_in_call_for_less() -> None:
    h = make({1: 500, 2: 60, 3: 500}, dealer=3)
    Dealer().hole(h)
    h.bet(200)
    la = h.legal_actions()
    assert la.call_amount == 50
    assert la.min_raise_to is None
    h.call()
    assert actions(h)[-1] == Action(1, 2, ActionKind.CALL, 50, 50, True)
    assert h.players[2].all_in


def test_all_in_raise_for_less_than_a_full_raise() -> None:
    h = make({1: 1000, 2: 130, 3: 1000}, dealer=3)
    Dealer().hole(h)
    h.bet(100)
    la = h.legal_actions()
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (100, 120, 120)
    with pytest.raises(
        IllegalActionError, match="raise to 110; legal: fold, call 100, raise to 120-120"
    ):
        h.raise_to(110)
    h.raise_to(120)
    assert actions(h)[-1] == Action(1, 2, ActionKind.RAISE, 120, 120, True)


def test_no_raise_when_every_other_player_is_all_in() -> None:
    h = make({1: 100, 2: 500}, dealer=2)
    Dealer().hole(h)
    h.bet(90)  # all-in
    la = h.legal_actions()
    assert (la.can_fold, la.call_amount, la.min_raise_to, la.max_raise_to) == (True, 90, None, None)
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 90$"):
        h.raise_to(300)
    h.call()
    assert h.phase is Phase.MIDDLE


def test_raise_allowed_while_another_player_can_still_call() -> None:
    h = make({1: 100, 2: 500, 3: 500}, dealer=3)
    Dealer().hole(h)
    h.bet(90)  # all-in
    assert h.legal_actions().min_raise_to == 180


# ---------------------------------------------------------------- illegal actions


def test_fold_only_when_facing_a_bet() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    Dealer().hole(h)
    with pytest.raises(
        IllegalActionError, match=r"p1 \(seat 1\) cannot fold; legal: check, bet 10-490"
    ):
        h.fold()
    h.bet(50)
    h.fold()
    assert h.phase is Phase.COMPLETE


@pytest.mark.parametrize(
    ("kind", "amount", "what"),
    [
        (ActionKind.CHECK, None, "check"),
        (ActionKind.BET, 100, "bet 100"),
        (ActionKind.CALL, 30, "call 30"),
        (ActionKind.RAISE, 79, "raise to 79"),
        (ActionKind.RAISE, 491, "raise to 491"),
        (ActionKind.RAISE, None, "raise to None"),
    ],
)
def test_illegal_when_facing_a_bet(kind: ActionKind, amount: int | None, what: str) -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    Dealer().hole(h)
    h.bet(40)
    before = list(h.log)
    with pytest.raises(IllegalActionError) as err:
        h.act(kind, amount)
    assert str(err.value) == f"p2 (seat 2) cannot {what}; legal: fold, call 40, raise to 80-490"
    assert h.log == before
    assert h.to_act == 2


@pytest.mark.parametrize(
    ("kind", "amount", "what"),
    [
        (ActionKind.CALL, None, "call"),
        (ActionKind.BET, 9, "bet 9"),
        (ActionKind.BET, 491, "bet 491"),
        (ActionKind.BET, 0, "bet 0"),
        (ActionKind.BET, None, "bet None"),
        (ActionKind.RAISE, 100, "raise to 100"),
    ],
)
def test_illegal_when_not_facing_a_bet(kind: ActionKind, amount: int | None, what: str) -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    Dealer().hole(h)
    with pytest.raises(IllegalActionError) as err:
        h.act(kind, amount)
    assert str(err.value) == f"p1 (seat 1) cannot {what}; legal: check, bet 10-490"


def test_call_with_the_right_amount() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    Dealer().hole(h)
    h.bet(40)
    h.act(ActionKind.CALL, 40)
    assert h.phase is Phase.MIDDLE


def test_actions_out_of_phase() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    with pytest.raises(IllegalActionError, match="cannot bet now: the hand is at deal"):
        h.check()
    d = Dealer()
    d.hole(h)
    with pytest.raises(IllegalActionError, match="cannot pick up now: the hand is at betting"):
        h.pick(face_up=True, card=C("2s"))
    with pytest.raises(IllegalActionError, match="cannot deal the middle cards now"):
        d.middle(h)
    with pytest.raises(IllegalActionError, match="cannot reveal now"):
        h.reveal()
    with pytest.raises(IllegalActionError, match="cannot deal now"):
        d.hole(h)
    with pytest.raises(IllegalActionError, match="not finished"):
        _ = h.final_stacks
    h.check()
    h.check()
    with pytest.raises(IllegalActionError, match="cannot bet now: the hand is at middle"):
        h.check()


# ---------------------------------------------------------------- closing a round


def test_round_closes_when_everyone_checked() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=1)
    Dealer().hole(h)
    h.check()
    h.check()
    assert h.phase is Phase.BETTING
    h.check()
    assert h.phase is Phase.MIDDLE
    assert h.to_act is None


def test_round_closes_when_all_bets_are_even() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=3)
    Dealer().hole(h)
    h.bet(50)
    h.raise_to(150)
    h.call()
    assert h.phase is Phase.BETTING
    assert h.to_act == 1
    h.call()
    assert h.phase is Phase.MIDDLE
    assert {s: p.invested for s, p in h.players.items()} == {1: 160, 2: 160, 3: 160}
    assert h.pot == 480


def test_uncalled_bet_returned_when_everyone_folds() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=3)
    Dealer().hole(h)
    h.check()
    h.bet(100)
    h.fold()
    h.fold()
    assert UncalledReturned(1, 2, 100) in h.log
    assert h.phase is Phase.COMPLETE
    assert h.final_stacks == {1: 490, 2: 520, 3: 490}


def test_uncalled_part_of_a_raise_returned() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    Dealer().hole(h)
    h.bet(50)
    h.raise_to(200)
    h.fold()
    assert h.log[-1] == UncalledReturned(1, 2, 150)
    assert h.settlement is not None
    assert h.settlement.collected == {1: 0, 2: 120}
    assert h.final_stacks == {1: 440, 2: 560}


def test_uncalled_bet_above_an_all_in_call_returned() -> None:
    h = make({1: 500, 2: 60}, dealer=2)
    Dealer().hole(h)
    h.bet(300)
    h.call()  # all-in for 50
    assert h.log[-1] == UncalledReturned(1, 1, 250)
    assert h.players[1].invested == 60
    assert h.players[1].stack == 440
    assert h.phase is Phase.MIDDLE


def test_uncalled_bet_returned_in_a_later_round() -> None:
    h = make({1: 500, 2: 500, 3: 100}, dealer=3)
    d = Dealer()
    d.hole(h)
    h.bet(90)
    h.call()
    h.call()  # seat 3 all-in
    d.middle(h)
    pick_around(h)
    h.bet(100)
    h.fold()  # seat 2; seat 3 is all-in, so nobody calls
    assert h.log[-1] == UncalledReturned(2, 1, 100)
    assert h.phase is Phase.PICKUP


# ---------------------------------------------------------------- incomplete raises


def incomplete_raise_hand() -> RakeHand:
    """Seat 1 bets 100, seat 2 calls, seat 3 goes all-in to 150: an incomplete raise."""
    h = make({1: 1000, 2: 1000, 3: 160, 4: 1000}, dealer=4)
    Dealer().hole(h)
    h.bet(100)
    h.call()
    h.raise_to(150)
    return h


def test_incomplete_raise_does_not_reopen_betting_for_players_who_acted() -> None:
    h = incomplete_raise_hand()
    assert actions(h)[-1] == Action(1, 3, ActionKind.RAISE, 150, 150, True)
    la = h.legal_actions()
    assert la.seat == 4  # has not acted: may raise, by a full raise over 150
    assert (la.call_amount, la.min_raise_to, la.max_raise_to) == (150, 250, 990)
    h.call()
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to, la.max_raise_to) == (1, 50, None, None)
    with pytest.raises(IllegalActionError, match=r"legal: fold, call 50$"):
        h.raise_to(300)
    h.call()
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to) == (2, 50, None)
    h.call()
    assert h.phase is Phase.MIDDLE
    assert {s: p.invested for s, p in h.players.items()} == {1: 160, 2: 160, 3: 160, 4: 160}


def test_full_raise_after_an_incomplete_one_reopens_betting() -> None:
    h = incomplete_raise_hand()
    h.raise_to(250)  # seat 4: a full raise of 100
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to) == (1, 150, 350)
    h.raise_to(400)
    la = h.legal_actions()
    assert (la.seat, la.call_amount, la.min_raise_to) == (2, 300, 550)


def test_incomplete_raise_after_a_full_raise_leaves_the_raise_open_to_those_facing_it() -> None:
    h = make({1: 1000, 2: 1000, 3: 260, 4: 1000}, dealer=4)
    Dealer().hole(h)
    h.bet(100)
    h.raise_to(200)  # seat 2, full
    h.raise_to(250)  # seat 3 all-in, incomplete
    h.call()  # seat 4
    la = h.legal_actions()
    # seat 1 has not acted since seat 2's full raise: may raise
    assert (la.seat, la.call_amount, la.min_raise_to) == (1, 150, 350)
    h.call()
    la = h.legal_actions()
    # seat 2 made the full raise; the incomplete raise does not reopen it
    assert (la.seat, la.call_amount, la.min_raise_to) == (2, 50, None)


# ---------------------------------------------------------------- all-in players


def test_all_in_players_skip_betting_but_still_pick_up() -> None:
    h = make({1: 500, 2: 100, 3: 500}, dealer=3)
    d = Dealer()
    d.hole(h)
    h.check()
    h.bet(90)  # seat 2 all-in
    h.call()
    h.call()
    d.middle(h)
    assert pick_around(h) == [1, 2, 3]
    assert check_around(h) == [1, 3]
    assert pick_around(h) == [1, 2, 3]
    h.bet(50)
    assert h.to_act == 3
    h.call()
    assert h.phase is Phase.REVEAL
    assert len(h.players[2].cards) == 5
    s = h.reveal()
    assert s.pots[0].eligible == (1, 2, 3)
    assert s.pots[1].eligible == (1, 3)


def test_all_in_on_the_ante_runs_to_the_reveal_without_betting() -> None:
    h = make({1: 5, 2: 8}, dealer=2)
    d = Dealer()
    d.hole(h)
    assert h.phase is Phase.MIDDLE
    d.middle(h)
    assert pick_around(h) == [1, 2, 1, 2]  # both pick-ups, no betting between them
    assert h.phase is Phase.REVEAL
    s = h.reveal()
    assert s.total_pot == 13
    # seat 2's ante above seat 1's all-in is a pot of its own, which only it can win
    assert [(p.amount, p.eligible) for p in s.pots] == [(10, (1, 2)), (3, (2,))]
    assert not any(isinstance(e, (Action, UncalledReturned)) for e in h.log)
    assert sum(h.final_stacks.values()) == 13


def test_one_player_with_chips_left_does_not_bet_alone() -> None:
    h = make({1: 500, 2: 100}, dealer=2)
    d = Dealer()
    d.hole(h)
    h.bet(90)
    h.call()
    d.middle(h)
    h.pick(face_up=True, card=h.middle_up[0])
    h.pick(face_up=True, card=h.middle_up[0])
    assert h.phase is Phase.PICKUP  # no second betting round to play
    assert h.pickup_no == 2
    assert pick_around(h) == [1, 2]
    assert h.phase is Phase.REVEAL
    assert [a.round for a in actions(h)] == [1, 1]


# ---------------------------------------------------------------- pick-ups and the middle


def test_middle_cards_two_per_player_dealt_in() -> None:
    h = make({1: 500, 2: 500, 3: 500, 4: 500}, dealer=4)
    d = Dealer()
    d.hole(h)
    h.bet(10)
    h.fold()
    h.fold()
    h.call()
    with pytest.raises(IllegalActionError, match="4 up and 4 down cards, got 2 and 2"):
        h.deal_middle(d.take(2), d.take(2))
    up, down = d.take(4), d.take(4)
    h.deal_middle(up, down)
    assert h.log[-1] == MiddleDealt(tuple(up), tuple(down))
    assert h.middle_up == up


def test_pick_ups_face_up_and_face_down() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    h.deal_hole({1: H("2s 3s 4s"), 2: H("5s 6s 7s")})
    check_around(h)
    h.deal_middle(H("Aw Dw"), H("Af Df"))
    with pytest.raises(
        IllegalActionError, match="must pick one of the face-up cards Aw Dw, not Af"
    ):
        h.pick(face_up=True, card=C("Af"))
    with pytest.raises(IllegalActionError, match="not None"):
        h.pick(face_up=True)
    with pytest.raises(IllegalActionError, match="face-down cards are Af Df"):
        h.pick(face_up=False, card=C("Aw"))
    h.pick(face_up=False, card=C("Df"))
    assert h.log[-1] == PickedUp(1, 1, False, C("Df"))
    assert h.to_act == 2
    h.pick(face_up=True, card=C("Aw"))
    assert h.log[-1] == PickedUp(1, 2, True, C("Aw"))
    assert h.phase is Phase.BETTING
    assert (h.middle_up, h.middle_down) == ([C("Dw")], [C("Af")])
    check_around(h)
    h.pick(face_up=False, card=C("Af"))
    with pytest.raises(IllegalActionError, match="no face-down card is left"):
        h.pick(face_up=False)
    h.pick(face_up=True, card=C("Dw"))
    assert h.players[1].cards == list(H("2s 3s 4s Df Af"))
    assert h.players[2].cards == list(H("5s 6s 7s Aw Dw"))
    assert h.phase is Phase.BETTING
    assert h.round == 3


def test_face_up_cards_can_run_out() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    d = Dealer()
    d.hole(h)
    check_around(h)
    d.middle(h)
    pick_around(h)
    check_around(h)
    assert h.middle_up == []
    with pytest.raises(IllegalActionError, match="face-up cards"):
        h.pick(face_up=True, card=h.middle_down[0])
    h.pick(face_up=False, card=h.middle_down[0])


# ---------------------------------------------------------------- cards seen twice


def test_card_seen_twice_in_the_hole() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    with pytest.raises(IllegalActionError, match="card 4s is seen twice"):
        h.deal_hole({1: H("2s 3s 4s"), 2: H("4s 6s 7s")})
    h = make({1: 500, 2: 500}, dealer=2)
    with pytest.raises(IllegalActionError, match="card 2s is seen twice"):
        h.deal_hole({1: H("2s 2s 4s"), 2: H("5s 6s 7s")})


def test_card_seen_twice_in_the_middle() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    h.deal_hole({1: H("2s 3s 4s"), 2: H("5s 6s 7s")})
    check_around(h)
    with pytest.raises(IllegalActionError, match="card 3s is seen twice"):
        h.deal_middle(H("Aw 3s"), H("Af Df"))
    with pytest.raises(IllegalActionError, match="card Aw is seen twice"):
        h.deal_middle(H("Aw Dw"), H("Af Aw"))


def test_card_seen_twice_in_a_face_down_pick() -> None:
    h = make({1: 500, 2: 500}, dealer=2)
    h.deal_hole({1: H("2s 3s 4s"), 2: [None, None, None]})
    check_around(h)
    h.deal_middle(H("Aw Dw"), [None, None])
    with pytest.raises(IllegalActionError, match="card 3s is seen twice"):
        h.pick(face_up=False, card=C("3s"))
    with pytest.raises(IllegalActionError, match="card Dw is seen twice"):
        h.pick(face_up=False, card=C("Dw"))


# ---------------------------------------------------------------- unknown cards and the Reveal


def player_view_hand() -> RakeHand:
    """Seat 1's view: seat 2's hole cards and the face-down middle cards are unknown."""
    h = make({1: 500, 2: 500}, dealer=2)
    h.deal_hole({1: H("As Aw 7f"), 2: [None, None, None]})
    assert h.log[-1] == HoleDealt(2, (None, None, None))
    check_around(h)
    h.deal_middle(H("Af 3c"), [None, None])
    h.pick(face_up=False, card=C("8s"))  # seen by its taker only
    h.pick(face_up=False)  # seat 2's face-down pick: unknown
    check_around(h)
    h.pick(face_up=True, card=C("Af"))
    h.pick(face_up=True, card=C("3c"))
    check_around(h)
    assert h.phase is Phase.REVEAL
    return h


def test_reveal_fills_unknown_cards() -> None:
    h = player_view_hand()
    assert h.players[2].cards == [None, None, None, None, C("3c")]
    s = h.reveal(shown={2: H("3c 3w 3f 9w 9c")})
    assert h.players[2].cards == list(H("3w 3f 9w 9c 3c"))
    assert s.values[2].description == "Full Pack, 3s over 9s"
    assert s.values[1].description == "Three of a Kind, Aces"
    assert s.skull_ace == (1, SkullAceOutcome.AUTO_WIN)
    assert s.collected == {1: 20, 2: 0}
    assert s.reasons[1] is Reason.SKULL_ACE_WIN


def test_reveal_needs_the_unknown_cards() -> None:
    h = player_view_hand()
    with pytest.raises(IllegalActionError, match="seat 2 reaches the Reveal with unknown cards"):
        h.reveal()


def test_reveal_rejects_shown_cards_that_contradict_known_ones() -> None:
    h = player_view_hand()
    with pytest.raises(IllegalActionError, match="seat 2 shows 2c 3w 3f 9w 9c but holds 3c"):
        h.reveal(shown={2: H("2c 3w 3f 9w 9c")})
    with pytest.raises(IllegalActionError, match="seat 1 shows As Aw 7f 8s 2c but holds Af"):
        h.reveal(shown={1: H("As Aw 7f 8s 2c"), 2: H("3c 3w 3f 9w 9c")})


def test_reveal_rejects_a_card_seen_elsewhere() -> None:
    h = player_view_hand()
    with pytest.raises(IllegalActionError, match="card 8s is seen twice"):
        h.reveal(shown={2: H("3c 3w 3f 9w 8s")})


def test_reveal_rejects_a_wrong_number_of_cards() -> None:
    h = player_view_hand()
    with pytest.raises(IllegalActionError, match="five different cards"):
        h.reveal(shown={2: H("3c 3w 3f 9w")})
    with pytest.raises(IllegalActionError, match="five different cards"):
        h.reveal(shown={2: H("3c 3w 3f 9w 9w")})


def test_reveal_of_fully_known_hand_must_match() -> None:
    h = player_view_hand()
    s = h.reveal(shown={1: H("Af 8s As Aw 7f"), 2: H("3c 3w 3f 9w 9c")})
    assert s.collected[1] == 20


def test_failed_reveal_leaves_the_hand_unchanged() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=3)
    h.deal_hole({1: [None, None, None], 2: [None, None, None], 3: H("2s 3s 4s")})
    check_around(h)
    h.deal_middle(H("Aw Dw Lw"), [None, None, None])
    pick_around(h)
    check_around(h)
    pick_around(h)
    check_around(h)
    assert h.players[1].cards == [None, None, None, C("Aw"), None]
    good = {1: H("Aw 5c 6c 7c 9c"), 2: H("Dw 8c Tc Pc 2c"), 3: H("2s 3s 4s Lw 5s")}
    # seat 2 shows 5c, which seat 1 has just shown: refused, and nothing is filled in
    with pytest.raises(IllegalActionError, match="card 5c is seen twice"):
        h.reveal(shown={**good, 2: H("Dw 8c Tc Pc 5c")})
    assert h.players[1].cards == [None, None, None, C("Aw"), None]
    assert h.phase is Phase.REVEAL
    s = h.reveal(shown=good)
    assert h.players[1].cards == list(H("5c 6c 7c Aw 9c"))
    assert s.values[2].description == "High Card, Duke"


# ---------------------------------------------------------------- house fee


def test_hand_won_uncontested_in_the_first_round_pays_no_fee() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=3, fee=HouseFee.from_percent("10"))
    Dealer().hole(h)
    h.bet(200)
    h.call()
    h.fold()
    assert h.phase is Phase.MIDDLE
    h = make({1: 500, 2: 500, 3: 500}, dealer=3, fee=HouseFee.from_percent("10"))
    Dealer().hole(h)
    h.bet(200)
    h.fold()
    h.fold()
    assert h.settlement is not None
    assert h.settlement.house_fee == 0
    assert h.settlement.reasons[1] is Reason.UNCONTESTED
    assert h.final_stacks == {1: 520, 2: 490, 3: 490}


def test_hand_won_uncontested_after_a_pick_up_pays_the_fee() -> None:
    h = make({1: 500, 2: 500, 3: 500}, dealer=3, fee=HouseFee.from_percent("10", cap=20))
    d = Dealer()
    d.hole(h)
    h.bet(90)
    h.call()
    h.call()
    d.middle(h)
    pick_around(h)
    h.bet(50)
    h.fold()
    h.fold()
    assert h.settlement is not None
    assert h.settlement.house_fee == 20  # 10% of 300, capped at 20
    assert h.final_stacks == {1: 500 - 100 + 280, 2: 400, 3: 400}


def test_fee_at_the_reveal() -> None:
    h = make({1: 500, 2: 500}, dealer=2, fee=HouseFee.from_percent("5"))
    d = Dealer()
    d.hole(h)
    check_around(h)
    d.middle(h)
    pick_around(h)
    check_around(h)
    pick_around(h)
    h.bet(103)
    h.call()
    s = h.reveal()
    assert s.house_fee == 11  # 5% of 226
    assert sum(h.final_stacks.values()) == 1000 - 11


# ---------------------------------------------------------------- property: random legal play


@dataclass
class Table:
    stacks: dict[int, int]
    ante: int
    dealer: int
    fee: HouseFee
    deck: list[Card]


@st.composite
def tables(draw: st.DrawFn) -> Table:
    seats = sorted(draw(st.sets(st.integers(1, 9), min_size=2, max_size=8)))
    ante = draw(st.integers(1, 20))
    stacks = {s: draw(st.integers(1, 40) | st.integers(1, 600)) for s in seats}
    bp = draw(st.sampled_from([0, 500, 1000]))
    cap = draw(st.none() | st.integers(0, 30))
    return Table(
        stacks, ante, draw(st.integers(0, 10)), HouseFee(bp, cap), draw(st.permutations(DECK))
    )


def expected_collected(
    invested: Mapping[int, int],
    folded: set[int],
    hands: Mapping[int, Sequence[Card]],
    order: Sequence[int],
    fee: int,
) -> dict[int, int]:
    """RULES.md read independently: peel the pots off the contributions, then award them."""
    live = [s for s in order if s not in folded]
    out = dict.fromkeys(invested, 0)
    if len(live) == 1:
        out[live[0]] = sum(invested.values()) - fee
        return out
    remaining = dict(invested)
    pots: list[tuple[int, list[int]]] = []
    while any(remaining[s] for s in live):
        level = min(remaining[s] for s in live if remaining[s])
        eligible = [s for s in live if remaining[s]]
        amount = 0
        for s in remaining:
            take = min(remaining[s], level)
            amount += take
            remaining[s] -= take
        pots.append((amount, eligible))
    pots[-1] = (pots[-1][0] + sum(remaining.values()), pots[-1][1])  # dead money
    pots[0] = (pots[0][0] - fee, pots[0][1])
    values = {s: evaluate(hands[s]) for s in live}
    holder = next((s for s in live if ACE_OF_SKULLS in hands[s]), None)
    auto_win = holder is not None and skull_ace_scores(hands[holder]) is True
    for amount, eligible in pots:
        contenders = eligible
        if holder in eligible:
            others = [s for s in eligible if s != holder]
            contenders = [holder] if auto_win or not others else others
        best = max(values[s] for s in contenders)
        winners = [s for s in order if s in contenders and values[s] == best]
        share, odd = divmod(amount, len(winners))
        for i, s in enumerate(winners):
            out[s] += share + (1 if i < odd else 0)
    return out


def check_round_closed(h: RakeHand) -> None:
    top = max(p.round_bet for p in h.players.values())
    for p in h.players.values():
        if not p.folded and p.stack > 0:
            assert p.round_bet == top


@given(tables(), st.data())
@settings(max_examples=examples(150), deadline=None)
def test_random_legal_play(table: Table, data: st.DataObject) -> None:
    h = RakeHand(
        table.ante, [(s, f"p{s}", n) for s, n in table.stacks.items()], table.dealer, table.fee
    )
    order = seats_from_left_of_dealer(table.stacks, table.dealer)
    assert h.order == order
    deck = iter(table.deck)
    h.deal_hole({s: [next(deck) for _ in range(3)] for s in table.stacks})
    n = len(table.stacks)
    round_actors: dict[int, list[int]] = {}
    while h.phase is not Phase.COMPLETE:
        assert all(p.stack >= 0 for p in h.players.values())
        if h.phase is Phase.BETTING:
            seat = h.to_act
            assert seat is not None
            p = h.players[seat]
            assert not p.folded and p.stack > 0
            la = h.legal_actions()
            assert la.seat == seat
            options: list[tuple[ActionKind, int | None]] = []
            if la.call_amount is None:
                assert la.can_check and not la.can_fold
                assert la.min_bet == min(table.ante, p.stack) and la.max_bet == p.stack
                options += [(ActionKind.CHECK, None)]
                options += [(ActionKind.BET, a) for a in {la.min_bet, la.max_bet}]
                options += [(ActionKind.BET, data.draw(st.integers(la.min_bet, la.max_bet)))]
            else:
                assert la.can_fold and not la.can_check
                assert la.call_amount == min(h.current_bet - p.round_bet, p.stack) > 0
                options += [(ActionKind.FOLD, None), (ActionKind.CALL, None)]
                if la.min_raise_to is not None and la.max_raise_to is not None:
                    assert la.max_raise_to == p.stack + p.round_bet
                    lo, hi = la.min_raise_to, la.max_raise_to
                    options += [(ActionKind.RAISE, a) for a in {lo, hi}]
                    options += [(ActionKind.RAISE, data.draw(st.integers(lo, hi)))]
                    with pytest.raises(IllegalActionError, match="legal: "):
                        h.raise_to(hi + 1)
            kind, amount = data.draw(st.sampled_from(options))
            action = h.act(kind, amount)
            round_actors.setdefault(action.round, []).append(seat)
            if h.phase is not Phase.BETTING or h.round != action.round:
                check_round_closed(h)
        elif h.phase is Phase.MIDDLE:
            h.deal_middle([next(deck) for _ in range(n)], [next(deck) for _ in range(n)])
        elif h.phase is Phase.PICKUP:
            face_up = bool(h.middle_up) and (not h.middle_down or data.draw(st.booleans()))
            pile = h.middle_up if face_up else h.middle_down
            card = data.draw(st.sampled_from(pile))
            assert card is not None
            h.pick(face_up=face_up, card=card)
        else:
            assert h.phase is Phase.REVEAL
            h.reveal()

    # the first to act in each round is the first player left of the dealer who can act
    for actors in round_actors.values():
        assert actors[0] in order
    first = round_actors.get(1)
    if first is not None:
        able = [s for s in order if h.players[s].starting_stack > table.ante]
        assert first[0] == able[0]
    # pick-ups go in acting order, to players still in
    for number in (1, 2):
        pickers = [e.seat for e in h.log if isinstance(e, PickedUp) and e.pickup == number]
        assert pickers == sorted(pickers, key=order.index)
    s = h.settlement
    assert s is not None
    folded = {seat for seat, p in h.players.items() if p.folded}
    invested = {seat: p.invested for seat, p in h.players.items()}
    total = sum(invested.values())
    # chips are conserved and no stack is negative
    final = h.final_stacks
    assert sum(final.values()) == sum(table.stacks.values()) - s.house_fee
    assert all(v >= 0 for v in final.values())
    assert all(final[seat] <= table.stacks[seat] - invested[seat] for seat in folded)
    # the fee: a percentage of the pot, capped, from the main pot, none without a pick-up
    reached_pickup = any(isinstance(e, PickedUp) for e in h.log)
    fee = min(table.fee.amount(total, reached_pickup), s.pots[0].amount + s.house_fee)
    assert s.house_fee == fee
    # winners per RULES.md
    live = [seat for seat in order if seat not in folded]
    if len(live) > 1:
        assert all(len(h.players[seat].cards) == 5 for seat in live)
    hands = {seat: [c for c in h.players[seat].cards if c is not None] for seat in live}
    assert s.collected == expected_collected(invested, folded, hands, order, s.house_fee)
    if len(live) > 1:
        holder = next((seat for seat in live if ACE_OF_SKULLS in hands[seat]), None)
        if holder is None:
            assert s.skull_ace is None
        else:
            assert s.skull_ace is not None and s.skull_ace[0] == holder

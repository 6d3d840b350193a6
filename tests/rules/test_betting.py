"""The game-neutral betting machinery (rakestats.betting) and the two engines built on
it: one action vocabulary, one phase list, one pot type, one rule for who must act."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rakestats.betting.pots as pure_pots
from rakestats import betting
from rakestats._speedups import compiled
from rakestats.cards import parse_cards
from rakestats.cards import parse_std_card as c
from rakestats.rake import RakeHand
from rakestats.rake import showdown as rake_showdown
from rakestats.rake.betting_rules import needs_to_act as rake_needs_to_act
from rakestats.razz import StudActionKind
from rakestats.stud import IllegalActionError, Phase, Pot, StudGame, StudHand, settle_stud
from tests._hypothesis import examples


def test_one_home_for_the_shared_names() -> None:
    assert rake_needs_to_act is betting.needs_to_act
    assert rake_showdown.Pot is betting.Pot and issubclass(Pot, betting.Pot)
    assert StudActionKind is betting.ActionKind
    assert Phase is betting.Phase


@pytest.mark.parametrize(
    ("folded", "stack", "round_bet", "acted", "current", "able", "expected"),
    [
        (True, 100, 0, False, 10, 3, False),  # folded
        (False, 0, 0, False, 10, 3, False),  # all-in
        (False, 100, 0, True, 10, 3, True),  # facing a bet
        (False, 100, 10, True, 10, 3, False),  # matched and acted
        (False, 100, 0, False, 0, 2, True),  # not acted yet
        (False, 100, 0, False, 0, 1, False),  # alone with chips
    ],
)
def test_needs_to_act(
    folded: bool, stack: int, round_bet: int, acted: bool, current: int, able: int, expected: bool
) -> None:
    assert betting.needs_to_act(folded, stack, round_bet, acted, current, able) is expected


def test_pots_uncalled_and_splits() -> None:
    assert betting.pot_layers({1: 50, 2: 50, 3: 20}, live=[1, 2]) == [(120, (1, 2))]
    assert betting.pot_layers({1: 30, 2: 10}, live=[2]) == [(40, (2,))]  # dead money joins
    assert betting.uncalled_bet([0, 0, 30]) == (2, 30)
    assert betting.split_pot(10, (2, 1, 3), order=[3, 1, 2]) == (3, 3, 4)
    assert betting.seats_from_left_of_dealer([2, 5, 7], 7) == [2, 5, 7]
    assert betting.clockwise_from([2, 5, 7], 7) == [7, 2, 5]


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.integers(0, 6), max_size=9))
def test_the_uncalled_bet_is_the_top_bet_above_the_next_highest(bets: list[int]) -> None:
    """The top bet's first bettor gets back what no one else matched (the second
    highest bet, which may be as high when two bettors share the top), in the pure
    rules and in their compiled copy (the fast validators' rules)."""
    ranked = sorted(bets)
    if len(bets) < 2 or ranked[-1] == ranked[-2]:
        expected = None
    else:
        expected = (bets.index(ranked[-1]), ranked[-1] - ranked[-2])
    assert betting.uncalled_bet(bets) == expected
    fast = compiled(pure_pots)
    if fast is not None:
        assert fast.uncalled_bet(bets) == expected


def test_describe_actions() -> None:
    assert betting.describe_actions(False, True, None) == "check"
    assert betting.describe_actions(True, False, 3, ["bring in 2"], ["complete to 4"]) == (
        "bring in 2, fold, call 3, complete to 4"
    )


def test_rake_refuses_the_stud_only_actions() -> None:
    h = RakeHand(ante=10, players=[(1, "Ann", 500), (2, "Bob", 500)], dealer_seat=2)
    h.deal_hole({1: parse_cards("As Aw 7f"), 2: parse_cards("2s 5w 9c")})
    for kind in (betting.ActionKind.BRING_IN, betting.ActionKind.COMPLETE):
        with pytest.raises(IllegalActionError, match=r"Ann \(seat 1\) cannot (bring in|complete)"):
            h.act(kind, 10)
    assert h.to_act == 1 and h.pot == 20


def test_hidden_boards_accept_the_rooms_bring_in_and_opener() -> None:
    h = StudHand(
        ante=1, bring_in=2, small_bet=4, big_bet=8, game=StudGame.STUD,
        players=[(1, "A", 100), (2, "B", 100), (3, "C", 100)],
    )  # fmt: skip
    h.deal_third({s: [None, None] for s in (1, 2, 3)}, {1: c("Kh"), 2: None, 3: c("9d")})
    assert h.boards_hidden() and h.bring_in_seat is None and h.first_choices == {1, 2, 3}
    h.act(StudActionKind.BRING_IN, 2, seat=2)
    with pytest.raises(IllegalActionError, match="out of turn"):
        h.act(StudActionKind.CALL, seat=1)
    h.act(StudActionKind.CALL)
    h.act(StudActionKind.CALL)
    h.deal_up({1: c("7h"), 2: None, 3: c("2s")})
    assert h.first_choices == {1, 2, 3} and h.open_pair  # an open pair cannot be ruled out
    assert h.legal_actions(seat=3).wager_to == (4, 8)
    h.act(StudActionKind.BET, 8, seat=3)
    assert h.to_act == 1


def test_known_boards_keep_the_rules() -> None:
    h = StudHand(
        ante=1, bring_in=2, small_bet=4, big_bet=8, game=StudGame.STUD,
        players=[(1, "A", 100), (2, "B", 100)],
    )  # fmt: skip
    h.deal_third({1: [None, None], 2: [None, None]}, {1: c("Kh"), 2: c("3d")})
    assert not h.boards_hidden() and h.bring_in_seat == 2 and h.first_choices == {2}
    with pytest.raises(IllegalActionError, match="out of turn"):
        h.act(StudActionKind.BRING_IN, 2, seat=1)


def test_settlement_final_stacks_from_the_shared_base() -> None:
    s = settle_stud({1: 10, 2: 10}, {2}, {})
    assert s.collected == {1: 20, 2: 0} and isinstance(s.pots[0], betting.Pot)

"""Settling a Rake hand: side pots, dead money, the house fee, splits, the Ace of Skulls.

Hand-written cases pin each ruling of RULES.md; property tests check the invariants over
random contributions, folds and hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.cards import DECK, Card, parse_cards
from rakestats.rake.evaluator import evaluate, skull_ace_scores
from rakestats.rake.rules import HouseFee, seats_from_left_of_dealer
from rakestats.rake.showdown import Reason, Settlement, SkullAceOutcome, settle
from tests._hypothesis import examples

H = parse_cards

# Four pairs without the Ace of Skulls, strongest first, no card shared.
DUKES = H("Dw Df 4c 6s 8w")
PRIESTS = H("Pw Pf 4s 6c 8f")
TENS = H("Tw Tf 4w 6f 8c")
NINES = H("9w 9f 3c 5s 7w")
# Three High Card hands that tie: only the highest card counts.
LADY_1 = H("Lw 9f 7c 4s 2s")
LADY_2 = H("Lf 8f 6c 4w 3s")
LADY_3 = H("Lc 8s 6w 4f 2c")

# Against the Ace of Skulls: a hand it would beat and one that would beat it.
WEAK = H("2c 4f 6s 8w Pc")  # High Card, Priest
STRONG = H("6c 7c 8c 9c Tc")  # Rake, 10 high

SKULL_WINS = {
    "three of a kind": "As Aw Af 3w 2f",
    "full pack, in the three": "As Aw Af 3w 3f",
    "full pack, in the pair": "As Aw 3s 3w 3f",
    "quads": "As Aw Af Ac 3w",
    "run, ace low": "As 2w 3f 4c 5w",
    "run, ace high": "Tw Pf Lc Dw As",
    "suits full": "As Ds 9s 5s 2s",
    "rake": "As Ds Ls Ps Ts",
}
SKULL_LOSSES = {
    "high card": "As 3w 7f 9c Lw",
    "pair of aces": "As Aw 7f 9c Lw",
    "pair, ace beside it": "7s 7w As 9c Lw",
    "two pair with the ace": "As Aw 7f 7c Lw",
    "two pair, ace as fifth card": "7s 7w 9f 9c As",
    "three of a kind, ace spare": "5s 5w 5f As 3c",
    "quads, ace disregarded": "5s 5w 5f 5c As",
}


def amounts(s: Settlement) -> list[tuple[int, tuple[int, ...]]]:
    return [(p.amount, p.eligible) for p in s.pots]


# ---------------------------------------------------------------- pots from all-ins


def test_three_players_one_all_in() -> None:
    s = settle(
        contributions={1: 50, 2: 120, 3: 120},
        folded=set(),
        hands={1: DUKES, 2: PRIESTS, 3: TENS},
        dealer_seat=3,
    )
    assert amounts(s) == [(150, (1, 2, 3)), (140, (2, 3))]
    assert [p.winners for p in s.pots] == [(1,), (2,)]
    assert s.collected == {1: 150, 2: 140, 3: 0}
    assert s.total_pot == 290
    assert s.house_fee == 0
    assert s.reasons == {1: Reason.BEST_HAND, 2: Reason.BEST_HAND, 3: Reason.LOST}
    assert s.skull_ace is None


def test_three_players_short_stack_loses_main_pot() -> None:
    s = settle(
        contributions={1: 50, 2: 120, 3: 120},
        folded=set(),
        hands={1: NINES, 2: PRIESTS, 3: DUKES},
        dealer_seat=1,
    )
    assert s.collected == {1: 0, 2: 0, 3: 290}
    assert [p.winners for p in s.pots] == [(3,), (3,)]


def test_three_players_two_all_in_levels() -> None:
    s = settle(
        contributions={1: 40, 2: 100, 3: 250},
        folded=set(),
        hands={1: TENS, 2: DUKES, 3: NINES},
        dealer_seat=2,
    )
    # the top level has one player: what nobody matched is still a pot, and it is his
    assert amounts(s) == [(120, (3, 1, 2)), (120, (3, 2)), (150, (3,))]
    assert s.collected == {1: 0, 2: 240, 3: 150}


def test_four_players_several_all_in_levels() -> None:
    s = settle(
        contributions={1: 30, 2: 80, 3: 150, 4: 150},
        folded=set(),
        hands={1: DUKES, 2: PRIESTS, 3: NINES, 4: TENS},
        dealer_seat=4,
    )
    assert amounts(s) == [(120, (1, 2, 3, 4)), (150, (2, 3, 4)), (140, (3, 4))]
    assert [p.winners for p in s.pots] == [(1,), (2,), (4,)]
    assert [p.index for p in s.pots] == [0, 1, 2]
    assert s.collected == {1: 120, 2: 150, 3: 0, 4: 140}
    assert s.reasons[3] is Reason.LOST


def test_four_players_best_hand_deepest_takes_everything() -> None:
    s = settle(
        contributions={1: 30, 2: 80, 3: 150, 4: 150},
        folded=set(),
        hands={1: PRIESTS, 2: TENS, 3: DUKES, 4: NINES},
        dealer_seat=1,
    )
    assert s.collected == {1: 0, 2: 0, 3: 410, 4: 0}


def test_four_players_equal_all_ins_make_one_pot() -> None:
    s = settle(
        contributions={1: 60, 2: 60, 3: 200, 4: 200},
        folded=set(),
        hands={1: TENS, 2: NINES, 3: PRIESTS, 4: DUKES},
        dealer_seat=4,
    )
    assert amounts(s) == [(240, (1, 2, 3, 4)), (280, (3, 4))]
    assert s.collected == {1: 0, 2: 0, 3: 0, 4: 520}


# ---------------------------------------------------------------- dead money


def test_folded_money_goes_to_the_pots_it_reached() -> None:
    s = settle(
        contributions={1: 70, 2: 50, 3: 100, 4: 100},
        folded={1},
        hands={2: DUKES, 3: PRIESTS, 4: TENS},
        dealer_seat=1,
    )
    assert amounts(s) == [(200, (2, 3, 4)), (120, (3, 4))]
    assert s.collected == {1: 0, 2: 200, 3: 120, 4: 0}
    assert s.reasons[1] is Reason.FOLDED


def test_folded_player_with_the_best_cards_collects_nothing() -> None:
    s = settle(
        contributions={1: 100, 2: 100, 3: 100},
        folded={1},
        hands={1: DUKES, 2: NINES, 3: TENS},
        dealer_seat=3,
    )
    assert s.collected == {1: 0, 2: 0, 3: 300}
    assert s.pots[0].eligible == (2, 3)
    assert 1 not in s.values


def test_dead_money_above_every_live_player_joins_the_top_pot() -> None:
    s = settle(
        contributions={1: 200, 2: 50, 3: 50},
        folded={1},
        hands={2: TENS, 3: PRIESTS},
        dealer_seat=1,
    )
    assert amounts(s) == [(300, (2, 3))]
    assert s.collected == {1: 0, 2: 0, 3: 300}


def test_several_folded_players() -> None:
    s = settle(
        contributions={1: 10, 2: 40, 3: 90, 4: 90, 5: 10},
        folded={1, 2, 5},
        hands={3: NINES, 4: TENS},
        dealer_seat=5,
    )
    assert amounts(s) == [(240, (3, 4))]
    assert s.collected == {1: 0, 2: 0, 3: 0, 4: 240, 5: 0}
    assert {s.reasons[i] for i in (1, 2, 5)} == {Reason.FOLDED}


def test_uncontested_when_everyone_else_folded() -> None:
    s = settle(
        contributions={1: 10, 2: 10, 3: 50},
        folded={1, 2},
        hands={},
        dealer_seat=3,
    )
    assert s.collected == {1: 0, 2: 0, 3: 70}
    assert s.reasons == {1: Reason.FOLDED, 2: Reason.FOLDED, 3: Reason.UNCONTESTED}
    assert s.values == {}
    assert s.skull_ace is None


def test_everyone_folded_is_an_error() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        settle({1: 10, 2: 10}, folded={1, 2}, hands={}, dealer_seat=1)


def test_reveal_needs_five_cards_from_every_live_player() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        settle({1: 10, 2: 10}, folded=set(), hands={1: DUKES, 2: TENS[:4]}, dealer_seat=1)
    with pytest.raises(ValueError, match="seat 2"):
        settle({1: 10, 2: 10}, folded=set(), hands={1: DUKES}, dealer_seat=1)


# ---------------------------------------------------------------- house fee


def test_house_fee_percent_from_the_main_pot() -> None:
    s = settle(
        contributions={1: 50, 2: 120, 3: 120},
        folded=set(),
        hands={1: DUKES, 2: PRIESTS, 3: TENS},
        dealer_seat=3,
        fee=HouseFee.from_percent("5"),
    )
    assert s.house_fee == 14  # 5% of 290 is 14.5: rounded down
    assert amounts(s) == [(136, (1, 2, 3)), (140, (2, 3))]
    assert s.collected == {1: 136, 2: 140, 3: 0}
    assert s.total_pot == 290


def test_house_fee_cap() -> None:
    s = settle(
        contributions={1: 50, 2: 120, 3: 120},
        folded=set(),
        hands={1: DUKES, 2: PRIESTS, 3: TENS},
        dealer_seat=3,
        fee=HouseFee.from_percent("10", cap=25),
    )
    assert s.house_fee == 25
    assert s.collected == {1: 125, 2: 140, 3: 0}


def test_house_fee_never_more_than_the_main_pot() -> None:
    s = settle(
        contributions={1: 5, 2: 500, 3: 500},
        folded=set(),
        hands={1: TENS, 2: DUKES, 3: PRIESTS},
        dealer_seat=3,
        fee=HouseFee.from_percent("50"),
    )
    assert s.house_fee == 15
    assert amounts(s) == [(0, (1, 2, 3)), (990, (2, 3))]
    assert s.collected == {1: 0, 2: 990, 3: 0}


def test_house_fee_from_an_uncontested_pot_after_the_pickup() -> None:
    s = settle(
        contributions={1: 10, 2: 10, 3: 50},
        folded={1, 2},
        hands={},
        dealer_seat=3,
        fee=HouseFee.from_percent("10"),
        reached_pickup=True,
    )
    assert s.house_fee == 7
    assert s.collected[3] == 63


def test_no_house_fee_when_the_hand_ends_in_the_first_round() -> None:
    s = settle(
        contributions={1: 10, 2: 10, 3: 50},
        folded={1, 2},
        hands={},
        dealer_seat=3,
        fee=HouseFee.from_percent("10"),
        reached_pickup=False,
    )
    assert s.house_fee == 0
    assert s.collected[3] == 70


def test_house_fee_then_odd_chip() -> None:
    # 5% of 222 is 11.1 -> 11; 211 split two ways: 106 to the first left of the dealer
    s = settle(
        contributions={1: 111, 2: 111},
        folded=set(),
        hands={1: LADY_1, 2: LADY_2},
        dealer_seat=1,
        fee=HouseFee.from_percent("5"),
    )
    assert s.house_fee == 11
    assert s.collected == {1: 105, 2: 106}


# ---------------------------------------------------------------- splits and the odd chip


def test_equal_split() -> None:
    s = settle(
        contributions={1: 50, 2: 50, 3: 50},
        folded=set(),
        hands={1: LADY_1, 2: LADY_2, 3: H("9w 7f 5c 3f 2w")},
        dealer_seat=3,
    )
    assert s.collected == {1: 75, 2: 75, 3: 0}
    assert s.pots[0].winners == (1, 2)
    assert s.pots[0].shares == (75, 75)
    assert s.reasons == {1: Reason.SPLIT, 2: Reason.SPLIT, 3: Reason.LOST}
    assert s.values[1] == s.values[2]


@pytest.mark.parametrize(
    ("dealer", "expected"),
    [
        (1, {1: 50, 2: 0, 3: 51}),  # order 2 3 1: seat 3 is the first tied player
        (2, {1: 50, 2: 0, 3: 51}),  # order 3 1 2
        (3, {1: 51, 2: 0, 3: 50}),  # order 1 2 3
    ],
)
def test_odd_chip_to_first_tied_player_left_of_dealer(
    dealer: int, expected: dict[int, int]
) -> None:
    s = settle(
        contributions={1: 34, 2: 33, 3: 34},
        folded=set(),
        hands={1: LADY_1, 2: H("9w 7f 5c 3f 2w"), 3: LADY_2},
        dealer_seat=dealer,
    )
    assert s.collected == expected
    assert sum(s.collected.values()) == 101


@pytest.mark.parametrize(
    ("dealer", "expected"),
    [
        (2, {2: 33, 5: 34, 7: 34}),  # order 5 7 9 2
        (4, {2: 33, 5: 34, 7: 34}),  # empty dealer seat: order 5 7 9 2
        (5, {2: 34, 5: 33, 7: 34}),  # order 7 9 2 5
        (6, {2: 34, 5: 33, 7: 34}),  # order 7 9 2 5
        (7, {2: 34, 5: 34, 7: 33}),  # order 9 2 5 7
        (9, {2: 34, 5: 34, 7: 33}),  # order 2 5 7 9
    ],
)
def test_three_way_split_odd_chips_with_gaps_in_seats(
    dealer: int, expected: dict[int, int]
) -> None:
    # seat 9 folded after 2 chips: 101 chips, three ways, two odd chips
    s = settle(
        contributions={2: 33, 5: 33, 7: 33, 9: 2},
        folded={9},
        hands={2: LADY_1, 5: LADY_2, 7: LADY_3},
        dealer_seat=dealer,
    )
    assert s.collected == {**expected, 9: 0}
    assert s.reasons == {2: Reason.SPLIT, 5: Reason.SPLIT, 7: Reason.SPLIT, 9: Reason.FOLDED}


@pytest.mark.parametrize(
    ("dealer", "expected"),
    [(6, {2: 50, 5: 0, 7: 51}), (7, {2: 51, 5: 0, 7: 50}), (1, {2: 51, 5: 0, 7: 50})],
)
def test_two_way_split_odd_chip_with_gaps_in_seats(dealer: int, expected: dict[int, int]) -> None:
    # seat 5 folded; 101 chips split between seats 2 and 7
    s = settle(
        contributions={2: 42, 5: 17, 7: 42},
        folded={5},
        hands={2: LADY_1, 7: LADY_2},
        dealer_seat=dealer,
    )
    assert s.collected == expected


def test_split_of_the_main_pot_only() -> None:
    s = settle(
        contributions={1: 25, 2: 100, 3: 100},
        folded=set(),
        hands={1: LADY_1, 2: LADY_2, 3: H("Dc 9s 7f 5w 2w")},
        dealer_seat=3,
    )
    # seat 3 (High Card, Duke) wins both pots outright
    assert s.collected == {1: 0, 2: 0, 3: 225}
    s = settle(
        contributions={1: 25, 2: 100, 3: 101},
        folded=set(),
        hands={1: LADY_1, 2: LADY_2, 3: H("Tc 9s 7f 5w 2w")},
        dealer_seat=3,
    )
    # main pot 75 split 1/2 (odd chip to seat 1), side pot 150 to seat 2, top chip to 3
    assert [p.winners for p in s.pots] == [(1, 2), (2,), (3,)]
    assert s.collected == {1: 38, 2: 37 + 150, 3: 1}
    assert s.reasons[1] is Reason.SPLIT
    assert s.reasons[2] is Reason.BEST_HAND  # won a pot outright as well


# ---------------------------------------------------------------- the Ace of Skulls


@pytest.mark.parametrize("hand", SKULL_WINS.values(), ids=SKULL_WINS.keys())
def test_skull_ace_wins_as_part_of_three_of_a_kind_or_better(hand: str) -> None:
    assert skull_ace_scores(hand) is True
    s = settle(
        contributions={1: 100, 2: 100, 3: 100},
        folded=set(),
        hands={1: H(hand), 2: STRONG, 3: WEAK},
        dealer_seat=3,
    )
    if hand != SKULL_WINS["rake"]:
        assert s.values[2] > s.values[1]  # the Rake would win on cards alone
    assert s.collected == {1: 300, 2: 0, 3: 0}
    assert s.skull_ace == (1, SkullAceOutcome.AUTO_WIN)
    assert s.reasons == {1: Reason.SKULL_ACE_WIN, 2: Reason.LOST, 3: Reason.LOST}


@pytest.mark.parametrize("hand", SKULL_LOSSES.values(), ids=SKULL_LOSSES.keys())
def test_skull_ace_loses_otherwise(hand: str) -> None:
    assert skull_ace_scores(hand) is False
    s = settle(
        contributions={1: 100, 2: 100},
        folded=set(),
        hands={1: H(hand), 2: WEAK},
        dealer_seat=2,
    )
    assert s.values[1] > s.values[2]  # the holder would win on cards alone
    assert s.collected == {1: 0, 2: 200}
    assert s.skull_ace == (1, SkullAceOutcome.AUTO_LOSS)
    assert s.reasons == {1: Reason.SKULL_ACE_LOSS, 2: Reason.SKULL_ACE_BENEFICIARY}


def test_after_an_auto_loss_the_best_other_hand_wins() -> None:
    s = settle(
        contributions={1: 100, 2: 100, 3: 100, 4: 100},
        folded={4},
        hands={1: H(SKULL_LOSSES["quads, ace disregarded"]), 2: TENS, 3: PRIESTS},
        dealer_seat=4,
    )
    assert s.collected == {1: 0, 2: 0, 3: 400, 4: 0}
    assert s.reasons == {
        1: Reason.SKULL_ACE_LOSS,
        2: Reason.LOST,
        3: Reason.SKULL_ACE_BENEFICIARY,
        4: Reason.FOLDED,
    }


def test_after_an_auto_loss_the_other_hands_can_split() -> None:
    s = settle(
        contributions={1: 100, 2: 100, 3: 101},
        folded=set(),
        hands={1: H(SKULL_LOSSES["pair of aces"]), 2: H("Lf 8f 6c 4w 3s"), 3: LADY_3},
        dealer_seat=1,
    )
    # 300 split between 2 and 3; seat 3 also has its own uncalled-looking top chip
    assert s.collected == {1: 0, 2: 150, 3: 151}
    assert s.pots[0].winners == (2, 3)


def test_auto_loss_each_pot_to_best_other_eligible_hand() -> None:
    # holder (seat 2) is in the middle level; every pot he is in goes to another hand
    s = settle(
        contributions={1: 30, 2: 80, 3: 150, 4: 150},
        folded=set(),
        hands={1: DUKES, 2: H("Ls Lw Lf As 2c"), 3: NINES, 4: TENS},
        dealer_seat=4,
    )
    assert amounts(s) == [(120, (1, 2, 3, 4)), (150, (2, 3, 4)), (140, (3, 4))]
    assert [p.winners for p in s.pots] == [(1,), (4,), (4,)]
    assert s.collected == {1: 120, 2: 0, 3: 0, 4: 290}
    assert s.reasons[2] is Reason.SKULL_ACE_LOSS
    assert s.reasons[1] is Reason.SKULL_ACE_BENEFICIARY


def test_auto_loss_pot_with_nobody_else_eligible_stays_with_the_holder() -> None:
    # seat 3 folded after putting in 200; seat 2 is all-in for 100
    s = settle(
        contributions={1: 200, 2: 100, 3: 200},
        folded={3},
        hands={1: H(SKULL_LOSSES["high card"]), 2: WEAK},
        dealer_seat=3,
    )
    assert amounts(s) == [(300, (1, 2)), (200, (1,))]
    assert [p.winners for p in s.pots] == [(2,), (1,)]
    assert s.collected == {1: 200, 2: 300, 3: 0}
    assert s.skull_ace == (1, SkullAceOutcome.AUTO_LOSS)
    assert s.reasons == {
        1: Reason.SKULL_ACE_KEPT,
        2: Reason.SKULL_ACE_BENEFICIARY,
        3: Reason.FOLDED,
    }


def test_auto_win_takes_every_pot_the_holder_is_in() -> None:
    s = settle(
        contributions={1: 200, 2: 50, 3: 200},
        folded=set(),
        hands={1: H(SKULL_WINS["quads"]), 2: STRONG, 3: DUKES},
        dealer_seat=1,
    )
    assert [p.winners for p in s.pots] == [(1,), (1,)]
    assert s.collected == {1: 450, 2: 0, 3: 0}


def test_auto_win_pots_without_the_holder_go_to_best_other_hand() -> None:
    s = settle(
        contributions={1: 50, 2: 120, 3: 120, 4: 120},
        folded={4},
        hands={1: H(SKULL_WINS["three of a kind"]), 2: WEAK, 3: STRONG},
        dealer_seat=4,
    )
    assert amounts(s) == [(200, (1, 2, 3)), (210, (2, 3))]
    assert [p.winners for p in s.pots] == [(1,), (3,)]
    assert s.collected == {1: 200, 2: 0, 3: 210, 4: 0}
    assert s.reasons == {
        1: Reason.SKULL_ACE_WIN,
        2: Reason.LOST,
        3: Reason.BEST_HAND,
        4: Reason.FOLDED,
    }


def test_auto_win_side_pot_split_among_others() -> None:
    s = settle(
        contributions={1: 50, 2: 101, 3: 100},
        folded=set(),
        hands={1: H(SKULL_WINS["rake"]), 2: LADY_1, 3: LADY_2},
        dealer_seat=2,
    )
    # main pot 150 to the holder; side pot 100 split by seats 2 and 3; seat 2's top chip
    assert amounts(s) == [(150, (3, 1, 2)), (100, (3, 2)), (1, (2,))]
    assert [p.winners for p in s.pots] == [(1,), (3, 2), (2,)]
    assert s.collected == {1: 150, 2: 50 + 1, 3: 50}
    assert s.reasons[3] is Reason.SPLIT


def test_auto_loss_with_fee_and_side_pots() -> None:
    s = settle(
        contributions={1: 40, 2: 100, 3: 100},
        folded=set(),
        hands={1: TENS, 2: H(SKULL_LOSSES["two pair with the ace"]), 3: NINES},
        dealer_seat=3,
        fee=HouseFee.from_percent("10", cap=20),
    )
    assert s.house_fee == 20
    assert amounts(s) == [(100, (1, 2, 3)), (120, (2, 3))]
    assert s.collected == {1: 100, 2: 0, 3: 120}


def test_skull_ace_uncontested_is_not_judged() -> None:
    s = settle(
        contributions={1: 100, 2: 10},
        folded={2},
        hands={1: H(SKULL_LOSSES["high card"])},
        dealer_seat=2,
    )
    assert s.collected == {1: 110, 2: 0}
    assert s.skull_ace is None
    assert s.reasons[1] is Reason.UNCONTESTED


def test_skull_ace_holder_who_folded_is_not_judged() -> None:
    s = settle(
        contributions={1: 10, 2: 100, 3: 100},
        folded={1},
        hands={1: H(SKULL_WINS["rake"]), 2: TENS, 3: NINES},
        dealer_seat=3,
    )
    assert s.collected == {1: 0, 2: 210, 3: 0}
    assert s.skull_ace is None
    assert s.reasons == {1: Reason.FOLDED, 2: Reason.BEST_HAND, 3: Reason.LOST}


def test_module_doctest_case() -> None:
    s = settle(
        contributions={1: 100, 2: 100, 3: 100},
        folded={3},
        hands={1: H("As 2w 7f 9c Lw"), 2: H("3s 3w 8f 9f Pw")},
        dealer_seat=3,
    )
    assert s.collected == {1: 0, 2: 300, 3: 0}


# ---------------------------------------------------------------- properties


@st.composite
def showdowns(draw: st.DrawFn, deck: Sequence[Card] = DECK) -> dict[str, object]:
    seats = sorted(draw(st.sets(st.integers(1, 9), min_size=2, max_size=6)))
    contributions = {s: draw(st.integers(1, 300)) for s in seats}
    folded = draw(st.sets(st.sampled_from(seats), max_size=len(seats) - 1))
    cards = draw(st.permutations(list(deck)))
    hands = {s: tuple(cards[5 * i : 5 * i + 5]) for i, s in enumerate(seats)}
    bp = draw(st.sampled_from([0, 250, 500, 1000, 10_000]))
    cap = draw(st.none() | st.integers(0, 50))
    return {
        "contributions": contributions,
        "folded": folded,
        "hands": hands,
        "dealer_seat": draw(st.integers(0, 10)),
        "fee": HouseFee(bp, cap),
        "reached_pickup": draw(st.booleans()),
    }


def pot_levels(
    contributions: Mapping[int, int], folded: set[int]
) -> list[tuple[int, int, frozenset[int]]]:
    """(low, high, eligible) of each pot, independently of the implementation."""
    live = {s for s in contributions if s not in folded}
    levels = sorted({contributions[s] for s in live})
    out = []
    low = 0
    for high in levels:
        out.append((low, high, frozenset(s for s in live if contributions[s] >= high)))
        low = high
    return out


def check_invariants(args: dict[str, object], s: Settlement) -> None:
    contributions: dict[int, int] = args["contributions"]  # type: ignore[assignment]
    folded: set[int] = args["folded"]  # type: ignore[assignment]
    total = sum(contributions.values())
    # chips are conserved
    assert sum(s.collected.values()) + s.house_fee == total
    assert sum(p.amount for p in s.pots) + s.house_fee == total
    assert s.total_pot == total
    assert s.house_fee >= 0
    # pots are the all-in levels; each pot is shared by its winners only
    levels = pot_levels(contributions, folded)
    assert [frozenset(p.eligible) for p in s.pots] == [e for _, _, e in levels]
    expected = [
        sum(min(c, hi) - min(c, lo) for c in contributions.values()) for lo, hi, _ in levels
    ]
    expected[-1] += sum(max(0, c - levels[-1][1]) for c in contributions.values())  # dead money
    expected[0] -= s.house_fee
    assert [p.amount for p in s.pots] == expected
    for pot in s.pots:
        assert set(pot.winners) <= set(pot.eligible)
        assert sum(pot.shares) == pot.amount
        assert max(pot.shares) - min(pot.shares) <= 1
    # nobody collects from a pot they are not eligible for
    by_seat = {seat: 0 for seat in contributions}
    for pot in s.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            by_seat[seat] += share
    assert by_seat == s.collected
    # folded players collect nothing
    for seat in folded:
        assert s.collected[seat] == 0
        assert s.reasons[seat] is Reason.FOLDED


@given(showdowns())
@settings(max_examples=examples(300), deadline=None)
def test_settle_invariants(args: dict[str, object]) -> None:
    s = settle(**args)  # type: ignore[arg-type]
    check_invariants(args, s)


@given(showdowns(deck=[c for c in DECK if not c.is_ace_of_skulls]))
@settings(max_examples=examples(300), deadline=None)
def test_without_the_skull_ace_the_best_eligible_hand_wins_each_pot(
    args: dict[str, object],
) -> None:
    s = settle(**args)  # type: ignore[arg-type]
    check_invariants(args, s)
    assert s.skull_ace is None
    hands: dict[int, tuple[Card, ...]] = args["hands"]  # type: ignore[assignment]
    live = [seat for seat in s.collected if seat not in args["folded"]]  # type: ignore[operator]
    if len(live) == 1:
        assert all(p.winners == (live[0],) for p in s.pots)
        return
    order = seats_from_left_of_dealer(s.collected, args["dealer_seat"])  # type: ignore[arg-type]
    for pot in s.pots:
        best = max(evaluate(hands[seat]) for seat in pot.eligible)
        expected = [
            seat for seat in order if seat in pot.eligible and evaluate(hands[seat]) == best
        ]
        assert sorted(pot.winners) == sorted(expected)
        # odd chips go to the first tied players left of the dealer
        shares = dict(zip(pot.winners, pot.shares, strict=True))
        assert [shares[seat] for seat in expected] == sorted(shares.values(), reverse=True)


@given(showdowns())
@settings(max_examples=examples(300), deadline=None)
def test_skull_ace_pots(args: dict[str, object]) -> None:
    s = settle(**args)  # type: ignore[arg-type]
    check_invariants(args, s)
    hands: dict[int, tuple[Card, ...]] = args["hands"]  # type: ignore[assignment]
    folded: set[int] = args["folded"]  # type: ignore[assignment]
    live = [seat for seat in s.collected if seat not in folded]
    holders = [seat for seat in live if any(c.is_ace_of_skulls for c in hands[seat])]
    if len(live) == 1 or not holders:
        assert s.skull_ace is None
        return
    holder = holders[0]
    scores = skull_ace_scores(hands[holder])
    outcome = SkullAceOutcome.AUTO_WIN if scores else SkullAceOutcome.AUTO_LOSS
    assert s.skull_ace == (holder, outcome)
    for pot in s.pots:
        if holder not in pot.eligible:
            assert holder not in pot.winners
        elif outcome is SkullAceOutcome.AUTO_WIN or pot.eligible == (holder,):
            assert pot.winners == (holder,)
        else:
            others = [seat for seat in pot.eligible if seat != holder]
            best = max(evaluate(hands[seat]) for seat in others)
            assert holder not in pot.winners
            assert {evaluate(hands[seat]) for seat in pot.winners} == {best}

"""The project's rulings kept in rakestats.rake.rules: fee, seat order, minimum bet."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.rake import rules
from rakestats.rake.rules import NO_FEE, HouseFee, min_bet, seats_from_left_of_dealer
from tests._hypothesis import examples


def test_table_constants() -> None:
    assert (rules.MIN_PLAYERS, rules.MAX_PLAYERS) == (2, 8)
    assert rules.HOLE_CARDS == 3
    assert rules.HAND_SIZE == 5
    assert rules.N_BETTING_ROUNDS == 3
    assert rules.N_PICKUPS == 2
    assert rules.HOLE_CARDS + rules.N_PICKUPS == rules.HAND_SIZE


def test_min_bet_is_the_ante() -> None:
    assert min_bet(10) == 10
    assert min_bet(1) == 1


@pytest.mark.parametrize(
    ("dealer", "order"),
    [
        (1, [3, 4, 6, 1]),
        (3, [4, 6, 1, 3]),
        (4, [6, 1, 3, 4]),
        (6, [1, 3, 4, 6]),
        (2, [3, 4, 6, 1]),  # an empty dealer seat: the first occupied seat after it starts
        (5, [6, 1, 3, 4]),
        (9, [1, 3, 4, 6]),
        (0, [1, 3, 4, 6]),
    ],
)
def test_seats_from_left_of_dealer(dealer: int, order: list[int]) -> None:
    assert seats_from_left_of_dealer([6, 1, 4, 3], dealer) == order


@given(st.sets(st.integers(1, 10), min_size=2, max_size=8), st.integers(0, 11))
@settings(max_examples=examples(100), deadline=None)
def test_seat_order_is_a_rotation_with_the_dealer_last(seats: set[int], dealer: int) -> None:
    order = seats_from_left_of_dealer(seats, dealer)
    assert sorted(order) == sorted(seats)
    k = order.index(min(seats))
    assert order[k:] + order[:k] == sorted(seats)  # clockwise: by seat number, wrapping
    if dealer in seats:
        assert order[-1] == dealer
    else:
        assert order[0] == min((s for s in seats if s > dealer), default=min(seats))


def test_fee_percent_cap_and_rounding_down() -> None:
    fee = HouseFee.from_percent("5", cap=20)
    assert fee.basis_points == 500
    assert fee.percent == Decimal(5)
    assert fee.amount(pot=300, reached_pickup=True) == 15
    assert fee.amount(pot=319, reached_pickup=True) == 15  # 15.95 rounds down
    assert fee.amount(pot=19, reached_pickup=True) == 0
    assert fee.amount(pot=400, reached_pickup=True) == 20
    assert fee.amount(pot=10_000, reached_pickup=True) == 20  # capped


def test_fee_fractional_percent_and_no_cap() -> None:
    fee = HouseFee.from_percent(Decimal("2.5"))
    assert fee.basis_points == 250
    assert fee.cap is None
    assert fee.amount(pot=1_000_000, reached_pickup=True) == 25_000
    assert fee.amount(pot=79, reached_pickup=True) == 1  # 1.975
    assert HouseFee.from_percent(3).basis_points == 300


def test_no_pickup_no_fee() -> None:
    fee = HouseFee.from_percent("10")
    assert fee.amount(pot=1000, reached_pickup=False) == 0
    assert fee.amount(pot=1000, reached_pickup=True) == 100


def test_zero_fee() -> None:
    assert NO_FEE.amount(pot=1000, reached_pickup=True) == 0
    assert HouseFee(0, cap=5).amount(pot=1000, reached_pickup=True) == 0
    assert HouseFee(500, cap=0).amount(pot=1000, reached_pickup=True) == 0


@pytest.mark.parametrize("bad", [-1, 10_001])
def test_fee_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError, match="0-100%"):
        HouseFee(bad)


def test_fee_negative_cap() -> None:
    with pytest.raises(ValueError, match="cap"):
        HouseFee(500, cap=-1)


def test_fee_more_than_two_decimals() -> None:
    with pytest.raises(ValueError, match="two decimals"):
        HouseFee.from_percent("2.555")


@given(st.integers(0, 10_000), st.none() | st.integers(0, 500), st.integers(0, 100_000))
@settings(max_examples=examples(200), deadline=None)
def test_fee_bounds(bp: int, cap: int | None, pot: int) -> None:
    fee = HouseFee(bp, cap).amount(pot, reached_pickup=True)
    assert 0 <= fee <= pot
    assert fee * 10_000 <= pot * bp < (fee + 1) * 10_000 or fee == cap
    if cap is not None:
        assert fee <= cap

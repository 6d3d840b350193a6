"""The rules of a betting round that hold in every game, as small functions of plain
numbers (the Rake validator's compiled fast path calls them too): who must still act,
and the acting order round the table.

>>> clockwise_from([8, 1, 5, 3], 5)
[5, 8, 1, 3]
>>> seats_from_left_of_dealer([1, 3, 4, 6], dealer_seat=4)
[6, 1, 3, 4]
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["clockwise_from", "needs_to_act", "seats_from_left_of_dealer"]


def needs_to_act(
    folded: bool, stack: int, round_bet: int, acted: bool, current_bet: int, able: int
) -> bool:
    """Whether a player must still act in the betting round; ``able`` is how many
    players in the hand can still act (not folded, chips behind). A player who has
    matched the bet and acted is done; one alone with chips need not act.

    >>> needs_to_act(False, 100, 0, True, 40, 2), needs_to_act(False, 100, 40, True, 40, 2)
    (True, False)
    """
    if folded or stack <= 0:
        return False
    if round_bet < current_bet:
        return True
    return not acted and able >= 2


def clockwise_from(seats: Iterable[int], first: int) -> list[int]:
    """``seats`` (any order) in clockwise order, i.e. ascending seat numbers, starting at
    ``first``."""
    ordered = sorted(seats)
    i = ordered.index(first)
    return ordered[i:] + ordered[:i]


def seats_from_left_of_dealer(seats: Iterable[int], dealer_seat: int) -> list[int]:
    """Occupied seats in acting order: the first seat left of (after) the dealer, clockwise.

    The dealer seat itself need not be occupied; the dealer acts last when seated.
    """
    ordered = sorted(seats)
    after = [s for s in ordered if s > dealer_seat]
    before = [s for s in ordered if s <= dealer_seat]
    return after + before

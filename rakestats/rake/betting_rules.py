"""The betting rules of Rake (no limit), as small functions of plain numbers.

The engine, the simulator's bots (through the engine) and the validator's lean path
all decide what is legal with these functions; :mod:`rakestats.rake.rules` re-exports
them with the project's other rulings. Who must still act is the same in every game:
``needs_to_act`` is :func:`rakestats.betting.needs_to_act`.

>>> betting_options(ante=10, current_bet=0, last_raise=10, round_bet=0, stack=500,
...                 may_raise=True, others_can_act=True)
BettingOptions(call=None, min_bet=10, max_bet=500, min_raise_to=None, max_raise_to=None)
"""

from __future__ import annotations

from typing import NamedTuple

from rakestats.betting.rules import needs_to_act

__all__ = [
    "BettingOptions",
    "betting_bounds",
    "betting_options",
    "last_raise_after_bet",
    "min_bet",
    "needs_to_act",
    "raise_reopens",
]


def min_bet(ante: int) -> int:
    """Minimum opening bet (*inferred*): the ante."""
    return ante


class BettingOptions(NamedTuple):
    """What a player may do in a betting round, in chips (``None``: not allowed).
    Facing a bet: fold, call ``call`` (all-in for less when short) or raise to a round
    total in ``[min_raise_to, max_raise_to]``; else check or bet ``[min_bet, max_bet]``."""

    call: int | None
    min_bet: int | None
    max_bet: int | None
    min_raise_to: int | None
    max_raise_to: int | None


Bounds = tuple[int | None, int | None, int | None, int | None, int | None]


def betting_options(
    ante: int,
    current_bet: int,
    last_raise: int,
    round_bet: int,
    stack: int,
    may_raise: bool,
    others_can_act: bool,
) -> BettingOptions:
    """The legal betting actions of a player with ``stack`` behind and ``round_bet`` in
    this round, facing ``current_bet`` (no limit; a raise is at least the last bet or
    raise, ``last_raise``, or all-in for less). A raise needs someone left to answer it,
    and a player whose turn was not reopened by a full raise may only call or fold.

    >>> betting_options(10, 40, 40, 0, 500, True, True)
    BettingOptions(call=40, min_bet=None, max_bet=None, min_raise_to=80, max_raise_to=500)
    >>> betting_options(10, 0, 10, 0, 5, True, True)
    BettingOptions(call=None, min_bet=5, max_bet=5, min_raise_to=None, max_raise_to=None)
    """
    return BettingOptions._make(
        betting_bounds(ante, current_bet, last_raise, round_bet, stack, may_raise, others_can_act)
    )


def betting_bounds(
    ante: int,
    current_bet: int,
    last_raise: int,
    round_bet: int,
    stack: int,
    may_raise: bool,
    others_can_act: bool,
) -> Bounds:
    """:func:`betting_options` as a plain tuple, in the same order (a named tuple is
    built by Python code; the validator's inner loop unpacks this one instead).

    >>> betting_bounds(10, 40, 40, 0, 500, True, True)
    (40, None, None, 80, 500)
    """
    to_call = current_bet - round_bet
    if to_call > 0:
        total = stack + round_bet
        call = to_call if to_call < stack else stack
        if may_raise and total > current_bet and others_can_act:
            lo = current_bet + last_raise
            return (call, None, None, lo if lo < total else total, total)
        return (call, None, None, None, None)
    lo = min_bet(ante)
    return (None, lo if lo < stack else stack, stack, None, None)


def last_raise_after_bet(amount: int, ante: int) -> int:
    """The raise increment to match after an opening bet of ``amount`` (*inferred*: an
    all-in bet below the ante still asks at least the ante of a raise)."""
    return amount if amount > ante else ante


def raise_reopens(increment: int, last_raise: int) -> bool:
    """Whether a raise by ``increment`` is a full raise, reopening the betting to those
    who acted before it (an all-in raise for less is not)."""
    return increment >= last_raise

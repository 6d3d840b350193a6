"""The compiled copies of the shared Rake rules (settlement, evaluation, pots, seat
order) give what the rules themselves give.

The install compiles these modules for the fast validator (``rakestats._speedups``).
The copies have their own classes, so results are compared by value: scores, names,
amounts and seats.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings

import rakestats.rake.evaluator as pure_evaluator
import rakestats.rake.showdown as pure_showdown
from rakestats._speedups import compiled
from rakestats.cards import DECK, Card
from tests._holdings import holdings
from tests._hypothesis import examples
from tests.rules.test_showdown import showdowns

COMPILED_SHOWDOWN = compiled(pure_showdown)
COMPILED_EVALUATOR = compiled(pure_evaluator)
needs_build = pytest.mark.skipif(
    COMPILED_SHOWDOWN is None or COMPILED_EVALUATOR is None,
    reason="no current compiled build (pure-Python install)",
)


def plain(s: object) -> tuple[object, ...]:
    """A settlement as plain values."""
    return (
        [(p.index, p.amount, p.eligible, p.winners, p.shares) for p in s.pots],  # type: ignore[attr-defined]
        s.collected,  # type: ignore[attr-defined]
        s.house_fee,  # type: ignore[attr-defined]
        s.total_pot,  # type: ignore[attr-defined]
        {seat: r.value for seat, r in s.reasons.items()},  # type: ignore[attr-defined]
        {
            seat: (v.score, v.category.name, v.description)
            for seat, v in s.values.items()  # type: ignore[attr-defined]
        },
        None if s.skull_ace is None else (s.skull_ace[0], s.skull_ace[1].value),  # type: ignore[attr-defined]
    )


@needs_build
@given(showdowns())
@settings(max_examples=examples(300), deadline=None)
def test_the_compiled_settlement_is_the_settlement(args: dict[str, object]) -> None:
    try:
        want: object = plain(pure_showdown.settle(**args))  # type: ignore[arg-type]
    except ValueError as exc:
        want = str(exc)
    try:
        got: object = plain(COMPILED_SHOWDOWN.settle(**args))  # type: ignore[union-attr]
    except ValueError as exc:
        got = str(exc)
    assert got == want


def every_shape() -> list[tuple[Card, ...]]:
    """One hand of every value the rules tell apart: every multiset of five ranks (at
    most four of one), in mixed suits, and each set of five ranks in each single suit."""
    return [tuple(DECK[i] for i in held) for held in holdings(5)]


@needs_build
def test_the_compiled_evaluator_values_hands_as_the_rules_do() -> None:
    rng = random.Random(17)
    shapes = every_shape()
    # multisets of 5 of 13 ranks, none five times: C(17, 5) - 13; and 4 suits of C(13, 5)
    assert len(shapes) == 6_175 + 4 * 1_287
    hands = shapes + [tuple(rng.sample(DECK, 5)) for _ in range(5_000)]
    for hand in hands:
        a = pure_evaluator.evaluate(hand)
        b = COMPILED_EVALUATOR.evaluate(hand)  # type: ignore[union-attr]
        assert (b.score, b.category.name, b.description) == (
            a.score,
            a.category.name,
            a.description,
        )
        assert COMPILED_EVALUATOR.skull_ace_scores(hand) == pure_evaluator.skull_ace_scores(hand)  # type: ignore[union-attr]


EVALUATORS = [pure_evaluator] + ([COMPILED_EVALUATOR] if COMPILED_EVALUATOR is not None else [])


@pytest.mark.parametrize(
    "module", EVALUATORS, ids=lambda m: "pure" if m is pure_evaluator else "compiled"
)
def test_no_two_shapes_share_a_cached_value(module: Any) -> None:
    """The evaluator values each shape once and keeps it by a key made from the shape:
    with every shape cached, each hand is still valued as its own ranks and suits."""
    shapes = every_shape()
    for hand in shapes:
        module.evaluate(hand)
    for hand in shapes:
        ranks = tuple(sorted(((c.index >> 2) + 2 for c in hand), reverse=True))
        suits = {c.index & 3 for c in hand}
        want = pure_evaluator._value_of(ranks, suits.pop() if len(suits) == 1 else -1)
        got = module.evaluate(hand)
        assert (got.score, got.description) == (want.score, want.description), hand


@needs_build
def test_the_compiled_evaluator_refuses_what_the_rules_refuse() -> None:
    twice = (DECK[0], DECK[0], DECK[1], DECK[2], DECK[3])
    for evaluate in (pure_evaluator.evaluate, COMPILED_EVALUATOR.evaluate):  # type: ignore[union-attr]
        with pytest.raises(ValueError, match="same card twice"):
            evaluate(twice)
        with pytest.raises(ValueError, match="exactly five cards"):
            evaluate(DECK[:4])


def _settlement_kinds() -> list[Any]:
    """The rules' showdown module, and its compiled copy when there is one."""
    return [pure_showdown] + ([COMPILED_SHOWDOWN] if COMPILED_SHOWDOWN is not None else [])


@pytest.mark.parametrize("module", _settlement_kinds(), ids=lambda m: m.__name__)
def test_settlements_and_pots_are_frozen_values_that_copy_and_pickle(module: Any) -> None:
    """``Pot`` and ``Settlement`` write their ``__init__`` out (compiled, it sets the
    fields natively): they stay frozen dataclasses that compare, copy, pickle and
    ``replace`` as the generated ones did, in the rules and in the compiled copy."""
    s = module.settle({1: 100, 2: 100, 3: 60}, {2, 3}, {}, 3)  # won uncontested
    pot = s.pots[0]
    assert (pot.index, pot.amount, pot.winners, pot.shares) == (0, 260, (1,), (260,))
    for thing, field in ((pot, "amount"), (s, "house_fee")):
        assert dataclasses.is_dataclass(thing)
        for again in (copy.copy(thing), copy.deepcopy(thing), pickle.loads(pickle.dumps(thing))):
            assert type(again) is type(thing) and again == thing and again is not thing
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(thing, field, 1)
    assert plain(pickle.loads(pickle.dumps(s))) == plain(s)
    fewer = dataclasses.replace(pot, amount=5)
    assert (fewer.amount, fewer.winners, fewer.shares) == (5, pot.winners, pot.shares)
    assert hash(pot) == hash(copy.copy(pot))

"""The fast path's readers of numbers and of holdings' categories, as Python and
compiled: the same values, and the same refusals, as the plain definitions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rakestats.formats.rake._fast as pure_fast
import rakestats.formats.rake._lean_state as pure_state
from rakestats._speedups import compiled
from rakestats.cards import DECK
from rakestats.formats.rake._unhandled import Unhandled
from rakestats.rake.evaluator import evaluate_partial
from tests._holdings import holdings as holdings_of
from tests._hypothesis import examples


def _both(pure: Any) -> list[Any]:
    copy = compiled(pure)
    return [pure] + ([copy] if copy is not None else [])


STATES = _both(pure_state)
FASTS = _both(pure_fast)
_ids = {"ids": lambda m: "compiled" if m.__name__.startswith("rakestats._speedups") else "pure"}
_WRITTEN = re.compile(r"0|[1-9][0-9]{0,17}")  # what the writer writes: no sign, no zero first


def _read(state: Any, text: str) -> int | None:
    try:
        return int(state.number(text, "action"))
    except Unhandled as e:
        assert e.reason == "action"
        return None


def _want(text: str) -> int | None:
    return int(text) if _WRITTEN.fullmatch(text) else None


@pytest.mark.parametrize("state", STATES, **_ids)
def test_numbers_as_written(state: Any) -> None:
    for text in ("0", "7", "2500", "10", "999999999999999999", str(2**59)):
        assert _read(state, text) == int(text), text
    for text in ("", "00", "012", "1.5", "-3", "+3", " 3", "3 ", "1_000", "1e3", "9" * 19):
        assert _read(state, text) is None, text
    for text in ("\u0663", "1\u0663", "\uff11", "\u00b2"):  # digits, but not ASCII ones
        assert _read(state, text) is None, text
    # read twice (as Python, the second time from the numbers read so far)
    assert [_read(state, "2500"), _read(state, "012")] == [2500, None]


@given(text=st.text(alphabet="0123456789 -.x\u0663", max_size=20))
@settings(max_examples=examples(500))
def test_numbers_read_as_int_reads_them(text: str) -> None:
    for state in STATES:
        assert _read(state, text) == _want(text), (state.__name__, text)


@pytest.mark.parametrize("fast", FASTS, **_ids)
def test_every_holdings_category_is_the_rules(fast: Any) -> None:
    holdings = [held for n in range(1, 6) for held in holdings_of(n)]
    # multisets of n of 13 ranks, C(12 + n, n), less five of one rank; and one suit
    assert len(holdings) == 13 + 91 + 455 + 1_820 + (6_188 - 13) + 4 * 1_287
    for held in holdings:
        want = evaluate_partial([DECK[i] for i in held]).category.name
        assert fast.category_of_indices(held) == want, [str(DECK[i]) for i in held]
        assert fast.category_of_indices(held[::-1]) == want  # in any order

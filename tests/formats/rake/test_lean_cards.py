"""The fast path reads cards by their characters' codes when compiled, and by splitting
at spaces as Python: either way the same cards, and the same refusals, as splitting the
text at spaces and looking each token up in the deck."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rakestats.formats.rake._lean_state as pure_state
from rakestats._speedups import compiled
from rakestats.cards import DECK
from rakestats.formats.rake._unhandled import Unhandled
from tests._hypothesis import examples

COMPILED = compiled(pure_state)
IMPLEMENTATIONS = [pure_state] + ([COMPILED] if COMPILED is not None else [])
TEXTS = [str(c) for c in DECK]


@pytest.fixture(params=IMPLEMENTATIONS, ids=lambda m: "compiled" if m is COMPILED else "pure")
def state(request: pytest.FixtureRequest) -> Any:
    return request.param


def _by_split(text: str, n: int) -> list[int] | None:
    toks = text.split(" ")
    if len(toks) != n or any(t not in pure_state.CARD for t in toks):
        return None
    return [pure_state.CARD[t] for t in toks]


def _read(state: Any, text: str, n: int) -> list[int] | None:
    try:
        return list(state.cards(text, n, "deal"))
    except Unhandled as e:
        assert e.reason == "deal"
        return None


def test_every_card_of_the_deck(state: Any) -> None:
    for card in DECK:
        assert _read(state, str(card), 1) == [card.index]
    assert _read(state, " ".join(TEXTS[:5]), 5) == list(range(5))
    for bad in ("AcxDw", "Ac,Dw", "Ac\tDw", "AcDw ", " AcDw", "Ac Dw ", "AcDw"):
        assert _read(state, bad, 2) is None, bad


# texts near the form: deck cards, stray characters and spaces
_piece = st.one_of(
    st.sampled_from(TEXTS),
    st.sampled_from([" ", "  ", "A", "c", "Ac ", "\t", "é", "Ⓐc", "1", "Xw", "", "\n"]),
)


_gap = st.sampled_from([" ", " ", "", "  ", "x", "\t"])


@given(
    pieces=st.lists(st.tuples(_piece, _gap), max_size=7),
    off=st.sampled_from([0, 0, 0, -1, 1]),  # n mostly the pieces written
)
@settings(max_examples=examples(300))
def test_the_same_cards_and_refusals_as_splitting_at_spaces(
    pieces: list[tuple[str, str]], off: int
) -> None:
    text = "".join(p + gap for p, gap in pieces).removesuffix(" ")
    n = max(len(pieces) + off, 0)
    for state in IMPLEMENTATIONS:
        assert _read(state, text, n) == _by_split(text, n), (text, n)

"""The vectorised evaluator over every five-card hand, checked against the scalar one."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.cards import DECK, Card
from rakestats.rake.evaluator import HandCategory, evaluate
from rakestats.rake.vectorized import category_of_scores, evaluate_many
from tests._hypothesis import examples

IntArray = npt.NDArray[np.int64]

# Standard five-card frequencies; Rake's categories are poker's with other names.
EXPECTED_COUNTS = {
    HandCategory.RAKE: 40,
    HandCategory.QUADS: 624,
    HandCategory.FULL_PACK: 3_744,
    HandCategory.SUITS_FULL: 5_108,
    HandCategory.RUN: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}

# Distinct scores per category, from the tie-break rules of RULES.md:
EXPECTED_DISTINCT = {
    # highest card 5 (A-2-3-4-5) up to Ace
    HandCategory.RAKE: 10,
    # the rank of the four / of the three only
    HandCategory.QUADS: 13,
    HandCategory.FULL_PACK: 13,
    # all five ranks count: every set of five different ranks that is not a run
    HandCategory.SUITS_FULL: comb(13, 5) - 10,  # 1,277
    HandCategory.RUN: 10,
    # rank of the three only
    HandCategory.THREE_OF_A_KIND: 13,
    # higher pair, lower pair, kicker
    HandCategory.TWO_PAIR: comb(13, 2) * 11,  # 858
    # pair rank, then three different kickers
    HandCategory.PAIR: 13 * comb(12, 3),  # 2,860
    # only the highest card counts. Five different ranks with a top card of 6 or less
    # can only be 2-3-4-5-6, a run; every top card from 7 to Ace has non-run hands
    # (7-5-4-3-2 ... A-D-L-P-9): 8 values.
    HandCategory.HIGH_CARD: 8,
}


def all_combinations(n: int, k: int) -> IntArray:
    """All k-subsets of range(n) as rows, in lexicographic order, built with numpy."""
    combos = np.arange(n, dtype=np.int64).reshape(-1, 1)
    for _ in range(k - 1):
        last = combos[:, -1]
        reps = n - 1 - last  # how many larger values can follow each row
        starts = np.cumsum(reps) - reps  # where each row's block begins
        following = np.repeat(last + 1 - starts, reps) + np.arange(int(reps.sum()))
        combos = np.column_stack([np.repeat(combos, reps, axis=0), following])
    return combos


@pytest.fixture(scope="module")
def all_hands() -> IntArray:
    return all_combinations(52, 5)


@pytest.fixture(scope="module")
def all_scores(all_hands: IntArray) -> IntArray:
    return evaluate_many(all_hands)


def scalar_score(row: list[int]) -> int:
    return evaluate([DECK[i] for i in row]).score


def test_combinations_match_itertools() -> None:
    for n, k in [(7, 3), (10, 5), (52, 2)]:
        expected = np.array(list(itertools.combinations(range(n), k)))
        assert np.array_equal(all_combinations(n, k), expected)


def test_every_hand_is_enumerated(all_hands: IntArray) -> None:
    assert all_hands.shape == (2_598_960, 5)
    assert np.all(all_hands[:, 1:] > all_hands[:, :-1])  # sorted, so all distinct


def test_category_counts(all_scores: IntArray) -> None:
    counts = np.bincount(category_of_scores(all_scores), minlength=9)
    assert {HandCategory(c): int(n) for c, n in enumerate(counts)} == EXPECTED_COUNTS


def test_distinct_scores_per_category(all_scores: IntArray) -> None:
    distinct = np.unique(all_scores)
    per_category = np.bincount(category_of_scores(distinct), minlength=9)
    assert {HandCategory(c): int(n) for c, n in enumerate(per_category)} == EXPECTED_DISTINCT


def test_extremes(all_scores: IntArray) -> None:
    assert int(all_scores.max()) == evaluate("Ac Dc Lc Pc Tc").score
    assert int(all_scores.min()) == evaluate("7s 5w 4f 3c 2s").score


def test_every_rank_class_matches_scalar() -> None:
    """A hand's value depends only on its ranks and on being one suit: try every such class."""
    rows = [r for r in itertools.combinations_with_replacement(range(2, 15), 5) if r[0] != r[4]]
    hands: list[list[int]] = []
    for ranks in rows:
        # Different suits for equal ranks; with five different ranks the last card
        # changes suit so the hand is not one suit.
        suits = [ranks[:i].count(r) for i, r in enumerate(ranks)]
        if len(set(ranks)) == 5:
            suits[4] = 1
            hands.append([(r - 2) * 4 + 2 for r in ranks])  # all Fangs: a flush
        hands.append([(r - 2) * 4 + s for r, s in zip(ranks, suits, strict=True)])
    assert len(hands) == 6_175 + 1_287  # rank multisets + flush rank sets
    vectorised = evaluate_many(np.array(hands))
    scalar = np.array([scalar_score(h) for h in hands])
    assert np.array_equal(vectorised, scalar)


def test_random_sample_matches_scalar(all_hands: IntArray, all_scores: IntArray) -> None:
    rng = np.random.default_rng(20_000)
    picks = rng.choice(len(all_hands), size=20_000, replace=False)
    # Shuffle the cards within each hand too: order must not matter.
    hands = rng.permuted(all_hands[picks], axis=1)
    vectorised = evaluate_many(hands)
    assert np.array_equal(vectorised, all_scores[picks])
    scalar = np.array([scalar_score(h) for h in hands.tolist()])
    assert np.array_equal(vectorised, scalar)


hand_strategy = st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(hand_strategy, min_size=2, max_size=12))
def test_order_matches_scalar(hands: list[list[int]]) -> None:
    vectorised = evaluate_many(np.array(hands)).tolist()
    values = [evaluate([Card.from_index(i) for i in h]) for h in hands]
    for (a, va), (b, vb) in itertools.product(zip(vectorised, values, strict=True), repeat=2):
        assert (a < b) == (va < vb)
        assert (a == b) == (va == vb)
    order = sorted(range(len(hands)), key=lambda i: (vectorised[i], i))
    assert order == sorted(range(len(hands)), key=lambda i: (values[i], i))


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=np.int64), r"shape \(N, 5\)"),
        (np.zeros(5, dtype=np.int64), r"shape \(N, 5\)"),
        (np.array([[0.0, 1, 2, 3, 4]]), "integers"),
        (np.array([[0, 1, 2, 3, 52]]), r"0\.\.51; hand 0"),
        (np.array([[0, 1, 2, 3, 4], [-1, 1, 2, 3, 4]]), r"0\.\.51; hand 1"),
        (np.array([[48, 1, 2, 3, 48]]), "hand 0 holds the same card twice: As 2w 2f 2c As"),
    ],
)
def test_bad_input(hands: IntArray, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_many(hands)


def test_empty_and_small_dtypes() -> None:
    assert evaluate_many(np.empty((0, 5), dtype=np.int64)).shape == (0,)
    hand = [48, 44, 40, 36, 32]  # As Ds Ls Ps Ts
    expected = evaluate("As Ds Ls Ps Ts").score
    for dtype in (np.int8, np.uint8, np.int16, np.int32, np.uint64):
        result = evaluate_many(np.array([hand], dtype=dtype))
        assert result.dtype == np.int64
        assert result.tolist() == [expected]
    assert evaluate_many([hand]).tolist() == [expected]  # plain lists work too

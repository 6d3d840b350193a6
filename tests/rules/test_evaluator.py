"""The scalar Rake evaluator, case by case against the ranking table in RULES.md."""

from __future__ import annotations

import itertools

import pytest

from rakestats.cards import CardError, parse_cards
from rakestats.rake.evaluator import (
    HandCategory,
    HandValue,
    evaluate,
    evaluate_partial,
    skull_ace_scores,
)

C = HandCategory


def beats(better: str, worse: str) -> bool:
    return evaluate(better) > evaluate(worse) and evaluate(worse) < evaluate(better)


def ties(a: str, b: str) -> bool:
    return evaluate(a) == evaluate(b) and evaluate(a).score == evaluate(b).score


# --- each line of the table -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "category", "description"),
    [
        ("Aw 9f 7c 4s 2s", C.HIGH_CARD, "High Card, Ace"),
        ("7s 5w 4f 3c 2s", C.HIGH_CARD, "High Card, 7"),
        ("9s 9w Af 7c 3s", C.PAIR, "Pair of 9s"),
        ("Ds Dw 5f 5c 3s", C.TWO_PAIR, "Two Pair, Dukes and 5s"),
        ("Ds Dw Df 7c 2s", C.THREE_OF_A_KIND, "Three of a Kind, Dukes"),
        ("As 2w 3f 4c 5s", C.RUN, "Run, 5 high"),
        ("Ts Pw Lf Dc As", C.RUN, "Run, Ace high"),
        ("9s Tw Pf Lc Ds", C.RUN, "Run, Duke high"),
        ("Aw Lw 9w 5w 2w", C.SUITS_FULL, "Wings Full, Ace high"),
        ("7s 5s 4s 3s 2s", C.SUITS_FULL, "Skulls Full, 7 high"),
        ("Ds Dw Df 2c 2s", C.FULL_PACK, "Full Pack, Dukes over 2s"),
        ("7s 7w 7f 7c As", C.QUADS, "Quads, 7s"),
        ("Ls Lw Lf Lc 2s", C.QUADS, "Quads, Ladies"),
        ("Ts Ps Ls Ds As", C.RAKE, "Rake, Ace high"),
        ("Ac 2c 3c 4c 5c", C.RAKE, "Rake, 5 high"),
    ],
)
def test_category_and_description(hand: str, category: HandCategory, description: str) -> None:
    value = evaluate(hand)
    assert value.category is category
    assert value.description == description
    assert str(value) == description
    assert value.score >> 20 == int(category)


def test_high_card_counts_only_the_top_card() -> None:
    assert ties("Aw 9f 7c 4s 2s", "Af 8f 6c 4w 3s")
    assert ties("Aw Df Lc Ps 9s", "As 7w 5f 4c 2w")
    assert beats("Aw 3f 4c 5s 7s", "Dw Lf Pc 9s 7c")
    assert beats("8s 6w 4f 3c 2s", "7s 6w 4f 3c 2w")


def test_pair_then_kickers_high_to_low() -> None:
    assert beats("3s 3w 4f 5c 7s", "2s 2w Af Dc Ls")  # pair rank first
    assert beats("9s 9w Af 7c 3s", "9f 9c Df Lc Ps")  # first kicker
    assert beats("9s 9w Af 7c 3s", "9f 9c Aw 6f 5s")  # second kicker
    assert beats("9s 9w Af 7c 3s", "9f 9c Aw 7f 2s")  # third kicker
    assert ties("9s 9w Af 7c 3s", "9f 9c Aw 7f 3w")


def test_two_pair_high_pair_low_pair_kicker() -> None:
    assert beats("Ds Dw 2f 2c 3s", "Ls Lw Pf Pc As")  # higher pair
    assert beats("Ds Dw 5f 5c 3s", "Df Dc 4f 4c As")  # lower pair
    assert beats("Ds Dw 5f 5c 7s", "Df Dc 5s 5w 6s")  # fifth card
    assert ties("Ds Dw 5f 5c 7s", "Df Dc 5s 5w 7w")


def test_three_of_a_kind_by_rank_only() -> None:
    assert ties("8s 8w 8f Ac Ds", "8s 8w 8c 2s 3w")
    assert beats("9s 9w 9f 2c 3s", "8s 8w 8f Ac Ds")
    assert beats("2s 2w 2f 3c 4s", "As Aw Df Dc Ls")  # above two pair, as the list says


def test_runs() -> None:
    assert beats("2s 3w 4f 5c 6s", "As 2w 3f 4c 5s")  # A-2-3-4-5 is the lowest run
    assert beats("Ts Pw Lf Dc As", "9s Tw Pf Lc Ds")  # Ace-high beats Duke-high
    assert ties("As 2w 3f 4c 5s", "Aw 2f 3c 4s 5w")
    assert beats("As 2w 3f 4c 5s", "As Aw Af Dc Ls")  # lowest run beats best trips
    # The Ace is high or low, never both: no wrapping round.
    assert evaluate("Ds As 2w 3f 4c").category is C.HIGH_CARD
    assert evaluate("Ls Ds Aw 2f 3c").category is C.HIGH_CARD


def test_suits_full_card_by_card() -> None:
    assert beats("Aw Lw 9w 5w 3w", "Aw Lw 9w 5w 2w")  # decided by the last card
    assert beats("Aw Lw 9w 5w 2w", "Aw Lw 9w 4w 3w")
    assert beats("Aw Dw 3w 4w 5w", "Aw Lw Pw Tw 8w")
    assert ties("Aw Lw 9w 5w 2w", "Af Lf 9f 5f 2f")  # suits have no order
    assert beats("2w 3w 4w 5w 7w", "Ts Pw Lf Dc As")  # lowest flush beats best run


def test_full_pack_by_rank_of_three() -> None:
    assert beats("3s 3w 3f 2c 2s", "2s 2w 2f Ac As")
    assert ties("Ds Dw Df 2c 2s", "Ds Dw Dc Af As")
    assert beats("2s 2w 2f 3c 3s", "Aw Dw Lw Pw 9w")  # above Suits Full


def test_quads_fifth_card_ignored() -> None:
    assert ties("7s 7w 7f 7c 2s", "7s 7w 7f 7c As")
    assert beats("8s 8w 8f 8c 2s", "7s 7w 7f 7c As")
    assert beats("2s 2w 2f 2c 3s", "As Aw Af Dc Ds")  # above Full Pack


def test_rake_by_highest_card() -> None:
    assert beats("Ts Ps Ls Ds As", "9s Ts Ps Ls Ds")
    assert beats("2s 3s 4s 5s 6s", "As 2s 3s 4s 5s")  # A-2-3-4-5 of one suit is the lowest
    assert ties("9s Ts Ps Ls Ds", "9f Tf Pf Lf Df")
    assert beats("As 2s 3s 4s 5s", "As Aw Af Ac Ds")  # lowest Rake beats best Quads


# Weakest and strongest hand of every category, lowest category first.
EXTREMES = [
    (C.HIGH_CARD, "7s 5w 4f 3c 2s", "Aw Df Lc Ps 9s"),
    (C.PAIR, "2s 2w 3f 4c 5s", "As Aw Df Lc Ps"),
    (C.TWO_PAIR, "3s 3w 2f 2c 4s", "As Aw Df Dc Ls"),
    (C.THREE_OF_A_KIND, "2s 2w 2f 3c 4s", "As Aw Af Dc Ls"),
    (C.RUN, "As 2w 3f 4c 5s", "Ts Pw Lf Dc As"),
    (C.SUITS_FULL, "2w 3w 4w 5w 7w", "Aw Dw Lw Pw 9w"),
    (C.FULL_PACK, "2s 2w 2f 3c 3s", "As Aw Af Dc Ds"),
    (C.QUADS, "2s 2w 2f 2c 3s", "As Aw Af Ac Ds"),
    (C.RAKE, "As 2s 3s 4s 5s", "Ts Ps Ls Ds As"),
]


def test_each_category_beats_the_one_below() -> None:
    for category, weakest, strongest in EXTREMES:
        assert evaluate(weakest).category is category
        assert evaluate(strongest).category is category
        assert evaluate(weakest) <= evaluate(strongest)
    for (_, _, best_lower), (_, worst_upper, _) in itertools.pairwise(EXTREMES):
        assert beats(worst_upper, best_lower)
    assert list(HandCategory) == sorted(HandCategory)
    assert [c.title for c in HandCategory] == [
        "High Card", "Pair", "Two Pair", "Three of a Kind", "Run", "Suits Full",
        "Full Pack", "Quads", "Rake",
    ]  # fmt: skip


def test_score_layout() -> None:
    assert evaluate("Aw 9f 7c 4s 2s").score == 0x0E0000
    assert evaluate("9s 9w Af 7c 3s").score == 0x19E730
    assert evaluate("Ds Dw 5f 5c 7s").score == 0x2D5700
    assert evaluate("Aw Lw 9w 5w 2w").score == 0x5EC952
    assert evaluate("As 2s 3s 4s 5s").score == 0x850000


def test_cards_in_any_order_and_as_card_objects() -> None:
    assert ties("Aw Lw 9w 5w 2w", "2w 5w 9w Lw Aw")
    assert evaluate(parse_cards("Ds Dw Df 7c 2s")) == evaluate("Ds Dw Df 7c 2s")
    assert isinstance(evaluate("Ds Dw Df 7c 2s"), HandValue)


# --- partial holdings ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("As Aw 7f", C.PAIR, "Pair of Aces"),
        ("As Aw Af", C.THREE_OF_A_KIND, "Three of a Kind, Aces"),
        ("7s 8w 9f", C.HIGH_CARD, "High Card, 9"),
        ("2w 3w 4w", C.HIGH_CARD, "High Card, 4"),  # no runs or suits from three cards
        ("5s 5w 5f 5c", C.QUADS, "Quads, 5s"),
        ("5s 5w 9f 9c", C.TWO_PAIR, "Two Pair, 9s and 5s"),
        ("Ds Dw Df 7c", C.THREE_OF_A_KIND, "Three of a Kind, Dukes"),
        ("2w 3w 4w 5w", C.HIGH_CARD, "High Card, 5"),  # nor from four
        ("Lw Lf 3c 9s", C.PAIR, "Pair of Ladies"),
    ],
)
def test_evaluate_partial(cards: str, category: HandCategory, description: str) -> None:
    value = evaluate_partial(cards)
    assert value.category is category
    assert value.description == description


def test_evaluate_partial_ordering_and_five_cards() -> None:
    assert evaluate_partial("As Aw 8f") > evaluate_partial("Af Ac 7f")  # kicker counts
    assert evaluate_partial("As Aw 8f 2c") > evaluate_partial("Af Ac 7f 6w")
    assert evaluate_partial("2s 2w 2f") > evaluate_partial("As Aw Df Dc")
    assert evaluate_partial("As 2w 3f 4c 5s") == evaluate("As 2w 3f 4c 5s")
    with pytest.raises(ValueError, match="one to five cards, got 6"):
        evaluate_partial("As 2w 3f 4c 5s 6s")
    with pytest.raises(ValueError, match="one to five cards, got 0"):
        evaluate_partial("")


def test_evaluate_partial_rejects_duplicates() -> None:
    with pytest.raises(ValueError, match="same card twice"):
        evaluate_partial("Dw Dw Df")


# --- the Ace of Skulls ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("As Dw 9f 7c 2s", False),  # High Card, the Ace is the high card
        ("As Aw 9f 7c 2s", False),  # Pair, the Ace in the pair
        ("As 9w 9f 7c 2s", False),  # Pair, the Ace as a kicker
        ("As Aw 9f 9c 2s", False),  # Two Pair, the Ace in a pair
        ("As 9w 9f 2c 2s", False),  # Two Pair, the Ace as the fifth card
        ("As Aw Af 7c 2s", True),  # Three of a Kind, one of the three
        ("5s 5w 5f As 2s", False),  # Three of a Kind, the Ace as a kicker
        ("As 2w 3f 4c 5s", True),  # Run, the Ace low
        ("Ts Pw Lf Dc As", True),  # Run, the Ace high
        ("As Ds 9s 7s 2s", True),  # Suits Full
        ("As Aw Af 7c 7s", True),  # Full Pack, one of the three
        ("As Aw 7f 7c 7s", True),  # Full Pack, one of the pair
        ("As Aw Af Ac 2s", True),  # Quads, one of the four
        ("7s 7w 7f 7c As", False),  # Quads, the disregarded fifth card
        ("Ts Ps Ls Ds As", True),  # Rake, Ace high
        ("As 2s 3s 4s 5s", True),  # Rake, A-2-3-4-5
        ("Aw Af 7c 7s 2s", None),  # no Ace of Skulls
        ("Aw Af Ac 7s 2s", None),
    ],
)
def test_skull_ace_scores(hand: str, expected: bool | None) -> None:
    assert skull_ace_scores(hand) is expected


# --- errors -----------------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["As Dw 7f 2c", "As Dw 7f 2c 3w 4f"])
def test_wrong_number_of_cards(hand: str) -> None:
    n = len(hand.split())
    with pytest.raises(ValueError, match=f"exactly five cards, got {n}"):
        evaluate(hand)


def test_duplicate_card() -> None:
    with pytest.raises(ValueError, match="same card twice: As As 7f 2c 3w"):
        evaluate("As As 7f 2c 3w")
    with pytest.raises(ValueError, match="same card twice"):
        skull_ace_scores("As As 7f 2c 3w")


@pytest.mark.parametrize(
    ("text", "token", "reason"),
    [
        ("As Kd 7f 2c 3w", "Kd", "rank 'K' is not one of 23456789TPLDA"),
        ("As Dw 7h 2c 3w", "7h", "suit 'h' is not one of swfc"),
        ("As Dw 10s 2c 3w", "10s", "a card is two characters"),
    ],
)
def test_bad_text(text: str, token: str, reason: str) -> None:
    with pytest.raises(CardError) as info:
        evaluate(text)
    message = str(info.value)
    assert repr(text) in message  # the whole text, quoted
    assert repr(token) in message
    assert reason in message
    assert info.value.text == text
    assert info.value.position == text.index(token)
    assert isinstance(info.value, ValueError)

"""Stud high-hand evaluation and the eight-or-better low, against known hands and
against pokerkit (``StandardHighHand``, ``EightOrBetterLowHand``)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from rakestats.cards import STD_DECK, StdCard
from rakestats.stud import HighCategory, eight_or_better, evaluate_high

pokerkit = pytest.importorskip("pokerkit")


def _text(cards: tuple[StdCard, ...]) -> str:
    return "".join(map(str, cards))


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("Ad 5s 8d Ac 8c Jd Th", "TWO_PAIR", "two pair, Aces and Eights"),
        ("7c 3s 5h Qc Kc 6d 4d", "STRAIGHT", "a straight, Three to Seven"),
        ("4h 3d 5d Qd Jd 9d 6h", "FLUSH", "a flush, Queen high"),
        ("5c 5d 5h Ac As 2c 9d", "FULL_HOUSE", "a full house, Fives full of Aces"),
        ("5c 5d 5h Ac As Ad 9d", "FULL_HOUSE", "a full house, Aces full of Fives"),
        ("Ks Kd Kh Kc 2c 3d 9h", "FOUR_OF_A_KIND", "four of a kind, Kings"),
        ("Ts Js Qs Ks As 2c 3d", "STRAIGHT_FLUSH", "a Royal Flush"),
        ("5h 6h 7h 8h 9h Th 2c", "STRAIGHT_FLUSH", "a straight flush, Six to Ten"),
        ("As 2d 3h 4c 5s Kd Qh", "STRAIGHT", "a straight, Ace to Five"),
        ("As Kd 9h 7c 4s 3d 2h", "HIGH_CARD", "high card Ace"),
        ("6s 6d 9h 7c 4s", "PAIR", "a pair of Sixes"),
        ("2s 2d 2h 7c 4s", "THREE_OF_A_KIND", "three of a kind, Deuces"),
    ],
)
def test_known_hands(cards: str, category: str, description: str) -> None:
    value = evaluate_high(cards)
    assert value.category.name == category
    assert value.description == description


def test_best_five_tie_breaks() -> None:
    # Three pairs: the two highest count, the third pair's rank can be the kicker.
    assert evaluate_high("Ks Kd 9h 9c 5s 5d Qh").ranks == (13, 13, 9, 9, 12)
    assert evaluate_high("Ks Kd 9h 9c 5s 5d 2h").ranks == (13, 13, 9, 9, 5)
    # A flush beats a straight; the best five suited cards count.
    v = evaluate_high("2h 5h 7h 9h Jh Kh 8c")
    assert v.category is HighCategory.FLUSH and v.ranks == (13, 11, 9, 7, 5)
    # The wheel is the lowest straight; a six-high straight beats it.
    assert evaluate_high("As 2d 3h 4c 5s") < evaluate_high("2d 3h 4c 5s 6d")
    assert evaluate_high("As Kd Qh Jc Ts") > evaluate_high("Kd Qh Jc Ts 9s")


def test_boards_of_up_cards_rank_pairs_first() -> None:
    boards = ["As Kd", "Qs Qd", "2c 2d", "Ac Kh 3d", "9s 9d 9h", "4c 4d 3c 3d", "5c 5d 5h 5s"]
    values = [evaluate_high(b) for b in boards]
    assert [v.category.name for v in values] == [
        "HIGH_CARD", "PAIR", "PAIR", "HIGH_CARD", "THREE_OF_A_KIND", "TWO_PAIR", "FOUR_OF_A_KIND",
    ]  # fmt: skip
    assert values[1] > values[2] > values[0]
    assert evaluate_high("As Kd").value == evaluate_high("Ah Kc").value  # suits do not count


def test_refuses_repeated_or_too_many_cards() -> None:
    with pytest.raises(ValueError, match="repeated"):
        evaluate_high("As As")
    with pytest.raises(ValueError, match="one to seven"):
        evaluate_high("2c 3c 4c 5c 6c 7c 8c 9c")


def test_eight_or_better() -> None:
    made = [eight_or_better(h) for h in ("7h 2h 4c Jc 5h 7s 8c", "Ah 2h 3h 4h 5h Kd Kc")]
    assert [v.description if v else None for v in made] == ["Lo: 8,7,5,4,2", "Lo: 5,4,3,2,A"]
    assert eight_or_better("9h 2h 4c Jc 5h 7s 7c") is None  # only 9-7-5-4-2
    assert eight_or_better("Ah Ad 2c 2d 3h 3s 8c") is None  # four ranks only
    assert eight_or_better("As 2d 3h 4c") is None  # fewer than five cards
    assert eight_or_better("9h 2h 4c 5h 7s 3c Kd", qualifier=9) is not None


def _pk_high(cards: tuple[StdCard, ...]) -> object:
    return pokerkit.StandardHighHand.from_game(_text(cards))


def test_high_agrees_with_pokerkit_on_random_hands() -> None:
    rng = random.Random(7)
    hands = [tuple(rng.sample(STD_DECK, rng.choice((5, 6, 7)))) for _ in range(1500)]
    ours = [evaluate_high(h).value for h in hands]
    theirs = [_pk_high(h) for h in hands]
    for i in range(len(hands) - 1):
        a, b = theirs[i], theirs[i + 1]
        expected = (a > b) - (a < b)  # type: ignore[operator]
        got = (ours[i] > ours[i + 1]) - (ours[i] < ours[i + 1])
        assert got == expected, (hands[i], hands[i + 1])


def test_eight_or_better_agrees_with_pokerkit_on_random_hands() -> None:
    rng = random.Random(11)
    qualified = []
    for _ in range(1500):
        hand = tuple(rng.sample(STD_DECK, 7))
        ours = eight_or_better(hand)
        try:
            pk = pokerkit.EightOrBetterLowHand.from_game(_text(hand))
        except ValueError:
            pk = None
        assert (ours is None) == (pk is None), hand
        if ours is not None:
            qualified.append((ours.value, pk, hand))
    assert len(qualified) > 200
    for (v1, pk1, h1), (v2, pk2, h2) in itertools.pairwise(qualified):
        # A lower value is a better low; pokerkit ranks the stronger hand greater.
        assert (v1 < v2) == (pk1 > pk2) and (v1 == v2) == (pk1 == pk2), (h1, h2)


@pytest.mark.slow
def test_every_five_card_hand() -> None:
    """All 2,598,960 hands: the category counts of the textbooks and 7,462 classes."""
    counts: Counter[HighCategory] = Counter()
    values: set[int] = set()
    for hand in itertools.combinations(STD_DECK, 5):
        v = evaluate_high(hand)
        counts[v.category] += 1
        values.add(v.value)
    assert [counts[c] for c in HighCategory] == [
        1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40,
    ]  # fmt: skip
    assert len(values) == 7462


@pytest.mark.slow
def test_seven_card_hands_agree_with_pokerkit() -> None:
    rng = random.Random(3)
    hands = [tuple(rng.sample(STD_DECK, 7)) for _ in range(20000)]
    ours = [evaluate_high(h).value for h in hands]
    theirs = [_pk_high(h) for h in hands]
    order_ours = sorted(range(len(hands)), key=lambda i: ours[i])
    for i, j in itertools.pairwise(order_ours):
        assert not theirs[i] > theirs[j], (hands[i], hands[j])  # type: ignore[operator]
        assert (ours[i] == ours[j]) == (theirs[i] == theirs[j]), (hands[i], hands[j])

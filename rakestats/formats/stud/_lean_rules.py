"""The stud fast path's use of the engine's rule functions, cached where the same
question comes back hand after hand: the bring-in order of a door card
(:func:`~rakestats.stud.rules.bring_in_key`), the value of an up board that decides who
acts first (:func:`~rakestats.stud.rules.board_value` in Razz,
:func:`~rakestats.stud.evaluate_high` in Stud), and a shown hand's description,
category and values (:func:`~rakestats.formats.stud._engine.describe`,
:func:`~rakestats.stud.evaluate_low`, :func:`~rakestats.stud.evaluate_high`,
:func:`~rakestats.stud.eight_or_better`).

Cards are numbers (:mod:`._lean_base`). A low depends on the ranks only, and so does a
board of fewer than five cards (no straight or flush counts there): those are cached by
their ranks.

>>> from rakestats.formats.stud._lean_base import CARD_OF
>>> board_of(True, [CARD_OF["Kh"], CARD_OF["2c"]]) > board_of(True, [CARD_OF["Qs"], CARD_OF["Ad"]])
True
>>> shown_hand("razz", [CARD_OF[c] for c in ("2d", "4s", "9d", "7c", "Ts", "5s", "Tc")])[:2]
('Lo: 9,7,5,4,2', 'NO_PAIR')
"""

from __future__ import annotations

from typing import Final

from rakestats.formats.stud._engine import describe
from rakestats.formats.stud._lean_base import STD
from rakestats.stud import StudGame, eight_or_better, evaluate_high, evaluate_low
from rakestats.stud.rules import board_value, bring_in_key

__all__ = ["Shown", "board_of", "bring_in_keys", "shown_hand"]

#: Each card's rank in a low (Ace 1) and in a high hand (Ace 14), by number.
LOW_RANK: Final = tuple(1 if c >= 48 else (c >> 2) + 2 for c in range(52))
HIGH_RANK: Final = tuple((c >> 2) + 2 for c in range(52))
_LIMIT: Final = 50_000

_bring_in_keys: Final[dict[StudGame, list[tuple[int, int]]]] = {}
# boards by their ranks: the count of each rank in three bits (a board's value depends
# on its ranks only), so the key is a sum, not a sorted tuple
_low_boards: Final[dict[int, int]] = {}
_high_boards: Final[dict[int, int]] = {}
_LOW_UNIT: Final = tuple(1 << (3 * r) for r in LOW_RANK)
_HIGH_UNIT: Final = tuple(1 << (3 * r) for r in HIGH_RANK)
#: A shown hand: its description, its category's name, the value it is ranked by (its
#: low in Razz: lower is better; its high hand: higher is better), and in Stud Hi/Lo the
#: value of its qualifying eight-or-better low (-1: none).
Shown = tuple[str | None, str, int, int]
_hands: Final[dict[tuple[str, tuple[int, ...]], Shown]] = {}


def bring_in_keys(game: StudGame) -> list[tuple[int, int]]:
    """``bring_in_key`` of every card, by number: the largest door card brings in."""
    keys = _bring_in_keys.get(game)
    if keys is None:
        keys = _bring_in_keys[game] = [bring_in_key(card, game) for card in STD]
    return keys


def board_of(razz: bool, up: list[int]) -> int:
    """The value of an up board (one to four cards) that decides who acts first: its
    low (Razz: the lowest acts first) or its high value (Stud: the highest)."""
    unit, cache = (_LOW_UNIT, _low_boards) if razz else (_HIGH_UNIT, _high_boards)
    key = 0
    for c in up:
        key += unit[c]
    value = cache.get(key)
    if value is None:
        cards = [STD[c] for c in up]
        value = board_value(cards) if razz else evaluate_high(cards).value
        if len(cache) > _LIMIT:
            cache.clear()
        cache[key] = value
    return value


def shown_hand(game: str, cards: list[int]) -> Shown:
    """A shown hand of five cards or more (:data:`Shown`): its description in
    PokerStars' words and its category as the records give them, and its values at the
    showdown. Razz hands are cached by their ranks, others by their cards."""
    if game == "razz":
        key = (game, tuple(sorted([LOW_RANK[c] for c in cards])))
    else:
        key = (game, tuple(sorted(cards)))
    found = _hands.get(key)
    if found is None:
        std = [STD[c] for c in cards]
        value = evaluate_low(std) if game == "razz" else evaluate_high(std)
        low = eight_or_better(std) if game == "stud8" else None
        found = (
            describe(game, std),
            value.category.name,
            value.value,
            -1 if low is None else low.value,
        )
        if len(_hands) > _LIMIT:
            _hands.clear()
        _hands[key] = found
    return found

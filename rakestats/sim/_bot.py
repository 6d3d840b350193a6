"""How a simulated player decides: hand strength, betting, and pick-ups.

Strength is on a 0-1 scale from :func:`rakestats.rake.evaluate_partial` (three or four
cards) or :func:`rakestats.rake.evaluate` (five), with the face-up middle cards as draws.
The Ace of Skulls rule is known: a holder whose Ace cannot score is "doomed" and gets out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from rakestats.cards import ACE_OF_SKULLS, DECK, Card
from rakestats.rake.engine import LegalActions
from rakestats.rake.evaluator import HandCategory, evaluate, evaluate_partial, skull_ace_scores
from rakestats.rake.events import ActionKind
from rakestats.sim.styles import Style

__all__ = [
    "Decision",
    "Read",
    "choose_action",
    "choose_pick",
    "holding_value",
    "quick_value",
    "read_hand",
]

# Strength of a made five-card hand by category (High Card ... Rake).
_MADE = (0.05, 0.3, 0.5, 0.66, 0.76, 0.82, 0.92, 0.97, 1.0)
# Strength of a partial holding by category, for three and for four cards.
_PARTIAL = {
    3: (0.1, 0.42, 0.0, 0.9, 0.0),
    4: (0.05, 0.33, 0.58, 0.8, 0.98),
}
_TOP = 16  # score >> _TOP & 15 is the first tie-break rank
_MAX_RAISES = 3
_ACE = 14
_INFO = {id(c): (c.rank.value, c.suit.index) for c in DECK}
_PRIMES = (0, 0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)  # by rank 2..14
_MEMO: dict[int, float] = {}


@dataclass(frozen=True, slots=True)
class Read:
    """A player's view of their hand: strength 0-1, and whether the Ace of Skulls dooms it."""

    strength: float
    doomed: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    kind: ActionKind
    amount: int | None = None


def _draw_bonus(ranks: Sequence[int], suits: Sequence[int]) -> float:
    """Bonus for three or four cards towards a Run or Suits Full."""
    n = len(ranks)
    bonus = 0.0
    if len(set(suits)) == 1:
        bonus += 0.08 if n == 3 else 0.18
    if len(set(ranks)) == n:
        low = [1 if r == _ACE else r for r in ranks]
        if max(ranks) - min(ranks) <= 4 or max(low) - min(low) <= 4:
            bonus += 0.05 if n == 3 else 0.14
    return bonus


def _partial_value(n: int, cat: int, top: int, ranks: Sequence[int], suits: Sequence[int]) -> float:
    s = _PARTIAL[n][min(cat, 4)]  # High Card, Pair, Two Pair, Three of a Kind, Quads
    if cat <= HandCategory.PAIR:
        s += 0.2 * (top - 2) / 12
    if cat == HandCategory.HIGH_CARD:
        s += _draw_bonus(ranks, suits)
    if (
        any(r == _ACE and u == 0 for r, u in zip(ranks, suits, strict=True))
        and ranks.count(_ACE) == 1
    ):
        s *= 0.6  # the Ace of Skulls alone: it must still join a combination
    return s


def _made_value(cat: int, top: int) -> float:
    kick = 0.12 * (top - 2) / 12 if cat <= HandCategory.THREE_OF_A_KIND else 0.0
    return min(1.0, _MADE[cat] + kick)


def holding_value(cards: Sequence[Card]) -> float:
    """Strength of the cards alone (no draws to the middle, no opponents), by the evaluator."""
    n = len(cards)
    if n == 5:
        if ACE_OF_SKULLS in cards:
            return 1.0 if skull_ace_scores(cards) else 0.0
        value = evaluate(cards)
        return _made_value(value.category, (value.score >> _TOP) & 15)
    value = evaluate_partial(cards)
    ranks = [c.rank.value for c in cards]
    suits = [c.suit.index for c in cards]
    return _partial_value(n, value.category, (value.score >> _TOP) & 15, ranks, suits)


def quick_value(cards: Sequence[Card]) -> float:
    """:func:`holding_value`, memoised by what it depends on: the multiset of ranks,
    whether all cards share a suit, and whether the Ace of Skulls is among them. The bots
    look at every face-up middle card with it, many times a hand. The memo holds at most
    a few tens of thousands of entries."""
    return _best_with(cards, (None,))[1]


def _best_with(cards: Sequence[Card], extra: Sequence[Card | None]) -> tuple[Card | None, float]:
    """The card of ``extra`` that adds most to ``cards`` (``None`` adds nothing), and the
    value of the holding with it; the first such card on ties."""
    prod = 1
    suit = -1
    same = True
    skull = False
    for c in cards:
        r, u = _INFO.get(id(c)) or (c.rank.value, c.suit.index)
        prod *= _PRIMES[r]
        if suit < 0:
            suit = u
        elif u != suit:
            same = False
        skull = skull or (r == _ACE and u == 0)
    best: Card | None = None
    best_value = -1.0
    for x in extra:
        if x is None:
            key = prod * 4 + 2 * same + skull
        else:
            r, u = _INFO.get(id(x)) or (x.rank.value, x.suit.index)
            key = (
                prod * _PRIMES[r] * 4 + 2 * (same and u == suit) + (skull or (r == _ACE and u == 0))
            )
        value = _MEMO.get(key)
        if value is None:
            value = holding_value(cards if x is None else [*cards, x])
            _MEMO[key] = value
        if value > best_value:
            best, best_value = x, value
    return best, best_value


def read_hand(cards: Sequence[Card], up: Sequence[Card], opponents: int) -> Read:
    """The strength of a holding, counting the best face-up card still in the middle."""
    if len(cards) == 5 and ACE_OF_SKULLS in cards:
        wins = bool(skull_ace_scores(cards))
        return Read(1.0 if wins else 0.0, doomed=not wins)
    s = quick_value(cards)
    if len(cards) == 4 and up:
        s = max(s, 0.8 * _best_with(cards, up)[1])
    s -= 0.02 * max(0, opponents - 1)
    return Read(min(1.0, max(0.0, s)))


def choose_pick(
    style: Style, rng: random.Random, cards: Sequence[Card], up: Sequence[Card]
) -> Card | None:
    """A face-up middle card to take, or ``None`` for a face-down one."""
    if not up:
        return None
    now = quick_value(cards)
    best, best_value = _best_with(cards, up)
    improves = best_value > now + 0.05
    if improves and rng.random() < 0.6 + 0.4 * style.face_up:
        return best
    if not improves and rng.random() < 0.5 * style.face_up:
        return best
    return None


def _size(
    style: Style, rng: random.Random, pot: int, ante: int, base: int, lo: int, hi: int
) -> int:
    frac = rng.uniform(style.bet_min, style.bet_max)
    amount = base + max(ante, round(frac * pot / ante) * ante)
    amount = min(max(amount, lo), hi)
    return hi if amount >= 0.8 * hi else amount


def choose_action(
    style: Style,
    rng: random.Random,
    legal: LegalActions,
    read: Read,
    pot: int,
    ante: int,
    current_bet: int,
    raises: int,
) -> Decision:
    """A betting action, among ``legal`` only."""
    s = read.strength
    r = rng.random()
    if legal.call_amount is not None:
        if read.doomed:
            return Decision(ActionKind.FOLD)
        call = legal.call_amount
        price = call / (pot + call)
        need = style.entry + 0.6 * price
        can_raise = legal.min_raise_to is not None and legal.max_raise_to is not None
        if can_raise and raises < _MAX_RAISES:
            strong = s >= max(need + 0.25, 0.6) and r < style.aggression
            bluff = s < need and r < 0.25 * style.bluff
            if strong or bluff:
                assert legal.min_raise_to is not None and legal.max_raise_to is not None
                to = _size(
                    style, rng, pot + call, ante, current_bet, legal.min_raise_to,
                    legal.max_raise_to,
                )  # fmt: skip
                return Decision(ActionKind.RAISE, to)
        if s >= need or rng.random() >= style.fold_to_bet:
            return Decision(ActionKind.CALL)
        return Decision(ActionKind.FOLD)
    assert legal.min_bet is not None and legal.max_bet is not None
    if not read.doomed:
        value = s >= max(style.entry + 0.1, 0.3) and r < style.aggression
        bluff = rng.random() < (style.bluff if s < style.entry else 0.5 * style.bluff)
        if value or bluff:
            amount = _size(style, rng, pot, ante, 0, legal.min_bet, legal.max_bet)
            return Decision(ActionKind.BET, amount)
    return Decision(ActionKind.CHECK)

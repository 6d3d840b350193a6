"""KingsClub's all-in showdowns: the room shows the hands of players all-in as soon as
the betting is over, before the last cards are dealt, and never writes their 7th-street
card (``Dealt to Player3: [X]``).

The replay needs whole hands to settle the pots. Each such player's unseen card is
filled in with a card nobody was seen holding that agrees best with the room's award
(the strongest for a player the room pays, the weakest for one it does not); the replay
then checks the pots, the rake and the amounts as usual, and the record keeps only the
cards the room showed (:func:`without_unseen`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from rakestats.cards import STD_DECK, StdCard
from rakestats.formats.stud import DealtLine, Item, ShowLine, StreetLine
from rakestats.records import HandRecord
from rakestats.stud import evaluate_high, evaluate_low

__all__ = ["fill_unseen", "without_unseen"]

_HAND = 7


def _strength(game: str | None) -> Callable[[Sequence[StdCard]], int]:
    if game == "razz":
        return lambda cards: -evaluate_low(list(cards)).value
    return lambda cards: evaluate_high(list(cards)).value


def fill_unseen(
    items: list[Item], game: str | None, paid: set[str]
) -> tuple[list[Item], dict[str, StdCard]]:
    """The items with a whole-hand show before the summary for each player shown before
    the last cards (the unseen card filled in), and the cards filled in by name. Items
    without such a show are returned as they are."""
    streets = [x.line for x in items if isinstance(x, StreetLine) and x.street <= 5]
    early = [x for x in items if isinstance(x, ShowLine) and streets and x.line < streets[-1]]
    if not early:
        return items, {}
    seen = {c for x in items if isinstance(x, DealtLine) for c in (*x.before, *x.new)}
    seen |= {c for x in early for c in x.cards}
    known: dict[str, list[StdCard]] = {}
    for show in early:
        later = [x for x in items if isinstance(x, DealtLine) and x.name == show.name]
        known[show.name] = [*show.cards, *(c for x in later if x.line > show.line for c in x.new)]
    if any(len(cards) not in (_HAND - 1, _HAND) for cards in known.values()):
        return items, {}  # not one card short: the replay says what is wrong
    strength = _strength(game)
    free = [c for c in STD_DECK if c not in seen]
    filled: dict[str, StdCard] = {}
    for name, cards in known.items():
        if len(cards) == _HAND:  # the hero's
            continue
        left = [c for c in free if c not in filled.values()]

        def value(card: StdCard, cards: list[StdCard] = cards) -> int:
            return strength([*cards, card])

        filled[name] = (max if name in paid else min)(left, key=value)
    at = next(i for i, x in enumerate(items) if isinstance(x, StreetLine) and x.street == 7)

    def filled_of(name: str) -> tuple[StdCard, ...]:
        return (filled[name],) if name in filled else ()

    shows = [
        ShowLine(show.line, show.name, (*known[show.name], *filled_of(show.name)), None)
        for show in early
    ]
    return [*items[:at], *shows, *items[at:]], filled


def without_unseen(rec: HandRecord, filled: Mapping[str, StdCard]) -> HandRecord:
    """The record with only the cards the room showed: the filled-in cards taken out of
    the players' cards, and no hand category or description for them."""
    players = []
    for p in rec.players:
        card = filled.get(p.player)
        if card is None:
            players.append(p)
            continue
        drop = str(card)

        def shown(text: str | None, drop: str = drop) -> str | None:
            return " ".join(c for c in (text or "").split() if c != drop) or None

        players.append(
            replace(
                p,
                cards=shown(p.cards),
                hole_cards=None,
                hand_category=None,
                hand_description=None,
            )
        )
    return replace(rec, players=tuple(players))

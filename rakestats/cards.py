"""Cards of the Rake deck and of the standard deck.

Rake notation is two characters: a rank ``2``-``9``, ``T`` (10), ``P`` (Priest),
``L`` (Lady), ``D`` (Duke), ``A`` (Ace), then a suit ``s`` (Skulls), ``w`` (Wings),
``f`` (Fangs) or ``c`` (Crosses). The Ace of Skulls is ``As``.

>>> parse_cards("As Dw 7f")
(Card('As'), Card('Dw'), Card('7f'))
>>> parse_card("Lw").name
'Lady of Wings'
>>> ACE_OF_SKULLS.name
'Ace of Skulls'

The standard deck (Razz) uses the usual poker notation: ranks ``2``-``9``, ``T``,
``J``, ``Q``, ``K``, ``A`` and suits ``c`` ``d`` ``h`` ``s``; there ``As`` is the ace of
spades.

>>> parse_std_cards("As Kd")
(StdCard('As'), StdCard('Kd'))
>>> parse_card("Kd")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rakestats.cards.CardError: bad Rake card 'Kd' at position 0 in 'Kd': rank 'K' is not ...
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import TypeVar

__all__ = [
    "ACE_OF_SKULLS",
    "DECK",
    "STD_DECK",
    "Card",
    "CardError",
    "Rank",
    "StdCard",
    "StdSuit",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
    "parse_std_card",
    "parse_std_cards",
    "rank_plural",
]


class CardError(ValueError):
    """Text that is not a card, with the text quoted and the offending position."""

    def __init__(self, text: str, position: int, reason: str, *, deck: str = "Rake") -> None:
        self.text = text
        self.position = position
        self.reason = reason
        super().__init__(
            f"bad {deck} card {self._token()!r} at position {position} in {text!r}: {reason}"
        )

    def _token(self) -> str:
        rest = self.text[self.position :]
        return rest.split()[0] if rest.split() else rest


class Rank(IntEnum):
    """Card ranks, 2 low to Ace high (the Ace may also count as 1 in a Rake run)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    PRIEST = 11
    LADY = 12
    DUKE = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The Rake notation character."""
        return _RAKE_RANK_SYMBOLS[self.value - 2]

    @property
    def std_symbol(self) -> str:
        """The standard-deck character (J, Q, K for 11, 12, 13)."""
        return _STD_RANK_SYMBOLS[self.value - 2]

    @property
    def title(self) -> str:
        """Display name in the Rake deck ("Priest", "10")."""
        return _RAKE_RANK_NAMES[self.value - 2]


_RAKE_RANK_SYMBOLS = "23456789TPLDA"
_STD_RANK_SYMBOLS = "23456789TJQKA"
_RAKE_RANK_NAMES = (
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "Priest", "Lady", "Duke", "Ace",
)  # fmt: skip
_RAKE_RANK_PLURALS = (
    "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Priests", "Ladies", "Dukes", "Aces",
)  # fmt: skip


def rank_plural(rank: Rank) -> str:
    """Plural display name in the Rake deck ("Ladies", "10s")."""
    return _RAKE_RANK_PLURALS[rank.value - 2]


class Suit(Enum):
    """The four Rake suits. Suits have no order in Rake."""

    SKULLS = "s"
    WINGS = "w"
    FANGS = "f"
    CROSSES = "c"

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def index(self) -> int:
        return _RAKE_SUIT_INDEX[self]


_RAKE_SUIT_ORDER = (Suit.SKULLS, Suit.WINGS, Suit.FANGS, Suit.CROSSES)
_RAKE_SUIT_INDEX = {s: i for i, s in enumerate(_RAKE_SUIT_ORDER)}


class StdSuit(Enum):
    """Standard suits. Declared low to high by the stud bring-in order (c < d < h < s)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def index(self) -> int:
        """0 for clubs up to 3 for spades: the bring-in tie order."""
        return _STD_SUIT_ORDER.index(self)


_STD_SUIT_ORDER = (StdSuit.CLUBS, StdSuit.DIAMONDS, StdSuit.HEARTS, StdSuit.SPADES)


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A card of the Rake deck.

    ``index`` numbers the deck 0-51 as ``(rank - 2) * 4 + suit``, suits in the order
    Skulls, Wings, Fangs, Crosses; the vectorised evaluator works on these numbers.

    There are exactly 52 cards: constructing one returns the deck's own instance, so
    equality is identity (cards are compared a great deal during play and validation)
    and the hash is the index (stable from one process to the next).

    >>> Card(Rank.ACE, Suit.SKULLS).index
    48
    >>> Card.from_index(48)
    Card('As')
    >>> Card(Rank.ACE, Suit.SKULLS) is ACE_OF_SKULLS
    True
    """

    rank: Rank
    suit: Suit
    index: int = field(init=False, repr=False)

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        interned = _INTERNED.get((rank, suit))
        return interned if interned is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", (int(self.rank) - 2) * 4 + _RAKE_SUIT_INDEX[self.suit])

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))

    @classmethod
    def from_index(cls, index: int) -> Card:
        return DECK[index]

    @property
    def name(self) -> str:
        return f"{self.rank.title} of {self.suit.title}"

    @property
    def is_ace_of_skulls(self) -> bool:
        return self.index == 48

    def __str__(self) -> str:
        return _RAKE_TEXT[self.index]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


@dataclass(frozen=True, slots=True)
class StdCard:
    """A card of the standard 52-card deck (Razz).

    >>> StdCard(Rank.ACE, StdSuit.SPADES)
    StdCard('As')
    """

    rank: Rank
    suit: StdSuit

    @property
    def index(self) -> int:
        return (self.rank.value - 2) * 4 + self.suit.index

    def __str__(self) -> str:
        return self.rank.std_symbol + self.suit.value

    def __repr__(self) -> str:
        return f"StdCard({str(self)!r})"


_RAKE_TEXT = tuple(r.symbol + s.value for r in Rank for s in _RAKE_SUIT_ORDER)
_INTERNED: dict[tuple[Rank, Suit], Card] = {}
DECK: tuple[Card, ...] = tuple(Card(r, s) for r in Rank for s in _RAKE_SUIT_ORDER)
_INTERNED.update(((c.rank, c.suit), c) for c in DECK)
STD_DECK: tuple[StdCard, ...] = tuple(StdCard(r, s) for r in Rank for s in _STD_SUIT_ORDER)
ACE_OF_SKULLS = Card(Rank.ACE, Suit.SKULLS)

_C = TypeVar("_C", Card, StdCard)

_RAKE_BY_TEXT = {str(c): c for c in DECK}
_STD_BY_TEXT = {str(c): c for c in STD_DECK}
_RAKE_SUITS = "swfc"
_STD_SUITS = "cdhs"


def _explain(token: str, ranks: str, suits: str) -> str:
    if len(token) != 2:
        return "a card is two characters, rank then suit"
    if token[0] not in ranks:
        return f"rank {token[0]!r} is not one of {ranks}"
    return f"suit {token[1]!r} is not one of {suits}"


def _parse(
    text: str | Iterable[str], table: dict[str, _C], ranks: str, suits: str, deck: str
) -> tuple[_C, ...]:
    if isinstance(text, str):
        source = text
        tokens: list[tuple[int, str]] = []
        pos = 0
        for tok in text.split():
            pos = text.index(tok, pos)
            tokens.append((pos, tok))
            pos += len(tok)
    else:
        items = list(text)
        source = " ".join(items)
        tokens = []
        pos = 0
        for tok in items:
            tokens.append((pos, tok))
            pos += len(tok) + 1
    out = []
    for pos, tok in tokens:
        card = table.get(tok)
        if card is None:
            raise CardError(source, pos, _explain(tok, ranks, suits), deck=deck)
        out.append(card)
    return tuple(out)


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse Rake cards from ``"As Dw 7f"`` or a sequence of two-character strings."""
    return _parse(text, _RAKE_BY_TEXT, _RAKE_RANK_SYMBOLS, _RAKE_SUITS, "Rake")


def parse_card(text: str) -> Card:
    """Parse one Rake card."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise CardError(text, 0, "expected exactly one card")
    return cards[0]


def parse_std_cards(text: str | Iterable[str]) -> tuple[StdCard, ...]:
    """Parse standard-deck cards (``"As Kd 2c"``)."""
    return _parse(text, _STD_BY_TEXT, _STD_RANK_SYMBOLS, _STD_SUITS, "standard")


def parse_std_card(text: str) -> StdCard:
    """Parse one standard-deck card."""
    cards = parse_std_cards(text)
    if len(cards) != 1:
        raise CardError(text, 0, "expected exactly one card", deck="standard")
    return cards[0]


def format_cards(cards: Sequence[Card | StdCard]) -> str:
    """Cards as space-separated notation.

    >>> format_cards(parse_cards("As Dw"))
    'As Dw'
    """
    return " ".join(str(c) for c in cards)

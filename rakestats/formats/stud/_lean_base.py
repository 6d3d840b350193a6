"""What the stud fast path's modules share: the reason a hand is passed to the full
reader (:class:`Unhandled`), cards as numbers, the kinds of the lines it reads and the
bound of the caches of what repeats from hand to hand.

Cards are numbered as :attr:`rakestats.cards.StdCard.index` (``(rank - 2) * 4 + suit``,
suits clubs, diamonds, hearts, spades), so that a card is an ``int`` and a set of cards
a bit mask.

>>> CARD_OF["As"], CARD_TEXT[51]
(51, 'As')
>>> tally: dict[str, int] = {}
>>> class Batch: declined = tally
>>> passed_on(Unhandled("all-in"), Batch(), "f.txt", 12)
>>> passed_on(KeyError("x"), Batch(), "f.txt", 40)
>>> tally
{'all-in': 1, 'internal error: KeyError': 1}
"""

from __future__ import annotations

import logging
import os
from typing import Any, Final

from rakestats.cards import STD_DECK, StdCard

__all__ = [
    "ACT",
    "ANTE",
    "CACHE_LIMIT",
    "CAPPED",
    "CARD_OF",
    "CARD_TEXT",
    "COLLECT",
    "DEALT",
    "ENABLED",
    "MUCK",
    "SEAT",
    "SHOW",
    "STD",
    "STREET",
    "TOTAL",
    "UNCALLED",
    "Item",
    "Unhandled",
    "passed_on",
]

_log = logging.getLogger("rakestats.formats.stud")

#: Whether stud hands go through the fast path (``RAKESTATS_STUD_LEAN=0`` turns it off:
#: the benchmarks measure the full reader so, in the same run). Read it through the
#: module (``_lean_base.ENABLED``): the compiled copies (:mod:`rakestats._speedups`) then
#: see this one switch, which the tests set.
ENABLED = os.environ.get("RAKESTATS_STUD_LEAN", "1") != "0"

#: Every card of the standard deck by number, as the reader's text and as the engine's.
STD: Final[tuple[StdCard, ...]] = STD_DECK
CARD_TEXT: Final[tuple[str, ...]] = tuple(str(c) for c in STD_DECK)
CARD_OF: Final[dict[str, int]] = {text: i for i, text in enumerate(CARD_TEXT)}

#: The kinds of the lines the fast path reads (the shared model's classes, as numbers).
#: (Final literals: compiled code reads them as constants, not by name)
ANTE: Final = 0
STREET: Final = 1
DEALT: Final = 2
ACT: Final = 3
CAPPED: Final = 4
UNCALLED: Final = 5
COLLECT: Final = 6
SHOW: Final = 7
MUCK: Final = 8
TOTAL: Final = 9
SEAT: Final = 10

#: One line read: (kind, file line, the player's name or "", what the line says). What
#: it says is a tuple of the fields of the shared model's class of that kind.
Item = tuple[int, int, str, Any]

CACHE_LIMIT: Final = 50_000  # entries a cache of the fast path holds before it is emptied


class Unhandled(Exception):
    """The fast path does not vouch for this hand; the full reader decides. ``reason``
    is one of a few fixed phrases (counted per batch)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def passed_on(exc: Exception, batch: object, source_file: str, line: int) -> None:
    """A hand the fast path passes to the full reader: its reason (an :class:`Unhandled`
    one, or ``internal error: <type>`` for an exception it did not expect, so that a bug
    shows in the counts) counted in ``batch.declined`` when the batch keeps that tally,
    and logged at debug level with the file and the hand's first line."""
    if isinstance(exc, Unhandled):
        reason, cause = exc.reason, None
    else:
        reason, cause = f"internal error: {type(exc).__name__}", exc
    tally = getattr(batch, "declined", None)
    if isinstance(tally, dict):
        tally[reason] = tally.get(reason, 0) + 1
    if _log.isEnabledFor(logging.DEBUG):
        message = "%s, line %d: the stud fast path passed the hand to the full reader: %s"
        _log.debug(message, source_file, line, reason, exc_info=cause)

"""The hand categories of each game, as its rules define them, for the plots.

Rake's are :class:`rakestats.rake.evaluator.HandCategory` (weakest first); Seven-Card
Stud and the high half of Stud Hi/Lo use :class:`rakestats.stud.HighCategory` (weakest
first); Razz uses :class:`rakestats.stud.LowCategory`, whose order is the game's own:
best (lowest) first, no pair to four of a kind. The warehouse stores a category by its
enum name (``hand_category``); the titles are the readable names.

>>> GAME_CATEGORIES["razz"].titles[:3]
('No Pair', 'Pair', 'Two Pair')
>>> category_title("FOUR_OF_A_KIND")
'Four of a Kind'
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from rakestats.rake.evaluator import HandCategory
from rakestats.records import Game
from rakestats.stats import category_title, game_title
from rakestats.stud.high import HighCategory
from rakestats.stud.low import LowCategory

__all__ = ["GAME_CATEGORIES", "GameCategories"]


class GameCategories(NamedTuple):
    """One game's hand categories in the game's order."""

    game: str  # the warehouse's game (``rake``, ``razz``, ...)
    title: str  # the game's name (``Seven-Card Stud``)
    names: tuple[str, ...]  # enum names, as stored in ``hand_category``
    titles: tuple[str, ...]  # the readable names, in the same order
    order: str  # which way the order runs, for an axis label

    def title_of(self, name: str) -> str:
        """The readable name of ``name`` (an unknown name made readable)."""
        return dict(zip(self.names, self.titles, strict=True)).get(name, category_title(name))


def _of(game: Game, enum: type[IntEnum], order: str) -> GameCategories:
    names = tuple(c.name for c in enum)
    return GameCategories(
        game.value, game_title(game.value), names, tuple(category_title(n) for n in names), order
    )


WEAKEST_FIRST = "weakest first"
RAZZ_ORDER = "best first: Razz is won by the lowest hand"

# Each game's categories, in the order the games are drawn.
GAME_CATEGORIES: dict[str, GameCategories] = {
    Game.RAKE.value: GameCategories(
        Game.RAKE.value,
        game_title(Game.RAKE.value),
        tuple(c.name for c in HandCategory),
        tuple(c.title for c in HandCategory),
        WEAKEST_FIRST,
    ),
    Game.RAZZ.value: _of(Game.RAZZ, LowCategory, RAZZ_ORDER),
    Game.STUD.value: _of(Game.STUD, HighCategory, WEAKEST_FIRST),
    Game.STUD8.value: _of(Game.STUD8, HighCategory, WEAKEST_FIRST),
}

"""The games the statistics know, their names as a person reads them, and the unit of
each game's win rate: antes for Rake, big bets for the stud games (Razz, Seven-Card
Stud, Stud Hi/Lo), which are played for fixed limits.

>>> STUD_GAMES
('razz', 'stud', 'stud8')
>>> game_title("stud8"), unit_column("stud"), unit_words("rake")
('Stud Hi/Lo', 'big_bet', 'antes')
>>> unit_sql("p")
"CASE WHEN p.game IN ('razz', 'stud', 'stud8') THEN p.big_bet ELSE p.ante END"
"""

from __future__ import annotations

from rakestats.records import Game

__all__ = [
    "GAME_TITLES",
    "STUD_GAMES",
    "UNIT_NAME",
    "game_title",
    "is_stud",
    "stud_sql",
    "unit_column",
    "unit_sql",
    "unit_words",
]

# The games dealt as seven-card stud: a bring-in, five streets, fixed limits.
STUD_GAMES: tuple[str, ...] = (Game.RAZZ.value, Game.STUD.value, Game.STUD8.value)

# Each game's name in a title or a sentence.
GAME_TITLES = {
    Game.RAKE.value: "Rake",
    Game.RAZZ.value: "Razz",
    Game.STUD.value: "Seven-Card Stud",
    Game.STUD8.value: "Stud Hi/Lo",
}


def game_title(game: str) -> str:
    """The game's name as a person reads it (``Stud Hi/Lo`` for ``stud8``); an unknown
    game as it is."""
    return GAME_TITLES.get(game, game)


def is_stud(game: str) -> bool:
    """Whether ``game`` is one of the :data:`STUD_GAMES`."""
    return game in STUD_GAMES


def unit_column(game: str) -> str:
    """The column of the hand's win-rate unit: ``big_bet`` for a stud game, else
    ``ante``."""
    return "big_bet" if is_stud(game) else "ante"


def unit_words(game: str) -> str:
    """The win-rate unit in words, plural: ``big bets`` or ``antes``."""
    return "big bets" if is_stud(game) else "antes"


def stud_sql(table: str = "") -> str:
    """SQL: the row's game (of ``table``, an alias, or unqualified) is a stud game."""
    games = ", ".join(f"'{g}'" for g in STUD_GAMES)
    return f"{table + '.' if table else ''}game IN ({games})"


def unit_sql(table: str = "") -> str:
    """SQL: the hand's win-rate unit in its smallest unit of money, the big bet of a
    stud game and the ante of Rake (columns of ``table``, or unqualified)."""
    t = f"{table}." if table else ""
    return f"CASE WHEN {stud_sql(table)} THEN {t}big_bet ELSE {t}ante END"


# SQL: the name of the row's win-rate unit (``winrate_unit``).
UNIT_NAME = f"CASE WHEN {stud_sql()} THEN 'big_bet' ELSE 'ante' END"

"""The simulated players and tables: stable names, each player with a fixed style."""

from __future__ import annotations

__all__ = ["ROSTER", "TABLE_NAMES"]

# (name, style name). Names keep spaces, brackets, colons, quotes, apostrophes and
# non-ASCII letters, as the format allows.
ROSTER: tuple[tuple[str, str], ...] = (
    ("Captain Frey", "lag"),
    ("Jürgen [DE]", "rock"),
    ("O'Malley", "maniac"),
    ("Crake: the Daemonist", "tag"),
    ('Silo\'s "Ghost"', "calling_station"),
    ("Jez", "tag"),
    ("Pinn", "maniac"),
    ("Malvery (Doc)", "calling_station"),
    ("Harkins", "rock"),
    ("Trinica Dracken", "tag"),
    ("Grist", "lag"),
    ("Bess", "calling_station"),
    ("Slag", "rock"),
    ("Ashua Vel", "lag"),
    ("Samandra Bree", "tag"),
    ("Colden Grudge", "calling_station"),
    ("Björn Ødegaard", "rock"),
    ("Zoë 'Ace' Leclair", "maniac"),
    ("Rafael Muñoz", "tag"),
    ("Léa [FR]", "calling_station"),
    ("Ирина", "lag"),
    ("Kōji_Tanaka", "rock"),
    ("Duke of Skulls", "maniac"),
    ("Lady Wings", "tag"),
    ("the Priest", "calling_station"),
    ("Quaid (Sky Pirate)", "lag"),
    ("Amalicia: Dracken", "rock"),
    ("Gallian Thade", "tag"),
    ('Marlin "Fangs" Kroft', "calling_station"),
    ("Yortland Red", "lag"),
    ("Sigrún", "rock"),
    ("Kyle", "maniac"),
)

TABLE_NAMES: tuple[str, ...] = (
    "Ketty Jay",
    "Delirium Trigger",
    "Storm Dog",
    "Retribution Falls",
    "Sabrine's Wake",
    "Iron Jackal",
    "Wyvern's Höhle",
    "Black Lung [Vardia]",
)

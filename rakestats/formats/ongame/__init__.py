"""OnGame hand histories: Razz, Seven-Card Stud and Stud Hi/Lo, validated by replaying
each hand in the stud engine."""

from rakestats.formats.ongame.parser import OnGameParser

__all__ = ["OnGameParser"]

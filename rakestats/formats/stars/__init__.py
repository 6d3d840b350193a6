"""PokerStars hand histories: Razz, validated by replaying each hand in the stud engine."""

from rakestats.formats.stars.parser import StarsRazzParser

__all__ = ["StarsRazzParser"]

"""Absolute Poker (and UltimateBet) hand histories: Seven Card Stud, Stud Hi/Lo and
Razz, validated by replaying each hand in the stud engine."""

from rakestats.formats.absolute.parser import AbsoluteParser

__all__ = ["AbsoluteParser"]

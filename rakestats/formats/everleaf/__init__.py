"""Everleaf hand histories: 7 Card Stud, Stud Hi/Lo and Razz, validated by replaying
each hand in the stud engine."""

from rakestats.formats.everleaf.parser import EverleafParser

__all__ = ["EverleafParser"]

"""Bovada (formerly Bodog; Ignition) hand histories: 7 Card Stud, Stud Hi/Lo and Razz,
validated by replaying each hand in the stud engine."""

from rakestats.formats.bovada.parser import BovadaParser

__all__ = ["BovadaParser"]

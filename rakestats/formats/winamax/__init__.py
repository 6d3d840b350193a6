"""Winamax hand histories: Razz, 7-Card Stud and 7-Card Stud Hi/Lo, validated by
replaying each hand in the stud engine."""

from rakestats.formats.winamax.parser import WinamaxParser

__all__ = ["WinamaxParser"]

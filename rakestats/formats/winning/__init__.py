"""Winning Poker Network hand histories, in the room's current and old formats: Seven-Card
Stud and Stud Hi/Lo (and Razz), validated by replaying each hand in the stud engine."""

from rakestats.formats.winning.parser import WinningOldParser, WinningParser

__all__ = ["WinningOldParser", "WinningParser"]

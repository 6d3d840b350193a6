"""KingsClub hand histories: Razz, Seven-Card Stud and Stud Hi-Lo, validated by
replaying each hand in the stud engine."""

from rakestats.formats.kingsclub.parser import KingsClubParser

__all__ = ["KingsClubParser"]

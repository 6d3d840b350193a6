"""Full Tilt Poker hand histories: Razz, Seven-Card Stud and Stud Hi/Lo, validated by
replaying each hand in the stud engine."""

from rakestats.formats.fulltilt.parser import FullTiltParser

__all__ = ["FullTiltParser"]

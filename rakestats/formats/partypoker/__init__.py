"""PartyPoker hand histories: Seven-Card Stud and Stud Hi-Lo, validated by replaying
each hand in the stud engine."""

from rakestats.formats.partypoker.parser import PartyPokerParser

__all__ = ["PartyPokerParser"]

"""The iPoker network: XML hand histories, stud games read."""

from rakestats.formats.ipoker.parser import IPokerParser

__all__ = ["IPokerParser"]

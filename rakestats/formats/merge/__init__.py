"""Merge Gaming Network (Carbon Poker): XML hand histories, stud games read."""

from rakestats.formats.merge.parser import MergeParser

__all__ = ["MergeParser"]

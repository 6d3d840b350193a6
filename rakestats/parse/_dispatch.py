"""Which parser reads a file: the format is sniffed from its first non-blank line."""

from __future__ import annotations

from rakestats.parse._base import SiteParser
from rakestats.parse.phh import PhhParser
from rakestats.parse.rake import RakeParser
from rakestats.parse.stars_razz import StarsRazzParser

__all__ = ["PARSERS", "detect"]

PARSERS: list[type[SiteParser]] = [RakeParser, StarsRazzParser, PhhParser]
"""Known formats, tried in order (a PokerStars Razz or PHH reader is added here)."""


def detect(first_line: str) -> type[SiteParser] | None:
    for parser in PARSERS:
        if parser.sniff(first_line):
            return parser
    return None

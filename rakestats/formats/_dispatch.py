"""Which parser reads a file: the format is sniffed from its first non-blank line."""

from __future__ import annotations

from rakestats.formats._base import SiteParser
from rakestats.formats.absolute.parser import AbsoluteParser
from rakestats.formats.bovada.parser import BovadaParser
from rakestats.formats.everleaf.parser import EverleafParser
from rakestats.formats.fulltilt.parser import FullTiltParser
from rakestats.formats.ipoker.parser import IPokerParser
from rakestats.formats.kingsclub.parser import KingsClubParser
from rakestats.formats.merge.parser import MergeParser
from rakestats.formats.ongame.parser import OnGameParser
from rakestats.formats.partypoker.parser import PartyPokerParser
from rakestats.formats.phh.parser import PhhParser
from rakestats.formats.rake.parser import RakeParser
from rakestats.formats.stars.parser import StarsRazzParser
from rakestats.formats.winamax.parser import WinamaxParser
from rakestats.formats.winning.parser import WinningOldParser, WinningParser

__all__ = ["PARSERS", "detect"]

PARSERS: list[type[SiteParser]] = [
    RakeParser,
    StarsRazzParser,
    PhhParser,
    FullTiltParser,
    PartyPokerParser,
    WinamaxParser,
    EverleafParser,
    AbsoluteParser,
    BovadaParser,
    OnGameParser,
    KingsClubParser,
    WinningParser,
    WinningOldParser,
    MergeParser,
    IPokerParser,
]
"""Known formats, tried in order: a room's reader is added here (docs/rooms.md)."""


def detect(first_line: str) -> type[SiteParser] | None:
    for parser in PARSERS:
        if parser.sniff(first_line):
            return parser
    return None

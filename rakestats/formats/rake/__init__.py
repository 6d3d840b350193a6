"""The Rake hand-history format (docs/hand-history-format.md): its reader (the full
parser and the fast one-pass validator) and its writer, in one place."""

from rakestats.formats.rake.parser import RakeParser, parse_rake_hand
from rakestats.formats.rake.writer import HandMeta, NameRefusedError, format_hand, write_hand

__all__ = [
    "HandMeta",
    "NameRefusedError",
    "RakeParser",
    "format_hand",
    "parse_rake_hand",
    "write_hand",
]

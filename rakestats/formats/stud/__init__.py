"""The shared stud reader: one model, one replay and one set of checks for the stud
hands of every room. A room's reader subclasses :class:`StudReader` and supplies its
patterns and header (see docs/rooms.md, "Adding a room")."""

from rakestats.formats.stud._common import fail, parse_money, to_utc
from rakestats.formats.stud._model import StudHeader
from rakestats.formats.stud._patterns import AMOUNT, StudPatterns
from rakestats.formats.stud.reader import StudReader, classify_game

__all__ = [
    "AMOUNT",
    "StudHeader",
    "StudPatterns",
    "StudReader",
    "classify_game",
    "fail",
    "parse_money",
    "to_utc",
]

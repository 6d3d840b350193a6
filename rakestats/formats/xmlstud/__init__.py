"""The shared reader of rooms that write their stud hands as XML (Merge, iPoker): one
element a hand, read safely and turned into the shared stud reader's model."""

from rakestats.formats.xmlstud._events import Act, Cards, EventHand, Player, Show, Win, chips_put
from rakestats.formats.xmlstud._xml import Node, parse_xml
from rakestats.formats.xmlstud.reader import XmlStudReader

__all__ = [
    "Act",
    "Cards",
    "EventHand",
    "Node",
    "Player",
    "Show",
    "Win",
    "XmlStudReader",
    "chips_put",
    "parse_xml",
]

"""The shared reader of rooms that write their stud hands as XML (Merge, iPoker): one
element a hand, read safely and turned into the shared stud reader's model."""

from rakestats.formats.xmlstud.reader import XmlStudReader

__all__ = ["XmlStudReader"]

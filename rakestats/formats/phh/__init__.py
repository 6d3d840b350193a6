"""PHH (the Poker Hand History format, TOML): Razz hands."""

from rakestats.formats.phh.parser import PhhParser

__all__ = ["PhhParser"]

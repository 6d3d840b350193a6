"""Simulated Rake play: bots, table sessions, and the hand-history writer."""

from rakestats.sim.writer import HandMeta, NameRefusedError, format_hand, write_hand

__all__ = ["HandMeta", "NameRefusedError", "format_hand", "write_hand"]

"""Settling a Razz hand: main and side pots, the lowest hand wins, ties split
(:mod:`rakestats.stud.showdown` settles every stud game)."""

from rakestats.stud.showdown import Pot, Settlement, pot_layers, settle_low, split

__all__ = ["Pot", "Settlement", "pot_layers", "settle_low", "split"]

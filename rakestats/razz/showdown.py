"""Settling a Razz hand: main and side pots, the lowest hand wins, ties split
(:mod:`rakestats.stud.showdown` settles every stud game)."""

from rakestats.stud.showdown import *  # noqa: F403
from rakestats.stud.showdown import __all__ as __all__

"""The project's Razz rulings (RULES.md, Razz section); they live with the other stud
games' in :mod:`rakestats.stud.rules`.

>>> from rakestats.cards import parse_std_card as c
>>> bring_in_seat({1: c("Qc"), 2: c("Qd"), 3: c("Qh"), 4: c("As")})  # ties: Qh > Qd > Qc
3
"""

from rakestats.stud.rules import *  # noqa: F403
from rakestats.stud.rules import __all__ as __all__

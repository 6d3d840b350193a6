"""Razz: ace-to-five low evaluation (scalar and vectorised), the bring-in and the
fixed-limit seven-card stud engine. Card notation is the standard one (``As`` is the
ace of spades); see docs/razz.md.

>>> from rakestats.razz import evaluate_low
>>> evaluate_low("As 2d 3h 4c 5s Kd Kh").description
'Lo: 5,4,3,2,A'
"""

from rakestats.razz.engine import IllegalActionError, Phase, StudHand, StudPlayer
from rakestats.razz.evaluator import LowCategory, LowValue, evaluate_low, low_rank
from rakestats.razz.events import StudAction, StudActionKind
from rakestats.razz.rules import bring_in_seat, lowest_boards
from rakestats.razz.showdown import Pot, Settlement, settle_low
from rakestats.razz.vectorized import category_of_values, evaluate_low_many
from rakestats.stud import StudLegal

__all__ = [
    "IllegalActionError",
    "LowCategory",
    "LowValue",
    "Phase",
    "Pot",
    "Settlement",
    "StudAction",
    "StudActionKind",
    "StudHand",
    "StudLegal",
    "StudPlayer",
    "bring_in_seat",
    "category_of_values",
    "evaluate_low",
    "evaluate_low_many",
    "low_rank",
    "lowest_boards",
    "settle_low",
]

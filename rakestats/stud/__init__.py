"""The stud family: Razz, Seven-Card Stud and Stud Hi/Lo eight or better, on one
fixed-limit engine (:class:`StudHand` with a :class:`StudGame`), with high-hand,
ace-to-five low and eight-or-better evaluation and the settlement of split pots.
Card notation is the standard one (``As`` is the ace of spades); see docs/rules.md.

>>> from rakestats.stud import evaluate_high, eight_or_better
>>> evaluate_high("Qc Kh Qs Td Jh 6d 6s").description
'two pair, Queens and Sixes'
>>> eight_or_better("7h 2h 4c Jc 5h 7s 8c").description
'Lo: 8,7,5,4,2'
"""

from rakestats.stud._legal import StudLegal
from rakestats.stud.engine import IllegalActionError, Phase, StudHand, StudPlayer
from rakestats.stud.events import CardsDealt, StudAction, StudActionKind
from rakestats.stud.high import HighCategory, HighValue, evaluate_high
from rakestats.stud.low import LowCategory, LowValue, eight_or_better, evaluate_low, low_rank
from rakestats.stud.rules import StudGame, bring_in_seat, first_boards, lowest_boards
from rakestats.stud.showdown import (
    DEFAULT_ODD_CHIPS,
    Half,
    OddChips,
    Pot,
    PotPart,
    Settlement,
    TieBreak,
    settle_low,
    settle_stud,
)

__all__ = [
    "DEFAULT_ODD_CHIPS",
    "CardsDealt",
    "Half",
    "HighCategory",
    "HighValue",
    "IllegalActionError",
    "LowCategory",
    "LowValue",
    "OddChips",
    "Phase",
    "Pot",
    "PotPart",
    "Settlement",
    "StudAction",
    "StudActionKind",
    "StudGame",
    "StudHand",
    "StudLegal",
    "StudPlayer",
    "TieBreak",
    "bring_in_seat",
    "eight_or_better",
    "evaluate_high",
    "evaluate_low",
    "first_boards",
    "low_rank",
    "lowest_boards",
    "settle_low",
    "settle_stud",
]

"""The rules of Rake: evaluation, showdown, and the hand engine.

>>> from rakestats.rake import evaluate
>>> evaluate("As Aw Af 7c 2s").category.name
'THREE_OF_A_KIND'
"""

from rakestats.rake.engine import IllegalActionError, LegalActions, Phase, RakeHand
from rakestats.rake.evaluator import (
    HandCategory,
    HandValue,
    evaluate,
    evaluate_partial,
    skull_ace_scores,
)
from rakestats.rake.events import ActionKind
from rakestats.rake.rules import HouseFee
from rakestats.rake.showdown import Pot, Reason, Settlement, SkullAceOutcome, settle

__all__ = [
    "ActionKind",
    "HandCategory",
    "HandValue",
    "HouseFee",
    "IllegalActionError",
    "LegalActions",
    "Phase",
    "Pot",
    "RakeHand",
    "Reason",
    "Settlement",
    "SkullAceOutcome",
    "evaluate",
    "evaluate_partial",
    "settle",
    "skull_ace_scores",
]

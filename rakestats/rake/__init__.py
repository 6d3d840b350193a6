"""The rules of Rake: evaluation, showdown, and the hand engine."""

from rakestats.rake.evaluator import (
    HandCategory,
    HandValue,
    evaluate,
    evaluate_partial,
    skull_ace_scores,
)

__all__ = [
    "HandCategory",
    "HandValue",
    "evaluate",
    "evaluate_partial",
    "skull_ace_scores",
]

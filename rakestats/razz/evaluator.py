"""Razz (ace-to-five low) evaluation; it lives in :mod:`rakestats.stud.low`, shared with
the low half of Stud Hi/Lo."""

from rakestats.stud.low import (
    LowCategory,
    LowValue,
    evaluate_low,
    low_rank,
    low_rank_symbol,
    score_ranks,
)

__all__ = [
    "LowCategory",
    "LowValue",
    "evaluate_low",
    "low_rank",
    "low_rank_symbol",
    "score_ranks",
]

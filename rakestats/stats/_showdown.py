"""Showdown (the Reveal) and pick-ups.

A player *reached the first pick-up* (for Razz: 4th street) when still in after the
first betting round in a hand that went on: not folded in round 1, and then acted in a
later round, folded later, or went to the Reveal. (A player still in always acts in a
later round unless everybody else folded first, which needs a bet by someone who then
stays in, or unless players are all-in, which ends at the Reveal; folding is only
possible facing a bet.)
"""

from __future__ import annotations

from typing import Any

from rakestats.rake.evaluator import HandCategory
from rakestats.stats._scope import Partial, Scope, counted_sql
from rakestats.warehouse.schema import MAX_ROUNDS, ROUND_COUNTERS

__all__ = ["OUTPUT", "PARTIALS", "category_rank_sql", "pickup_stats_sql"]

_LATER_ACTIONS = " + ".join(f"r{r}_{c}" for r in range(2, MAX_ROUNDS + 1) for c in ROUND_COUNTERS)
REACHED_PICKUP = (
    "(coalesce(folded_round, 0) <> 1 AND r1_folds = 0 "
    f"AND (went_to_reveal OR folded_round >= 2 OR {_LATER_ACTIONS} > 0))"
)

PARTIALS = [
    Partial.count("reached_pickup", f"{REACHED_PICKUP}"),
    Partial.count("reveals", "went_to_reveal"),
    Partial.count("won_at_reveal", "went_to_reveal AND won"),
    Partial.count("won_no_reveal", "won AND NOT went_to_reveal"),
    Partial("net_reveal", "sum(CASE WHEN went_to_reveal THEN net ELSE 0 END)"),
    Partial("net_no_reveal", "sum(CASE WHEN went_to_reveal THEN 0 ELSE net END)"),
]

OUTPUT = [
    "reached_pickup",
    "reveals",
    "reveals::DOUBLE / nullif(reached_pickup, 0) AS wtsd",
    "won_at_reveal",
    "won_at_reveal::DOUBLE / nullif(reveals, 0) AS wsd",
    "won_no_reveal",
    "won_no_reveal::DOUBLE / hands AS won_no_reveal_pct",
    "net_reveal",
    "net_no_reveal",
]


def category_rank_sql(column: str) -> str:
    """SQL rank (0 High Card … 8 Rake) of a Rake category given by name (``TWO_PAIR``)
    or title (``Two Pair``); NULL for anything else."""
    norm = f"upper(replace(trim({column}), ' ', '_'))"
    arms = " ".join(f"WHEN '{c.name}' THEN {c.value}" for c in HandCategory)
    return f"(CASE {norm} {arms} ELSE NULL END)"


# The shares of the pick-ups: name -> (numerator, denominator).
_PICKUP_SHARES = dict(
    face_up_pct=("face_up", "pickups"),
    face_down_pct=("face_down", "pickups"),
    improved_pct=("improved", "known"),
    improved_face_up_pct=("improved_face_up", "known_face_up"),
    improved_face_down_pct=("improved_face_down", "known_face_down"),
)


def pickup_stats_sql(scope: Scope, by_pickup: bool) -> tuple[str, dict[str, Any]]:
    """Pick-ups per player: face-up share, and how often the card improved the hand
    category (among pick-ups with both categories known)."""
    base, params = scope.base(prefilter_min_hands=True)
    before, after = category_rank_sql("t.category_before"), category_rank_sql("t.category_after")
    counts = f"""count(*) AS pickups,
        count(*) FILTER (WHERE t.face_up) AS face_up,
        count(*) FILTER (WHERE NOT t.face_up) AS face_down,
        count(*) FILTER (WHERE {before} IS NOT NULL AND {after} IS NOT NULL) AS known,
        count(*) FILTER (WHERE {after} > {before}) AS improved,
        count(*) FILTER (WHERE t.face_up AND {before} IS NOT NULL AND {after} IS NOT NULL)
            AS known_face_up,
        count(*) FILTER (WHERE t.face_up AND {after} > {before}) AS improved_face_up,
        count(*) FILTER (WHERE NOT t.face_up AND {before} IS NOT NULL AND {after} IS NOT NULL)
            AS known_face_down,
        count(*) FILTER (WHERE NOT t.face_up AND {after} > {before}) AS improved_face_down"""
    sql = counted_sql(base, "pickups", counts, _PICKUP_SHARES, by="pickup" if by_pickup else "")
    return sql, params

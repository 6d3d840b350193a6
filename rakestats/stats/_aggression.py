"""Aggressiveness from the per-round action counters of ``players`` (VPIP, first-round
raise, AF, AFq, overall and per round), and from the ``actions`` sequence (fold to a
bet, check-raise, re-raise).

Counters: ``rN_bets`` counts bets and Razz completions, ``rN_raises`` raises,
``rN_calls`` calls, ``rN_folds`` folds; antes and the Razz bring-in are not counted
(they are forced).
"""

from __future__ import annotations

from typing import Any

from rakestats.stats._scope import Partial, Scope, af_sql, afq_sql, counted_sql
from rakestats.warehouse.schema import MAX_ROUNDS

__all__ = ["OUTPUT", "PARTIALS", "action_stats_sql"]

_ROUNDS = range(1, MAX_ROUNDS + 1)
_KINDS = ("bets", "raises", "calls", "folds")


def _total(kind: str) -> str:
    return "(" + " + ".join(f"_r{r}_{kind}" for r in _ROUNDS) + ")"


PARTIALS = [
    Partial.count("vpip_hands", "r1_bets + r1_raises + r1_calls > 0"),
    Partial.count("raise_r1_hands", "r1_bets + r1_raises > 0"),
    *[Partial(f"_r{r}_{k}", f"sum(r{r}_{k}::BIGINT)") for r in _ROUNDS for k in _KINDS],
]

OUTPUT = [
    "vpip_hands",
    "vpip_hands::DOUBLE / hands AS vpip",
    "raise_r1_hands",
    "raise_r1_hands::DOUBLE / hands AS raise_r1",
    f"{_total('bets')} AS bets",
    f"{_total('raises')} AS raises",
    f"{_total('calls')} AS calls",
    f"{_total('folds')} AS folds",
    f"{af_sql(_total)} AS af",
    f"{afq_sql(_total)} AS afq",
    *[f"{af_sql(f'_r{r}_{{}}'.format)} AS af_r{r}" for r in _ROUNDS],
    *[f"{afq_sql(f'_r{r}_{{}}'.format)} AS afq_r{r}" for r in _ROUNDS],
]

# The shares of the action sequence: name -> (numerator, denominator).
_SHARES = dict(
    fold_to_bet=("folded_to_bet", "faced_bet"),
    check_raise=("check_raises", "check_raise_chances"),
    reraise=("reraises", "reraise_chances"),
)


# Each action with the last bet-or-raise before it in the round and the same player's
# previous action in the round.
_ACTS = """
acts AS (
    SELECT a.hand_key, a.round, a.seq, a.player, a.kind, a.facing_bet,
        last_value(CASE WHEN a.kind IN ('bet', 'raise', 'complete', 'bring_in')
                        THEN a.kind END IGNORE NULLS) OVER (
            PARTITION BY a.hand_key, a.round ORDER BY a.seq
            ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS last_aggressive,
        lag(a.kind) OVER (
            PARTITION BY a.hand_key, a.round, a.player ORDER BY a.seq) AS previous_own
    FROM actions a
    WHERE a.hand_key IN (SELECT hand_key FROM base)
),"""
_COUNTS = """count(*) FILTER (
            WHERE t.facing_bet AND t.kind IN ('fold', 'call', 'raise', 'complete')
        ) AS faced_bet,
        count(*) FILTER (WHERE t.facing_bet AND t.kind = 'fold') AS folded_to_bet,
        count(*) FILTER (WHERE t.previous_own = 'check') AS check_raise_chances,
        count(*) FILTER (WHERE t.previous_own = 'check' AND t.kind = 'raise') AS check_raises,
        count(*) FILTER (WHERE t.facing_bet AND t.last_aggressive = 'raise'
                           AND t.kind IN ('fold', 'call', 'raise')) AS reraise_chances,
        count(*) FILTER (WHERE t.facing_bet AND t.last_aggressive = 'raise'
                           AND t.kind = 'raise') AS reraises"""


def action_stats_sql(scope: Scope, by_round: bool) -> tuple[str, dict[str, Any]]:
    """Fold to a bet, check-raise and re-raise, from the action sequence.

    - a *decision facing a bet* is a fold, call, raise or completion with
      ``facing_bet``; fold to a bet % = its folds / such decisions;
    - a *check-raise opportunity* is an action right after the same player's check in
      the same round (the player checked and someone bet); check-raise % = raises among
      them / opportunities;
    - a *re-raise opportunity* is a decision facing a bet whose last bet-or-raise in the
      round was a raise; re-raise % = raises among them / opportunities.
    """
    base, params = scope.base(prefilter_min_hands=True)
    by = "round" if by_round else ""
    sql = counted_sql(base, "acts", _COUNTS, _SHARES, by=by, ctes=_ACTS)
    return sql, params

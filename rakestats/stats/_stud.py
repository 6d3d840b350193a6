"""Stud statistics (Razz): 3rd street (bring-in, completion, raise, VPIP), aggression
per street (3rd to 7th), showdown and win rate in big bets, per player, game and
currency. ``docs/stats.md`` ("Stud (Razz)") defines every column.

Streets 3rd to 7th are betting rounds 1 to 5. The ``players`` counters give the
per-street bets (a completion counts as a bet), raises, calls, checks and folds; the
bring-in and the ante are forced and count nowhere. The 3rd-street facts that need the
order of play (who brought in, who could still complete, who faced a completion) come
from ``actions``.
"""

from __future__ import annotations

from typing import Any

from rakestats.stats import _results
from rakestats.stats._games import STUD_GAMES
from rakestats.stats._scope import KEYS, UNIT_NAME, Partial, Scope, af_sql, afq_sql, share_sql
from rakestats.stats._showdown import REACHED_PICKUP

__all__ = ["STREETS", "STUD_GAMES", "stud_stats_sql"]

# Street names, in order, for betting rounds 1..5.
STREETS = ("3rd", "4th", "5th", "6th", "7th")

_KINDS = ("bets", "raises", "calls", "checks", "folds")
_CAP_RAISES = 3  # a completion (or bet) and three raises per street

# Per player-hand facts of 3rd street, from the action sequence (``t`` below).
_THIRD = f"""
third AS (
    SELECT a.hand_key, a.player AS screen_name, a.kind, a.facing_bet,
        row_number() OVER (PARTITION BY a.hand_key, a.player ORDER BY a.seq) AS nth,
        row_number() OVER (PARTITION BY a.hand_key ORDER BY a.seq) AS hand_nth,
        coalesce(sum(CASE WHEN a.kind IN ('complete', 'bet') THEN 1 ELSE 0 END) OVER w, 0)
            AS opened_before,
        coalesce(sum(CASE WHEN a.kind = 'raise' THEN 1 ELSE 0 END) OVER w, 0)
            AS raises_before
    FROM actions a
    WHERE a.round = 1 AND a.hand_key IN (SELECT hand_key FROM b)
    WINDOW w AS (PARTITION BY a.hand_key ORDER BY a.seq
                 ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
),
t AS (
    SELECT hand_key, screen_name,
        bool_or(kind = 'bring_in') AS brought_in,
        bool_or(hand_nth = 1) AS first_to_act,
        bool_or(kind IN ('complete', 'bet')) AS completed,
        bool_or(nth = 1 AND opened_before = 0) AS complete_chance,
        bool_or(kind = 'raise') AS raised,
        bool_or(kind <> 'bring_in' AND facing_bet AND opened_before > 0
                AND raises_before < {_CAP_RAISES}) AS raise_chance
    FROM third
    GROUP BY hand_key, screen_name
)"""


def _street_partials() -> list[Partial]:
    return [
        Partial(f"{kind}_{street}", f"sum(r{r}_{kind}::BIGINT)")
        for r, street in enumerate(STREETS, start=1)
        for kind in _KINDS
    ]


PARTIALS = [
    *_results.PARTIALS,
    Partial.count("bring_in_hands", "t.brought_in"),
    Partial.count("bring_in_spots", "t.first_to_act"),
    Partial.count("complete_hands", "t.completed"),
    Partial.count("complete_chances", "t.complete_chance"),
    Partial.count("raise_3rd_hands", "t.raised"),
    Partial.count("raise_3rd_chances", "t.raise_chance"),
    Partial.count("raise_3rd_taken", "t.raised AND t.raise_chance"),
    Partial.count("vpip_3rd_hands", "r1_bets + r1_raises + r1_calls > 0"),
    *_street_partials(),
    Partial.count("saw_4th", REACHED_PICKUP),
    Partial.count("showdowns", "went_to_reveal"),
    Partial.count("showdowns_won", "went_to_reveal AND won"),
    Partial("net_showdown", "sum(CASE WHEN went_to_reveal THEN net ELSE 0 END)"),
    Partial("net_no_showdown", "sum(CASE WHEN went_to_reveal THEN 0 ELSE net END)"),
]


def _sum_over(kind: str) -> str:
    return "(" + " + ".join(f"{kind}_{s}" for s in STREETS) + ")"


OUTPUT = [
    *_results.OUTPUT,
    "bring_in_hands",
    f"{share_sql('bring_in_hands', 'hands')} AS bring_in_pct",
    "bring_in_spots",
    "complete_hands",
    f"{share_sql('complete_hands', 'hands')} AS complete_pct",
    "complete_chances",
    f"{share_sql('complete_hands', 'complete_chances')} AS complete_of_chances",
    "raise_3rd_hands",
    f"{share_sql('raise_3rd_hands', 'hands')} AS raise_3rd_pct",
    "raise_3rd_chances",
    f"{share_sql('raise_3rd_taken', 'raise_3rd_chances')} AS raise_3rd_of_chances",
    "vpip_3rd_hands",
    f"{share_sql('vpip_3rd_hands', 'hands')} AS vpip_3rd",
    *[f"{k}_{s}" for s in STREETS for k in _KINDS],
    *[f"{_sum_over(k)} AS {k}" for k in _KINDS],
    f"{af_sql()} AS af",
    f"{afq_sql()} AS afq",
    *[f"{af_sql(f'{{}}_{s}'.format)} AS af_{s}" for s in STREETS],
    *[f"{afq_sql(f'{{}}_{s}'.format)} AS afq_{s}" for s in STREETS],
    "saw_4th",
    "showdowns",
    f"{share_sql('showdowns', 'saw_4th')} AS wtsd",
    "showdowns_won",
    f"{share_sql('showdowns_won', 'showdowns')} AS wsd",
    "net_showdown",
    "net_no_showdown",
]


def stud_stats_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """The query of :meth:`Statistics.stud_stats`: one row per player, game and
    currency over the stud hands (:data:`STUD_GAMES`) within the filters."""
    base, params = scope.base(prefilter_min_hands=True)
    games = [f"s_game_{i}" for i in range(len(STUD_GAMES))]
    params.update(zip(games, STUD_GAMES, strict=True))
    keys = ", ".join(f"b.{k}" for k in KEYS)
    # the action-derived flags come from ``t``, the rest from ``b`` (players rows)
    partials = ", ".join(p.raw() for p in PARTIALS)
    sql = f"""
WITH {base},
b AS (SELECT * FROM base WHERE game IN ({", ".join("$" + g for g in games)})),
{_THIRD},
g AS (
    SELECT {keys}, {partials}
    FROM b LEFT JOIN t ON t.hand_key = b.hand_key AND t.screen_name = b.screen_name
    GROUP BY {keys}
)
SELECT {", ".join(KEYS)}, {UNIT_NAME} AS winrate_unit, {", ".join(OUTPUT)}
FROM g
ORDER BY game, currency, player
"""
    return sql, params

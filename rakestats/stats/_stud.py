"""Stud statistics (Razz, Seven-Card Stud, Stud Hi/Lo): 3rd street (bring-in,
completion, steal, fold to a completion, raise, VPIP), aggression per street (3rd to
7th), showdown (and, for Stud Hi/Lo, the halves of split pots: ``_stud_split``) and
win rate in big bets, per player, game and currency. ``docs/stats.md`` ("Stud") defines
every column.

Streets 3rd to 7th are betting rounds 1 to 5. The ``players`` counters give the
per-street bets (a completion counts as a bet), raises, calls, checks and folds; the
bring-in and the ante are forced and count nowhere. The 3rd-street facts that need the
order of play (who brought in, who could still complete, who stole, who faced a
completion) come from ``actions``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rakestats.stats import _results, _stud_split
from rakestats.stats._games import STUD_GAMES
from rakestats.stats._players import BREAKDOWNS
from rakestats.stats._scope import KEYS, UNIT_NAME, Partial, Scope, af_sql, afq_sql, share_sql
from rakestats.stats._showdown import REACHED_PICKUP

__all__ = ["STEAL_BEHIND", "STREETS", "STUD_BREAKDOWNS", "STUD_GAMES", "stud_stats_sql"]

# Street names, in order, for betting rounds 1..5.
STREETS = ("3rd", "4th", "5th", "6th", "7th")

_KINDS = ("bets", "raises", "calls", "checks", "folds")
_CAP_RAISES = 3  # a completion (or bet) and three raises per street
# A steal is a completion with at most this many players left to act behind, the
# bring-in aside (the last three seats before the bring-in: stud's button, cutoff and
# hijack).
STEAL_BEHIND = 2

_OPENS = "('complete', 'bet')"
# A first 3rd-street action after the bring-in and only folds, with at most
# STEAL_BEHIND players left to act behind (the bring-in aside).
_STEAL_CHANCE = (
    "(nth = 1 AND hand_nth >= 2 AND first_kind = 'bring_in' AND opened_before = 0 "
    f"AND calls_before = 0 AND actors - hand_nth <= {STEAL_BEHIND})"
)
# The bring-in's next action, facing a steal that nobody else called or raised: the one
# completion so far came first in from a steal seat.
_FACED_STEAL = (
    "(own_first = 'bring_in' AND nth = 2 AND opened_before = 1 AND raises_before = 0 "
    f"AND calls_before = 0 AND open_nth >= 2 AND actors - open_nth <= {STEAL_BEHIND})"
)

# Each 3rd-street action with what came before it in the street (``third0``), and with
# the street's number of players, first completion and whether anyone called or raised
# (``street``, one row per hand) beside it (``third``).
_THIRD = f"""
third0 AS (
    SELECT a.hand_key, a.player AS screen_name, a.kind, a.seq, a.facing_bet,
        row_number() OVER own AS nth,
        first_value(a.kind) OVER own AS own_first,
        row_number() OVER street AS hand_nth,
        first_value(a.kind) OVER street AS first_kind,
        coalesce(sum(CASE WHEN a.kind IN {_OPENS} THEN 1 ELSE 0 END) OVER w, 0)
            AS opened_before,
        coalesce(sum(CASE WHEN a.kind = 'raise' THEN 1 ELSE 0 END) OVER w, 0)
            AS raises_before,
        coalesce(sum(CASE WHEN a.kind = 'call' THEN 1 ELSE 0 END) OVER w, 0) AS calls_before
    FROM actions a
    WHERE a.round = 1 AND a.hand_key IN (SELECT hand_key FROM b)
    WINDOW own AS (PARTITION BY a.hand_key, a.player ORDER BY a.seq),
        street AS (PARTITION BY a.hand_key ORDER BY a.seq),
        w AS (PARTITION BY a.hand_key ORDER BY a.seq
              ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
),
street AS (
    SELECT hand_key,
        count_if(nth = 1) AS actors,
        min(seq) FILTER (WHERE kind IN {_OPENS}) AS open_seq,
        min(hand_nth) FILTER (WHERE kind IN {_OPENS}) AS open_nth,
        bool_or(kind IN ('call', 'raise')) AS called
    FROM third0
    GROUP BY hand_key
),
third AS (
    SELECT x.*, s.actors, s.open_seq, s.open_nth, s.called
    FROM third0 x JOIN street s ON s.hand_key = x.hand_key
),
t AS (
    SELECT hand_key, screen_name,
        bool_or(kind = 'bring_in') AS brought_in,
        bool_or(hand_nth = 1) AS first_to_act,
        bool_or(kind IN {_OPENS}) AS completed,
        bool_or(nth = 1 AND opened_before = 0) AS complete_chance,
        bool_or(kind = 'raise') AS raised,
        bool_or(kind <> 'bring_in' AND facing_bet AND opened_before > 0
                AND raises_before < {_CAP_RAISES}) AS raise_chance,
        bool_or({_STEAL_CHANCE}) AS steal_chance,
        bool_or({_STEAL_CHANCE} AND kind IN {_OPENS}) AS stole,
        -- a steal leaves no call before it: any call or raise of the street answered it
        bool_or({_STEAL_CHANCE} AND kind IN {_OPENS} AND NOT called) AS steal_won,
        bool_or({_FACED_STEAL}) AS faced_steal,
        bool_or({_FACED_STEAL} AND kind = 'fold') AS folded_to_steal,
        bool_or(seq > open_seq AND raises_before = 0) AS faced_complete,
        bool_or(seq > open_seq AND raises_before = 0 AND kind = 'fold') AS folded_to_complete
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
    Partial.count("steal_chances", "t.steal_chance"),
    Partial.count("steal_hands", "t.stole"),
    Partial.count("steal_won", "t.steal_won"),
    Partial.count("fold_to_steal_chances", "t.faced_steal"),
    Partial.count("fold_to_steal_hands", "t.folded_to_steal"),
    Partial.count("fold_to_complete_chances", "t.faced_complete"),
    Partial.count("fold_to_complete_hands", "t.folded_to_complete"),
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
    # added after the columns above, so that theirs keep their places
    "steal_chances",
    "steal_hands",
    f"{share_sql('steal_hands', 'steal_chances')} AS steal_pct",
    "steal_won",
    f"{share_sql('steal_won', 'steal_hands')} AS steal_success",
    "fold_to_steal_chances",
    "fold_to_steal_hands",
    f"{share_sql('fold_to_steal_hands', 'fold_to_steal_chances')} AS fold_to_steal",
    "fold_to_complete_chances",
    "fold_to_complete_hands",
    f"{share_sql('fold_to_complete_hands', 'fold_to_complete_chances')} AS fold_to_complete",
    *_stud_split.OUTPUT,
]


# Breakdowns of ``stud_stats``: those of ``player_stats`` the stud games fill (they
# have no dealer, so no position).
STUD_BREAKDOWNS = {k: v for k, v in BREAKDOWNS.items() if k not in ("position", "from_dealer")}


def stud_stats_sql(scope: Scope, by: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """The query of :meth:`Statistics.stud_stats`: one row per player, game and
    currency over the stud hands (:data:`STUD_GAMES`) within the filters, split further
    by ``by`` (names from :data:`STUD_BREAKDOWNS`); ``min_hands`` applies to each
    player's total hands."""
    unknown = [x for x in by if x not in STUD_BREAKDOWNS]
    if unknown:
        why = (
            "; the stud games have no dealer, so no position"
            if set(unknown) & {"position", "from_dealer"}
            else ""
        )
        raise ValueError(
            f"cannot break down stud statistics by {unknown}; choose from "
            f"{sorted(STUD_BREAKDOWNS)}{why}"
        )
    extra = [(x, f"b._by_{x}") for x in by]  # computed in ``b``, on its own columns
    by_columns = "".join(f", {STUD_BREAKDOWNS[x]} AS _by_{x}" for x in by)
    base, params = scope.base(prefilter_min_hands=True)
    games = [f"s_game_{i}" for i in range(len(STUD_GAMES))]
    params.update(zip(games, STUD_GAMES, strict=True))
    keys = ", ".join([*(f"b.{k}" for k in KEYS), *(f"{e} AS {n}" for n, e in extra)])
    group = ", ".join([*(f"b.{k}" for k in KEYS), *(e for _, e in extra)])
    on = "".join(f" AND ss.{n} IS NOT DISTINCT FROM g0.{n}" for n, _ in extra)
    # the action-derived flags come from ``t``, the rest from ``b`` (players rows); the
    # split pots' counts (``split_sums``, Hi/Lo showdowns alone) are joined by key
    partials = ", ".join(p.raw() for p in PARTIALS)
    sql = f"""
WITH {base},
b AS (SELECT *{by_columns} FROM base WHERE game IN ({", ".join("$" + g for g in games)})),
{_THIRD},
{_stud_split.SPLIT_CTE},
{_stud_split.split_sums(extra)},
g0 AS (
    SELECT {keys}, {partials}
    FROM b LEFT JOIN t ON t.hand_key = b.hand_key AND t.screen_name = b.screen_name
    GROUP BY {group}
),
g AS (
    SELECT g0.*, {_stud_split.JOINED}
    FROM g0 LEFT JOIN split_sums ss ON ss.player = g0.player AND ss.game = g0.game
        AND ss.currency IS NOT DISTINCT FROM g0.currency{on}
)
SELECT {", ".join([*KEYS, *by])}, {UNIT_NAME} AS winrate_unit, {", ".join(OUTPUT)}
FROM g
ORDER BY {", ".join(["game", "currency", "player", *by])}
"""
    return sql, params

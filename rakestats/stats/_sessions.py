"""Sessions and the cumulative net-won series.

A session is a run of a player's hands (per game and currency) in which no two
consecutive hands are more than ``gap`` apart (30 minutes by default).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from rakestats.stats._scope import KEYS, UNIT_NAME, Scope

__all__ = ["net_units_sql", "net_won_sql", "sessions_sql"]

_PART = "PARTITION BY player, game, currency"
_ORDER = "ORDER BY played_at, hand_id, hand_key"
# A session needs only an order both of its windows share, not the order of play's hand
# ids: hands at one instant fall in one session whichever comes first (a text fewer to
# sort).
_SESSION_ORDER = "ORDER BY played_at, hand_key"


def sessions_sql(scope: Scope, gap: timedelta) -> tuple[str, dict[str, Any]]:
    if gap <= timedelta(0):
        raise ValueError("the session gap must be positive")
    base, params = scope.base(prefilter_min_hands=True)
    params["s_gap_us"] = int(gap / timedelta(microseconds=1))
    keys = ", ".join(KEYS)
    sql = f"""
WITH {base},
marked AS (
    SELECT {keys}, played_at, hand_key, net, x,
        CASE WHEN lag(played_at) OVER ({_PART} {_SESSION_ORDER}) IS NULL
               OR epoch_us(played_at) - epoch_us(lag(played_at) OVER ({_PART} {_SESSION_ORDER}))
                  > $s_gap_us
             THEN 1 ELSE 0 END AS starts
    FROM base
),
numbered AS (
    SELECT *, sum(starts) OVER ({_PART} {_SESSION_ORDER} ROWS UNBOUNDED PRECEDING) AS session
    FROM marked
)
SELECT {keys}, session::BIGINT AS session,
    min(played_at) AS start, max(played_at) AS "end",
    (epoch_us(max(played_at)) - epoch_us(min(played_at))) / 60e6 AS minutes,
    count(*) AS hands, sum(net)::BIGINT AS net,
    {UNIT_NAME} AS winrate_unit, 100.0 * avg(x) AS winrate_per100
FROM numbered
GROUP BY {keys}, session
ORDER BY game, currency, player, session
"""
    return sql, params


def net_won_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """Per hand, in order of play: the net, and cumulative net split into hands that
    went to the Reveal and hands that did not (as trackers draw the graph), in the
    smallest unit and in the game's unit (``net_units``, ``cum_units*``: each hand's net
    over its own ``unit_size``, the ante or big bet; 0 where that is unknown)."""
    base, params = scope.base(prefilter_min_hands=True)
    keys = ", ".join(KEYS)
    run = f"OVER ({_PART} {_ORDER} ROWS UNBOUNDED PRECEDING)"
    sql = f"""
WITH {base}
SELECT {keys}, row_number() {run} AS hand_no, played_at, hand_id, hand_key,
    net, went_to_reveal,
    sum(net) {run}::BIGINT AS cum_net,
    sum(CASE WHEN went_to_reveal THEN net ELSE 0 END) {run}::BIGINT AS cum_net_reveal,
    sum(CASE WHEN went_to_reveal THEN 0 ELSE net END) {run}::BIGINT AS cum_net_no_reveal,
    x AS net_units,
    sum(coalesce(x, 0)) {run} AS cum_units,
    {UNIT_NAME} AS winrate_unit,
    unit AS unit_size,
    sum(CASE WHEN went_to_reveal THEN coalesce(x, 0) ELSE 0 END) {run} AS cum_units_reveal,
    sum(CASE WHEN went_to_reveal THEN 0 ELSE coalesce(x, 0) END) {run} AS cum_units_no_reveal
FROM base
ORDER BY game, currency, player, hand_no
"""
    return sql, params


def net_units_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """Each player-hand's net in the game's unit (``net_units``; null where the unit is
    unknown), per player, game and currency, in no order: what the win rate's
    uncertainty resamples, without :func:`net_won_sql`'s running sums (a fifth of its
    time on 5 M player-hands)."""
    base, params = scope.base(prefilter_min_hands=True)
    sql = f"WITH {base}\nSELECT {', '.join(KEYS)}, x AS net_units FROM base"
    return sql, params

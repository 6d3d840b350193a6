"""What a set of filtered hands covers, per game: hands, players, dates, sites,
currencies, stakes, table sizes and the house fee (for a report's overview;
:meth:`Statistics.coverage <rakestats.stats.Statistics.coverage>`)."""

from __future__ import annotations

from typing import Any

from rakestats.stats._games import unit_sql
from rakestats.stats._scope import Scope

__all__ = ["OVERVIEW_COLUMNS", "coverage_sql"]

OVERVIEW_COLUMNS = (
    "game",
    "hands",
    "player_hands",
    "players",
    "first",
    "last",
    "sites",
    "currencies",
    "stakes",
    "table_sizes",
    "house_fee",
    "names_at_sites",
)


def coverage_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """One row per game of the hands with at least one player row within ``scope``
    (``min_hands`` included). ``stakes`` lists the antes (Rake) or big bets (stud games) with
    their currency; ``house_fee`` is summed per currency in ``fees``; ``names_at_sites``
    lists the players (rows) whose hands of the game were played at more than one site,
    as ``'name:sites'``, the most sites first."""
    base, params = scope.base(prefilter_min_hands=True)
    sql = f"""
WITH {base},
kept AS (SELECT DISTINCT hand_key FROM base),
h AS (
    SELECT h.* FROM hands h SEMI JOIN kept k ON h.hand_key = k.hand_key
),
several AS (
    SELECT game, player, count(DISTINCT site) AS n FROM base
    GROUP BY game, player HAVING count(DISTINCT site) > 1
)
SELECT h.game,
    count(*) AS hands,
    (SELECT count(*) FROM base b WHERE b.game = h.game) AS player_hands,
    (SELECT count(DISTINCT b.player) FROM base b WHERE b.game = h.game) AS players,
    min(h.played_at) AS first, max(h.played_at) AS last,
    list_sort(list(DISTINCT h.site)) AS sites,
    list_sort(list(DISTINCT coalesce(h.currency, 'chips'))) AS currencies,
    list_sort(list(DISTINCT coalesce(h.currency, 'chips') || ':' ||
        CAST({unit_sql("h")} AS VARCHAR))) AS stakes,
    list_sort(list(DISTINCT h.n_players)) AS table_sizes,
    (SELECT coalesce(list(m.player || ':' || m.n ORDER BY m.n DESC, m.player), [])
        FROM several m WHERE m.game = h.game) AS names_at_sites,
    list_sort(list(DISTINCT coalesce(h.currency, 'chips') || ':' ||
        CAST(fee AS VARCHAR))) AS fees
FROM h, LATERAL (
    SELECT sum(coalesce(h2.house_fee, 0)) AS fee FROM hands h2
    SEMI JOIN kept k ON h2.hand_key = k.hand_key
    WHERE h2.game = h.game AND coalesce(h2.currency, 'chips') = coalesce(h.currency, 'chips')
) f
GROUP BY h.game
ORDER BY h.game
"""
    return sql, params

"""``player_stats``: one row per player, game and currency (and optionally per
position, table size, stakes or site), from the ``players`` table alone: one grouped
scan of the raw rows, or of the rollup (see ``_rollup``) when the filters allow."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rakestats.stats import _aggression, _results, _showdown, _skull
from rakestats.stats._rollup import DAY_NUMBER, ROLLUP
from rakestats.stats._scope import KEYS, UNIT_NAME, Scope

__all__ = ["BREAKDOWNS", "PARTIALS", "player_sites_sql", "player_stats_sql"]


def _dated(day: str) -> dict[str, str]:
    """The breakdowns by the UTC date of play, from ``day`` (an expression of the day
    number, as the rollup's ``day``): ``year`` a number, ``month`` (``2026-01``), ISO
    ``week`` (``2026-W02``) and ``day`` (``2026-01-05``) text, which sorts as time does."""
    date = f"(DATE '1970-01-01' + {day})"
    return {
        "year": f"CAST(year({date}) AS INTEGER)",
        "month": f"strftime({date}, '%Y-%m')",
        "week": f"strftime({date}, '%G-W%V')",
        "day": f"strftime({date}, '%Y-%m-%d')",
    }


# Extra grouping a caller may ask for: output name -> expression on players columns.
BREAKDOWNS = {
    "position": "position",  # 1 = first to act (left of the dealer); the dealer is last
    "from_dealer": "n_players - position",  # 0 = the dealer, 1 = the seat before, ...
    "table_size": "n_players",
    "ante": "ante",
    "big_bet": "big_bet",
    "site": "site",
    **_dated(DAY_NUMBER),
}
# The same on the rollup's rows, which hold the day number, not the time of play.
_ON_ROLLUP = {**BREAKDOWNS, **_dated("day")}

PARTIALS = [
    *_results.PARTIALS,
    *_aggression.PARTIALS,
    *_showdown.PARTIALS,
    *_skull.PARTIALS,
]
_OUTPUT = [*_results.OUTPUT, *_aggression.OUTPUT, *_showdown.OUTPUT, *_skull.OUTPUT]


def _split_query(
    scope: Scope, by: Sequence[str], rollup: bool
) -> tuple[str, dict[str, Any], str, str]:
    """What :func:`player_stats_sql` and :func:`player_sites_sql` share: the ``base``
    CTE (the rollup's rows, or the raw rows) with its parameters (``min_hands`` among
    them), and the select list and grouping of the keys and the ``by`` breakdowns."""
    unknown = [b for b in by if b not in BREAKDOWNS]
    if unknown:
        raise ValueError(f"cannot break down by {unknown}; choose from {sorted(BREAKDOWNS)}")
    if rollup:
        person, join, where, params = scope.rows("r", day_column="day")
        cte = (
            f"base AS (SELECT r.* EXCLUDE (player), {person} AS player "
            f"FROM {ROLLUP} r {join} WHERE {where})"
        )
    else:
        cte, params = scope.base(prefilter_min_hands=False)
    params["f_min_hands"] = scope.filters.min_hands
    exprs = _ON_ROLLUP if rollup else BREAKDOWNS
    select = ", ".join([*KEYS, *(f"{exprs[b]} AS {b}" for b in by)])
    group = ", ".join([*KEYS, *(exprs[b] for b in by)])
    return cte, params, select, group


def player_stats_sql(
    scope: Scope, by: Sequence[str] = (), *, rollup: bool = False
) -> tuple[str, dict[str, Any]]:
    """The query of :meth:`Statistics.player_stats`. With ``by`` (names from
    :data:`BREAKDOWNS`) rows are split further; ``min_hands`` still applies to each
    player's total hands. With ``rollup`` the query reads the rollup table (only when
    :attr:`Filters.rollup_ok`) instead of the raw rows; the results are the same."""
    cte, params, select, group = _split_query(scope, by, rollup)
    aggregates = ", ".join(p.merged() if rollup else p.raw() for p in PARTIALS)
    sql = f"""
WITH {cte},
g AS (SELECT {select}, {aggregates} FROM base GROUP BY {group}),
t AS (SELECT *, sum(hands) OVER (PARTITION BY {", ".join(KEYS)}) AS _total FROM g)
SELECT {", ".join([*KEYS, *by])}, {UNIT_NAME} AS winrate_unit, {", ".join(_OUTPUT)}
FROM t
WHERE _total >= $f_min_hands
ORDER BY {", ".join(["game", "currency", "player", *by])}
"""
    return sql, params


def player_sites_sql(
    scope: Scope, by: Sequence[str] = (), *, rollup: bool = False
) -> tuple[str, dict[str, Any]]:
    """The query of :meth:`Statistics.player_sites`: per player, game and currency (and
    each ``by`` of :data:`BREAKDOWNS`, as :func:`player_stats_sql` splits its rows) the
    number of sites (``sites``) and their names (``site_names``, sorted), from the rollup
    when ``rollup`` (the filters allow it) or the raw rows; ``min_hands`` as in
    :func:`player_stats_sql` (each player's hands in all)."""
    cte, params, select, group = _split_query(scope, by, rollup)
    hands = "sum(hands)" if rollup else "count(*)"
    sql = f"""
WITH {cte},
g AS (
    SELECT {select}, count(DISTINCT site) AS sites,
        list_sort(list(DISTINCT site)) AS site_names, {hands} AS _hands
    FROM base GROUP BY {group}
),
t AS (SELECT *, sum(_hands) OVER (PARTITION BY {", ".join(KEYS)}) AS _total FROM g)
SELECT {", ".join([*KEYS, *by])}, sites, site_names
FROM t
WHERE _total >= $f_min_hands
ORDER BY {", ".join(["game", "currency", "player", *by])}
"""
    return sql, params

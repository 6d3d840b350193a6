"""``player_stats``: one row per player, game and currency (and optionally per
position or table size), from the ``players`` table alone, in one grouped scan."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rakestats.stats import _aggression, _results, _showdown, _skull
from rakestats.stats._scope import KEYS, UNIT_NAME, Scope

__all__ = ["BREAKDOWNS", "player_stats_sql"]

# Extra grouping a caller may ask for: output name -> column of ``base``.
BREAKDOWNS = {
    "position": "position",  # 1 = first to act (left of the dealer); the dealer is last
    "from_dealer": "n_players - position",  # 0 = the dealer, 1 = the seat before, ...
    "table_size": "n_players",
    "ante": "ante",
    "big_bet": "big_bet",
    "site": "site",
}

_AGGREGATES = [
    *_results.AGGREGATES,
    *_aggression.AGGREGATES,
    *_showdown.AGGREGATES,
    *_skull.AGGREGATES,
]
_OUTPUT = [*_results.OUTPUT, *_aggression.OUTPUT, *_showdown.OUTPUT, *_skull.OUTPUT]


def player_stats_sql(scope: Scope, by: Sequence[str] = ()) -> tuple[str, dict[str, Any]]:
    """The query of :meth:`StatsMixin.player_stats`. With ``by`` (names from
    :data:`BREAKDOWNS`) rows are split further; ``min_hands`` still applies to each
    player's total hands."""
    unknown = [b for b in by if b not in BREAKDOWNS]
    if unknown:
        raise ValueError(f"cannot break down by {unknown}; choose from {sorted(BREAKDOWNS)}")
    extra = [f"{BREAKDOWNS[b]} AS {b}" for b in by]
    base, params = scope.base(prefilter_min_hands=bool(by))
    having = "" if by else scope.having(params)
    group = ", ".join([*KEYS, *(BREAKDOWNS[b] for b in by)])
    select_keys = ", ".join([*KEYS, *extra])
    out_keys = ", ".join([*KEYS, *by])
    order = ", ".join(["game", "currency", "player", *by])
    sql = f"""
WITH {base},
g AS (
    SELECT {select_keys}, {", ".join(_AGGREGATES)}
    FROM base GROUP BY {group} {having}
)
SELECT {out_keys}, {UNIT_NAME} AS winrate_unit, {", ".join(_OUTPUT)}
FROM g
ORDER BY {order}
"""
    return sql, params

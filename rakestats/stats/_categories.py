"""The hand categories shown at the Reveal (Rake) or the showdown (the stud games), as
counts: per player, game, currency and category, the player-hands that showed it and
how many of them won a pot (in Stud Hi/Lo a half counts). What
``hands(outcome="reveal")`` lists one row a player-hand, counted in the database: the
figure and the report's tables need only the counts, and a million hands' rows are
gigabytes in pandas.
"""

from __future__ import annotations

from typing import Any

from rakestats.stats._scope import KEYS, Scope

__all__ = ["reveal_categories_sql"]


def reveal_categories_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """Per player, game, currency and ``hand_category``: ``shown`` (player-hands at the
    Reveal or showdown with that category), ``won`` (those that collected anything) and
    ``won_share``; a player-hand without a category (a stud hand whose cards were not
    shown) is not counted."""
    base, params = scope.base(prefilter_min_hands=True)
    keys = ", ".join(KEYS)
    sql = f"""
WITH {base}
SELECT {keys}, hand_category, count(*) AS shown,
    count(*) FILTER (WHERE collected > 0) AS won,
    (count(*) FILTER (WHERE collected > 0))::DOUBLE / count(*) AS won_share
FROM base
WHERE went_to_reveal AND hand_category IS NOT NULL
GROUP BY {keys}, hand_category
ORDER BY game, currency, player, hand_category
"""
    return sql, params

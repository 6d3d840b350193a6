"""The rows a statistic is computed over: filtered ``players`` rows, with the person
(after aliases) and the game's unit, as a SQL common table expression ``base``.

Every statistic keys its rows by (person, game, currency): amounts are never added up
across games or currencies.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import duckdb
import pandas as pd

from rakestats.stats._aliases import Aliases
from rakestats.stats._filters import Filters
from rakestats.stats._games import UNIT_NAME, unit_sql

__all__ = [
    "ALIAS_TABLE",
    "KEYS",
    "NULLABLE_COLUMNS",
    "UNIT_NAME",
    "Partial",
    "Scope",
    "af_sql",
    "afq_sql",
    "counted_sql",
    "run",
    "share_sql",
    "shares_sql",
    "typed",
    "wilson_sql",
]

# The grouping every result row has: one row per player (person), game and currency.
KEYS = ("player", "game", "currency")

ALIAS_TABLE = "_rakestats_aliases"

# The win-rate unit of each game: antes for Rake, big bets for the stud games.
_UNIT = unit_sql("p")

Z95 = 1.96  # two-sided 95% normal quantile, as trackers and textbooks round it


@dataclass(frozen=True)
class Partial:
    """A figure that adds up: ``expr`` aggregates raw ``players`` rows (``count(*)``,
    ``sum(...)``, ``count_if(...)``), and partial results merge by summing, so the same
    figure comes from raw rows or from a pre-aggregated rollup."""

    name: str
    expr: str
    type: str = "BIGINT"

    @classmethod
    def count(cls, name: str, condition: str) -> Partial:
        """The number of rows where ``condition`` holds (NULL counts as false)."""
        return cls(name, f"count_if(coalesce({condition}, false))")

    def raw(self) -> str:
        return f"({self.expr})::{self.type} AS {self.name}"

    def merged(self) -> str:
        return f"sum({self.name})::{self.type} AS {self.name}"


@dataclass(frozen=True)
class Scope:
    """Filters plus aliases: builds the ``base`` CTE. In ``base``, ``player`` is the
    person (the alias-resolved name), ``screen_name`` the name in the history, ``unit``
    the hand's win-rate unit in chips and ``x`` the hand's net in units (NULL when the
    unit is unknown or zero)."""

    filters: Filters
    aliases: Aliases | None = None

    def register(self, con: duckdb.DuckDBPyConnection) -> None:
        """Make the alias table visible to the connection (before running a query)."""
        if self.aliases:
            con.register(ALIAS_TABLE, self.aliases.table())

    def rows(
        self, table: str, *, day_column: str | None = None
    ) -> tuple[str, str, str, dict[str, Any]]:
        """For rows of ``players`` (or of its rollup) under the name ``table``: the SQL of
        the person (the alias-resolved name), the join to the aliases it needs, and the
        filters' condition with its parameters (``day_column``: see
        :meth:`Filters.where`)."""
        person, join = f"{table}.player", ""
        if self.aliases:
            person = f"coalesce(a.person, {table}.player)"
            join = f"LEFT JOIN {ALIAS_TABLE} a ON a.screen_name = {table}.player"
        where, params = self.filters.where(
            table,
            person if self.aliases else None,
            day_column=day_column,
            alias_table=ALIAS_TABLE,
        )
        return person, join, where, params

    def base(self, *, prefilter_min_hands: bool) -> tuple[str, dict[str, Any]]:
        """``WITH base AS (...)`` text (without the WITH) and its parameters.

        With ``prefilter_min_hands`` the ``min_hands`` filter is applied here, to each
        player's hands in range; otherwise the caller applies it (a HAVING clause)."""
        person, join, where, params = self.rows("p")
        body = (
            f"SELECT p.* EXCLUDE (player), p.player AS screen_name, {person} AS player, "
            f"{_UNIT} AS unit, p.net::DOUBLE / nullif({_UNIT}, 0) AS x "
            f"FROM players p {join} WHERE {where}"
        )
        if prefilter_min_hands and self.filters.min_hands > 0:
            params["f_min_hands"] = self.filters.min_hands
            sql = (
                f"base0 AS ({body}), "
                "base AS (SELECT b.* FROM base0 b SEMI JOIN ("
                "SELECT player, game, currency FROM base0 GROUP BY ALL "
                "HAVING count(*) >= $f_min_hands) e "
                "ON b.player = e.player AND b.game = e.game "
                "AND b.currency IS NOT DISTINCT FROM e.currency)"
            )
        else:
            sql = f"base AS ({body})"
        return sql, params


# Integer columns that are missing for some rows in the usual warehouse (Razz has no
# position, Rake no big bet, a player who did not fold no folded round): always pandas'
# nullable integers, so that a frame's dtypes do not depend on which rows it holds.
NULLABLE_COLUMNS = frozenset({"position", "from_dealer", "big_bet", "small_bet", "folded_round"})


def run(
    con: duckdb.DuckDBPyConnection, scope: Scope, sql: str, params: dict[str, Any]
) -> pd.DataFrame:
    """Execute ``sql`` (which uses the ``base`` CTE of ``scope``) with bound parameters.

    The dtypes do not depend on the rows: an empty result has those of a non-empty one
    (see :func:`typed`)."""
    scope.register(con)
    try:
        result = con.execute(sql, params)
        return typed(result.fetchdf(), result.description)
    finally:
        if scope.aliases:
            con.unregister(ALIAS_TABLE)


# The dtype pandas gives text: its string dtype (pandas 3), or object (pandas 2).
_TEXT = pd.Series(["text"]).dtype
_TEXT_IS_STR = not pd.api.types.is_object_dtype(_TEXT)


def typed(df: pd.DataFrame, description: Any) -> pd.DataFrame:
    """``df`` with dtypes that do not depend on its rows. DuckDB gives ``VARCHAR`` as
    ``object`` when there are no rows, or only NULLs, and as pandas strings otherwise
    (made strings always);
    and an integer column as numpy integers, or as pandas' nullable integers when it
    holds a NULL (the :data:`NULLABLE_COLUMNS` are made nullable always; the others
    hold no NULL)."""
    text = {str(d[0]) for d in description or () if str(d[1]) == "VARCHAR"}
    cast: dict[str, Any] = {}
    for col in df.columns:
        dtype = df[col].dtype
        if col in text and pd.api.types.is_object_dtype(dtype) and _TEXT_IS_STR:
            cast[col] = _TEXT
        elif col in NULLABLE_COLUMNS and pd.api.types.is_integer_dtype(dtype):
            cast[col] = str(dtype).capitalize()  # int16 -> Int16; Int16 stays
    return df.astype(cast) if cast else df


def wilson_sql(k: str, n: str, z: float = Z95) -> tuple[str, str]:
    """SQL for the Wilson score interval of ``k`` successes in ``n`` trials (NULL when
    ``n`` is 0)."""
    z2 = z * z
    p = f"({k})::DOUBLE / nullif({n}, 0)"
    centre = f"({p} + {z2!r} / (2.0 * ({n})))"
    half = f"({z!r} * sqrt({p} * (1 - {p}) / ({n}) + {z2!r} / (4.0 * ({n}) * ({n}))))"
    denom = f"(1 + {z2!r} / ({n}))"
    return f"(({centre} - {half}) / {denom})", f"(({centre} + {half}) / {denom})"


def share_sql(num: str, den: str) -> str:
    """SQL for ``num / den`` as a DOUBLE, NULL when ``den`` is 0."""
    return f"{num}::DOUBLE / nullif({den}, 0)"


def shares_sql(shares: Mapping[str, tuple[str, str]]) -> str:
    """``SELECT`` items: each name of ``shares`` as its (numerator, denominator)."""
    return ",\n    ".join(f"{share_sql(n, d)} AS {name}" for name, (n, d) in shares.items())


def af_sql(column: Callable[[str], str] = str) -> str:
    """The aggression factor, (bets + raises) / calls, of the counts ``column(kind)``
    (``bets``, ``raises``, ``calls``)."""
    b, r, c = map(column, ("bets", "raises", "calls"))
    return share_sql(f"({b} + {r})", c)


def afq_sql(column: Callable[[str], str] = str) -> str:
    """The aggression frequency, (bets + raises) / (bets + raises + calls + folds), of
    the counts ``column(kind)``."""
    b, r, c, f = map(column, ("bets", "raises", "calls", "folds"))
    return share_sql(f"({b} + {r})", f"{b} + {r} + {c} + {f}")


def counted_sql(
    base: str,
    source: str,
    counts: str,
    shares: Mapping[str, tuple[str, str]],
    *,
    by: str = "",
    ctes: str = "",
) -> str:
    """A statistic counted over the rows of ``source`` (a table or common table
    expression with ``hand_key`` and ``player``, under the name ``t``) of the
    player-hands in ``base`` (the ``base`` CTE text), one row per player, game and
    currency (and ``by``, a column of ``t``): the ``counts`` (``SELECT`` items over
    ``t``), then their ``shares``. ``ctes``: more common table expressions, each
    followed by a comma."""
    group = ", ".join([*(f"b.{k}" for k in KEYS), *([f"t.{by}"] if by else [])])
    return f"""
WITH {base},{ctes}
g AS (
    SELECT {group},
        {counts}
    FROM {source} t JOIN base b ON t.hand_key = b.hand_key AND t.player = b.screen_name
    GROUP BY {group}
)
SELECT *,
    {shares_sql(shares)}
FROM g
ORDER BY game, currency, player{", " + by if by else ""}
"""

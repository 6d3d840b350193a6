"""Statistics over the warehouse: DuckDB SQL over the Parquet views, pandas out.

``docs/stats.md`` defines every statistic. The methods live on
:class:`rakestats.Warehouse` through :class:`StatsMixin`.
"""

from rakestats.stats._aliases import AliasError, Aliases, AliasesLike, load_aliases
from rakestats.stats._filters import FilterArgs, Filters
from rakestats.stats._mixin import StatsMixin
from rakestats.stats._players import BREAKDOWNS
from rakestats.stats._stud import STREETS, STUD_GAMES

__all__ = [
    "BREAKDOWNS",
    "STREETS",
    "STUD_GAMES",
    "AliasError",
    "Aliases",
    "AliasesLike",
    "FilterArgs",
    "Filters",
    "StatsMixin",
    "load_aliases",
]

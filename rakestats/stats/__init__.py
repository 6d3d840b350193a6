"""Statistics over the warehouse: DuckDB SQL over the Parquet views, pandas out.

``docs/stats.md`` defines every statistic. The methods live on
:class:`rakestats.Warehouse` through :class:`StatsMixin`.
"""

from rakestats.stats._aliases import AliasError, Aliases, AliasesLike, load_aliases
from rakestats.stats._filters import GAMES, FilterArgs, FilterMiss, Filters, UnknownGameError
from rakestats.stats._hand_document import (
    ActionLine,
    HandDocument,
    RevealLine,
    RoundBlock,
    hand_document,
    round_name,
)
from rakestats.stats._hands import (
    HAND_COLUMNS,
    HAND_LIST_COLUMNS,
    OUTCOMES,
    SKULL_OUTCOMES,
    HandDetail,
    HandNotFoundError,
    hand_detail,
)
from rakestats.stats._mixin import StatsMixin
from rakestats.stats._players import BREAKDOWNS
from rakestats.stats._stud import STREETS, STUD_GAMES
from rakestats.stats.uncertainty import (
    bootstrap_interval,
    largest_share,
    winrate_uncertainty,
)

__all__ = [
    "BREAKDOWNS",
    "GAMES",
    "HAND_COLUMNS",
    "HAND_LIST_COLUMNS",
    "OUTCOMES",
    "SKULL_OUTCOMES",
    "STREETS",
    "STUD_GAMES",
    "ActionLine",
    "AliasError",
    "Aliases",
    "AliasesLike",
    "FilterArgs",
    "FilterMiss",
    "Filters",
    "HandDetail",
    "HandDocument",
    "HandNotFoundError",
    "RevealLine",
    "RoundBlock",
    "StatsMixin",
    "UnknownGameError",
    "bootstrap_interval",
    "hand_detail",
    "hand_document",
    "largest_share",
    "load_aliases",
    "round_name",
    "winrate_uncertainty",
]

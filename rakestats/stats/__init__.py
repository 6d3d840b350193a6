"""Statistics over the warehouse: DuckDB SQL over the Parquet views, pandas out.

``docs/stats.md`` defines every statistic. They are the methods of
:class:`Statistics`, the component a :class:`rakestats.Warehouse` holds
(``wh.statistics``) and whose methods it offers as its own; :class:`HasStatistics` types
anything that has them. ``StatsMixin`` is the old name of :class:`Statistics`.
"""

from rakestats.stats._aliases import AliasError, Aliases, AliasesLike, load_aliases
from rakestats.stats._columns import (
    STAT_COLUMNS,
    Kind,
    StatColumn,
    cell_text,
    round_columns,
    row_value,
    sort_key,
    stat_columns,
)
from rakestats.stats._display import (
    DISPLAY_SUFFIX,
    STAKE_COLUMNS,
    display_columns,
    money_text,
    split_text,
    with_display,
)
from rakestats.stats._empty import EmptyResultWarning, empty_is_quiet, quiet_empty, warn_empty
from rakestats.stats._filters import (
    GAMES,
    FilterArgs,
    FilterMiss,
    Filters,
    UnknownGameError,
    category_key,
    category_title,
)
from rakestats.stats._games import GAME_TITLES, game_title, is_stud, unit_column, unit_words
from rakestats.stats._hand_document import (
    ActionLine,
    HandDocument,
    PotHalves,
    PotLine,
    RevealLine,
    RoundBlock,
    ShownCards,
    hand_document,
    round_name,
)
from rakestats.stats._hands import (
    HAND_COLUMNS,
    HAND_LIST_COLUMNS,
    ORDER_BY,
    OUTCOMES,
    SKULL_OUTCOMES,
    HandArgs,
    HandDetail,
    HandNotFoundError,
    hand_detail,
)
from rakestats.stats._players import BREAKDOWNS
from rakestats.stats._skull import SKULL_GAMES
from rakestats.stats._statistics import HasStatistics, Statistics, StatsMixin
from rakestats.stats._stud import STREETS, STUD_BREAKDOWNS, STUD_GAMES
from rakestats.stats.uncertainty import (
    bootstrap_interval,
    largest_share,
    winrate_uncertainty,
)

__all__ = [
    "BREAKDOWNS",
    "DISPLAY_SUFFIX",
    "GAMES",
    "GAME_TITLES",
    "HAND_COLUMNS",
    "HAND_LIST_COLUMNS",
    "ORDER_BY",
    "OUTCOMES",
    "SKULL_GAMES",
    "SKULL_OUTCOMES",
    "STAKE_COLUMNS",
    "STAT_COLUMNS",
    "STREETS",
    "STUD_BREAKDOWNS",
    "STUD_GAMES",
    "ActionLine",
    "AliasError",
    "Aliases",
    "AliasesLike",
    "EmptyResultWarning",
    "FilterArgs",
    "FilterMiss",
    "Filters",
    "HandArgs",
    "HandDetail",
    "HandDocument",
    "HandNotFoundError",
    "HasStatistics",
    "Kind",
    "PotHalves",
    "PotLine",
    "RevealLine",
    "RoundBlock",
    "ShownCards",
    "StatColumn",
    "Statistics",
    "StatsMixin",
    "UnknownGameError",
    "bootstrap_interval",
    "category_key",
    "category_title",
    "cell_text",
    "display_columns",
    "empty_is_quiet",
    "game_title",
    "hand_detail",
    "hand_document",
    "is_stud",
    "largest_share",
    "load_aliases",
    "money_text",
    "quiet_empty",
    "round_columns",
    "round_name",
    "row_value",
    "sort_key",
    "split_text",
    "stat_columns",
    "unit_column",
    "unit_words",
    "warn_empty",
    "winrate_uncertainty",
    "with_display",
]

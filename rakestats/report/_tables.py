"""The report's tables: which columns (each headed and written as
:data:`rakestats.stats.STAT_COLUMNS` says), sorted how, with which totals. A
:class:`Table` holds text ready for the template (unescaped: the template escapes it)
and, for each cell, a sort key (``data-v``) that the page's script sorts on and the
tests read back."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from rakestats.rake.evaluator import HandCategory
from rakestats.stats import (
    StatColumn,
    cell_text,
    round_columns,
    row_value,
    sort_key,
    stat_columns,
)
from rakestats.stud import HighCategory, LowCategory

__all__ = [
    "AUTO_LOSS_TABLE",
    "BY_MONTH_TABLE",
    "BY_POSITION_TABLE",
    "BY_SITE_TABLE",
    "BY_TABLE_SIZE_TABLE",
    "CATEGORY_TABLE",
    "HIGH_CATEGORY_TABLE",
    "LOW_CATEGORY_TABLE",
    "POSITION_TABLE",
    "PROFILE_SESSIONS_TABLE",
    "SESSIONS_TABLE",
    "SKULL_HANDS_TABLE",
    "SKULL_TABLE",
    "SPLIT_POT_TABLE",
    "STATS_TABLE",
    "STEAL_TABLE",
    "STUD_RESULTS_TABLE",
    "STUD_STREET_TABLE",
    "STUD_TABLE",
    "STYLE_TABLE",
    "THIRD_STREET_TABLE",
    "Cell",
    "Table",
    "category_counts",
    "high_category_counts",
    "low_category_counts",
    "rounds_columns",
    "session_summary",
    "table",
]

# The columns of each table (titles and kinds: rakestats.stats.STAT_COLUMNS).
STATS_TABLE = stat_columns(
    "player game currency hands net winrate_per100 winrate_ci_low winrate_ci_high "
    "largest_hand_share uncertainty_note"
)
STYLE_TABLE = stat_columns("player game hands vpip raise_r1 af afq wtsd wsd won_no_reveal_pct")
POSITION_TABLE = stat_columns("player game from_dealer hands net winrate_per100 vpip af")
SKULL_TABLE = stat_columns(
    "player skull_ace_held skull_ace_reveals skull_ace_auto_wins skull_ace_auto_losses "
    "skull_ace_loss_freq skull_ace_loss_ci_low skull_ace_loss_ci_high skull_ace_folds "
    "skull_ace_net"
)
STUD_TABLE = stat_columns(
    "player game currency hands net winrate_per100 winrate_ci_low winrate_ci_high wtsd wsd",
    titles={"winrate_per100": "BB/100"},
)
STUD_STREET_TABLE = stat_columns(
    "player hands bring_in_pct complete_pct complete_of_chances raise_3rd_pct vpip_3rd af afq"
)
# A stud game's section: results, 3rd street, and for Stud Hi/Lo the split pots.
STUD_RESULTS_TABLE = stat_columns(
    "player currency hands net winrate_per100 winrate_ci_low winrate_ci_high wtsd wsd",
    titles={"winrate_per100": "BB/100"},
)
THIRD_STREET_TABLE = stat_columns(
    "player currency hands bring_in_pct complete_pct complete_of_chances raise_3rd_pct vpip_3rd"
)
STEAL_TABLE = stat_columns(
    "player currency steal_chances steal_pct steal_success fold_to_steal fold_to_complete"
)
SPLIT_POT_TABLE = stat_columns(
    "player currency showdowns scoop_pct high_won_pct low_won_pct low_qualified_pct "
    "low_won_of_qualified quartered_pct"
)
SESSIONS_TABLE = stat_columns(
    "player game sessions hands median_minutes net_per_session best worst net"
)
CATEGORY_TABLE = stat_columns("category shown won won_share")
LOW_CATEGORY_TABLE = stat_columns(
    "category shown won won_share", titles={"category": "low", "shown": "at showdown"}
)
HIGH_CATEGORY_TABLE = stat_columns(
    "category shown won won_share", titles={"category": "high hand", "shown": "at showdown"}
)
AUTO_LOSS_TABLE = stat_columns("hand_id played_at player hand_description net command")
# A player profile's tables.
BY_POSITION_TABLE = stat_columns("from_dealer hands net winrate_per100")
BY_TABLE_SIZE_TABLE = stat_columns("table_size hands net winrate_per100")
BY_SITE_TABLE = stat_columns("site hands net winrate_per100")
BY_MONTH_TABLE = stat_columns("month hands net winrate_per100 winrate_ci_low winrate_ci_high")
PROFILE_SESSIONS_TABLE = stat_columns("session start minutes hands net winrate_per100")
SKULL_HANDS_TABLE = stat_columns("hand_id played_at ending net command")


def rounds_columns(rounds: Sequence[str]) -> tuple[StatColumn, ...]:
    """The player, hands, and AF and AFq per betting round: ``rounds`` are the round
    names (Rake: r1, r2, r3; Razz: 3rd … 7th), columns ``af_rN`` / ``afq_rN``."""
    return (*stat_columns("player hands"), *round_columns(rounds))


@dataclass(frozen=True)
class Cell:
    """One cell: its text, its sort key, and whether it is text (``s``) or a number
    (``n``)."""

    text: str
    key: str
    kind: str


@dataclass(frozen=True)
class Table:
    """A table for the template: the class (``stats``, ``stud``, ...), the headers with
    their kind, the body rows, the totals rows (in ``<tfoot>``), a caption."""

    cls: str
    heads: list[tuple[str, str]]
    body: list[list[Cell]]
    totals: list[list[Cell]] = field(default_factory=list)
    caption: str = ""
    wide: bool = False

    @property
    def empty(self) -> bool:
        return not self.body


def _kind(column: StatColumn) -> str:
    return "s" if column.kind.is_text else "n"


def _cell(value: Any, column: StatColumn, currency: str | None) -> Cell:
    """A body cell: the text, and the key the page's script sorts on."""
    return Cell(
        cell_text(value, column.kind, currency), sort_key(value, column.kind), _kind(column)
    )


def _currency(rec: dict[Any, Any]) -> str | None:
    value = rec.get("currency")
    return value if isinstance(value, str) else None


def _totals(df: pd.DataFrame, columns: Sequence[StatColumn]) -> list[list[Cell]]:
    """One totals row per currency (amounts are never added across currencies) with the
    sums of the :attr:`~rakestats.stats.StatColumn.summed` columns."""
    currencies = (
        sorted(df["currency"].dropna().astype(str).unique()) if "currency" in df.columns else []
    )
    foot = []
    for cur in currencies or [None]:
        part = df if cur is None else df[df["currency"] == cur]
        line = [Cell("total" if len(currencies) <= 1 else f"total, {cur}", "", "s")]
        for c in columns[1:]:
            if c.key == "currency" and cur is not None:
                line.append(Cell(cur, "", "s"))
            elif c.summed and c.key in part.columns:
                total = int(pd.to_numeric(part[c.key], errors="coerce").fillna(0).sum())
                line.append(Cell(cell_text(total, c.kind, cur), repr(float(total)), "n"))
            else:
                line.append(Cell("", "", _kind(c)))
        foot.append(line)
    return foot


def table(
    df: pd.DataFrame,
    columns: Sequence[StatColumn],
    cls: str,
    *,
    sort: Sequence[tuple[str, bool]] = (),
    totals: bool = False,
    caption: str = "",
) -> Table:
    """A :class:`Table` of ``df``: rows sorted by ``sort`` (column, descending), then
    formatted (columns missing from ``df`` are ``-``); with ``totals``, one totals row
    per currency summing the summed columns."""
    if sort and not df.empty:
        keys = [c for c, _ in sort if c in df.columns]
        asc = [not d for c, d in sort if c in df.columns]
        df = df.sort_values(keys, ascending=asc, kind="stable", na_position="last")
    body = [
        [_cell(row_value(rec, c.key), c, _currency(rec)) for c in columns]
        for rec in df.to_dict(orient="records")
    ]
    foot = _totals(df, columns) if totals and not df.empty else []
    heads = [(c.title, _kind(c)) for c in columns]
    return Table(cls, heads, body, foot, caption, wide=len(columns) > 8)


def session_summary(sessions: pd.DataFrame) -> pd.DataFrame:
    """Per player, game and currency: ``sessions``, ``hands``, ``median_minutes``,
    ``net_per_session`` (mean), ``best`` and ``worst`` session net, ``net``."""
    keys = ["player", "game", "currency"]
    cols = [*keys, "sessions", "hands", "median_minutes", "net_per_session", "best", "worst"]
    if sessions.empty:
        return pd.DataFrame(columns=[*cols, "net"])
    g = sessions.groupby(keys, sort=True, dropna=False)
    out = pd.DataFrame(
        {
            "sessions": g["session"].count(),
            "hands": g["hands"].sum(),
            "median_minutes": g["minutes"].median(),
            "net_per_session": g["net"].mean(),
            "best": g["net"].max(),
            "worst": g["net"].min(),
            "net": g["net"].sum(),
        }
    ).reset_index()
    return out


def _category_counts(df: pd.DataFrame, categories: Sequence[tuple[str, str]]) -> pd.DataFrame:
    """Per (name, title) of ``categories``, in their order: the player-hands that showed
    that ``hand_category`` (``shown``, summed over the rows of ``df``, the counts of
    ``reveal_categories()``), how many won a pot, and the share."""
    df = df[df["hand_category"].notna()]
    by = df.groupby(df["hand_category"].astype(str))
    shown, wins = by["shown"].sum(), by["won"].sum()
    out = []
    for name, title in categories:
        n, w = int(shown.get(name, 0)), int(wins.get(name, 0))
        out.append({"category": title, "shown": n, "won": w, "won_share": w / n if n else None})
    return pd.DataFrame(out)


def category_counts(reveals: pd.DataFrame) -> pd.DataFrame:
    """Hands at the Reveal per category (lowest first) and how many won a pot."""
    return _category_counts(reveals, [(c.name, c.title) for c in HandCategory])


def _titled(names: list[str]) -> list[tuple[str, str]]:
    return [(n, n.replace("_", " ").capitalize()) for n in names]


def low_category_counts(showdowns: pd.DataFrame) -> pd.DataFrame:
    """Razz hands at the showdown per low category (best first: no pair, pair, ...) and
    how many won a pot."""
    return _category_counts(showdowns, _titled([c.name for c in LowCategory]))


def high_category_counts(showdowns: pd.DataFrame) -> pd.DataFrame:
    """Seven-Card Stud or Stud Hi/Lo hands at the showdown per high-hand category (best
    first: straight flush, four of a kind, ...) and how many won a pot (in Stud Hi/Lo a
    half counts)."""
    return _category_counts(showdowns, _titled([c.name for c in reversed(HighCategory)]))

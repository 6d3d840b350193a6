"""The report's tables: which columns, headed how, formatted how, sorted how, with
which totals. A :class:`Table` holds text ready for the template (unescaped: the
template escapes it) and, for each cell, a sort key (``data-v``) that the page's
script sorts on and the tests read back."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from rakestats.money import format_money
from rakestats.rake.evaluator import HandCategory
from rakestats.razz.evaluator import LowCategory

__all__ = [
    "AUTO_LOSS_TABLE",
    "CATEGORY_TABLE",
    "LOW_CATEGORY_TABLE",
    "POSITION_TABLE",
    "SESSIONS_TABLE",
    "SKULL_TABLE",
    "STATS_TABLE",
    "STUD_STREET_TABLE",
    "STUD_TABLE",
    "STYLE_TABLE",
    "Cell",
    "Column",
    "Table",
    "category_counts",
    "cell",
    "low_category_counts",
    "rounds_columns",
    "rows",
    "session_summary",
    "table",
]

# header, column, format: s text, d int (thousands separators), % rate, .Nf float,
# t time, $ an amount in the row's currency (stored in its smallest unit; shown as
# ``$0.97`` or ``4,250`` chips), $h a mean amount (rounded to the unit), x a share
# (0-1) shown as a percentage with no decimals
Column = tuple[str, str, str]

STATS_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("game", "game", "s"),
    ("currency", "currency", "s"),
    ("hands", "hands", "d"),
    ("net", "net", "$"),
    ("win/100", "winrate_per100", ".1f"),
    ("CI low", "winrate_ci_low", ".1f"),
    ("CI high", "winrate_ci_high", ".1f"),
    ("top hand", "largest_hand_share", "x"),
    ("note", "uncertainty_note", "s"),
)

STYLE_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("game", "game", "s"),
    ("hands", "hands", "d"),
    ("VPIP", "vpip", "%"),
    ("R1 raise", "raise_r1", "%"),
    ("AF", "af", ".2f"),
    ("AFq", "afq", "%"),
    ("WTSD", "wtsd", "%"),
    ("W$SD", "wsd", "%"),
    ("won w/o Reveal", "won_no_reveal_pct", "%"),
)


def rounds_columns(rounds: Sequence[str]) -> tuple[Column, ...]:
    """AF and AFq per betting round: ``rounds`` are the round names (Rake: 1, 2, 3;
    Razz: 3rd … 7th), columns ``af_rN`` / ``afq_rN``."""
    cols: list[Column] = [("player", "player", "s"), ("hands", "hands", "d")]
    for i, name in enumerate(rounds, start=1):
        cols += [(f"AF {name}", f"af_r{i}", ".2f"), (f"AFq {name}", f"afq_r{i}", "%")]
    return tuple(cols)


POSITION_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("game", "game", "s"),
    ("from dealer", "from_dealer", "d"),
    ("hands", "hands", "d"),
    ("net", "net", "$"),
    ("win/100", "winrate_per100", ".1f"),
    ("VPIP", "vpip", "%"),
    ("AF", "af", ".2f"),
)

SKULL_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("held", "skull_ace_held", "d"),
    ("Reveals", "skull_ace_reveals", "d"),
    ("auto wins", "skull_ace_auto_wins", "d"),
    ("auto losses", "skull_ace_auto_losses", "d"),
    ("loss freq", "skull_ace_loss_freq", "%"),
    ("CI low", "skull_ace_loss_ci_low", "%"),
    ("CI high", "skull_ace_loss_ci_high", "%"),
    ("folds", "skull_ace_folds", "d"),
    ("net", "skull_ace_net", "$"),
)

STUD_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("game", "game", "s"),
    ("currency", "currency", "s"),
    ("hands", "hands", "d"),
    ("net", "net", "$"),
    ("BB/100", "winrate_per100", ".1f"),
    ("CI low", "winrate_ci_low", ".1f"),
    ("CI high", "winrate_ci_high", ".1f"),
    ("WTSD", "wtsd", "%"),
    ("W$SD", "wsd", "%"),
)

STUD_STREET_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("hands", "hands", "d"),
    ("bring-in", "bring_in_pct", "%"),
    ("complete", "complete_pct", "%"),
    ("complete/chances", "complete_of_chances", "%"),
    ("3rd raise", "raise_3rd_pct", "%"),
    ("VPIP 3rd", "vpip_3rd", "%"),
    ("AF", "af", ".2f"),
    ("AFq", "afq", "%"),
)

SESSIONS_TABLE: tuple[Column, ...] = (
    ("player", "player", "s"),
    ("game", "game", "s"),
    ("sessions", "sessions", "d"),
    ("hands", "hands", "d"),
    ("median length (min)", "median_minutes", ".0f"),
    ("net per session", "net_per_session", "$h"),
    ("best", "best", "$"),
    ("worst", "worst", "$"),
    ("net", "net", "$"),
)

LOW_CATEGORY_TABLE: tuple[Column, ...] = (
    ("low", "category", "s"),
    ("at showdown", "shown", "d"),
    ("won a pot", "won", "d"),
    ("share won", "won_pct", "%"),
)

AUTO_LOSS_TABLE: tuple[Column, ...] = (
    ("hand", "hand_id", "s"),
    ("played (UTC)", "played_at", "t"),
    ("player", "player", "s"),
    ("hand", "hand_description", "s"),
    ("net", "net", "$"),
)

CATEGORY_TABLE: tuple[Column, ...] = (
    ("category", "category", "s"),
    ("at the Reveal", "shown", "d"),
    ("won a pot", "won", "d"),
    ("share won", "won_pct", "%"),
)

# Columns added up in a table's totals (amounts per currency).
SUMMED = frozenset(
    {
        "hands",
        "net",
        "skull_ace_held",
        "skull_ace_reveals",
        "skull_ace_auto_wins",
        "skull_ace_auto_losses",
        "skull_ace_folds",
        "skull_ace_net",
        "shown",
        "won",
        "sessions",
    }
)


def _missing(value: Any) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and not math.isfinite(value)


def cell(value: Any, fmt: str, currency: str | None = None) -> str:
    """A value as table text (unescaped); missing values are ``-``. An amount (``$``) is
    in ``currency``'s units: ``$0.97`` for 97 cents, ``4,250`` for chips."""
    if _missing(value):
        return "-"
    if fmt == "$":
        return format_money(value, currency)
    if fmt == "$h":
        return format_money(round(float(value)), currency)
    if fmt == "s":
        return str(value)
    if fmt == "t":
        return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M")
    if fmt == "%":
        return f"{100 * float(value):.1f}%"
    if fmt == "x":
        return f"{100 * float(value):.0f}%"
    if fmt == "d":
        return f"{int(value):,}"
    return f"{float(value):,{fmt}}"


def _sort_key(value: Any, fmt: str) -> str:
    if _missing(value):
        return ""
    if fmt in ("s",):
        return str(value)
    if fmt == "t":
        return pd.Timestamp(value).isoformat()
    return repr(float(value))


def rows(df: pd.DataFrame, columns: tuple[Column, ...]) -> list[list[str]]:
    """The table body as text, one list per row (columns missing from ``df`` are
    ``-``; amounts are in the currency of the row's ``currency``, chips without one)."""
    return [
        [cell(rec.get(col), fmt, _currency(rec)) for _, col, fmt in columns]
        for rec in df.to_dict(orient="records")
    ]


def _currency(rec: dict[Any, Any]) -> str | None:
    value = rec.get("currency")
    return value if isinstance(value, str) else None


@dataclass(frozen=True)
class Cell:
    """One cell: its text, its sort key, and whether it is text (``s``) or a number."""

    text: str
    key: str
    kind: str
    title: str = ""


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


def table(
    df: pd.DataFrame,
    columns: tuple[Column, ...],
    cls: str,
    *,
    sort: Sequence[tuple[str, bool]] = (),
    totals: bool = False,
    caption: str = "",
    titles: dict[str, str] | None = None,
) -> Table:
    """A :class:`Table` of ``df``: rows sorted by ``sort`` (column, descending), then
    formatted; with ``totals``, one totals row per currency (amounts are never added
    across currencies) summing the columns of :data:`SUMMED`."""
    if sort and not df.empty:
        keys = [c for c, _ in sort if c in df.columns]
        asc = [not d for c, d in sort if c in df.columns]
        df = df.sort_values(keys, ascending=asc, kind="stable", na_position="last")
    heads = [(h, "s" if fmt in ("s", "t") else "n") for h, _, fmt in columns]
    titles = titles or {}
    body = []
    for rec in df.to_dict(orient="records"):
        cur = _currency(rec)
        body.append(
            [
                Cell(
                    cell(rec.get(col), fmt, cur),
                    _sort_key(rec.get(col), fmt),
                    "s" if fmt in ("s", "t") else "n",
                    titles.get(col, ""),
                )
                for _, col, fmt in columns
            ]
        )
    foot: list[list[Cell]] = []
    if totals and not df.empty:
        currencies = (
            sorted(df["currency"].dropna().astype(str).unique())
            if "currency" in df.columns
            else [None]
        )
        for cur in currencies or [None]:
            part = df if cur is None else df[df["currency"] == cur]
            label = "total" if len(currencies) <= 1 else f"total, {cur}"
            line: list[Cell] = []
            for i, (_, col, fmt) in enumerate(columns):
                if i == 0:
                    line.append(Cell(label, "", "s"))
                elif col == "currency" and cur is not None:
                    line.append(Cell(cur, "", "s"))
                elif col in SUMMED and col in part.columns and fmt in ("d", "$"):
                    total = int(pd.to_numeric(part[col], errors="coerce").fillna(0).sum())
                    line.append(Cell(cell(total, fmt, cur), repr(float(total)), "n"))
                else:
                    line.append(Cell("", "", "s" if fmt in ("s", "t") else "n"))
            foot.append(line)
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


def category_counts(reveals: pd.DataFrame) -> pd.DataFrame:
    """Hands at the Reveal per category (lowest first) and how many won a pot."""
    df = reveals[reveals["hand_category"].notna()]
    won = df["collected"].fillna(0).astype(float) > 0
    shown = df["hand_category"].value_counts()
    wins = df[won]["hand_category"].value_counts()
    out = []
    for cat in HandCategory:
        n = int(shown.get(cat.name, 0))
        w = int(wins.get(cat.name, 0))
        out.append({"category": cat.title, "shown": n, "won": w, "won_pct": w / n if n else None})
    return pd.DataFrame(out)


def low_category_counts(showdowns: pd.DataFrame) -> pd.DataFrame:
    """Stud hands at the showdown per low category (best first: no pair, pair, ...) and
    how many won a pot."""
    df = showdowns[showdowns["hand_category"].notna()]
    won = df["collected"].fillna(0).astype(float) > 0
    shown = df["hand_category"].value_counts()
    wins = df[won]["hand_category"].value_counts()
    out = []
    for cat in LowCategory:
        n = int(shown.get(cat.name, 0))
        w = int(wins.get(cat.name, 0))
        title = cat.name.replace("_", " ").capitalize()
        out.append({"category": title, "shown": n, "won": w, "won_pct": w / n if n else None})
    return pd.DataFrame(out)

"""The report's tables: which columns, headed how, formatted how (HTML and PDF)."""

from __future__ import annotations

import math
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
    "SKULL_TABLE",
    "STATS_TABLE",
    "STUD_TABLE",
    "Column",
    "category_counts",
    "cell",
    "low_category_counts",
    "rows",
]

# header, column, format: s text, d int, % rate, .Nf float, t time, $ an amount in the
# row's currency (stored in its smallest unit; shown as ``$0.97`` or ``4,250`` chips)
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
    ("unit", "winrate_unit", "s"),
    ("VPIP", "vpip", "%"),
    ("R1 raise", "raise_r1", "%"),
    ("AF", "af", ".2f"),
    ("AFq", "afq", "%"),
    ("WTSD", "wtsd", "%"),
    ("W$SD", "wsd", "%"),
    ("won w/o Reveal", "won_no_reveal_pct", "%"),
)

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
    ("game", "game", "s"),
    ("currency", "currency", "s"),
    ("held", "skull_ace_held", "d"),
    ("Reveals", "skull_ace_reveals", "d"),
    ("auto wins", "skull_ace_auto_wins", "d"),
    ("auto losses", "skull_ace_auto_losses", "d"),
    ("loss freq", "skull_ace_loss_freq", "%"),
    ("CI low", "skull_ace_loss_ci_low", "%"),
    ("CI high", "skull_ace_loss_ci_high", "%"),
    ("folds", "skull_ace_folds", "d"),
    ("net", "skull_ace_net", "$"),
    ("picked up face up", "skull_ace_pickups_face_up", "d"),
    ("face down", "skull_ace_pickups_face_down", "d"),
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
    ("bring-in", "bring_in_pct", "%"),
    ("complete", "complete_pct", "%"),
    ("complete/chances", "complete_of_chances", "%"),
    ("3rd raise", "raise_3rd_pct", "%"),
    ("VPIP 3rd", "vpip_3rd", "%"),
    ("AF", "af", ".2f"),
    ("AFq", "afq", "%"),
    ("AFq 3rd", "afq_3rd", "%"),
    ("AFq 4th", "afq_4th", "%"),
    ("AFq 5th", "afq_5th", "%"),
    ("AFq 6th", "afq_6th", "%"),
    ("AFq 7th", "afq_7th", "%"),
    ("WTSD", "wtsd", "%"),
    ("W$SD", "wsd", "%"),
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
    ("table", "table_name", "s"),
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


def cell(value: Any, fmt: str, currency: str | None = None) -> str:
    """A value as table text (unescaped); missing values are ``-``. An amount (``$``) is
    in ``currency``'s units: ``$0.97`` for 97 cents, ``4,250`` for chips."""
    if value is None or value is pd.NA or value is pd.NaT:
        return "-"
    if isinstance(value, float) and not math.isfinite(value):
        return "-"
    if fmt == "$":
        return format_money(value, currency)
    if fmt == "s":
        return str(value)
    if fmt == "t":
        return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M:%S")
    if fmt == "%":
        return f"{100 * float(value):.1f}%"
    if fmt == "d":
        return str(int(value))
    return format(float(value), fmt)


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

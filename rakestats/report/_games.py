"""The report's parts about each game: the tables of a stud game's section (results,
3rd street, steals, split pots, the hands at the showdown) and the aggression per betting
round of every game."""

from __future__ import annotations

from typing import Any

from rakestats.report._data import ReportData
from rakestats.report._tables import (
    HIGH_CATEGORY_TABLE,
    LOW_CATEGORY_TABLE,
    SPLIT_POT_TABLE,
    STEAL_TABLE,
    STUD_RESULTS_TABLE,
    THIRD_STREET_TABLE,
    Table,
    high_category_counts,
    low_category_counts,
    rounds_columns,
    table,
)
from rakestats.stats import STREETS, STUD_GAMES, game_title, is_stud

__all__ = ["rounds_tables", "stud_section"]

# What a stud game's section says first.
_STUD_INTROS = {
    "razz": "Razz: the lowest hand wins (ace-to-five: straights and flushes do not count, "
    "the Ace is low); the highest up card brings in.",
    "stud": "Seven-Card Stud: the highest hand wins; the lowest up card brings in.",
    "stud8": "Stud Hi/Lo, eight or better: the pot is split between the highest hand and the "
    "lowest hand of five different ranks, eight or lower (without such a low, the high "
    "hand takes it all); the lowest up card brings in.",
}


def rounds_tables(data: ReportData) -> list[tuple[str, Table]]:
    """AF and AFq per betting round, a table per game: Rake's rounds 1 to 3, each stud
    game's 3rd to 7th street (a player of several currencies named with each)."""
    out = []
    for game in ("rake", *STUD_GAMES):
        part = data.stats[data.stats["game"] == game] if not data.stats.empty else data.stats
        if part.empty:
            continue
        names = list(STREETS) if is_stud(game) else ["r1", "r2", "r3"]
        if part["currency"].nunique(dropna=False) > 1:  # one player's rows apart
            part = part.assign(
                player=[f"{p} ({c})" for p, c in zip(part["player"], part["currency"], strict=True)]
            )
        title = f"{game_title(game)}: " + (
            "3rd to 7th street" if is_stud(game) else "rounds 1 to 3"
        )
        out.append(
            (title, table(part, rounds_columns(names), f"rounds-{game}", sort=[("hands", True)]))
        )
    return out


def stud_section(data: ReportData, game: str) -> dict[str, Any]:
    """The tables of one stud game's section."""
    rows = data.stud_of(game)
    shows = data.stud_showdowns[data.stud_showdowns["game"] == game]
    razz = game == "razz"
    showdown = (
        table(low_category_counts(shows), LOW_CATEGORY_TABLE, f"lows-{game}", totals=True)
        if razz
        else table(high_category_counts(shows), HIGH_CATEGORY_TABLE, f"highs-{game}", totals=True)
    )
    by_hands = [("hands", True)]
    chances = ["steal_chances", "fold_to_steal_chances", "fold_to_complete_chances"]
    stealing = rows[(rows[chances] > 0).any(axis=1)] if not rows.empty else rows
    shown_down = rows[rows["showdowns"] > 0] if not rows.empty else rows
    return {
        "game": game,
        "title": game_title(game),
        "intro": _STUD_INTROS.get(game, ""),
        "results": table(rows, STUD_RESULTS_TABLE, f"stud-{game}", sort=by_hands, totals=True),
        "third": table(rows, THIRD_STREET_TABLE, f"third-{game}", sort=by_hands),
        "steals": table(
            stealing, STEAL_TABLE, f"steals-{game}", sort=[("steal_chances", True), *by_hands]
        ),
        "split": table(
            shown_down, SPLIT_POT_TABLE, "split-pots", sort=[("showdowns", True), *by_hands]
        )
        if game == "stud8"
        else None,
        "showdown_title": "Lows at the showdown" if razz else "High hands at the showdown",
        "showdown": showdown,
    }

"""The report as one self-contained HTML document, made from a Jinja2 template with
autoescaping: inline CSS (screen and print), figures as base64 PNG, a few lines of
inline script that sort the tables, nothing fetched. The same document, rendered by
WeasyPrint, is the PDF (:mod:`rakestats.report._pdf`).

The default template is ``rakestats/report/templates/report.html.j2`` (with
``report.css`` and ``sort.js`` beside it); ``template=`` names another file, which may
``{% extends "report.html.j2" %}`` and override its blocks. Every text from histories
or the user (names, hand ids, filters, paths) is escaped by the template engine.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import pandas as pd

from rakestats import __version__
from rakestats.money import format_money, is_cash
from rakestats.report._data import SESSION_GAP_MINUTES, ReportData
from rakestats.report._definitions import (
    DEFINITIONS,
    RAKE_ONLY,
    STUD8_DEFINITIONS,
    STUD_DEFINITIONS,
)
from rakestats.report._figures import Chart, png_base64
from rakestats.report._games import rounds_tables, stud_section
from rakestats.report._profile import REFERENCE_MIN_HANDS, SKULL_HAND_LIMIT, Profile
from rakestats.report._tables import (
    AUTO_LOSS_TABLE,
    BY_MONTH_TABLE,
    BY_POSITION_TABLE,
    BY_SITE_TABLE,
    BY_TABLE_SIZE_TABLE,
    CATEGORY_TABLE,
    LOW_CATEGORY_TABLE,
    POSITION_TABLE,
    PROFILE_SESSIONS_TABLE,
    SESSIONS_TABLE,
    SKULL_HANDS_TABLE,
    SKULL_TABLE,
    STATS_TABLE,
    STUD_STREET_TABLE,
    STUD_TABLE,
    STYLE_TABLE,
    Table,
    category_counts,
    low_category_counts,
    session_summary,
    table,
)
from rakestats.report._template import render_template
from rakestats.stats import (
    STAT_COLUMNS,
    Kind,
    cell_text,
    game_title,
    is_stud,
    stat_columns,
    unit_words,
)
from rakestats.stats.uncertainty import (
    BOOTSTRAP_RESAMPLES,
    BOOTSTRAP_SEED,
    DOMINANCE_THRESHOLD,
    SMALL_SAMPLE_HANDS,
)

__all__ = [
    "PAPERS",
    "RAKE_SECTIONS",
    "SECTIONS",
    "hand_command",
    "render_html",
    "shown",
]

# Paper sizes of the print style (one orientation: portrait).
PAPERS = {"a4": "A4 portrait", "letter": "letter portrait"}

# (id, heading) of the sections of a report on Rake hands, in order.
SECTIONS = (
    ("overview", "Overview"),
    ("results", "Results"),
    ("style", "Playing style"),
    ("sessions", "Sessions"),
    ("positions", "Positions"),
    ("skull", "The Ace of Skulls"),
    ("reveal", "The Reveal"),
    ("definitions", "Definitions"),
)
# Sections about Rake alone, left out when the filtered hands hold no Rake hand.
RAKE_SECTIONS = ("positions", "skull", "reveal")
# After the Reveal, a section for each stud game the filtered hands hold: its id is the
# game (``razz``, ``stud``, ``stud8``), its heading the game's name.
PROFILES_SECTION = ("profiles", "Player profiles")

_OPTIONS = {
    "players": "--player",
    "game": "--game",
    "min_hands": "--min-hands",
    "since": "--since",
    "until": "--until",
    "ante": "--ante",
    "big_bet": "--big-bet",
    "table_size": "--table-size",
    "currency": "--currency",
    "site": "--site",
    "opponent": "--opponent",
    "position": "--position",
    "tournament": "--tournament",
}


def shown(data: ReportData) -> list[tuple[str, str]]:
    """The (id, heading) of the sections this report shows, in order."""
    out = [s for s in SECTIONS if data.has_rake or s[0] not in RAKE_SECTIONS]
    end = out.index(("definitions", "Definitions"))
    for game in data.stud_games:
        out.insert(end, (game, game_title(game)))
        end += 1
    if data.profiles or data.unprofiled:
        out.insert(end, PROFILES_SECTION)
    return out


def hand_command(warehouse: str, hand_id: str) -> str:
    """The shell command that prints one hand."""
    return f"rakestats hand --warehouse {shlex.quote(warehouse)} {shlex.quote(hand_id)}"


@dataclass(frozen=True)
class Figure:
    """A figure for the template: title, caption, PNG (base64), unlabelled points."""

    title: str
    caption: str
    png: str
    unlabelled: list[str]


def _figures(charts: Iterable[Chart]) -> dict[str, list[Figure]]:
    out: dict[str, list[Figure]] = {}
    for c in charts:
        out.setdefault(c.section, []).append(
            Figure(c.title, c.caption, png_base64(c.figure), c.unlabelled)
        )
    return out


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "tournament hands" if v else "cash hands (--cash)"
    if isinstance(v, (list, tuple)):
        return ", ".join(map(str, v))
    return str(v)


def _filter_value(key: str, v: Any, filters: Mapping[str, Any]) -> str:
    """A filter's value as the report names it: a stake with its money when the report
    is of one cash currency (``8 ($0.08)``).

    >>> _filter_value("big_bet", [8, 10], {"currency": ["USD"]})
    '8 ($0.08), 10 ($0.10)'
    >>> _filter_value("ante", 10, {}), _filter_value("ante", [10], {"currency": "chips"})
    ('10', '10')
    """
    currency = filters.get("currency")
    if isinstance(currency, (list, tuple)) and len(currency) == 1:
        currency = currency[0]
    if key not in ("ante", "big_bet") or not isinstance(currency, str) or not is_cash(currency):
        return _value(v)
    stakes = v if isinstance(v, (list, tuple)) else [v]
    return ", ".join(f"{s} ({format_money(s, currency)})" for s in stakes)


def _interval(low: Any, high: Any, hands: int) -> str:
    """A profile's interval, ``-2.5 to 14.1``, or why there is none.

    >>> _interval(-2.5, 14.125, 40), _interval(None, float("nan"), 4)
    ('-2.5 to 14.1', 'none: every hand had the same result')
    """
    if pd.isna(low) or pd.isna(high):
        return "none: fewer than two hands" if hands < 2 else "none: every hand had the same result"
    return f"{cell_text(low, Kind.RATE)} to {cell_text(high, Kind.RATE)}"


def _stakes(game: str, stakes: Iterable[str]) -> str:
    per: dict[str, list[int]] = {}
    for s in stakes:
        cur, _, amount = str(s).rpartition(":")
        if amount and amount.lstrip("-").isdigit():
            per.setdefault(cur, []).append(int(amount))
    what = "big bet" if is_stud(game) else "ante"
    parts = []
    for cur, amounts in sorted(per.items()):
        text = ", ".join(format_money(a, cur) for a in sorted(amounts))
        parts.append(f"{what} {text}" + ("" if is_cash(cur) else " chips"))
    return "; ".join(parts) or "-"


def _fees(fees: Iterable[str]) -> str:
    out = []
    for s in fees:
        cur, _, amount = str(s).rpartition(":")
        if amount and amount.lstrip("-").isdigit():
            out.append(format_money(int(amount), cur) + ("" if is_cash(cur) else " chips"))
    return ", ".join(out) or "-"


def _names_at_sites(names: Iterable[str], shown: int = 3) -> str:
    """The first ``shown`` of coverage's ``'name:sites'`` texts as words.

    >>> _names_at_sites(["Hero:10", "a:b:2", "Pat:2", "Lee:2"])
    'Hero at 10 sites, a:b at 2, Pat at 2, …'
    """
    out = []
    for i, text in enumerate(names):
        if i == shown:
            out.append("…")
            break
        name, _, n = str(text).rpartition(":")
        out.append(f"{name} at {n}{' sites' if i == 0 else ''}")
    return ", ".join(out)


def _overview(data: ReportData) -> dict[str, Any]:
    cov = data.coverage
    games = []
    for r in cov.to_dict(orient="records"):
        games.append(
            {
                "game": str(r["game"]),
                "title": game_title(str(r["game"])),
                "hands": int(r["hands"]),
                "player_hands": int(r["player_hands"]),
                "players": int(r["players"]),
                "first": pd.Timestamp(r["first"]).strftime("%Y-%m-%d %H:%M"),
                "last": pd.Timestamp(r["last"]).strftime("%Y-%m-%d %H:%M"),
                "sites": ", ".join(map(str, r["sites"])),
                "currencies": ", ".join(map(str, r["currencies"])),
                "stakes": _stakes(str(r["game"]), r["stakes"]),
                "table_sizes": ", ".join(str(int(v)) for v in sorted(r["table_sizes"])),
                "house_fee": _fees(r["fees"]),
            }
        )
    first = pd.Timestamp(cov["first"].min()) if not cov.empty else None
    last = pd.Timestamp(cov["last"].max()) if not cov.empty else None
    kept = {str(g): int(n) for g, n in zip(cov["game"], cov["hands"], strict=True)}
    nm = data.coverage_no_min
    no_min = {str(g): int(n) for g, n in zip(nm["game"], nm["hands"], strict=True)}
    left = []
    al = data.coverage_all
    for g, n in zip(al["game"], al["hands"], strict=True):
        game, total = str(g), int(n)
        shown_ = kept.get(game, 0)
        by_min = no_min.get(game, 0) - shown_
        left.append(
            {
                "game": game,
                "total": f"{total:,}",
                "shown": f"{shown_:,}",
                "left_out": f"{total - shown_:,}",
                "by_min_hands": f"{by_min:,}" if data.filters.get("min_hands") else "-",
                "by_other": f"{total - shown_ - by_min:,}",
                "warn": total - shown_ > 0,
            }
        )
    several = [
        {"title": g["title"], "count": len(names), "names": _names_at_sites(names)}
        for g, names in zip(games, cov.get("names_at_sites", []), strict=False)
        if len(names)
    ]
    return {
        "several_sites": several,
        "range": (
            f"{first:%Y-%m-%d %H:%M} to {last:%Y-%m-%d %H:%M} UTC"
            if first is not None and last is not None
            else "no hands"
        ),
        "hands": f"{int(cov['hands'].sum()):,}" if not cov.empty else "0",
        "player_hands": f"{int(cov['player_hands'].sum()):,}" if not cov.empty else "0",
        "players": f"{data.stats['player'].nunique():,}" if not data.stats.empty else "0",
        "games": games,
        "filters": [
            (_OPTIONS.get(k, k), k, _filter_value(k, v, data.filters))
            for k, v in data.filters.items()
        ],
        "left_out": left,
        "any_left_out": any(g["warn"] for g in left),
    }


def _note(row: Any) -> str:
    notes = []
    if bool(row.get("dominated")):
        notes.append("few hands dominate")
    if bool(row.get("small_sample")):
        notes.append(f"under {SMALL_SAMPLE_HANDS} hands")
    return "; ".join(notes)


def _results_table(data: ReportData) -> Table:
    df = data.results.copy()
    if not df.empty:
        df["uncertainty_note"] = [_note(r) for r in df.to_dict(orient="records")]
    return table(df, STATS_TABLE, "stats", sort=[("hands", True), ("player", False)], totals=True)


_NO_REVEAL_STYLE = stat_columns(
    [c.key for c in STYLE_TABLE], titles={"won_no_reveal_pct": "won w/o showdown"}
)


def _profile(p: Profile, warehouse: str) -> dict[str, Any]:
    row = p.row

    def fmt(column: str, v: float | None) -> str:
        return "∞" if v == float("inf") else cell_text(v, STAT_COLUMNS[column].kind)

    stud = is_stud(str(row["game"]))
    stats = [
        {
            # a stud game's showdown is not called the Reveal (as in the report's tables)
            "label": "won w/o showdown" if stud and s.column == "won_no_reveal_pct" else s.label,
            "value": fmt(s.column, s.value),
            "interval": (
                f"{fmt(s.column, s.low)} – {fmt(s.column, s.high)}"
                if s.low is not None or s.high is not None
                else "-"
            ),
            "median": fmt(s.column, s.pool_median),
            "winners": (
                f"{fmt(s.column, s.winners_low)} – {fmt(s.column, s.winners_high)}"
                if s.winners_low is not None
                else "-"
            ),
            "leak": s.leak,
        }
        for s in p.stats
    ]
    game, currency = str(row["game"]), str(row["currency"])
    unit = unit_words(game)

    def num(v: Any) -> str:
        return cell_text(v, Kind.RATE)

    own = p.by_position
    skull = p.skull_hands.head(SKULL_HAND_LIMIT).copy() if not p.skull_hands.empty else None
    if skull is not None:
        skull["command"] = [hand_command(warehouse, str(h)) for h in skull["hand_id"]]
    return {
        "player": str(row["player"]),
        "game": game,
        "currency": currency,
        "stakes": _stakes(game, [f"{currency}:{s}" for s in p.stakes]),
        "others": p.other_games,
        "hands": f"{p.hands:,}",
        "net": format_money(int(row["net"]), currency),
        "unit": unit,
        "winrate": num(row["winrate_per100"]),
        "ci": _interval(row["winrate_ci_low"], row["winrate_ci_high"], int(row["winrate_hands"])),
        "boot": _interval(p.boot_low, p.boot_high, int(row["winrate_hands"])),
        "share": (
            f"{100 * p.largest_share:.0f}% of the squared deviation"
            if p.largest_share is not None
            else "-"
        ),
        "dominated": p.dominated,
        "small": p.small_sample,
        "stats": stats,
        "reference": p.reference_players,
        "winners": p.winners,
        "notes": p.notes,
        "by_position": table(
            own, BY_POSITION_TABLE, "by-position", sort=[("from_dealer", False)], totals=True
        )
        if not own.empty
        else None,
        "by_site": table(p.by_site, BY_SITE_TABLE, "by-site", sort=[("hands", True)], totals=True)
        if not p.by_site.empty
        else None,
        "by_month": table(
            p.by_month, BY_MONTH_TABLE, "by-month", sort=[("month", False)], totals=True
        )
        if not p.by_month.empty
        else None,
        "by_table_size": table(
            p.by_table_size,
            BY_TABLE_SIZE_TABLE,
            "by-table-size",
            sort=[("table_size", False)],
            totals=True,
        ),
        "sessions": table(
            p.sessions, PROFILE_SESSIONS_TABLE, "by-session", sort=[("session", False)], totals=True
        ),
        "skull": table(skull, SKULL_HANDS_TABLE, "skull-hands") if skull is not None else None,
        "skull_total": p.skull_total,
    }


def _context(data: ReportData, charts: list[Chart], paper: str) -> dict[str, Any]:
    terms = [t for t in DEFINITIONS if data.has_rake or t[0] not in RAKE_ONLY]
    if not data.has_rake:
        terms = [("won w/o showdown" if n == "won w/o Reveal" else n, t) for n, t in terms]
    terms += STUD_DEFINITIONS if data.has_stud else ()
    terms += STUD8_DEFINITIONS if "stud8" in data.stud_games else ()
    # without Rake hands, the showdown is not called the Reveal
    style = STYLE_TABLE if data.has_rake else _NO_REVEAL_STYLE
    held = data.skull[data.skull["skull_ace_held"] > 0] if not data.skull.empty else data.skull
    losses = data.auto_losses.copy()
    if not losses.empty:
        losses["command"] = [hand_command(data.warehouse, str(h)) for h in losses["hand_id"]]
    return {
        "title": "rakestats report",
        "version": __version__,
        "made": data.made_at.strftime("%Y-%m-%d %H:%M:%S UTC"),
        "warehouse": data.warehouse,
        "paper": PAPERS[paper],
        "sections": shown(data),
        "has_rake": data.has_rake,
        "has_stud": data.has_stud,
        "overview": _overview(data),
        "figures": _figures(charts),
        "results": _results_table(data),
        "style": table(data.stats, style, "style", sort=[("hands", True)]),
        "rounds": rounds_tables(data),
        "sessions": table(
            session_summary(data.sessions),
            SESSIONS_TABLE,
            "sessions",
            sort=[("hands", True)],
            totals=True,
        ),
        "session_gap": SESSION_GAP_MINUTES,
        "positions": table(
            data.positions[data.positions["from_dealer"].notna()]
            if not data.positions.empty
            else data.positions,
            POSITION_TABLE,
            "positions",
            sort=[("player", False), ("from_dealer", False)],
        ),
        "skull": table(held, SKULL_TABLE, "skull", sort=[("skull_ace_held", True)], totals=True),
        "auto_losses": table(losses, AUTO_LOSS_TABLE, "auto-losses"),
        "auto_loss_total": data.auto_loss_total,
        "reveal": table(
            category_counts(data.rake_reveals), CATEGORY_TABLE, "categories", totals=True
        ),
        "stud": table(data.stud, STUD_TABLE, "stud", sort=[("hands", True)], totals=True),
        "stud_streets": table(data.stud, STUD_STREET_TABLE, "stud-streets", sort=[("hands", True)]),
        "lows": table(
            low_category_counts(data.stud_showdowns), LOW_CATEGORY_TABLE, "lows", totals=True
        ),
        "stud_sections": {g: stud_section(data, g) for g in data.stud_games},
        "profiles": [_profile(p, data.warehouse) for p in data.profiles],
        "unprofiled": list(data.unprofiled),
        "definitions": terms,
        "dominance": f"{100 * DOMINANCE_THRESHOLD:.0f}%",
        "small_sample": f"{SMALL_SAMPLE_HANDS:,}",
        "reference_min": REFERENCE_MIN_HANDS,
        "bootstrap": f"{BOOTSTRAP_RESAMPLES:,} resamples, seed {BOOTSTRAP_SEED}",
        "skull_limit": SKULL_HAND_LIMIT,
    }


def render_html(
    data: ReportData,
    charts: list[Chart],
    *,
    template: str | os.PathLike[str] | None = None,
    paper: str = "a4",
) -> str:
    """The whole document, from ``template`` (default: the package's)."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    return render_template(template, _context(data, charts, paper))

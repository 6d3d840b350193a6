"""The report as one self-contained HTML page: inline CSS, figures as base64 PNG, no
script and nothing fetched. Every text that comes from histories or from the user
(player and table names, hand ids, filters, paths) goes through :func:`html.escape`."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from html import escape

import pandas as pd

from rakestats._version import __version__
from rakestats.report._data import ReportData
from rakestats.report._definitions import DEFINITIONS, RAKE_ONLY, STUD_DEFINITIONS
from rakestats.report._figures import Chart, png_base64
from rakestats.report._tables import (
    AUTO_LOSS_TABLE,
    CATEGORY_TABLE,
    LOW_CATEGORY_TABLE,
    POSITION_TABLE,
    SKULL_TABLE,
    STATS_TABLE,
    STUD_TABLE,
    Column,
    category_counts,
    low_category_counts,
    rows,
)

__all__ = ["RAKE_SECTIONS", "SECTIONS", "STUD_SECTION", "hand_command", "render_html", "shown"]

# (id, heading) of the sections of a report on Rake hands, in order.
SECTIONS = (
    ("overview", "Overview"),
    ("results", "Results"),
    ("style", "Playing style"),
    ("positions", "Positions"),
    ("skull", "The Ace of Skulls"),
    ("reveal", "The Reveal"),
    ("definitions", "Definitions"),
)
# Sections about Rake alone, left out when the filtered hands hold no Rake hand.
RAKE_SECTIONS = ("positions", "skull", "reveal")
# The stud section, after the Reveal, when the filtered hands hold stud (Razz) hands.
STUD_SECTION = ("stud", "Stud (Razz)")


def shown(data: ReportData) -> list[tuple[str, str]]:
    """The (id, heading) of the sections this report shows, in order."""
    out = [s for s in SECTIONS if data.has_rake or s[0] not in RAKE_SECTIONS]
    if data.has_stud:
        out.insert(out.index(("definitions", "Definitions")), STUD_SECTION)
    return out


_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;color:#222;padding:0 1em}
h1{margin-bottom:0}h2{border-bottom:2px solid #0072B2;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:1em 0;font-size:.85em}
th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right}
th{background:#eef4fa}td.s,th.s{text-align:left}tr:nth-child(even) td{background:#fafafa}
figure{margin:1em 0}figure img{max-width:100%;height:auto}figcaption{font-size:.85em;color:#555}
code{background:#f4f4f4;padding:0 .2em}nav a{margin-right:1em}dt{font-weight:bold}
dd{margin:0 0 .6em 1.5em}.meta{color:#555}
"""


_MONEY_NOTE = (
    "Amounts are in each row's currency: dollars for USD (cents stored, $0.97 shown), "
    "chips with thousands separators. Win rates are per 100 hands in the game's unit "
    "(antes for Rake, big bets for Razz). A net-won graph of hands at several stakes is "
    "in that unit too, each hand in its own ante or big bet; at one stake, in chips or "
    "the currency."
)


def hand_command(warehouse: str, hand_id: str) -> str:
    """The shell command that prints one hand."""
    return f"rakestats hand --warehouse {shlex.quote(warehouse)} {shlex.quote(hand_id)}"


def _table(df: pd.DataFrame, columns: tuple[Column, ...], cls: str = "") -> str:
    head = "".join(f'<th class="{fmt}">{escape(h)}</th>' for h, _, fmt in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="{fmt}">{escape(v)}</td>' for v, (_, _, fmt) in zip(r, columns, strict=True)
        )
        + "</tr>"
        for r in rows(df, columns)
    )
    if not body:
        body = f'<tr><td class="s" colspan="{len(columns)}">no rows</td></tr>'
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _figures(charts: Iterable[Chart], section: str) -> str:
    parts = []
    for c in charts:
        if c.section == section:
            title = escape(c.title)
            parts.append(
                f'<figure><img alt="{title}" src="data:image/png;base64,{png_base64(c.figure)}">'
                f"<figcaption>{title}</figcaption></figure>"
            )
    return "".join(parts)


def _filters(data: ReportData) -> str:
    if not data.filters:
        return "<p>Filters: none (every hand in the warehouse).</p>"
    items = "".join(
        f"<tr><th class='s'>{escape(k)}</th><td class='s'>"
        f"{escape(', '.join(map(str, v)) if isinstance(v, (list, tuple)) else str(v))}</td></tr>"
        for k, v in data.filters.items()
    )
    return f"<table class='filters'><tbody>{items}</tbody></table>"


def _auto_losses(data: ReportData) -> str:
    if data.auto_losses.empty:
        return "<p>No automatic losses to the Ace of Skulls in these hands.</p>"
    shown = len(data.auto_losses)
    items = "".join(
        f"<li><code>{escape(str(r.hand_id))}</code> ({escape(str(r.player))}, "
        f"{escape(str(r.hand_description))}): "
        f"<code>{escape(hand_command(data.warehouse, str(r.hand_id)))}</code></li>"
        for r in data.auto_losses.itertuples(index=False)
    )
    return (
        f"<h3>Automatic losses to the Ace of Skulls</h3><p>{data.auto_loss_total} in all; the "
        f"first {shown} in order of play, with the command that prints each hand. In Python: "
        '<code>Warehouse(...).hands(skull_ace_outcome="auto_loss")</code>.</p>'
        f'<ol class="auto-losses">{items}</ol>' + _table(data.auto_losses, AUTO_LOSS_TABLE)
    )


def _stud(data: ReportData, charts: list[Chart]) -> str:
    return (
        "<p>Streets 3rd to 7th; the win rate is in big bets per 100 hands. Python: "
        "<code>Warehouse(...).stud_stats()</code>.</p>"
        + _table(data.stud, STUD_TABLE, "stud")
        + _figures(charts, "stud")
        + "<h3>Lows at the showdown</h3>"
        + _table(low_category_counts(data.stud_showdowns), LOW_CATEGORY_TABLE)
    )


def render_html(data: ReportData, charts: list[Chart]) -> str:
    """The whole page."""
    parts = shown(data)
    nav = "".join(f'<a href="#{sid}">{escape(title)}</a>' for sid, title in parts)
    player_hands = int(data.stats["hands"].sum()) if not data.stats.empty else 0
    terms = [t for t in DEFINITIONS if data.has_rake or t[0] not in RAKE_ONLY]
    terms += STUD_DEFINITIONS if data.has_stud else ()
    defs = "".join(f"<dt>{escape(n)}</dt><dd>{escape(d)}</dd>" for n, d in terms)
    made = data.made_at.strftime("%Y-%m-%d %H:%M:%S UTC")
    sections = {
        "overview": (
            f'<p class="meta">Made {escape(made)} by rakestats {escape(__version__)} from the '
            f"warehouse <code>{escape(data.warehouse)}</code>.</p>"
            f"<p>{len(data.stats)} rows (player, game, currency), {player_hands} player-hands."
            "</p>" + _filters(data)
        ),
        "results": f"<p>{_MONEY_NOTE}</p>"
        + _table(data.stats, STATS_TABLE, "stats")
        + _figures(charts, "results"),
        "style": _figures(charts, "style"),
        "positions": _figures(charts, "positions")
        + "<details><summary>Per player and seat</summary>"
        + _table(data.positions[data.positions["from_dealer"].notna()], POSITION_TABLE)
        + "</details>",
        "skull": _figures(charts, "skull")
        + _table(data.skull[data.skull["skull_ace_held"] > 0], SKULL_TABLE, "skull")
        + _auto_losses(data),
        "reveal": _figures(charts, "reveal")
        + _table(category_counts(data.rake_reveals), CATEGORY_TABLE),
        "stud": _stud(data, charts) if data.has_stud else "",
        "definitions": f"<dl>{defs}</dl><p>Full definitions: docs/stats.md.</p>",
    }
    body = "".join(
        f'<section id="{sid}"><h2>{escape(title)}</h2>{sections[sid]}</section>'
        for sid, title in parts
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        "<title>rakestats report</title>"
        f"<style>{_CSS}</style></head><body><h1>rakestats report</h1><nav>{nav}</nav>"
        f"{body}<footer class='meta'><p>rakestats {escape(__version__)}</p></footer>"
        "</body></html>\n"
    )

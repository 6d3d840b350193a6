"""The report and the plots with Razz hands: a Razz-only warehouse (the real histories of
``tests/data/razz/``) gets a stud section and no Rake-only section; a warehouse with
both games gets both, and hand categories of the two games are never mixed."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse, plots
from rakestats.cli import main
from rakestats.records import Game
from rakestats.report import build_report
from rakestats.stats import STREETS
from tests._stats_fixtures import P, hand, write_warehouse


class _Doc(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.tags: dict[str, int] = {}
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        a = dict(attrs)
        if tag == "section" and a.get("id"):
            self.ids.append(str(a["id"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(page: str) -> _Doc:
    doc = _Doc()
    doc.feed(page)
    return doc


def _table_rows(page: str, cls: str) -> list[list[str]]:
    """The body cells of the table with this class."""
    m = re.search(rf'<table class="{cls}">(.*?)</table>', page, re.S)
    assert m is not None, cls
    body = m.group(1).split("<tbody>")[1]
    return [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in body.split("</tr>") if "<td" in r]


@pytest.fixture(scope="module")
def razz_wh(razz_rooms: Warehouse) -> Warehouse:
    return razz_rooms


def test_razz_only_report_has_the_razz_section(razz_report: str) -> None:
    page = razz_report
    doc = _parse(page)
    assert doc.ids == ["overview", "results", "style", "sessions", "razz", "definitions"]
    assert doc.tags["img"] == 8
    text = "".join(doc.text)
    assert "BB/100" in text and "Lows at the showdown" in text and "Steals and defence" in text
    assert "Split pots" not in text and "High hands at the showdown" not in text
    assert "Ace of Skulls" not in text and "The Reveal" not in text
    assert "3rd street" in text
    alts = re.findall(r'<img alt="([^"]+)"', page)
    assert "3rd street" in alts and "Aggression by street" in alts


def test_stud_table_rows(razz_report: str) -> None:
    rows = {r[0]: r for r in _table_rows(razz_report, "stud-razz")}
    assert len(rows) == 20
    # s0rrow (see tests/stats/test_stats_razz.py): 9 hands, -27 cents (shown as dollars),
    # -37.5 BB/100, one bring-in and one completion in 9 hands, 4 VPIP, 1 showdown of 5
    # hands at 4th street
    s0 = rows["s0rrow"]
    assert s0[:5] == ["s0rrow", "USD", "9", "-$0.27", "-37.5"]
    assert s0[-2:] == ["20.0%", "0.0%"]
    streets = {r[0]: r for r in _table_rows(razz_report, "third-razz")}
    assert streets["s0rrow"][3:8] == ["11.1%", "11.1%", "11.1%", "0.0%", "44.4%"]
    assert streets["Hero"][6] == "100.0%"  # raised on 3rd street in his one hand
    assert streets["Hero"][5] == "-"  # no chance to complete: no share


def test_lows_at_showdown(razz_report: str, razz_wh: Warehouse) -> None:
    page = razz_report
    i = page.index("Lows at the showdown")
    m = re.search(r"<table[^>]*>(.*?)</table>", page[i:], re.S)
    assert m is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", m.group(1))
    table = {cells[k]: cells[k + 1 : k + 4] for k in range(0, len(cells), 4)}
    showdowns = razz_wh.hands(outcome="reveal")
    known = showdowns[showdowns["hand_category"].notna()]
    assert int(table["No pair"][0]) + int(table["Pair"][0]) == len(known)
    assert sum(int(v[0]) for v in table.values()) == len(known)
    assert set(table) == {
        "No pair", "Pair", "Two pair", "Three of a kind", "Full house", "Four of a kind",
    }  # fmt: skip


def test_razz_pdf(razz_wh: Warehouse, tmp_path: Path) -> None:
    import pdfplumber

    summary = build_report(razz_wh, tmp_path / "r.html", pdf=tmp_path / "r.pdf", warehouse="wh")
    assert summary.pdf is not None and summary.pdf.read_bytes().startswith(b"%PDF")
    with pdfplumber.open(summary.pdf) as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        assert len({(p.width, p.height) for p in pdf.pages}) == 1
    for needle in ("Razz", "Steals and defence", "Lows at the showdown", "s0rrow"):
        assert needle in text


def _mixed(path: Path) -> Warehouse:
    """Two Rake hands (Ann and Bob at the Reveal with a Pair each, Ann wins) and one
    Razz hand (Cy and Di at the showdown, both with a pair, Di wins)."""
    rake = [
        hand(n, [P("Ann", 10, 20, reveal=True, category="PAIR"),
                 P("Bob", 10, 0, reveal=True, category="PAIR")],
             [("Ann", 1, "check"), ("Bob", 1, "check")])
        for n in (1, 2)
    ]  # fmt: skip
    razz = hand(
        3,
        [P("Cy", 12, 0, reveal=True, category="PAIR"), P("Di", 12, 24, reveal=True,
                                                          category="PAIR")],
        [("Cy", 1, "bring_in"), ("Di", 1, "complete"), ("Cy", 1, "call"),
         *[(p, r, "check") for r in range(2, 6) for p in ("Cy", "Di")]],
        game=Game.RAZZ, ante=2, big_bet=20,
    )  # fmt: skip
    return write_warehouse(path, [*rake, razz])


def _profile_of(page: str, player: str) -> str:
    m = re.search(rf'<article class="profile"[^>]*>\s*<h3>{player}</h3>(.*?)</article>', page, re.S)
    assert m is not None, player
    return m.group(1)


def test_profiles_speak_of_each_games_showdown_and_missing_intervals(tmp_path: Path) -> None:
    """In a report of both games, a Razz player's profile says "showdown" (a Rake
    player's "Reveal"); an interval that cannot be had says why, once."""
    wh = _mixed(tmp_path / "wh")
    page = build_report(wh, tmp_path / "r.html", profiles=["Ann", "Cy"]).html.read_text()
    ann, cy = _profile_of(page, "Ann"), _profile_of(page, "Cy")
    labels = {
        who: [r[0].split(">")[-1] for r in _table_rows(text, "profile-stats")]
        for who, text in (("Ann", ann), ("Cy", cy))
    }
    assert "won w/o Reveal" in labels["Ann"] and "won w/o showdown" not in labels["Ann"]
    assert "won w/o showdown" in labels["Cy"] and "won w/o Reveal" not in labels["Cy"]
    # Cy played one hand, Ann two that each won 10 (no spread)
    assert "<dt>95% interval</dt><dd>none: fewer than two hands (normal" in cy
    assert "<dt>95% interval</dt><dd>none: every hand had the same result (normal" in ann
    assert "<dt>Top hand</dt><dd>-</dd>" in ann and "squared deviation" not in ann
    af = next(r for r in _table_rows(ann, "profile-stats") if r[0].endswith("AF"))
    assert af[1:3] == ["-", "-"], af  # checks only: no AF, and no "- – -" interval


def test_mixed_report_keeps_games_apart(tmp_path: Path) -> None:
    wh = _mixed(tmp_path / "wh")
    summary = build_report(wh, tmp_path / "r.html")
    page = summary.html.read_text(encoding="utf-8")
    doc = _parse(page)
    assert doc.ids == [
        "overview", "results", "style", "sessions", "positions", "skull", "reveal", "razz",
        "definitions",
    ]  # fmt: skip
    # the Reveal's categories are Rake's: 4 Pairs (2 hands x 2 players), 2 won
    reveal = page[page.index('id="reveal"') : page.index('id="razz"')]
    assert re.search(
        r'<td class="s"[^>]*>Pair</td><td class="n"[^>]*>4</td><td class="n"[^>]*>2</td>', reveal
    )
    # the stud section's lows: the Razz hand's 2 pairs, 1 won
    stud = page[page.index('id="razz"') : page.index('id="definitions"')]
    assert re.search(
        r'<td class="s"[^>]*>Pair</td><td class="n"[^>]*>2</td><td class="n"[^>]*>1</td>', stud
    )
    assert [r[0] for r in _table_rows(page, "stud-razz")] == ["Cy", "Di"]


@pytest.mark.parametrize(
    ("game", "ids"),
    [
        (
            "rake",
            [
                "overview",
                "results",
                "style",
                "sessions",
                "positions",
                "skull",
                "reveal",
                "definitions",
            ],
        ),
        ("razz", ["overview", "results", "style", "sessions", "razz", "definitions"]),
    ],
)
def test_report_game_filter(tmp_path: Path, game: str, ids: list[str]) -> None:
    _mixed(tmp_path / "wh")
    out = tmp_path / "r.html"
    result = CliRunner().invoke(
        main, ["report", "-w", str(tmp_path / "wh"), "-o", str(out), "--game", game]
    )
    assert result.exit_code == 0, result.output
    assert _parse(out.read_text(encoding="utf-8")).ids == ids


def test_third_street_plot(razz_wh: Warehouse) -> None:
    before = plt.get_fignums()
    df = razz_wh.stud_stats(players=["s0rrow", "Brian Rast"])
    ax = plots.third_street(df)
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels == ["s0rrow (USD)", "Brian Rast (chips)"]  # most hands first
    bars = list(ax.patches)
    assert len(bars) == 8  # 4 shares x 2 players
    widths = sorted(round(b.get_width(), 6) for b in bars)
    # s0rrow 1/9, 1/9, 0, 4/9; Brian Rast 1/5, 2/5, 1/5, 5/5
    want = sorted(round(100 * v, 6) for v in (1 / 9, 1 / 9, 0, 4 / 9, 0.2, 0.4, 0.2, 1.0))
    assert widths == want
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "bring-in", "complete", "raise", "VPIP",
    ]  # fmt: skip
    assert plt.get_fignums() == before


def test_street_aggression_plot(razz_wh: Warehouse) -> None:
    ax = plots.street_aggression(razz_wh, players="s0rrow")
    (line,) = ax.get_lines()
    got = list(line.get_ydata())
    # AFq per street: 3rd 1/8, 4th 2/5, 5th 1/4, 6th none, 7th 2/3
    assert got[:3] == pytest.approx([12.5, 40.0, 25.0])
    assert pd.isna(got[3]) and got[4] == pytest.approx(200 / 3)
    assert [t.get_text() for t in ax.get_xticklabels()] == [f"{s} street" for s in STREETS]
    af = plots.street_aggression(razz_wh, measure="af", players="s0rrow")
    assert list(af.get_lines()[0].get_ydata())[:2] == pytest.approx([1 / 3, 1.0])
    with pytest.raises(ValueError, match="measure"):
        plots.street_aggression(razz_wh, measure="vpip")


def test_net_won_graph_says_showdown_for_razz(razz_wh: Warehouse) -> None:
    ax = plots.net_won_graph(razz_wh.net_won(players="s0rrow"))
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "total", "at showdown", "without showdown",
    ]  # fmt: skip

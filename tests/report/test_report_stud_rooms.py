"""The report on a warehouse of every room's stud histories (``tests/data/stud`` and
``tests/data/razz``): a section per stud game, none of Rake's, and figures that the
history files give (read off their lines in the docstrings)."""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.report import build_report


@pytest.fixture(scope="module")
def built(stud_rooms: Warehouse, tmp_path_factory: pytest.TempPathFactory) -> tuple[Warehouse, str]:
    """The warehouse of every room's stud files, and its report (HTML)."""
    root = tmp_path_factory.mktemp("stud-report")
    page = build_report(stud_rooms, root / "r.html", warehouse="wh").html.read_text("utf-8")
    return stud_rooms, page


@pytest.fixture(scope="module")
def page(built: tuple[Warehouse, str]) -> str:
    return built[1]


def _section(page: str, sid: str) -> str:
    start = page.index(f'<section id="{sid}">')
    return page[start : page.index("</section>", start)]


def _rows(html: str, cls: str) -> dict[tuple[str, str], list[str]]:
    """The body rows of the table of this class, by (player, currency)."""
    m = re.search(rf'<table class="{cls}">(.*?)</table>', html, re.S)
    assert m is not None, cls
    body = m.group(1).split("<tbody>")[1].split("</tbody>")[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in body.split("</tr>") if "<td" in r]
    return {(r[0], r[1]): r for r in rows}


def test_a_section_per_stud_game_and_none_of_rake(page: str) -> None:
    ids = re.findall(r'<section id="([^"]+)">', page)
    assert ids == ["overview", "results", "style", "sessions", "razz", "stud", "stud8",
                   "definitions"]  # fmt: skip
    headings = re.findall(r"<h2>(.*?)</h2>", page)
    assert headings[4:7] == ["Razz", "Seven-Card Stud", "Stud Hi/Lo"]
    assert "Ace of Skulls" not in page and "The Reveal" not in page
    assert "won w/o showdown" in page and "won w/o Reveal" not in page
    overview = _section(page, "overview")
    for title in ("Razz", "Seven-Card Stud", "Stud Hi/Lo"):
        assert f"<dt>{title}</dt>" in overview
    for game in ("razz", "stud", "stud8"):
        section = _section(page, game)
        assert f'stud_stats(game="{game}")' in section
        assert section.count("<img") == 2  # 3rd street, aggression by street
    assert "Split pots" in _section(page, "stud8") and "Split pots" not in _section(page, "stud")
    assert "Lows at the showdown" in _section(page, "razz")
    assert "High hands at the showdown" in _section(page, "stud")


def test_stud8_split_pots_as_the_files_say(page: str) -> None:
    """PokerStars Stud Hi/Lo: rdiezchang goes to three showdowns and collects alone in
    two of them ("No low hand qualified"), never with a low; gashpor wins the low half of
    35874576282 with LO: 8,7,5,4,2 and the high half of 35874676388 with a flush, and
    loses 35874789183 without a low."""
    rows = _rows(_section(page, "stud8"), "split-pots")
    # showdowns, scoop, high won, low won, low made, low made won, quartered
    assert rows[("rdiezchang", "USD")][2:] == [
        "3", "66.7%", "66.7%", "0.0%", "0.0%", "-", "0.0%",
    ]  # fmt: skip
    assert rows[("gashpor", "USD")][2:] == [
        "3", "0.0%", "33.3%", "33.3%", "33.3%", "100.0%", "0.0%",
    ]  # fmt: skip
    assert all(int(r[2]) > 0 for r in rows.values())  # players with a showdown only


def test_seven_card_stud_steals_as_the_files_say(page: str) -> None:
    """Full Tilt $3/$6 ``...Steal.from.*`` files: kwuiyhw completes first in from the
    second seat before the bring-in and everyone folds (CO success), his one chance to
    steal; he folds both times he faces a completion (HJ failure, HJ success)."""
    section = _section(page, "stud")
    steals = _rows(section, "steals-stud")
    # steal chances, steal, steal won, fold to steal, fold to complete
    assert steals[("kwuiyhw", "USD")][2:] == ["1", "100.0%", "100.0%", "-", "100.0%"]
    results = _rows(section, "stud-stud")
    assert results[("kwuiyhw", "USD")][3] == "$1.00"  # +4.00 - 0.50 - 0.50 - 1.50 - 0.50


@pytest.mark.slow
def test_stud_rooms_pdf(built: tuple[Warehouse, str], tmp_path: Path) -> None:
    import pdfplumber

    summary = build_report(built[0], tmp_path / "r.html", pdf=tmp_path / "r.pdf", warehouse="wh")
    assert summary.pdf is not None
    with pdfplumber.open(summary.pdf) as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
        assert len({(p.width, p.height) for p in pdf.pages}) == 1
    for needle in ("Seven-Card Stud", "Stud Hi/Lo", "Split pots", "Steals and defence"):
        assert needle in text


def test_the_overview_names_screen_names_at_several_sites(built: tuple[Warehouse, str]) -> None:
    """``Hero`` writes the owner's hands at ten rooms: the overview says that such a
    name is one row of the tables, with the count the hands give."""
    wh, page = built
    hands = wh.hands()
    sites = hands.groupby(["game", "player"])["site"].nunique()
    several = sites[sites > 1]
    overview = _section(page, "overview")
    note = re.search(r'<p class="note">Screen names at several sites: (.*?)</p>', overview, re.S)
    assert note is not None
    for game, title in (("stud", "Seven-Card Stud"), ("stud8", "Stud Hi/Lo")):
        top = several[game].sort_values(ascending=False)
        assert f"{title} {len(top)} (Hero at {top['Hero']} sites, " in note.group(1)
    assert "Razz" not in note.group(1)  # its names each played at one site
    assert "<code>rakestats stats --by site</code>" in note.group(1)


def test_no_note_when_every_name_played_at_one_site(stud_rooms: Warehouse, tmp_path: Path) -> None:
    page = build_report(stud_rooms, tmp_path / "r.html", warehouse="wh", site="PokerStars")
    assert "Screen names at several sites" not in page.html.read_text("utf-8")


def test_a_profile_splits_a_name_played_at_several_sites(
    stud_rooms: Warehouse, tmp_path: Path
) -> None:
    """Hero's Seven-Card Stud in USD (the profile's game and currency) at each site, as
    the hands list them; within one site's hands, no such table."""
    html = build_report(
        stud_rooms, tmp_path / "r.html", warehouse="wh", profiles=["Hero"]
    ).html.read_text("utf-8")
    assert html.count("<h4>By site</h4>") == 1
    start = html.index("<h4>By site</h4>")
    block = html[start : html.index("</table>", start)]
    hands = stud_rooms.hands(player="Hero", game="stud", currency="USD")
    per_site = hands.groupby("site").size()
    assert len(per_site) >= 5
    assert f"played this game at {len(per_site)} sites" in block
    for site, n in per_site.items():
        assert re.search(rf">{re.escape(str(site))}</td><td[^>]*>{n}</td>", block), site
    one = build_report(
        stud_rooms, tmp_path / "one.html", warehouse="wh", profiles=["Hero"], site="PokerStars"
    ).html.read_text("utf-8")
    assert "<h4>By site</h4>" not in one and "<h4>By table size</h4>" in one


def test_a_profile_shows_a_player_month_by_month(stud_rooms: Warehouse, tmp_path: Path) -> None:
    """Hero's Seven-Card Stud in USD month by month, as the hands list them, oldest
    first; a profile of one month's hands has no such table."""
    html = build_report(
        stud_rooms, tmp_path / "r.html", warehouse="wh", profiles=["Hero"]
    ).html.read_text("utf-8")
    assert html.count("<h4>By month</h4>") == 1
    start = html.index("<h4>By month</h4>")
    block = html[start : html.index("</table>", start)]
    hands = stud_rooms.hands(player="Hero", game="stud", currency="USD")
    per_month = hands.groupby(hands["played_at"].dt.tz_convert("UTC").dt.strftime("%Y-%m")).size()
    assert len(per_month) >= 5
    shown = re.findall(r">(\d{4}-\d{2})</td><td[^>]*>(\d+)</td>", block)
    assert shown == [(m, str(n)) for m, n in per_month.sort_index().items()]
    month = str(per_month.index[0])
    first = date.fromisoformat(f"{month}-01")
    one = build_report(
        stud_rooms, tmp_path / "one.html", warehouse="wh", profiles=["Hero"], since=first,
        until=(first + timedelta(days=32)).replace(day=1) - timedelta(days=1),
    ).html.read_text("utf-8")  # fmt: skip
    assert "<h4>By month</h4>" not in one and "<h4>By table size</h4>" in one

"""The report as a reader gets it: for ``sample_data/`` and for a mixed Rake + Razz
warehouse, the HTML and the PDF from one template; the tables' numbers equal
``player_stats`` for the same filters; every PDF page has one size and orientation with
all its text inside and none under 8 pt (pdfplumber); headless Chromium at 1,400 and
390 px finds no horizontal overflow; labelled figures have no overlapping label boxes;
the Overview says which hands the filters left out; profiles, uncertainty, sessions and
aggression per round are shown; a reader's own template is used."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from matplotlib.figure import Figure

from rakestats import Warehouse, plots
from rakestats.cli import main
from rakestats.plots._style import group_label
from rakestats.report import build_report, gather
from rakestats.report._figures import charts
from rakestats.stats.uncertainty import (
    DOMINANCE_THRESHOLD,
    bootstrap_interval,
    largest_share,
    winrate_uncertainty,
)

REPO = Path(__file__).resolve().parents[2]
RAZZ = REPO / "tests" / "data" / "razz"
A4 = (595.28, 841.89)  # points, portrait
LETTER = (612.0, 792.0)
MIN_PT = 8.0


def _weasyprint_ok() -> bool:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


needs_pdf = pytest.mark.skipif(
    not _weasyprint_ok(), reason="WeasyPrint or Pango missing (apt-get install libpango-1.0-0)"
)


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


needs_chromium = pytest.mark.skipif(
    _chromium() is None, reason="no Chromium found (apt-get install chromium)"
)


# ------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def sample_wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("sample") / "wh")
    wh.ingest([REPO / "sample_data"], jobs=1)
    return wh


@pytest.fixture(scope="module")
def mixed_wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """One table session of the sample Rake histories and the real Razz histories."""
    root = tmp_path_factory.mktemp("mixed")
    (root / "rake").mkdir()
    for name in ("2f192cf4cb46-0003.txt", "2f192cf4cb46-0004.txt"):
        shutil.copy(REPO / "sample_data" / "server" / name, root / "rake" / name)
    wh = Warehouse(root / "wh")
    wh.ingest([root / "rake", RAZZ / "stars", RAZZ / "phh"], jobs=1)
    return wh


def _render(wh: Warehouse, out: Path, **kwargs: Any) -> tuple[str, Path]:
    summary = build_report(wh, out / "r.html", pdf=out / "r.pdf", warehouse="wh", **kwargs)
    assert summary.pdf is not None
    return summary.html.read_text(encoding="utf-8"), summary.pdf


@pytest.fixture(scope="module")
def sample_report(
    sample_wh: Warehouse, tmp_path_factory: pytest.TempPathFactory
) -> tuple[str, Path]:
    return _render(sample_wh, tmp_path_factory.mktemp("sample-out"), profiles=2)


@pytest.fixture(scope="module")
def mixed_report(mixed_wh: Warehouse, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    return _render(mixed_wh, tmp_path_factory.mktemp("mixed-out"), profiles=["s0rrow"])


# ------------------------------------------------------------------ HTML helpers


class _Tables(HTMLParser):
    """Every table: its class, header texts, body rows (text and data-v) and totals."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, Any]] = []
        self.scripts: list[dict[str, str | None]] = []
        self.sections: list[str] = []
        self._cell: dict[str, Any] | None = None
        self._part = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "script":
            self.scripts.append(a)
        if tag == "section" and a.get("id"):
            self.sections.append(str(a["id"]))
        if tag == "table":
            self.tables.append({"cls": a.get("class"), "heads": [], "rows": [], "totals": []})
        elif tag in ("thead", "tbody", "tfoot"):
            self._part = tag
        elif tag == "tr" and self.tables:
            if self._part in ("tbody", "tfoot"):
                key = "rows" if self._part == "tbody" else "totals"
                self.tables[-1][key].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell = {"text": "", "v": a.get("data-v")}

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables:
            t = self.tables[-1]
            if self._part == "thead":
                t["heads"].append(self._cell["text"])
            else:
                t["rows" if self._part == "tbody" else "totals"][-1].append(self._cell)
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell["text"] += data


def _tables(page: str) -> _Tables:
    parser = _Tables()
    parser.feed(page)
    return parser


def _table(page: str, cls: str) -> dict[str, Any]:
    found = [t for t in _tables(page).tables if t["cls"] == cls]
    assert found, cls
    return found[0]


def _num(cell: dict[str, Any]) -> float | None:
    return float(cell["v"]) if cell["v"] else None


# ------------------------------------------------------------------ the numbers


@pytest.mark.slow
@pytest.mark.parametrize("which", ["sample", "mixed"])
def test_table_numbers_equal_player_stats(which: str, request: pytest.FixtureRequest) -> None:
    wh: Warehouse = request.getfixturevalue(f"{which}_wh")
    page, _ = request.getfixturevalue(f"{which}_report")
    lib = wh.player_stats().set_index(["player", "game", "currency"]).sort_index()
    results = _table(page, "stats")
    heads = results["heads"]
    assert heads[:8] == ["player", "game", "currency", "hands", "net", "win/100", "CI low",
                         "CI high"]  # fmt: skip
    assert len(results["rows"]) == len(lib)
    hands = [int(_num(r[3]) or 0) for r in results["rows"]]
    assert hands == sorted(hands, reverse=True)  # sorted by hands
    for r in results["rows"]:
        want = lib.loc[(r[0]["text"], r[1]["text"], r[2]["text"])]
        assert _num(r[3]) == want["hands"]
        assert r[3]["text"] == f"{int(want['hands']):,}"  # thousands separators
        assert _num(r[4]) == want["net"]
        for i, col in ((5, "winrate_per100"), (6, "winrate_ci_low"), (7, "winrate_ci_high")):
            if pd.isna(want[col]):
                assert r[i]["text"] == "-"
            else:
                assert _num(r[i]) == pytest.approx(float(want[col]), rel=1e-12)
    # totals: one row per currency, hands and net added up within it
    for tot in results["totals"]:
        cur = tot[2]["text"]
        part = lib.xs(cur, level="currency")
        assert _num(tot[3]) == part["hands"].sum()
        assert _num(tot[4]) == part["net"].sum()
    style = _table(page, "style")
    for r in style["rows"]:
        want = lib.loc[(r[0]["text"], r[1]["text"])].iloc[0]
        for i, col in ((3, "vpip"), (5, "af"), (6, "afq"), (7, "wtsd")):
            if pd.isna(want[col]):
                assert r[i]["text"] == "-"
            else:
                assert _num(r[i]) == pytest.approx(float(want[col]))


def test_numbers_equal_player_stats_with_filters(sample_wh: Warehouse, tmp_path: Path) -> None:
    filters: dict[str, Any] = {"min_hands": 500, "table_size": [2, 3, 5, 6]}
    page = build_report(sample_wh, tmp_path / "r.html", **filters).html.read_text("utf-8")
    lib = sample_wh.player_stats(**filters).set_index("player")
    rows = _table(page, "stats")["rows"]
    assert sorted(r[0]["text"] for r in rows) == sorted(lib.index)
    for r in rows:
        assert _num(r[3]) == lib.loc[r[0]["text"], "hands"]
        assert _num(r[4]) == lib.loc[r[0]["text"], "net"]
        assert _num(r[5]) == pytest.approx(lib.loc[r[0]["text"], "winrate_per100"])


# ------------------------------------------------------------------ the PDF


def _pdf_check(path: Path, size: tuple[float, float]) -> int:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) > 1
        for page in pdf.pages:
            w, h = float(page.width), float(page.height)
            assert (w, h) == pytest.approx(size, abs=0.5), page.page_number  # one size,
            assert h > w  # and portrait
            for ch in page.chars:
                assert ch["size"] >= MIN_PT - 0.01, (page.page_number, ch["text"], ch["size"])
                assert ch["x0"] >= 0 and ch["x1"] <= w + 0.01, (page.page_number, ch["text"])
                assert ch["top"] >= 0 and ch["bottom"] <= h + 0.01, (page.page_number, ch)
        return len(pdf.pages)


@needs_pdf
@pytest.mark.slow
@pytest.mark.parametrize("which", ["sample", "mixed"])
def test_pdf_pages_one_size_text_inside_and_legible(
    which: str, request: pytest.FixtureRequest
) -> None:
    _, pdf = request.getfixturevalue(f"{which}_report")
    assert pdf.read_bytes().startswith(b"%PDF")
    _pdf_check(pdf, A4)


@needs_pdf
@pytest.mark.slow
def test_pdf_on_letter_paper(mixed_wh: Warehouse, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["report", "-w", str(mixed_wh.path), "-o", str(tmp_path / "r.html"),
         "--pdf", str(tmp_path / "r.pdf"), "--paper", "letter", "--game", "razz"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    _pdf_check(tmp_path / "r.pdf", LETTER)


@needs_pdf
def test_pdf_is_the_html_document(sample_report: tuple[str, Path]) -> None:
    """The PDF's text is the HTML's: the same headings, tables and definitions."""
    import pdfplumber

    page, pdf = sample_report
    with pdfplumber.open(pdf) as doc:
        text = "\n".join(p.extract_text() or "" for p in doc.pages)
    for needle in ("rakestats report", "Overview", "Hands played", "Player profiles",
                   "Statistics against the pool", "Definitions", "bootstrap interval",
                   "Aggression per betting round", "Sessions"):  # fmt: skip
        assert needle in text and needle in page
    assert "(continued)" not in text


# ------------------------------------------------------------------ the browser


_PROBE = """<script>
(function () {
  var w = document.documentElement.clientWidth, bad = [];
  document.querySelectorAll("table, figure, img, p, dl, code, h1, h2, h3, nav, th, td")
    .forEach(function (e) {
      var r = e.getBoundingClientRect();
      if (r.width && (r.right > w + 1 || r.left < -1))
        bad.push(e.tagName + "." + e.className + " " + Math.round(r.left) + "-" +
                 Math.round(r.right) + " " + (e.textContent || "").slice(0, 40));
    });
  var host = window.parent.document;
  var out = host.createElement("pre");
  out.id = "probe";
  out.textContent = JSON.stringify({width: w, scroll: document.documentElement.scrollWidth,
                                    bad: bad.slice(0, 20)});
  host.body.appendChild(out);
})();
</script></body>"""


def _browser(html: str, width: int, tmp: Path) -> dict[str, Any]:
    """Open the report in an iframe ``width`` CSS pixels wide (headless Chromium keeps
    its window at least 500 px wide) and read what the probe found."""
    report = html.replace("</body>", _PROBE)
    page = tmp / f"probe-{width}.html"
    page.write_text(
        f'<!DOCTYPE html><html><body style="margin:0"><iframe style="border:0;'
        f'width:{width}px;height:1000px" srcdoc="{escape(report, quote=True)}"></iframe>'
        "</body></html>",
        encoding="utf-8",
    )
    cmd = [
        str(_chromium()), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        f"--user-data-dir={tmp / f'profile-{width}'}", "--hide-scrollbars",
        f"--window-size={max(width, 1000) + 100},1100", "--dump-dom", page.resolve().as_uri(),
    ]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    m = re.search(r'<pre id="probe">(.*?)</pre>', done.stdout, re.S)
    assert m is not None, done.stdout[-2000:]
    result: dict[str, Any] = json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&"))
    return result


@needs_chromium
@pytest.mark.slow
@pytest.mark.parametrize("which", ["sample", "mixed"])
@pytest.mark.parametrize("width", [1400, 390])
def test_no_horizontal_overflow_in_chromium(
    which: str, width: int, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    page, _ = request.getfixturevalue(f"{which}_report")
    got = _browser(page, width, tmp_path)
    assert got["width"] <= width
    assert got["scroll"] <= got["width"], got
    assert got["bad"] == []


# ------------------------------------------------------------------ figures


@pytest.mark.parametrize("which", ["sample", "mixed"])
def test_labelled_figures_have_no_overlapping_labels(
    which: str, request: pytest.FixtureRequest
) -> None:
    wh: Warehouse = request.getfixturevalue(f"{which}_wh")
    data = gather(wh, "wh", {})
    drawn = charts(data)
    maps = [c for c in drawn if c.title == "Aggression map"]
    assert len(maps) == 1
    ax = maps[0].figure.axes[0]
    labels = plots.point_labels(ax)
    assert labels  # the players that matter are labelled
    assert plots.label_overlaps(ax) == []
    # labelled and listed together name every player drawn
    drawn_names = {t.get_text().split(" (AF ")[0] for t in labels}
    shown = data.stats[data.stats["vpip"].notna() & data.stats["af"].notna()]
    everyone = {group_label(r, shown) for r in shown.itertuples(index=False)}
    assert drawn_names | set(maps[0].unlabelled) == everyone
    assert not drawn_names & set(maps[0].unlabelled)
    for fig in (c.figure for c in drawn):
        assert fig.get_size_inches()[0] == pytest.approx(8.0)  # full text width


def test_label_points_never_overlap_in_a_crowd() -> None:
    rng = np.random.default_rng(3)
    x, y = rng.normal(50, 3, 40), rng.normal(1, 0.1, 40)
    fig = Figure(figsize=(8, 6), layout="constrained")
    ax = fig.add_subplot()
    ax.scatter(x, y)
    ax.set_xlim(0, 100)
    ax.set_ylim(0, 2)
    missing = plots.label_points(ax, list(x), list(y), [f"player {i}" for i in range(40)])
    assert missing  # a crowd cannot all be labelled
    assert len(plots.point_labels(ax)) + len(missing) == 40
    assert plots.label_overlaps(ax) == []


def test_winrate_outlier_gets_a_symlog_axis_with_a_note() -> None:
    df = pd.DataFrame({"player": list("ABCDE"), "winrate_per100": [10.0, -20, 5, 30, 8000],
                       "winrate_ci_low": [-40.0, -60, -30, -10, -500],
                       "winrate_ci_high": [60.0, 20, 40, 70, 16000],
                       "winrate_unit": ["ante"] * 5})  # fmt: skip
    ax = plots.winrate(df, ax=Figure().add_subplot())
    assert ax.get_xscale() == "symlog"
    assert "symmetric-log axis: linear within ±100" in ax.get_xlabel()
    plain = plots.winrate(df.iloc[:4], ax=Figure().add_subplot())
    assert plain.get_xscale() == "linear"


# ------------------------------------------------------------------ overview


def test_overview_counts_what_min_hands_leaves_out(mixed_wh: Warehouse, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["report", "-w", str(mixed_wh.path), "-o", str(tmp_path / "r.html"),
               "--min-hands", "100"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    page = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert 'id="razz"' not in page  # no Razz player has 100 hands
    left = {r[0]["text"]: [c["text"] for c in r] for r in _table(page, "left-out")["rows"]}
    razz_total = int(mixed_wh.sql("SELECT count(*) AS n FROM hands WHERE game = 'razz'")["n"][0])
    assert left["razz"][1:4] == [f"{razz_total:,}", "0", f"{razz_total:,}"]
    assert left["razz"][4] == f"{razz_total:,}"  # all by --min-hands
    assert "Hands left out by the filters" in page
    assert "<code>--min-hands 100</code>" in page
    overview = page[page.index('id="overview"') : page.index('id="results"')]
    for needle in ("Hands played", " UTC", "Players", "table sizes", "house fee", "ante "):
        assert needle in overview


def test_overview_facts(mixed_report: tuple[str, Path], mixed_wh: Warehouse) -> None:
    page, _ = mixed_report
    overview = page[page.index('id="overview"') : page.index('id="results"')]
    n = int(mixed_wh.sql("SELECT count(*) AS n FROM hands")["n"][0])
    assert f"<dd>{n:,} (" in overview
    assert "Rake</dt>" in overview and "Razz</dt>" in overview
    assert "big bet $0.08" in overview  # the PokerStars cash stakes, in dollars
    assert "none (every hand in the warehouse)" in overview
    assert "The filters left out no hand" in overview


# ------------------------------------------------------------------ uncertainty


def test_bootstrap_is_seeded_and_brackets_the_mean() -> None:
    x = np.r_[np.full(200, -1.0), np.full(150, 1.5), [40.0]]
    a = bootstrap_interval(x, seed=7)
    assert a == bootstrap_interval(x, seed=7) == bootstrap_interval(x[::-1], seed=7)
    assert a != bootstrap_interval(x, seed=8)
    assert a is not None and a[0] < 100 * x.mean() < a[1]
    assert bootstrap_interval([1.0]) is None
    share = largest_share(x)
    assert share is not None and share > DOMINANCE_THRESHOLD  # the 40-ante hand


def test_bootstrap_of_repeated_results_counts_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hands whose results repeat are resampled as multinomial counts of the distinct
    results (O(distinct), not O(hands)): the same distribution of the resampled mean,
    so the interval agrees with resampling the hands one by one (here: the same hands
    made all distinct by a nudge far below the figures shown)."""
    from rakestats.stats import uncertainty

    rng = np.random.default_rng(3)
    x = rng.choice([-1.0, -1.0, -1.0, -2.0, 2.5, 6.0, -4.0, 14.0], size=20_000)
    counted: list[int] = []

    class Counting(np.random.Generator):
        def multinomial(self, *args: Any, **kwargs: Any) -> Any:
            counted.append(1)
            return super().multinomial(*args, **kwargs)

    monkeypatch.setattr(
        uncertainty.np.random, "default_rng", lambda seed: Counting(np.random.PCG64(seed))
    )
    by_counts = bootstrap_interval(x, seed=11)
    assert counted  # eight distinct results among 20,000 hands
    counted.clear()
    one_by_one = bootstrap_interval(x + np.arange(len(x)) * 1e-12, seed=11)
    assert not counted  # every result distinct: the hands are drawn
    assert by_counts is not None and one_by_one is not None
    width = by_counts[1] - by_counts[0]
    assert abs(by_counts[0] - one_by_one[0]) < 0.1 * width
    assert abs(by_counts[1] - one_by_one[1]) < 0.1 * width
    assert by_counts[0] < 100 * x.mean() < by_counts[1]


def test_net_units_are_net_wons_hands_in_any_order(sample_wh: Warehouse) -> None:
    """``net_units()`` gives the hands ``net_won()`` gives, without its running sums, and
    the uncertainty does not depend on the order of the hands."""
    keys = ["player", "game", "currency", "net_units"]
    units = sample_wh.net_units(min_hands=100)
    series = sample_wh.net_won(min_hands=100)
    assert list(units.columns) == keys and len(units) == len(series) > 1000
    ordered = [df.sort_values(keys, ignore_index=True) for df in (units, series[keys])]
    pd.testing.assert_frame_equal(*ordered)
    shuffled = units.sample(frac=1.0, random_state=4)
    pd.testing.assert_frame_equal(  # exactly: not a digit moves
        winrate_uncertainty(shuffled, resamples=200),
        winrate_uncertainty(units, resamples=200),
        check_exact=True,
    )


def test_winrate_uncertainty_matches_player_stats(sample_wh: Warehouse) -> None:
    u = winrate_uncertainty(sample_wh, resamples=300).set_index("player")
    lib = sample_wh.player_stats().set_index("player")
    assert set(u.index) == set(lib.index)
    for name, row in u.iterrows():
        assert row["winrate_hands"] == lib.loc[name, "winrate_hands"]
        assert row["winrate_per100"] == pytest.approx(lib.loc[name, "winrate_per100"])
        assert row["winrate_boot_low"] < row["winrate_per100"] < row["winrate_boot_high"]
        assert row["dominated"] == (row["largest_hand_share"] > DOMINANCE_THRESHOLD)


def test_results_flag_dominating_hands_and_small_samples(
    sample_report: tuple[str, Path], sample_wh: Warehouse
) -> None:
    page, _ = sample_report
    u = winrate_uncertainty(sample_wh, resamples=10).set_index("player")
    for r in _table(page, "stats")["rows"]:
        want = u.loc[r[0]["text"]]
        assert _num(r[8]) == pytest.approx(want["largest_hand_share"])
        assert ("few hands dominate" in r[9]["text"]) == bool(want["dominated"])
        assert ("under 500 hands" in r[9]["text"]) == bool(want["small_sample"])
    assert "above 25% a few hands dominate the variance" in page


# ------------------------------------------------------------------ profiles


def test_profiles(sample_report: tuple[str, Path], sample_wh: Warehouse) -> None:
    page, _ = sample_report
    top = sample_wh.player_stats().sort_values("hands", ascending=False)["player"][:2]
    assert page.count('<article class="profile"') == 2
    prof = page[page.index('id="profile-1"') : page.index('id="profile-2"')]
    name = str(top.iloc[0])
    assert f"<h3>{name}</h3>" in prof.replace("&#39;", "'")
    for needle in ("Bootstrap 95%", "pool median", "winners' range", "By position",
                   "By table size", "By session", "Ace of Skulls hands", "Net won: "):  # fmt: skip
        assert needle in prof
    skull = _table(prof, "skull-hands")
    held = sample_wh.hands(players=name, skull_ace_outcome="held")
    assert [r[0]["text"] for r in skull["rows"]] == list(held["hand_id"][: len(skull["rows"])])
    assert all(r[4]["text"].startswith("rakestats hand --warehouse wh ") for r in skull["rows"])
    sessions = _table(prof, "by-session")
    want = sample_wh.sessions(players=name)
    assert [_num(r[4]) for r in sessions["rows"]] == list(want["net"].astype(float))


def test_profile_leak_flags_only_outside_the_winners_range(sample_wh: Warehouse) -> None:
    from rakestats.report._profile import profile

    stats = sample_wh.player_stats()
    for name in stats["player"]:
        p = profile(sample_wh, str(name), stats, {}, None)
        for s in p.stats:
            if s.leak:
                assert s.low is not None and s.high is not None
                assert s.winners_low is not None and s.winners_high is not None
                assert s.high < s.winners_low or s.low > s.winners_high
            elif None not in (s.low, s.high, s.winners_low, s.winners_high) and p.winners >= 2:
                assert not (s.high < s.winners_low or s.low > s.winners_high)  # type: ignore[operator]


def test_cli_player_profile_and_profiles(sample_wh: Warehouse, tmp_path: Path) -> None:
    out = tmp_path / "p.html"
    result = CliRunner().invoke(
        main, ["report", "-w", str(sample_wh.path), "-o", str(out), "--player", "Bess",
               "--profiles", "1"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert page.count('<article class="profile"') == 1  # Bess is the top of her own filter
    assert "<h3>Bess</h3>" in page
    # the pool is every player at Bess's stakes, not Bess alone
    assert re.search(r"Pool: ([1-9]\d*) other players", page)


# ------------------------------------------------------------------ sections


def test_sessions_and_rounds(sample_report: tuple[str, Path], sample_wh: Warehouse) -> None:
    page, _ = sample_report
    sessions = _table(page, "sessions")
    s = sample_wh.sessions()
    by = s.groupby("player")
    for r in sessions["rows"]:
        name = r[0]["text"]
        assert _num(r[2]) == by.get_group(name)["session"].count()
        assert _num(r[6]) == by.get_group(name)["net"].max()
        assert _num(r[7]) == by.get_group(name)["net"].min()
    rounds = _table(page, "rounds-rake")
    assert rounds["heads"] == ["player", "hands", "AF r1", "AFq r1", "AF r2", "AFq r2",
                               "AF r3", "AFq r3"]  # fmt: skip
    lib = sample_wh.player_stats().set_index("player")
    for r in rounds["rows"]:
        want = lib.loc[r[0]["text"], "afq_r2"]
        assert (r[5]["text"] == "-") if pd.isna(want) else _num(r[5]) == pytest.approx(want)


def test_definitions_travel_with_the_report(mixed_report: tuple[str, Path]) -> None:
    page, _ = mixed_report
    defs = page[page.index('id="definitions"') :]
    for term in ("VPIP", "top hand", "bootstrap interval", "possible leak", "session",
                 "BB/100", "AF, AFq per round"):  # fmt: skip
        assert f"<dt>{term}</dt>" in defs
    assert "docs/stats.md" not in page


def test_one_inline_sort_script_and_nothing_fetched(mixed_report: tuple[str, Path]) -> None:
    page, _ = mixed_report
    doc = _tables(page)
    assert doc.scripts == [{}]  # one inline script, no src
    assert not re.search(r'(src|href)="(?!data:|#)', page)
    assert "<link" not in page


def test_mixed_sections(mixed_report: tuple[str, Path]) -> None:
    page, _ = mixed_report
    assert _tables(page).sections == [
        "overview", "results", "style", "sessions", "positions", "skull", "reveal", "razz",
        "profiles", "definitions",
    ]  # fmt: skip
    assert "Razz: 3rd to 7th street" in page and "Rake: rounds 1 to 3" in page
    stud = _table(page, "stud-razz")
    assert len(stud["heads"]) <= 10  # split so it fits the page


# ------------------------------------------------------------------ template


def test_own_template_extends_the_default(sample_wh: Warehouse, tmp_path: Path) -> None:
    mine = tmp_path / "mine.html.j2"
    mine.write_text(
        '{% extends "report.html.j2" %}{% block header %}<h1>Coach notes: {{ warehouse }}'
        "</h1>{% endblock %}",
        encoding="utf-8",
    )
    out = tmp_path / "r.html"
    args = ["report", "-w", str(sample_wh.path), "-o", str(out), "--template", str(mine)]
    result = CliRunner().invoke(main, [*args, "--game", "rake"])
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert f"<h1>Coach notes: {sample_wh.path}</h1>" in page
    assert 'id="results"' in page  # the rest is the default


def test_template_autoescapes(tmp_path: Path) -> None:
    from rakestats.report._template import environment

    mine = tmp_path / "t.j2"
    mine.write_text("<p>{{ name }}</p>", encoding="utf-8")
    env, name = environment(mine)
    assert env.get_template(name).render(name="<script>x</script>") == (
        "<p>&lt;script&gt;x&lt;/script&gt;</p>"
    )


def test_bad_template_is_a_usage_error(sample_wh: Warehouse, tmp_path: Path) -> None:
    bad = tmp_path / "bad.j2"
    bad.write_text("{% block x %}", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["report", "-w", str(sample_wh.path), "-o", str(tmp_path / "r.html"),
               "--template", str(bad), "--game", "rake"],
    )  # fmt: skip
    assert result.exit_code == 2
    assert "template" in result.output


def test_template_files_ship_with_the_package() -> None:
    import tomllib

    from rakestats.report import TEMPLATES

    names = {p.name for p in TEMPLATES.iterdir()}
    assert {"report.html.j2", "report.css", "sort.js"} <= names
    conf = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    globs = conf["tool"]["setuptools"]["package-data"]["rakestats"]
    for ext in ("j2", "css", "js"):
        assert f"report/templates/*.{ext}" in globs


# The colour words a caption may use, for the colours the plots draw in.
_COLOUR_WORDS = {"#000000": "black", "#d55e00": "orange-red", "#0072b2": "blue"}


@pytest.mark.parametrize("which", ["sample", "mixed"])
def test_the_net_won_captions_name_the_colours_drawn(
    which: str, request: pytest.FixtureRequest
) -> None:
    """The caption said 'Red' of a line drawn in Okabe-Ito's vermillion, which a reader
    sees as orange: each colour a line is drawn in is named, as it looks."""
    from matplotlib.colors import to_hex

    wh: Warehouse = request.getfixturevalue(f"{which}_wh")
    graphs = [c for c in charts(gather(wh, "wh", {})) if c.title.startswith("Net won")]
    assert graphs
    for chart in graphs:
        colours = {to_hex(line.get_color()) for line in chart.figure.axes[0].get_lines()}
        colours.discard("#808080")  # the grey line at 0
        assert len(colours) == 3, colours
        for colour in colours:
            assert _COLOUR_WORDS[colour].capitalize() in chart.caption or (
                f" {_COLOUR_WORDS[colour]}:" in chart.caption
            ), (colour, chart.caption)
        assert "Red:" not in chart.caption

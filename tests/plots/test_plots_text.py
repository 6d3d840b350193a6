"""Names are drawn as written: a player called ``Cash$$Money`` (or ``$x_1^2$ \\alpha{``)
is text, never matplotlib math text, in every plot helper and in the report.

The warehouse holds a real Rake table session and the real PokerStars Razz cash game of
``tests/data/razz`` with players renamed; each helper is drawn to PNG and its texts read
back."""

from __future__ import annotations

import io
from html import escape
from pathlib import Path

import pytest
from click.testing import CliRunner
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Text

from rakestats import Warehouse, plots
from rakestats.cli import main
from rakestats.plots._text import literal, plain
from rakestats.report import build_report

REPO = Path(__file__).resolve().parents[2]
RAKE_SOURCE = REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt"
RAZZ_SOURCE = REPO / "tests" / "data" / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt"

CASH = "Cash$$Money"
MATH = "$x_1^2$ \\alpha{"
SUB = "a_b^c {d}"
FRAC = "$\\frac{1}{2}$_^"
RAKE_NAMES = {"Trinica Dracken": CASH, 'Silo\'s "Ghost"': MATH, "Malvery (Doc)": SUB}
RAZZ_NAMES = {"s0rrow": CASH, "kobreli": FRAC}
NAMES = {CASH, MATH, SUB, FRAC}


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("names")
    (root / "h").mkdir()
    text = RAKE_SOURCE.read_text(encoding="utf-8")
    for old, new in RAKE_NAMES.items():
        text = text.replace(old, new)
    (root / "h" / "rake.txt").write_text(text, encoding="utf-8")
    raw = RAZZ_SOURCE.read_bytes()
    for old, new in RAZZ_NAMES.items():
        raw = raw.replace(old.encode(), new.encode())
    (root / "h" / "razz.txt").write_bytes(raw)
    w = Warehouse(root / "wh")
    summary = w.ingest([root / "h"], jobs=1)
    assert summary.quarantined == 0 and summary.ingested == 258 + 9
    assert set(w.player_stats()["player"]) >= NAMES
    return w


def _ax() -> Axes:
    return Figure(layout="constrained").add_subplot()


def _png(ax: Axes) -> None:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png")  # raises if any text is parsed as math
    assert buf.getvalue()[:4] == b"\x89PNG"


def _words(ax: Axes) -> list[Text]:
    """Every text of the Axes that holds words (titles, labels, legend, annotations,
    tick labels given as text)."""
    texts = [ax.title, ax.xaxis.label, ax.yaxis.label, *ax.texts]
    legend = ax.get_legend()
    if legend is not None:
        texts += [*legend.get_texts(), legend.get_title()]
    return texts


def _assert_literal(ax: Axes, text_ticks: str = "") -> None:
    """The word texts of ``ax`` (and the tick labels of the axes named in
    ``text_ticks``, "x" and/or "y") are drawn as written; the figure renders."""
    for t in _words(ax):
        assert t.get_parse_math() is False and t.get_usetex() is False, t.get_text()
    for axis in text_ticks:
        for tick in ax.get_yticklabels() if axis == "y" else ax.get_xticklabels():
            assert tick.get_parse_math() is False, tick.get_text()
    _png(ax)


def _ticks(ax: Axes, axis: str = "y") -> list[str]:
    labels = ax.get_yticklabels() if axis == "y" else ax.get_xticklabels()
    return [t.get_text() for t in labels]


def _legend(ax: Axes) -> list[str]:
    legend = ax.get_legend()
    assert legend is not None
    return [t.get_text() for t in legend.get_texts()]


def test_winrate_tick_labels_are_the_raw_names(wh: Warehouse) -> None:
    df = wh.player_stats()
    ax = plots.winrate(df, ax=_ax())
    order = df.sort_values("winrate_per100")
    expected = [f"{r.player} ({r.game}, {r.currency})" for r in order.itertuples()]
    assert _ticks(ax) == expected
    assert f"{CASH} (rake, chips)" in expected and f"{FRAC} (razz, USD)" in expected
    _assert_literal(ax, "y")


@pytest.mark.parametrize("name", [CASH, MATH, SUB])
def test_net_won_title_is_the_raw_name(wh: Warehouse, name: str) -> None:
    ax = plots.net_won_graph(wh, player=name, game="rake", ax=_ax())
    assert ax.get_title() == f"Net won: {name}"
    _assert_literal(ax)


def test_net_won_razz_cash_name(wh: Warehouse) -> None:
    ax = plots.net_won_graph(wh.net_won(players=FRAC), ax=_ax())
    assert ax.get_title() == f"Net won: {FRAC}"
    assert ax.get_ylabel() == "cumulative net won (USD)"
    _assert_literal(ax)


def test_aggression_map_annotations_are_the_raw_names(wh: Warehouse) -> None:
    df = wh.player_stats(game="rake")
    ax = plots.aggression_map(df, ax=_ax())
    assert {t.get_text() for t in ax.texts} == set(df["player"])
    assert {CASH, MATH, SUB} <= {t.get_text() for t in ax.texts}
    _assert_literal(ax)


def test_skull_ace_outcomes_ticks_are_the_raw_names(wh: Warehouse) -> None:
    df = wh.skull_ace()
    ax = plots.skull_ace_outcomes(df, ax=_ax())
    held = df[df["skull_ace_held"] > 0].sort_values(["skull_ace_held", "player"])
    assert _ticks(ax) == list(held["player"])
    assert {CASH, MATH, SUB} <= set(_ticks(ax))
    _assert_literal(ax, "y")


def test_third_street_and_street_aggression_use_the_raw_names(wh: Warehouse) -> None:
    df = wh.stud_stats()
    ax = plots.third_street(df, ax=_ax())
    assert {CASH, FRAC} <= set(_ticks(ax))
    _assert_literal(ax, "y")
    ax = plots.street_aggression(df, ax=_ax())
    assert set(_legend(ax)) == set(df["player"])
    assert {CASH, FRAC} <= set(_legend(ax))
    _assert_literal(ax)


def test_helpers_without_names_still_render(wh: Warehouse) -> None:
    for ax in (
        plots.winrate_by_position(wh, game="rake", ax=_ax()),
        plots.reveal_categories(wh, game="rake", ax=_ax()),
    ):
        _assert_literal(ax, "x")


def test_literal_covers_titles_legends_and_text_ticks() -> None:
    ax = _ax()
    ax.plot([0, 1], [0, 1], label=MATH)
    ax.set_title(CASH, loc="left")
    ax.set_title(SUB, loc="right")
    ax.set_xticks([0, 1], [CASH, FRAC])
    ax.annotate(FRAC, (0.5, 0.5))
    ax.legend(title=CASH)
    literal(ax)
    _png(ax)
    assert _ticks(ax, "x") == [CASH, FRAC]
    assert _legend(ax) == [MATH]
    assert all(not t.get_parse_math() for t in ax.get_xticklabels())
    assert plain(Text(text=CASH)).get_parse_math() is False


def test_report_renders_names_as_written(wh: Warehouse, tmp_path: Path) -> None:
    summary = build_report(wh, tmp_path / "r.html", pdf=tmp_path / "r.pdf", players=None)
    page = summary.html.read_text(encoding="utf-8")
    for name in NAMES:
        assert escape(name) in page
    assert summary.figures >= 8
    assert summary.pdf is not None and summary.pdf.read_bytes().startswith(b"%PDF")


def test_report_cli_with_a_dollar_name_filter(wh: Warehouse, tmp_path: Path) -> None:
    out = tmp_path / "one.html"
    result = CliRunner().invoke(
        main,
        ["report", "-w", str(wh.path), "--out", str(out), "--pdf", str(tmp_path / "one.pdf"),
         "--player", CASH],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    page = out.read_text(encoding="utf-8")
    assert f"Net won: {escape(CASH)}" in page

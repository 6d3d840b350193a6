"""Money where a person reads it: cents show as dollars, chips as chips, and net-won
graphs of several stakes in the game's unit.

Two warehouses: the real PokerStars and PHH Razz histories of ``tests/data/razz``
(a cash game in USD, amounts stored in cents, and tournaments in chips), and crafted
Rake hands at antes 1, 5 and 25. Every figure shown is checked against the library's
integers: the CLI's table, CSV and JSON, the report's tables, the net-won graph's axis
label and plotted data.
"""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rakestats import Warehouse, plots
from rakestats.cli import main
from rakestats.money import format_money
from rakestats.plots.results import stakes
from rakestats.report import build_report
from tests._stats_fixtures import P, hand, write_warehouse

CASH = "kobreli"  # 9 hands of the $0.04/$0.08 cash game: +97 cents


@pytest.fixture(scope="module")
def razz(razz_rooms: Warehouse) -> Warehouse:
    return razz_rooms


# Ann and Bob at antes 1, 5 and 25: (ante, Ann's net, Ann went to the Reveal).
ANN = ((1, 10, True), (5, -5, False), (25, 50, True), (25, -25, False), (1, 3, True))


@pytest.fixture(scope="module")
def rake(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    records = []
    for n, (ante, net, reveal) in enumerate(ANN, start=1):
        stake = abs(net)  # each puts in |net|; the winner takes both
        ann = P("Ann", invested=stake, collected=2 * stake if net > 0 else 0, reveal=reveal)
        bob = P("Bob", invested=stake, collected=0 if net > 0 else 2 * stake, reveal=reveal)
        records.append(hand(n, [ann, bob], ante=ante))
    return write_warehouse(tmp_path_factory.mktemp("money-rake") / "wh", records)


def _units(text: str) -> Decimal:
    """``-$1,234.56`` or ``-4,250`` as a number in the currency's units."""
    sign = -1 if text.startswith("-") else 1
    return sign * Decimal(re.sub(r"[^\d.]", "", text))


def _cli(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _table(output: str) -> dict[tuple[str, str], dict[str, str]]:
    """The ``rakestats stats`` table: {(player, currency): {header: cell}}."""
    lines = output.splitlines()
    heads = re.split(r"\s{2,}", lines[0].strip())
    out = {}
    for line in lines[2:]:
        cells = dict(zip(heads, re.split(r"\s{2,}", line.strip()), strict=True))
        out[(cells["player"], cells["cur"])] = cells
    return out


# ----------------------------------------------------------------- rakestats stats


def test_stats_table_shows_dollars_for_cents_and_chips_with_separators(razz: Warehouse) -> None:
    lib = razz.player_stats()
    table = _table(_cli("stats", "-w", str(razz.path)))
    assert len(table) == len(lib)
    usd = lib[lib.currency == "USD"]
    assert len(usd) == 7
    for row in lib.itertuples(index=False):
        cell = table[(row.player, row.currency)]["net"]
        if row.currency == "USD":
            assert cell.lstrip("-").startswith("$")
            assert _units(cell) == Decimal(int(row.net)) / 100
        else:
            assert "$" not in cell
            assert _units(cell) == int(row.net)
    assert table[(CASH, "USD")]["net"] == "$0.97"
    assert table[("Brian Rast", "chips")]["net"] == "8,200,000"
    stud = _table(_cli("stats", "-w", str(razz.path), "--stud"))
    assert stud[("s0rrow", "USD")]["net"] == "-$0.27"


def test_stats_csv_keeps_every_column_and_adds_display(razz: Warehouse) -> None:
    lib = razz.player_stats()
    csv = pd.read_csv(io.StringIO(_cli("stats", "-w", str(razz.path), "--format", "csv")))
    n = len(lib.columns)
    assert list(csv.columns[:n]) == list(lib.columns)  # existing columns, same places
    assert list(csv.columns[n:]) == [
        "net_display", "net_per_hand_display", "net_reveal_display",
        "net_no_reveal_display", "skull_ace_net_display",
    ]  # fmt: skip
    assert csv["net"].dtype == np.int64
    assert list(csv["net"]) == list(lib["net"])  # the stored integers, unchanged
    for row in csv.itertuples(index=False):
        cents = row.currency == "USD"
        assert _units(row.net_display) == Decimal(int(row.net)) / (100 if cents else 1)
        assert row.net_display.lstrip("-").startswith("$") == cents
    kob = csv[csv.player == CASH].iloc[0]
    assert (kob.net, kob.net_display) == (97, "$0.97")
    assert kob.net_per_hand_display == "$0.1078"  # 97 cents / 9 hands, two more digits


def test_stats_json_keeps_net_and_adds_net_display(razz: Warehouse) -> None:
    lib = razz.player_stats().set_index(["player", "currency"])
    rows = json.loads(_cli("stats", "-w", str(razz.path), "--format", "json"))
    for r in rows:
        net = int(lib.loc[(r["player"], r["currency"]), "net"])
        assert r["net"] == net and isinstance(r["net"], int)
        expected = format_money(net, r["currency"])
        assert r["net_display"] == expected
    keys = list(rows[0])
    assert keys[-3:] == ["net_display", "net_per_hand_display", "skull_ace_net_display"]
    kob = next(r for r in rows if r["player"] == CASH)
    assert (kob["net"], kob["net_display"]) == (97, "$0.97")
    stud = json.loads(_cli("stats", "-w", str(razz.path), "--stud", "--format", "json"))
    s0 = next(r for r in stud if r["player"] == "s0rrow")
    assert (s0["net"], s0["net_display"]) == (-27, "-$0.27")
    assert s0["net_showdown_display"] == format_money(s0["net_showdown"], "USD")


def test_rake_chips_in_the_table(rake: Warehouse) -> None:
    table = _table(_cli("stats", "-w", str(rake.path)))
    lib = rake.player_stats().set_index("player")
    assert table[("Ann", "chips")]["net"] == str(lib.loc["Ann", "net"]) == "33"
    assert table[("Bob", "chips")]["net"] == str(lib.loc["Bob", "net"]) == "-33"


# ----------------------------------------------------------------- the report


def _report_rows(page: str, cls: str) -> list[list[str]]:
    m = re.search(rf'<table class="{cls}">(.*?)</table>', page, re.S)
    assert m is not None, cls
    body = m.group(1).split("<tbody>")[1]
    return [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in body.split("</tr>") if "<td" in r]


def test_report_tables_show_currency_units(razz: Warehouse, razz_report: str) -> None:
    page = razz_report
    lib = razz.player_stats().set_index(["player", "currency"])
    stats = _report_rows(page, "stats")
    assert len(stats) == len(lib)
    for cells in stats:
        player, currency, net = cells[0], cells[2], cells[4]
        stored = int(lib.loc[(player, currency), "net"])
        assert _units(net) == Decimal(stored) / (100 if currency == "USD" else 1)
        assert net == format_money(stored, currency)
    assert any(c[0] == CASH and c[4] == "$0.97" for c in stats)
    stud = {c[0]: c for c in _report_rows(page, "stud-razz") if c[1] == "USD"}
    assert stud["s0rrow"][3] == "-$0.27"
    assert "dollars for USD" in page


# ----------------------------------------------------------------- net-won graphs


def _ax() -> Axes:
    return Figure().add_subplot()


def _lines(ax: Axes) -> list[np.ndarray]:
    return [np.asarray(ln.get_ydata(), dtype=float) for ln in ax.get_lines()[:3]]


def test_net_won_cash_in_dollars(razz: Warehouse) -> None:
    df = razz.net_won(players=CASH)
    ax = plots.net_won_graph(df, ax=_ax())
    assert ax.get_ylabel() == "cumulative net won (USD)"
    cols = ("cum_net", "cum_net_reveal", "cum_net_no_reveal")
    for y, col in zip(_lines(ax), cols, strict=True):
        assert np.allclose(y, df[col].to_numpy() / 100)
    assert _lines(ax)[0][-1] == pytest.approx(0.97)  # not 97
    ax.figure.canvas.draw()
    ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()]
    assert ticks and all(re.fullmatch(r"-?\$\d+\.\d\d+", t) for t in ticks), ticks
    # the same hands in big bets: 97 cents at a big bet of 8 cents
    game = plots.net_won_graph(df, unit="game", ax=_ax())
    assert game.get_ylabel() == "cumulative net won (big bets)\n1 big bet = $0.08"
    assert _lines(game)[0][-1] == pytest.approx(97 / 8)
    assert np.allclose(_lines(game)[0], df["cum_units"])


def test_net_won_several_stakes_auto_in_game_units(razz: Warehouse, rake: Warehouse) -> None:
    df = rake.net_won(players="Ann")
    assert stakes(df) == [1, 5, 25]
    ax = plots.net_won_graph(df, ax=_ax())
    assert ax.get_ylabel() == "cumulative net won (antes)\n3 stakes: 1–25 chips"
    expected = np.cumsum([net / ante for ante, net, _ in ANN])
    assert np.allclose(_lines(ax)[0], expected)
    assert np.allclose(_lines(ax)[0], df["cum_units"])
    assert np.allclose(_lines(ax)[1], df["cum_units_reveal"])
    assert np.allclose(_lines(ax)[2], df["cum_units_no_reveal"])
    reveal = np.cumsum([net / ante if r else 0 for ante, net, r in ANN])
    assert np.allclose(_lines(ax)[1], reveal)
    # asked for chips: the chips, and the label says stakes were added up
    chips = plots.net_won_graph(df, unit="chips", ax=_ax())
    assert chips.get_ylabel() == "cumulative net won (chips)\n3 stakes: 1–25 chips, added up"
    assert np.allclose(_lines(chips)[0], df["cum_net"])
    assert _lines(chips)[0][-1] == sum(net for _, net, _ in ANN) == 33
    money = plots.net_won_graph(df, unit="money", ax=_ax())  # the same, by another name
    assert money.get_ylabel() == chips.get_ylabel()
    assert np.array_equal(_lines(money)[0], _lines(chips)[0])
    # one stake: chips
    one = plots.net_won_graph(rake.net_won(players="Ann", ante=25), ax=_ax())
    assert one.get_ylabel() == "cumulative net won (chips)"
    assert list(_lines(one)[0]) == [50.0, 25.0]
    # Razz tournament chips at two big bets: big bets
    rast = razz.net_won(players="Brian Rast")
    ax = plots.net_won_graph(rast, ax=_ax())
    assert ax.get_ylabel() == "cumulative net won (big bets)\n2 stakes: 400,000–600,000 chips"
    assert np.allclose(_lines(ax)[0], rast["cum_units"])


def test_net_won_stakes_without_unit_size_and_bad_unit(rake: Warehouse) -> None:
    df = rake.net_won(players="Ann")
    assert stakes(df.drop(columns=["unit_size"])) == [1, 5, 25]
    ax = plots.net_won_graph(df.drop(columns=["unit_size"]), ax=_ax())
    assert ax.get_ylabel().startswith("cumulative net won (antes)")
    with pytest.raises(ValueError, match="unit must be"):
        plots.net_won_graph(df, unit="cents", ax=_ax())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lacks the column"):
        plots.net_won_graph(df.drop(columns=["cum_units_reveal"]), unit="game", ax=_ax())


def test_report_net_won_figure_is_in_antes_for_several_stakes(rake: Warehouse) -> None:
    from rakestats.report import gather
    from rakestats.report._figures import charts

    data = gather(rake, "wh", {})
    figs = {c.title: c.figure for c in charts(data)}
    ax = figs["Net won: Ann"].axes[0]
    assert ax.get_ylabel().startswith("cumulative net won (antes)")
    assert np.allclose(_lines(ax)[0], rake.net_won(players="Ann")["cum_units"])


def test_report_of_several_stakes_renders(rake: Warehouse, tmp_path: Path) -> None:
    assert build_report(rake, tmp_path / "r.html").html.is_file()


def test_winrate_labels_say_the_game_unit(razz: Warehouse, rake: Warehouse) -> None:
    assert plots.winrate(razz, ax=_ax()).get_xlabel() == "win rate (big bets per 100 hands)"
    assert plots.winrate(rake, ax=_ax()).get_xlabel() == "win rate (antes per 100 hands)"
    both = pd.concat([razz.player_stats(), rake.player_stats()])
    assert (
        plots.winrate(both, ax=_ax()).get_xlabel()
        == "win rate per 100 hands (Rake in antes, the stud games in big bets)"
    )

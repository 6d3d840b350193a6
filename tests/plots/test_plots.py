"""Every plot drawn on the Agg backend and checked by content: lines, labels, points,
bars. No pixels compared."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from rakestats import Warehouse, plots
from rakestats.plots import OKABE_ITO
from tests.report.test_report import INJ, SCRIPT, build_warehouse

matplotlib.use("Agg")

PALETTE = {c.lower() for c in OKABE_ITO.values()}


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    return Warehouse(build_warehouse(tmp_path_factory.mktemp("plots")))


def _ax() -> Axes:
    return Figure().add_subplot()


def _legend(ax: Axes) -> list[str]:
    legend = ax.get_legend()
    assert legend is not None
    return [t.get_text() for t in legend.get_texts()]


def _scatter(ax: Axes) -> PathCollection:
    found = [c for c in ax.collections if isinstance(c, PathCollection)]
    assert len(found) == 1
    return found[0]


def test_no_pyplot_state_and_new_figure_when_no_ax(wh: Warehouse) -> None:
    import matplotlib.pyplot as plt

    before = plt.get_fignums()
    for draw in (plots.winrate, plots.aggression_map, plots.skull_ace_outcomes,
                 plots.winrate_by_position, plots.reveal_categories):  # fmt: skip
        ax = draw(wh)
        assert isinstance(ax, Axes) and isinstance(ax.figure, Figure)
        assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
        assert ax.get_legend() is not None
        ax.figure.canvas.draw()  # renders on Agg without error
    assert plt.get_fignums() == before


def test_net_won_graph(wh: Warehouse) -> None:
    df = wh.net_won(players=INJ)
    ax = _ax()
    assert plots.net_won_graph(df, ax=ax) is ax
    lines = [ln for ln in ax.get_lines() if ln.get_label() in _legend(ax)]
    assert [ln.get_label() for ln in lines] == ["total", "at the Reveal", "without a Reveal"]
    for line, col in zip(lines, ("cum_net", "cum_net_reveal", "cum_net_no_reveal"), strict=True):
        assert list(line.get_ydata()) == list(df[col])
        assert list(line.get_xdata()) == list(range(1, len(df) + 1))
        assert to_hex(line.get_color()) in PALETTE
    assert ax.get_title() == f"Net won: {INJ}"
    assert ax.get_xlabel() == "hands played"
    assert ax.get_ylabel() == "cumulative net won (chips)"
    total = lines[0].get_ydata()
    assert total[-1] == lines[1].get_ydata()[-1] + lines[2].get_ydata()[-1]
    # drawn first and wider, so a part equal to it shows inside it and it still shows
    assert lines[0].get_linewidth() > 1.5 * max(ln.get_linewidth() for ln in lines[1:])
    assert ax.get_lines()[0] is lines[0]


def test_net_won_graph_needs_one_player(wh: Warehouse) -> None:
    df = wh.net_won()
    names = sorted(df["player"].unique())
    assert len(names) > 1
    with pytest.raises(ValueError) as err:
        plots.net_won_graph(df, ax=_ax())
    assert str(err.value) == (
        f"several series in the data (one is drawn): {len(names)} players "
        f"({', '.join(names)}); choose one with player= (filters of a warehouse), "
        "or filter the frame"
    )
    ax = plots.net_won_graph(wh, player=SCRIPT, ax=_ax())
    assert ax.get_title() == f"Net won: {SCRIPT}"


def test_net_won_graph_names_what_to_choose_for_one_player(wh: Warehouse) -> None:
    # one player's hands in two currencies (and games): the error names those, not the
    # player already chosen
    one = wh.net_won(player=SCRIPT)
    other = one.assign(currency="USD", game="stud")
    with pytest.raises(ValueError) as err:
        plots.net_won_graph(pd.concat([one, other]), player=SCRIPT, ax=_ax())
    assert "2 games (rake, stud), 2 currencies (USD, chips)" in str(err.value)
    assert "choose one with game= and currency=" in str(err.value)
    assert "players" not in str(err.value)


def test_winrate(wh: Warehouse) -> None:
    df = wh.player_stats()
    ax = plots.winrate(df, ax=_ax())
    pts = _scatter(ax).get_offsets()
    assert len(pts) == 3
    expected = df.sort_values("winrate_per100")
    assert [t.get_text() for t in ax.get_yticklabels()] == list(expected["player"])
    assert np.allclose(np.asarray(pts)[:, 0], expected["winrate_per100"])
    err = ax.containers[0]  # the error bars
    segs = err.lines[2][0].get_segments()
    lows = [s[0][0] for s in segs]
    assert np.allclose(lows, expected["winrate_ci_low"])
    assert ax.get_xlabel() == "win rate (antes per 100 hands)"
    assert sorted(_legend(ax)) == ["95% interval", "win rate"]


def _many(n: int) -> pd.DataFrame:
    rate = np.linspace(-50.0, 50.0, n)
    return pd.DataFrame({"player": [f"p{i:02d}" for i in range(n)], "winrate_per100": rate,
                         "winrate_ci_low": rate - 20, "winrate_ci_high": rate + 20,
                         "winrate_unit": "big_bet"})  # fmt: skip


@pytest.mark.parametrize(("height", "all_named"), [(3.0, False), (4.5, False), (30.0, True)])
def test_winrate_names_as_many_players_as_the_axes_has_room_for(
    height: float, all_named: bool
) -> None:
    fig = Figure(figsize=(6, height))
    ax = plots.winrate(_many(60), ax=fig.add_subplot())
    assert len(_scatter(ax).get_offsets()) == 60  # every player drawn
    labels = [t.get_text() for t in ax.get_yticklabels()]
    ticks = ax.get_yticks()
    assert labels[-1] == "p59"  # the best win rate, at the top, always named
    assert labels == [f"p{int(y):02d}" for y in ticks]  # each name at its own row
    if all_named:
        assert len(labels) == 60 and ax.get_ylabel() == "player"
        return
    assert ax.get_ylabel() == f"player ({len(labels)} of 60 named; a taller Axes names all)"
    # drawn, the names do not overlap one another
    fig.canvas.draw()
    boxes = sorted((t.get_window_extent() for t in ax.get_yticklabels()), key=lambda b: b.y0)
    assert all(a.y1 <= b.y0 for a, b in itertools.pairwise(boxes))


def test_winrate_crafted_without_interval() -> None:
    df = pd.DataFrame({"player": ["Ann", "Bob"], "winrate_per100": [5.0, -3.0],
                       "winrate_ci_low": [1.0, None], "winrate_ci_high": [9.0, None],
                       "winrate_unit": ["big_bet", "big_bet"]})  # fmt: skip
    ax = plots.winrate(df, ax=_ax())
    assert [t.get_text() for t in ax.get_yticklabels()] == ["Bob", "Ann"]
    assert ax.get_xlabel() == "win rate (big bets per 100 hands)"


def test_aggression_map(wh: Warehouse) -> None:
    df = wh.player_stats()
    ax = plots.aggression_map(df, ax=_ax())
    sc = _scatter(ax)
    offsets = np.asarray(sc.get_offsets())
    assert len(offsets) == 3
    assert np.allclose(offsets[:, 0], 100 * df["vpip"])
    assert np.allclose(offsets[:, 1], df["af"])
    labels = sorted(t.get_text() for t in ax.texts)
    assert labels == sorted(df["player"])
    assert ax.get_xlabel().startswith("VPIP (%")
    assert ax.get_ylabel().startswith("AF")


def test_aggression_map_sizes_by_hands_and_leaves_out_no_af() -> None:
    df = pd.DataFrame({"player": ["A", "B", "C"], "vpip": [0.2, 0.5, 0.3],
                       "af": [1.0, 3.0, None], "hands": [100, 400, 50]})  # fmt: skip
    ax = plots.aggression_map(df, ax=_ax())
    sizes = _scatter(ax).get_sizes()
    assert len(sizes) == 2 and sizes[0] > sizes[1]  # most hands first: B, then A
    assert sorted(t.get_text() for t in ax.texts) == ["A", "B"]
    legend = ax.get_legend()
    assert legend is not None and legend.get_title().get_text() == "1 without AF left out"


def test_winrate_by_position(wh: Warehouse) -> None:
    df = wh.player_stats(by=("from_dealer",))
    ax = plots.winrate_by_position(df, ax=_ax())
    bars = ax.patches
    seats = sorted(df["from_dealer"].dropna().unique())
    assert len(bars) == len(seats) == 3
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(int(s)) for s in seats]
    assert ax.get_xlabel().startswith("seats before the dealer")
    assert ax.get_ylabel() == "win rate (antes per 100 hands)"
    for bar in bars:
        assert to_hex(bar.get_facecolor()) in PALETTE


def test_winrate_by_position_pools_exactly() -> None:
    # seat 0: player A, 2 hands x = {1, 3} (mean 2, sd √2); player B, 2 hands {0, 0}
    # pooled: x = {1, 3, 0, 0}: mean 1 -> 100 per 100 hands
    df = pd.DataFrame({"player": ["A", "B", "A"], "from_dealer": [0, 0, 1],
                       "winrate_per100": [200.0, 0.0, -50.0], "winrate_hands": [2, 2, 4],
                       "sd_per_hand": [2**0.5, 0.0, 1.0]})  # fmt: skip
    ax = plots.winrate_by_position(df, ax=_ax())
    heights = [b.get_height() for b in ax.patches]
    assert heights == pytest.approx([100.0, -50.0])
    err = ax.containers[1].lines[2][0].get_segments()
    sd = np.std([1, 3, 0, 0], ddof=1)
    assert err[0][1][1] - err[0][0][1] == pytest.approx(2 * 1.96 * 100 * sd / 2)


def test_skull_ace_outcomes(wh: Warehouse) -> None:
    df = wh.skull_ace()
    ax = plots.skull_ace_outcomes(df, ax=_ax())
    held = df[df["skull_ace_held"] > 0]
    assert len(ax.patches) == 4 * len(held)
    assert _legend(ax)[:2] == ["automatic win at the Reveal", "automatic loss at the Reveal"]
    order = held.sort_values(["skull_ace_held", "player"])
    assert [t.get_text() for t in ax.get_yticklabels()] == list(order["player"])
    n = len(held)
    losses = [p.get_width() for p in ax.patches[n : 2 * n]]
    assert losses == list(order["skull_ace_auto_losses"])
    totals = [sum(p.get_width() for p in ax.patches[i::n]) for i in range(n)]
    assert totals == list(order["skull_ace_held"])
    assert all("% lost" in t.get_text() for t in ax.texts)
    assert ax.get_xlabel().endswith("(count)")


def test_reveal_categories(wh: Warehouse) -> None:
    df = wh.hands(outcome="reveal")
    ax = plots.reveal_categories(df, ax=_ax())
    assert len(ax.patches) == 2 * 9
    ticks = [t.get_text() for t in ax.get_xticklabels()]
    assert ticks[:3] == ["High Card", "Pair", "Two Pair"] and ticks[-1] == "Rake"
    assert sum(p.get_height() for p in ax.patches) == len(df)
    won = sum(p.get_height() for p in ax.patches[:9])
    assert won == int((df["collected"] > 0).sum())
    assert _legend(ax) == ["won a pot", "won nothing"]


def test_plots_reject_frames_without_the_columns() -> None:
    with pytest.raises(ValueError, match="lacks the column"):
        plots.winrate(pd.DataFrame({"player": ["A"]}), ax=_ax())


@pytest.mark.parametrize(
    ("draw", "source", "args"),
    [
        (plots.winrate, "player_stats()", {}),
        (plots.aggression_map, "player_stats()", {}),
        (plots.winrate_by_position, "player_stats(by=('from_dealer',))", {"by": ("from_dealer",)}),
        (plots.skull_ace_outcomes, "skull_ace()", {}),
        (plots.reveal_categories, 'hands(outcome="reveal")', {"outcome": "reveal"}),
        (plots.net_won_graph, "net_won()", {}),
        (plots.third_street, "stud_stats()", {}),
        (plots.street_aggression, "stud_stats()", {}),
    ],
    ids=lambda v: getattr(v, "__name__", "") if callable(v) else "",
)
def test_a_frame_of_the_wrong_kind_is_told_which_method_to_call(
    wh: Warehouse, draw: Any, source: str, args: dict[str, Any]
) -> None:
    """Given another method's output, a helper names the one whose output it draws, and
    that method's output (with any arguments named) draws."""
    with pytest.raises(ValueError, match="lacks the column") as e:
        draw(pd.DataFrame({"player": ["A"], "game": ["rake"]}), ax=_ax())
    assert f"draws the output of Warehouse.{source} (or pass the warehouse itself)" in str(e.value)
    df = getattr(wh, source.split("(")[0])(**args)
    if draw is plots.net_won_graph:
        df = df[df["player"] == df["player"].iloc[0]]
    assert isinstance(draw(df, ax=_ax()), Axes)


def test_figures_save(wh: Warehouse, tmp_path: Path) -> None:
    ax = plots.winrate(wh)
    path = tmp_path / "w.png"
    ax.figure.savefig(path)
    assert path.stat().st_size > 1000


def test_aggression_map_labels_stay_clear_of_the_legend() -> None:
    """Players at the top right (where the legend stands, and where an AF far above the
    others is drawn) had their labels written under the legend."""
    n = 40
    rng = np.random.default_rng(5)
    df = pd.DataFrame(
        {
            "player": [f"Player{i:02d}" for i in range(n)],
            "vpip": np.r_[[0.97, 0.93, 0.9, 0.88], rng.uniform(0.05, 0.95, n - 4)],
            "af": np.r_[[3.9, 3.8, 40.0, 30.0], rng.uniform(0.1, 3.5, n - 4)],
            "hands": np.r_[[900, 800, 700, 600], rng.integers(10, 500, n - 4)],
        }
    )
    fig = Figure(figsize=(8, 6), layout="constrained")
    ax = plots.aggression_map(df, ax=fig.add_subplot())
    fig.draw_without_rendering()
    legend = ax.get_legend().get_window_extent()
    labels = [t for t in ax.texts if t.get_text().startswith("Player")]
    assert len(labels) >= 5
    for t in labels:
        box = t.get_window_extent()
        clear = (
            box.x1 <= legend.x0 or box.x0 >= legend.x1 or box.y1 <= legend.y0 or box.y0 >= legend.y1
        )
        assert clear, t.get_text()


def _overlaps(box: Any, x: float, y: float, r: float) -> bool:
    """Whether a marker of radius ``r`` at ``(x, y)`` (pixels) reaches into ``box``."""
    return bool(box.x0 - r < x < box.x1 + r and box.y0 - r < y < box.y1 + r)


def test_aggression_map_draws_the_edges_whole_and_no_point_under_the_legend() -> None:
    """A player at VPIP 0 or 100 % or of AF 0 was drawn half outside the Axes, and a
    maniac at the top right (VPIP 100 %, an AF above the cap) under the legend."""
    n = 30
    rng = np.random.default_rng(11)
    df = pd.DataFrame(
        {
            "player": [f"P{i:02d}" for i in range(n)],
            "vpip": np.r_[[1.0, 0.0, 0.97], rng.uniform(0.05, 0.6, n - 3)],
            "af": np.r_[[60.0, 0.0, 3.8], rng.uniform(0.0, 2.0, n - 3)],
            "hands": np.r_[[300, 200, 250], rng.integers(10, 500, n - 3)],
        }
    )
    fig = Figure(figsize=(8, 6), layout="constrained")
    ax = plots.aggression_map(df, ax=fig.add_subplot())
    fig.draw_without_rendering()
    (x0, x1), (y0, _) = ax.get_xlim(), ax.get_ylim()
    assert x0 < 0 and x1 > 100 and y0 < 0
    assert [t for t in ax.get_xticks() if x0 <= t <= x1] == [0, 20, 40, 60, 80, 100]
    legend = ax.get_legend().get_window_extent()
    points = 0
    for coll in ax.collections:
        sizes = coll.get_sizes()
        for k, (x, y) in enumerate(coll.get_offsets()):
            px, py = ax.transData.transform((x, y))
            radius = np.sqrt(sizes[k % len(sizes)]) / 2 * fig.dpi / 72  # points² to pixels
            assert not _overlaps(legend, px, py, radius), (x, y)
            points += 1
    assert points == n


def test_street_aggression_draws_0_and_100_percent_whole() -> None:
    streets = ("3rd", "4th", "5th", "6th", "7th")
    df = pd.DataFrame(
        {"player": ["A", "B"], "hands": [10, 9],
         **{f"afq_{s}": [0.0 if i % 2 else 1.0, 0.5] for i, s in enumerate(streets)}}
    )  # fmt: skip
    ax = plots.street_aggression(df, ax=_ax())
    low, high = ax.get_ylim()
    assert low < 0 and high > 100
    assert list(ax.get_yticks()) == [0, 20, 40, 60, 80, 100]

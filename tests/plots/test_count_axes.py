"""Counts of hands on an axis read as numbers (``1,200,000``), not as matplotlib's
``1.2`` under a ``1e6`` above the axis: a million hands' categories were drawn so."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rakestats import plots


def _labels(ax: Axes, which: str) -> tuple[str, list[str]]:
    ax.figure.canvas.draw()
    axis = ax.yaxis if which == "y" else ax.xaxis
    texts = [t.get_text() for t in (ax.get_yticklabels() if which == "y" else ax.get_xticklabels())]
    return axis.get_offset_text().get_text(), texts


def test_categories_of_a_million_hands() -> None:
    counts = pd.DataFrame(
        {"game": ["rake", "rake"], "hand_category": ["PAIR", "HIGH_CARD"],
         "shown": [1_250_000, 530_000], "won": [340_000, 50_000]}
    )  # fmt: skip
    offset, texts = _labels(plots.reveal_categories(counts, ax=Figure().add_subplot()), "y")
    assert offset == "" and "1,200,000" in texts and "1.2" not in texts


def test_net_won_over_many_hands() -> None:
    n = 160_000
    df = pd.DataFrame(
        {"player": "Bess", "game": "rake", "currency": "chips", "ante": 5,
         "hand_no": range(1, n + 1), "cum_net": range(n), "cum_net_reveal": range(n),
         "cum_net_no_reveal": [0] * n}
    )  # fmt: skip
    offset, texts = _labels(plots.net_won_graph(df, ax=Figure().add_subplot()), "x")
    assert offset == "" and "100,000" in texts


def test_skull_ace_counts() -> None:
    df = pd.DataFrame(
        {"player": ["Bess"], "skull_ace_held": [150_000], "skull_ace_auto_wins": [20_000],
         "skull_ace_auto_losses": [30_000], "skull_ace_folds": [40_000],
         "skull_ace_reveals": [60_000], "skull_ace_loss_freq": [0.5]}
    )  # fmt: skip
    offset, texts = _labels(plots.skull_ace_outcomes(df, ax=Figure().add_subplot()), "x")
    assert offset == "" and "100,000" in texts


@pytest.mark.parametrize("n", [3, 6, 30])
def test_the_skull_legend_hides_no_bar(n: int) -> None:
    """With players of similar counts every bar reaches the right, where the legend
    stood (lower right): it hid the lowest players' bars."""
    df = pd.DataFrame(
        {"player": [f"P{i}" for i in range(n)], "skull_ace_held": [16_000 + i for i in range(n)],
         "skull_ace_auto_wins": 1_000, "skull_ace_auto_losses": 5_000,
         "skull_ace_folds": 9_000, "skull_ace_reveals": 6_000, "skull_ace_loss_freq": 0.83}
    )  # fmt: skip
    ax = plots.skull_ace_outcomes(df)
    fig = ax.figure
    fig.canvas.draw()
    legend = ax.get_legend().get_window_extent()
    bars = [p.get_window_extent() for p in ax.patches]
    assert len(bars) == 4 * n
    assert not [b for b in bars if b.overlaps(legend)]
    assert fig.bbox.contains(legend.x1 - 1, legend.y1 - 1)  # and it is inside the figure

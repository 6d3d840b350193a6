"""The win rate's 95% interval: none from hands without spread. A player who folded
every hand for the same ante has a standard deviation of 0, and a zero-width interval
would claim a certainty that a few folds do not give; the sums the deviation comes from
leave rounding of about 1e-17 when the unit is not a binary fraction (here a third of
a big bet), which must not pass for spread either."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats.cli import main
from rakestats.records import Game
from tests._stats_fixtures import P, hand, write_warehouse


@pytest.fixture(scope="module")
def stats(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, pd.DataFrame]:
    path = tmp_path_factory.mktemp("interval") / "wh"
    recs = []
    for n in range(1, 8):  # Razz, big bet 30: Cal folds 10 each time (a third of one)
        cal_won = n % 2 == 0
        recs.append(
            hand(
                n,
                [
                    P("Ann", 40, 0 if cal_won else 90),
                    P("Bob", 40, 90 if cal_won else 0),
                    P("Cal", 10, 0, folded=1),
                ],
                [("Ann", 1, "bet"), ("Bob", 1, "call"), ("Cal", 1, "fold")],
                game=Game.RAZZ,
                ante=10,
                big_bet=30,
                currency="USD",
            )
        )
    wh = write_warehouse(path, recs, batches=3)
    return path, wh.player_stats().set_index("player")


def test_no_interval_without_spread(stats: tuple[Path, pd.DataFrame]) -> None:
    df = stats[1]
    cal = df.loc["Cal"]
    assert cal["winrate_hands"] == 7
    assert cal["winrate_per100"] == pytest.approx(-100 / 3)
    assert cal["sd_per_hand"] == 0.0 and cal["winrate_se"] == 0.0
    assert pd.isna(cal["winrate_ci_low"]) and pd.isna(cal["winrate_ci_high"])


def test_an_interval_with_spread(stats: tuple[Path, pd.DataFrame]) -> None:
    ann = stats[1].loc["Ann"]  # +50, -40 in turn: x = 5/3, -4/3
    assert ann["sd_per_hand"] > 1
    half = 1.96 * ann["winrate_se"]
    assert ann["winrate_ci_low"] == pytest.approx(ann["winrate_per100"] - half)
    assert ann["winrate_ci_high"] == pytest.approx(ann["winrate_per100"] + half)


def test_the_table_shows_no_interval_as_a_dash(stats: tuple[Path, pd.DataFrame]) -> None:
    out = CliRunner().invoke(main, ["stats", "-w", str(stats[0])]).output
    cal = next(line for line in out.splitlines() if line.startswith("Cal "))
    assert "  -  " in cal and "[" not in cal
    data = CliRunner().invoke(main, ["stats", "-w", str(stats[0]), "--format", "json"]).output
    assert '"winrate_ci_low": null' in data

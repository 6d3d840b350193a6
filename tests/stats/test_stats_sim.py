"""Statistics on simulated play: they agree with the simulator's own counts, recover the
bots' configured styles, and the win-rate intervals are calibrated.

Histories go through the same path as real ones: ``rakestats simulate`` (or the
simulator's session player) writes text, ``Warehouse.ingest`` parses it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats._pool import WorkerPool
from rakestats.cli import main
from rakestats.rake.rules import NO_FEE
from rakestats.sim._session import SessionPlan, play_session
from rakestats.sim.styles import STYLES

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Warehouse, dict[str, Any]]:
    d = tmp_path_factory.mktemp("sim")
    out = CliRunner().invoke(
        main,
        ["simulate", "--hands", "6000", "--players", "6", "--seed", "11", "--out",
         str(d / "h"), "--jobs", "2", "--house-fee", "0"],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    wh = Warehouse(d / "wh")
    summary = wh.ingest(d / "h", jobs=2)
    assert summary.quarantined == 0 and summary.ingested == 6000
    truth = json.loads((d / "h" / "players.json").read_text(encoding="utf-8"))
    return wh, truth


def test_counts_match_the_simulated_truth(simulated: tuple[Warehouse, dict[str, Any]]) -> None:
    wh, truth = simulated
    df = wh.player_stats().set_index("player")
    picks = wh.pickup_stats().set_index("player")
    # the simulator's hands_voluntary counts chips put in in any round (not only the
    # first, as VPIP does): compare it with that count from the action counters
    any_round = wh.sql(
        "SELECT player, count(*) FILTER (WHERE "
        + " OR ".join(f"r{r}_bets + r{r}_raises + r{r}_calls > 0" for r in (1, 2, 3))
        + ") AS n FROM players GROUP BY player"
    ).set_index("player")["n"]
    for p in truth["players"]:
        row, c = df.loc[p["name"]], p["counts"]
        assert row.hands == c["hands_dealt"]
        assert row.net == c["net"]
        assert row.raise_r1_hands == c["hands_raised_first_round"]
        assert row.folds == c["folds"]
        assert row.reveals == c["reveals"]
        assert row.hands_won == c["hands_won"]
        assert row.skull_ace_reveals == c["skull_ace_reveals"]
        assert row.skull_ace_auto_wins == c["skull_ace_auto_wins"]
        assert row.skull_ace_auto_losses == c["skull_ace_auto_losses"]
        assert any_round[p["name"]] == c["hands_voluntary"]
        assert row.vpip_hands <= c["hands_voluntary"]
        assert picks.loc[p["name"]].face_up == c["face_up_picks"]
        assert picks.loc[p["name"]].face_down == c["face_down_picks"]


def _pooled(df: pd.DataFrame, style_of: dict[str, str]) -> pd.DataFrame:
    df = df.assign(style=df.player.map(style_of))
    g = df.groupby("style")[["hands", "vpip_hands", "bets", "raises", "calls"]].sum()
    return g.assign(vpip=g.vpip_hands / g.hands, af=(g.bets + g.raises) / g.calls)


def test_styles_are_recovered(simulated: tuple[Warehouse, dict[str, Any]]) -> None:
    wh, truth = simulated
    style_of = {p["name"]: p["style"] for p in truth["players"]}
    df = wh.player_stats(min_hands=300)
    df = df.assign(style=df.player.map(style_of))
    by = _pooled(df, style_of)
    # VPIP follows the entry threshold (lower is looser) where the configured gap is
    # not undone by the other parameters: the calling station enters with almost any
    # hand but the loose-aggressive bot also bluffs in, so those two are not ordered.
    assert STYLES["maniac"].entry < STYLES["calling_station"].entry < STYLES["tag"].entry
    assert STYLES["tag"].entry < STYLES["rock"].entry
    assert by.vpip["maniac"] > by.vpip["calling_station"] > by.vpip["tag"] > by.vpip["rock"]
    assert by.vpip["maniac"] > by.vpip["lag"] > by.vpip["tag"]
    # AF follows the aggression parameter; the maniac calls much more than the lag
    # (fold_to_bet 0.2 against 0.5), so that pair is not ordered.
    assert by.af["maniac"] > by.af["rock"] > by.af["calling_station"]
    assert by.af["tag"] > by.af["rock"] and by.af["lag"] > by.af["rock"]
    # and player by player: every maniac above every calling station and every rock
    for stat in ("vpip", "af"):
        maniacs = df[df["style"] == "maniac"][stat]
        others = df[df["style"].isin(["calling_station", "rock"])][stat]
        assert len(maniacs) and len(others)
        assert maniacs.min() > others.max(), stat


# ---------------------------------------------------------------- calibration
CAL_TABLES_PER_STYLE = 10
CAL_SEATS = 6
CAL_HANDS = 400
COVERAGE_RANGE = (0.90, 0.99)


def _plans(out: Path) -> list[SessionPlan]:
    plans = []
    for i, style in enumerate(sorted(STYLES)):
        for t in range(CAL_TABLES_PER_STYLE):
            table = i * CAL_TABLES_PER_STYLE + t + 1
            seats = tuple((s, f"{style}-{table:03d}-{s}", style) for s in range(1, CAL_SEATS + 1))
            plans.append(
                SessionPlan(
                    site="Calibration",
                    run_id="cal",
                    table_no=table,
                    table_name=f"Cal {table:03d}",
                    max_seats=CAL_SEATS,
                    seats=seats,
                    hands=CAL_HANDS,
                    ante=10,
                    house_fee=NO_FEE,
                    start=datetime(2026, 2, 1, tzinfo=UTC) + timedelta(hours=table),
                    seed=f"calibration|{table}",
                    out_dir=str(out),
                    view="server",
                )
            )
    return plans


def test_winrate_intervals_cover_zero(tmp_path: Path) -> None:
    """Every seat of a table plays the same style and there is no house fee, so each
    player's true win rate is 0; about 95% of the 95% intervals must contain 0.

    300 intervals (5 styles x 10 tables x 6 seats, 400 hands each); the accepted
    coverage is 0.90-0.99 (the binomial standard error at 95% is 1.3 points, and seats
    at one table are not independent)."""
    hist = tmp_path / "h"
    hist.mkdir()
    # Fresh worker interpreters: forking this process (threads of DuckDB, Arrow and the
    # test runner) can leave a child with a lock or an object in a broken state.
    with WorkerPool(2, preload=["rakestats.sim._session"]) as pool:
        list(pool.imap(play_session, _plans(hist)))
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest(hist, jobs=2).ingested == 5 * CAL_TABLES_PER_STYLE * CAL_HANDS
    df = wh.player_stats()
    assert len(df) == 5 * CAL_TABLES_PER_STYLE * CAL_SEATS
    assert (df.hands == CAL_HANDS).all()
    assert df.net.sum() == 0  # no fee: chips only move between players
    covered = (df.winrate_ci_low <= 0) & (df.winrate_ci_high >= 0)
    coverage = covered.mean()
    assert COVERAGE_RANGE[0] <= coverage <= COVERAGE_RANGE[1], coverage

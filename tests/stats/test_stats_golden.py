"""Golden set: 23 crafted hands with every statistic worked out by hand below.

Players: Ann, Bob, a name built to look like SQL (``INJ``), Dee. Rake at ante 10 in
chips (18 hands, six templates), Rake at ante 25 in USD (2 hands), Razz with big bet 20
(3 hands). Each template's chips, actions and flags are written out where it is built;
the expected figures are sums over templates, with the arithmetic in the comments.
"""

from __future__ import annotations

import json
import math
import statistics
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.records import Game, HandRecord
from tests._stats_fixtures import P, hand, write_warehouse

A, B, D = "Ann", "Bob", "Dee"
INJ = "O'Brien\"; DROP TABLE hands; --"


def _t(day: int, hh: int, mm: int) -> datetime:
    return datetime(2026, 1, 4 + day, hh, mm, tzinfo=UTC)


def _golden() -> list[HandRecord]:
    recs: list[HandRecord] = []
    n = 0

    # T1 x6 (hands 1-6, day 1 12:00-12:25). r1: A bets, B calls, C folds. r2: A checks,
    # B bets, A raises, B calls. r3: A bets, B folds (returned). A in 120, B 120, C 10;
    # A collects 250: A +130, B -120, C -10. A holds the Ace of Skulls (no Reveal).
    for _ in range(6):
        n += 1
        recs.append(
            hand(
                n,
                [
                    P(A, 120, 250, position=1, skull=True),
                    P(B, 120, 0, position=2, folded=3),
                    P(INJ, 10, 0, position=3, folded=1),
                ],
                [
                    (A, 1, "bet"), (B, 1, "call"), (INJ, 1, "fold"),
                    (A, 2, "check"), (B, 2, "bet"), (A, 2, "raise"), (B, 2, "call"),
                    (A, 3, "bet"), (B, 3, "fold"),
                ],
                at=_t(1, 12, 5 * (n - 1)),
                pickups=[
                    (1, A, True, "Pf", "HIGH_CARD", "PAIR"),
                    (1, B, False, "3c", "PAIR", "PAIR"),
                    (2, A, False, "As", "PAIR", "PAIR"),
                    (2, B, True, "Tf", "PAIR", "TWO_PAIR"),
                ],
            )
        )  # fmt: skip
    # T2 x4 (hands 7-10, day 1 12:30-12:45). r1: A checks, B bets, C calls, A calls.
    # r2: all check. r3: A bets, B raises, C folds, A calls. Reveal A (Ace of Skulls in
    # Two Pair: automatic loss) and B. A in 150, B 150, C 30; B collects 330.
    for _ in range(4):
        n += 1
        recs.append(
            hand(
                n,
                [
                    P(A, 150, 0, position=1, reveal=True, skull=True, outcome="auto_loss",
                      category="TWO_PAIR"),
                    P(B, 150, 330, position=2, reveal=True, category="THREE_OF_A_KIND"),
                    P(INJ, 30, 0, position=3, folded=3),
                ],
                [
                    (A, 1, "check"), (B, 1, "bet"), (INJ, 1, "call"), (A, 1, "call"),
                    (A, 2, "check"), (B, 2, "check"), (INJ, 2, "check"),
                    (A, 3, "bet"), (B, 3, "raise"), (INJ, 3, "fold"), (A, 3, "call"),
                ],
                at=_t(1, 12, 5 * (n - 1)),
                pickups=[
                    (1, A, True, "As", "HIGH_CARD", "PAIR"),
                    (1, B, False, "Dw", "PAIR", "THREE_OF_A_KIND"),
                    (1, INJ, True, "2w", "HIGH_CARD", "HIGH_CARD"),
                    (2, A, False, "5c", "PAIR", "TWO_PAIR"),
                    (2, B, True, "9s", "THREE_OF_A_KIND", "THREE_OF_A_KIND"),
                    (2, INJ, False, None, None, None),
                ],
            )
        )  # fmt: skip
    # T3 x3 (hands 11-13, day 1 14:00-14:10). r1: A checks, B checks, C bets, A folds,
    # B folds. Each in 10 (C's bet returned); C collects 30 holding the Ace of Skulls.
    for _ in range(3):
        n += 1
        recs.append(
            hand(
                n,
                [
                    P(A, 10, 0, position=1, folded=1),
                    P(B, 10, 0, position=2, folded=1),
                    P(INJ, 10, 30, position=3, skull=True),
                ],
                [(A, 1, "check"), (B, 1, "check"), (INJ, 1, "bet"), (A, 1, "fold"),
                 (B, 1, "fold")],
                at=_t(1, 14, 5 * (n - 11)),
            )
        )  # fmt: skip
    # T4 x2 (hands 14-15, day 1 14:15-14:20). r1: A bets all-in, B calls, C folds. Reveal
    # A and B with equal Runs: A and B in 1000, C 10; pot 2010 split 1005 each.
    for _ in range(2):
        n += 1
        recs.append(
            hand(
                n,
                [
                    P(A, 1000, 1005, position=2, reveal=True, category="Run"),
                    P(B, 1000, 1005, position=3, reveal=True, category="Run"),
                    P(INJ, 10, 0, position=1, folded=1),
                ],
                [(A, 1, "bet"), (B, 1, "call"), (INJ, 1, "fold")],
                at=_t(1, 14, 5 * (n - 11)),
                pickups=[
                    (1, A, True, "7w", "High Card", "Pair"),
                    (1, B, True, "7c", "Pair", "Pair"),
                    (2, A, True, "9w", "Pair", "Run"),
                    (2, B, False, "9c", "Pair", "Run"),
                ],
            )
        )  # fmt: skip
    # T5 x2 (hands 16-17, day 2 23:00, 23:10). r1: A bets, B calls, C calls; r2 and r3
    # all check. Reveal all three; A wins automatically with the Ace of Skulls. Each in
    # 30; A collects 90.
    for i in range(2):
        n += 1
        recs.append(
            hand(
                n,
                [
                    P(A, 30, 90, position=2, reveal=True, skull=True, outcome="auto_win",
                      category="THREE_OF_A_KIND"),
                    P(B, 30, 0, position=3, reveal=True, category="PAIR"),
                    P(INJ, 30, 0, position=1, reveal=True, category="PAIR"),
                ],
                [
                    (A, 1, "bet"), (B, 1, "call"), (INJ, 1, "call"),
                    (A, 2, "check"), (B, 2, "check"), (INJ, 2, "check"),
                    (A, 3, "check"), (B, 3, "check"), (INJ, 3, "check"),
                ],
                at=_t(2, 23, 10 * i),
            )
        )  # fmt: skip
    # T6 x1 (hand 18, day 2 23:40). r1: all check. r2: A bets, B folds (holding the Ace
    # of Skulls), C calls. r3: A checks, C checks. Reveal A and C; C wins. A in 40, B 10,
    # C 40; C collects 90.
    n += 1
    recs.append(
        hand(
            n,
            [
                P(A, 40, 0, position=2, reveal=True, category="PAIR"),
                P(B, 10, 0, position=3, folded=2, skull=True),
                P(INJ, 40, 90, position=1, reveal=True, category="TWO_PAIR"),
            ],
            [
                (A, 1, "check"), (B, 1, "check"), (INJ, 1, "check"),
                (A, 2, "bet"), (B, 2, "fold"), (INJ, 2, "call"),
                (A, 3, "check"), (INJ, 3, "check"),
            ],
            at=_t(2, 23, 40),
        )
    )  # fmt: skip
    # U x2 (hands 19-20, day 1 12:02, 12:07), Rake ante 25 in USD: A bets, B folds. Each in
    # 25; A collects 50.
    for i in range(2):
        n += 1
        recs.append(
            hand(
                n,
                [P(A, 25, 50, position=1), P(B, 25, 0, position=2, folded=1)],
                [(A, 1, "bet"), (B, 1, "fold")],
                at=_t(1, 12, 2 + 5 * i),
                ante=25,
                currency="USD",
            )
        )
    # R1 x2 (hands 21-22, day 1 15:00, 15:05), Razz, ante 2, big bet 20: B brings in 3,
    # D completes to 10, B calls; streets 4-7 both check; Reveal, D wins. Each in 12.
    for i in range(2):
        n += 1
        recs.append(
            hand(
                n,
                [P(B, 12, 0, position=1, reveal=True), P(D, 12, 24, position=2, reveal=True)],
                [
                    (B, 1, "bring_in"), (D, 1, "complete"), (B, 1, "call"),
                    *[(p, r, "check") for r in range(2, 6) for p in (B, D)],
                ],
                at=_t(1, 15, 5 * i),
                game=Game.RAZZ,
                ante=2,
                big_bet=20,
            )
        )  # fmt: skip
    # R2 x1 (hand 23, day 1 15:10), Razz: B brings in 3, D folds. B in 5, D 2; B collects 7.
    n += 1
    recs.append(
        hand(
            n,
            [P(B, 5, 7, position=1), P(D, 2, 0, position=2, folded=1)],
            [(B, 1, "bring_in"), (D, 1, "fold")],
            at=_t(1, 15, 10),
            game=Game.RAZZ,
            ante=2,
            big_bet=20,
        )
    )
    assert n == 23
    return recs


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    return write_warehouse(tmp_path_factory.mktemp("golden") / "wh", _golden(), batches=3)


def _row(df: pd.DataFrame, player: str, game: str = "rake", currency: str = "chips") -> pd.Series:
    sel = df[(df.player == player) & (df.game == game) & (df.currency == currency)]
    assert len(sel) == 1, (player, game, currency, df[["player", "game", "currency"]])
    return sel.iloc[0]


# Ratios of two counts are compared exactly (one correctly rounded division each).
_COMPUTED = ("winrate_", "sd_", "skull_ace_loss_ci")


def _check(row: pd.Series, expected: dict[str, object]) -> None:
    for key, want in expected.items():
        got = row[key]
        if want is None:
            assert pd.isna(got), (key, got)
        elif isinstance(want, float) and key.startswith(_COMPUTED):
            # means, standard deviations and intervals: summation order may differ
            assert got == pytest.approx(want, rel=1e-12, abs=1e-12), (key, got, want)
        else:
            assert got == want, (key, got, want)


def _winrate(xs: list[float]) -> dict[str, object]:
    """Win-rate figures from the per-hand net/unit values (written out per test)."""
    n = len(xs)
    mean = sum(xs) / n
    sd = statistics.stdev(xs) if n > 1 else math.nan
    se = 100 * sd / math.sqrt(n)
    return {
        "winrate_hands": n,
        "winrate_per100": 100 * mean,
        "sd_per_hand": sd,
        "winrate_se": se,
        "winrate_ci_low": 100 * mean - 1.96 * se if sd > 0 else None,
        "winrate_ci_high": 100 * mean + 1.96 * se if sd > 0 else None,
    }


def _wilson(k: int, n: int) -> tuple[float, float]:
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


# Per-hand net/unit: T1 x6, T2 x4, T3 x3, T4 x2, T5 x2, T6 x1.
X_ANN = [13.0] * 6 + [-15.0] * 4 + [-1.0] * 3 + [0.5] * 2 + [6.0] * 2 + [-4.0]
X_BOB = [-12.0] * 6 + [18.0] * 4 + [-1.0] * 3 + [0.5] * 2 + [-3.0] * 2 + [-1.0]
X_INJ = [-1.0] * 6 + [-3.0] * 4 + [2.0] * 3 + [-1.0] * 2 + [-3.0] * 2 + [5.0]

EXPECTED: dict[tuple[str, str, str], dict[str, object]] = {
    (A, "rake", "chips"): {
        "winrate_unit": "ante",
        "hands": 18,
        "net": 240,  # 6*130 - 4*150 - 3*10 + 2*5 + 2*60 - 40
        "net_per_hand": 240 / 18,
        **_winrate(X_ANN),
        "hands_won": 10,  # T1 6 + T4 2 + T5 2
        "won_pct": 10 / 18,
        "vpip": 14 / 18,  # bets T1 6, T4 2, T5 2; calls T2 4
        "raise_r1": 10 / 18,
        "bets": 21,  # T1 2*6 + T2 4 + T4 2 + T5 2 + T6 1
        "raises": 6,  # T1
        "calls": 8,  # T2 2*4
        "folds": 3,  # T3
        "af": 27 / 8,
        "afq": 27 / 38,
        "af_r1": 10 / 4,
        "afq_r1": 10 / 17,  # 10 bets / (10 + 4 calls + 3 folds)
        "af_r2": None,  # 1 bet (T6) + 6 raises (T1), no calls
        "afq_r2": 1.0,
        "af_r3": 10 / 4,  # bets T1 6 + T2 4; calls T2 4
        "afq_r3": 10 / 14,
        "af_r4": None,
        "afq_r4": None,
        "reached_pickup": 15,  # all but T3
        "reveals": 9,  # T2 4, T4 2, T5 2, T6 1
        "wtsd": 9 / 15,
        "won_at_reveal": 4,  # T4 2 (split), T5 2
        "wsd": 4 / 9,
        "won_no_reveal": 6,
        "won_no_reveal_pct": 6 / 18,
        "net_reveal": -510,  # -600 + 10 + 120 - 40
        "net_no_reveal": 750,  # 780 - 30
        "skull_ace_held": 12,  # T1 6, T2 4, T5 2
        "skull_ace_reveals": 6,
        "skull_ace_auto_wins": 2,
        "skull_ace_auto_losses": 4,
        "skull_ace_loss_freq": 4 / 6,
        "skull_ace_loss_ci_low": _wilson(4, 6)[0],
        "skull_ace_loss_ci_high": _wilson(4, 6)[1],
        "skull_ace_folds": 0,
        "skull_ace_net": 300,  # 780 - 600 + 120
    },
    (B, "rake", "chips"): {
        "hands": 18,
        "net": -90,  # -720 + 720 - 30 + 10 - 60 - 10
        **_winrate(X_BOB),
        "hands_won": 6,  # T2 4, T4 2
        "won_pct": 6 / 18,
        "vpip": 14 / 18,  # calls T1 6, T4 2, T5 2; bets T2 4
        "raise_r1": 4 / 18,
        "bets": 10,  # T1 r2 6 + T2 r1 4
        "raises": 4,  # T2 r3
        "calls": 16,  # T1 2*6 + T4 2 + T5 2
        "folds": 10,  # T1 6 + T3 3 + T6 1
        "af": 14 / 16,
        "afq": 14 / 40,
        "af_r1": 4 / 10,
        "afq_r1": 4 / 17,
        "af_r2": 6 / 6,
        "afq_r2": 6 / 13,
        "af_r3": None,
        "afq_r3": 4 / 10,
        "reached_pickup": 15,  # all but T3 (T6: folded in round 2)
        "reveals": 8,  # T2 4, T4 2, T5 2
        "wtsd": 8 / 15,
        "won_at_reveal": 6,
        "wsd": 6 / 8,
        "won_no_reveal": 0,
        "net_reveal": 670,
        "net_no_reveal": -760,
        "skull_ace_held": 1,  # T6, folded
        "skull_ace_reveals": 0,
        "skull_ace_auto_wins": 0,
        "skull_ace_auto_losses": 0,
        "skull_ace_loss_freq": None,
        "skull_ace_loss_ci_low": None,
        "skull_ace_folds": 1,
        "skull_ace_net": -10,
    },
    (INJ, "rake", "chips"): {
        "hands": 18,
        "net": -150,  # -60 - 120 + 60 - 20 - 60 + 50
        **_winrate(X_INJ),
        "hands_won": 4,  # T3 3, T6 1
        "vpip": 9 / 18,  # calls T2 4, T5 2; bets T3 3
        "raise_r1": 3 / 18,
        "bets": 3,
        "raises": 0,
        "calls": 7,  # T2 4 + T5 2 + T6 1
        "folds": 12,  # T1 6 + T2 4 + T4 2
        "af": 3 / 7,
        "afq": 3 / 22,
        "af_r1": 3 / 6,
        "afq_r1": 3 / 17,
        "af_r2": 0.0,  # one call (T6), no bets
        "afq_r2": 0.0,
        "af_r3": None,
        "afq_r3": 0.0,  # 4 folds (T2)
        "reached_pickup": 7,  # T2 4, T5 2, T6 1
        "reveals": 3,
        "wtsd": 3 / 7,
        "won_at_reveal": 1,
        "wsd": 1 / 3,
        "won_no_reveal": 3,
        "net_reveal": -10,
        "net_no_reveal": -140,
        "skull_ace_held": 3,  # T3, won uncontested
        "skull_ace_reveals": 0,
        "skull_ace_folds": 0,
        "skull_ace_net": 60,
    },
    (A, "rake", "USD"): {
        "hands": 2,
        "net": 50,
        "winrate_per100": 100.0,
        "sd_per_hand": 0.0,
        "winrate_se": 0.0,
        "winrate_ci_low": None,  # both hands won one ante: no spread, no interval
        "winrate_ci_high": None,
        "vpip": 1.0,
        "raise_r1": 1.0,
        "af": None,
        "afq": 1.0,
        "reached_pickup": 0,
        "wtsd": None,
        "wsd": None,
        "won_no_reveal_pct": 1.0,
    },
    (B, "rake", "USD"): {"hands": 2, "net": -50, "winrate_per100": -100.0, "vpip": 0.0,
                         "afq": 0.0, "af": None},
    (B, "razz", "chips"): {
        "winrate_unit": "big_bet",
        "hands": 3,
        "net": -22,
        **_winrate([-0.6, -0.6, 0.1]),
        "vpip": 2 / 3,  # the calls in R1; the bring-in is not voluntary
        "raise_r1": 0.0,
        "calls": 2,
        "af": 0.0,
        "afq": 0.0,
        "reached_pickup": 2,
        "reveals": 2,
        "wtsd": 1.0,
        "wsd": 0.0,
        "won_no_reveal": 1,
    },
    (D, "razz", "chips"): {
        "winrate_unit": "big_bet",
        "hands": 3,
        "net": 22,
        **_winrate([0.6, 0.6, -0.1]),
        "vpip": 2 / 3,  # completions
        "raise_r1": 2 / 3,
        "bets": 2,
        "folds": 1,
        "af": None,
        "afq": 2 / 3,
        "af_r2": None,
        "afq_r2": None,  # only checks on later streets
        "wsd": 1.0,
    },
}  # fmt: skip


def test_player_stats_golden(wh: Warehouse) -> None:
    df = wh.player_stats()
    assert len(df) == len(EXPECTED)
    for (player, game, currency), expected in EXPECTED.items():
        _check(_row(df, player, game, currency), expected)
    # chips won and lost balance within each game and currency (no house fee)
    assert df.groupby(["game", "currency"])["net"].sum().eq(0).all()


def test_rows_never_mix_games_or_currencies(wh: Warehouse) -> None:
    df = wh.player_stats()
    assert not df.duplicated(["player", "game", "currency"]).any()
    assert set(df[df.player == B][["game", "currency"]].itertuples(index=False, name=None)) == {
        ("rake", "chips"),
        ("rake", "USD"),
        ("razz", "chips"),
    }


def test_filters(wh: Warehouse) -> None:
    assert set(wh.player_stats(game="razz").player) == {B, D}
    only = wh.player_stats(players=[INJ])
    assert list(only.player) == [INJ] and only.hands.iloc[0] == 18
    # until is inclusive and in UTC: day 1 only drops T5, T6 (day 2)
    day1 = wh.player_stats(until="2026-01-05", game="rake", currency="chips")
    assert _row(day1, A).hands == 15 and _row(day1, A).net == 240 - 120 + 40
    day2 = wh.player_stats(since="2026-01-06")
    assert _row(day2, A).hands == 3 and set(day2.game) == {"rake"}
    assert wh.player_stats(since="2026-01-06", until="2026-01-06").equals(day2)
    assert wh.player_stats(since="2026-01-07").empty
    assert set(wh.player_stats(ante=25).currency) == {"USD"}
    assert set(wh.player_stats(big_bet=20).game) == {"razz"}
    sizes = wh.player_stats(table_size=2)
    assert {(r.game, r.currency) for r in sizes.itertuples()} == {
        ("rake", "USD"),
        ("razz", "chips"),
    }
    assert set(wh.player_stats(table_size=[2, 3]).player) == {A, B, INJ, D}
    # min hands: per player, game and currency
    assert len(wh.player_stats(min_hands=3)) == 5
    assert len(wh.player_stats(min_hands=4)) == 3


def test_injection_is_just_a_name(wh: Warehouse) -> None:
    for name in (INJ, "x' OR '1'='1", "$f_game_0", "?"):
        df = wh.player_stats(players=[name], site=name if name == "?" else None)
        assert set(df.player) <= {INJ}
        df = wh.hands(player=name, opponent=name, currency=name)
        assert df.empty
    with pytest.raises(ValueError, match="unknown game '\\?'"):
        wh.player_stats(game="?")
    assert wh.sql("SELECT count(*) AS n FROM hands")["n"].iloc[0] == 23
    assert wh.sql("SELECT count(*) AS n FROM players WHERE player = ?", [INJ])["n"].iloc[0] == 18


def test_aliases_group_by_person(wh: Warehouse, tmp_path: Path) -> None:
    toml = tmp_path / "aliases.toml"
    toml.write_text('[aliases]\nTeam = ["Ann", "Bob"]\n', encoding="utf-8")
    csv = tmp_path / "aliases.csv"
    csv.write_text("screen_name,person\nAnn,Team\nBob,Team\n", encoding="utf-8")
    for source in (toml, csv, {"Team": ["Ann", "Bob"]}):
        df = wh.player_stats(aliases=source)
        assert set(df.player) == {"Team", INJ, D}
        team = _row(df, "Team")
        assert team.hands == 36 and team.net == 150 and team.vpip == 28 / 36
        assert _row(df, "Team", "rake", "USD").net == 0
        assert _row(df, "Team", "razz").hands == 3
    # filter by person or by screen name
    assert set(wh.player_stats(aliases=toml, players=["Team"]).player) == {"Team"}
    assert _row(wh.player_stats(aliases=toml, players=["Ann"]), "Team").hands == 18


def test_positions_and_table_sizes(wh: Warehouse) -> None:
    pos = wh.positions(game="rake", currency="chips", players=[A])
    assert list(pos.position) == [1, 2]
    assert list(pos.hands) == [13, 5]  # T1-T3 at 1; T4-T6 at 2
    assert list(pos.net) == [150, 90]  # 780-600-30; 10+120-40
    assert list(pos.table_size) == [3, 3] and list(pos.from_dealer) == [2, 1]
    pooled = wh.player_stats(by=["from_dealer"], players=[INJ], currency="chips")
    assert list(pooled.from_dealer) == [0, 2] and list(pooled.hands) == [13, 5]
    sizes = wh.table_sizes(players=[A])
    assert {(r.currency, r.table_size, r.hands) for r in sizes.itertuples()} == {
        ("chips", 3, 18),
        ("USD", 2, 2),
    }
    # min_hands applies to the player's total, not each position
    assert len(wh.positions(min_hands=18, game="rake", players=[A], currency="chips")) == 2
    assert wh.positions(min_hands=19, game="rake", players=[A], currency="chips").empty


def test_action_stats(wh: Warehouse) -> None:
    df = wh.action_stats()
    _check(
        _row(df, A),
        {
            "faced_bet": 17,  # T1 raise 6, T2 call+call 8, T3 fold 3
            "folded_to_bet": 3,
            "fold_to_bet": 3 / 17,
            "check_raise_chances": 13,  # T1 6, T2 4 (check-call), T3 3 (check-fold)
            "check_raises": 6,
            "check_raise": 6 / 13,
            "reraise_chances": 4,  # T2 r3 call facing B's raise
            "reraises": 0,
            "reraise": 0.0,
        },
    )
    _check(
        _row(df, B),
        {
            "faced_bet": 30,  # T1 3*6, T2 4, T3 3, T4 2, T5 2, T6 1
            "fold_to_bet": 10 / 30,
            "check_raise_chances": 3,
            "check_raise": 0.0,
            "reraise_chances": 6,  # T1 r2 call facing A's raise
        },
    )
    _check(
        _row(df, INJ),
        {"faced_bet": 19, "fold_to_bet": 12 / 19, "check_raise": None, "reraise_chances": 4},
    )
    _check(_row(df, D, "razz"), {"faced_bet": 3, "fold_to_bet": 1 / 3})
    _check(_row(df, B, "razz"), {"faced_bet": 2, "fold_to_bet": 0.0, "reraise_chances": 0})
    by_round = wh.action_stats(by_round=True, players=[A], game="rake", currency="chips")
    assert list(by_round["round"]) == [1, 2, 3]
    assert list(by_round.check_raises) == [0, 6, 0]


def test_pickup_stats(wh: Warehouse) -> None:
    df = wh.pickup_stats()
    _check(
        _row(df, A),
        {
            "pickups": 24,  # T1 12, T2 8, T4 4
            "face_up_pct": 14 / 24,
            "known": 24,
            "improved": 18,  # T1 6, T2 8, T4 4 (titles "Pair" -> "Run" count too)
            "improved_pct": 18 / 24,
            "improved_face_up_pct": 1.0,
            "improved_face_down_pct": 4 / 10,
        },
    )
    _check(
        _row(df, B),
        {
            "pickups": 24,
            "face_up_pct": 0.5,
            "improved_pct": 0.5,
            "improved_face_up_pct": 6 / 12,
            "improved_face_down_pct": 6 / 12,
        },
    )
    _check(_row(df, INJ), {"pickups": 8, "known": 4, "improved_pct": 0.0,
                           "improved_face_down_pct": None})  # fmt: skip
    by = wh.pickup_stats(by_pickup=True, players=[A], currency="chips")
    assert list(by.pickup) == [1, 2] and list(by.improved) == [12, 6]


def test_skull_ace(wh: Warehouse) -> None:
    df = wh.skull_ace()
    low, high = _wilson(4, 6)
    _check(
        _row(df, A),
        {
            "hands": 18,
            "skull_ace_held": 12,
            "skull_ace_reveals": 6,
            "skull_ace_auto_wins": 2,
            "skull_ace_auto_losses": 4,
            "skull_ace_loss_freq": 4 / 6,
            "skull_ace_loss_ci_low": low,
            "skull_ace_loss_ci_high": high,
            "skull_ace_pickups_face_up": 4,  # T2 first pick-up
            "skull_ace_pickups_face_down": 6,  # T1 second pick-up
        },
    )
    _check(
        _row(df, B), {"skull_ace_folds": 1, "skull_ace_net": -10, "skull_ace_pickups_face_up": 0}
    )
    assert 0.0 < low < 4 / 6 < high < 1.0


def test_net_won_series(wh: Warehouse) -> None:
    df = wh.net_won(players=[A], game="rake", currency="chips")
    assert list(df.hand_no) == list(range(1, 19))
    assert list(df.cum_net)[5] == 780 and list(df.cum_net)[9] == 180
    last = df.iloc[-1]
    assert (last.cum_net, last.cum_net_reveal, last.cum_net_no_reveal) == (240, -510, 750)
    assert (df.cum_net == df.cum_net_reveal + df.cum_net_no_reveal).all()
    assert last.cum_units == pytest.approx(24.0)


def test_sessions(wh: Warehouse) -> None:
    df = wh.sessions(players=[A], game="rake", currency="chips")
    assert list(df.session) == [1, 2, 3]
    assert list(df.hands) == [10, 5, 3]  # 12:00-12:45 | 14:00-14:20 | day 2 23:00-23:40
    assert list(df.net) == [180, -20, 80]
    assert df.start.iloc[0] == pd.Timestamp("2026-01-05 12:00", tz="UTC")
    assert df["end"].iloc[2] == pd.Timestamp("2026-01-06 23:40", tz="UTC")
    assert list(df.minutes) == [45.0, 20.0, 40.0]
    # a 30-minute gap is not "more than 30 minutes"; a 29-minute setting splits day 2
    assert list(wh.sessions(players=[A], currency="chips", gap=29).hands) == [10, 5, 2, 1]
    assert list(wh.sessions(players=[A], currency="chips", gap=3000).hands) == [18]
    # a gap taken from a frame is numpy's (it was refused as not minutes)
    assert list(wh.sessions(players=[A], currency="chips", gap=np.int64(29)).hands) == [10, 5, 2, 1]
    with pytest.raises(TypeError, match="gap must be minutes or a timedelta"):
        wh.sessions(gap=np.True_)
    all_rows = wh.sessions()
    assert not all_rows.duplicated(["player", "game", "currency", "session"]).any()


def test_empty_warehouse(tmp_path: Path) -> None:
    wh = write_warehouse(tmp_path / "empty", [])
    for df in (wh.player_stats(), wh.skull_ace(), wh.sessions(), wh.net_won(),
               wh.action_stats(), wh.pickup_stats(), wh.positions()):  # fmt: skip
        assert df.empty


def test_bad_filters(wh: Warehouse) -> None:
    with pytest.raises(TypeError):
        wh.player_stats(colour="red")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        wh.player_stats(ante=10.0)  # type: ignore[typeddict-item]
    pd.testing.assert_frame_equal(wh.player_stats(ante="10"), wh.player_stats(ante=10))
    with pytest.raises(ValueError):
        wh.player_stats(since="yesterday")
    with pytest.raises(ValueError):
        wh.player_stats(min_hands=-1)
    with pytest.raises(ValueError):
        wh.player_stats(by=["colour"])


def test_cli_json(wh: Warehouse) -> None:
    out = CliRunner().invoke(main, ["stats", "-w", wh.path, "--format", "json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    required = {
        "player", "hands", "net", "winrate_per100", "winrate_ci_low", "winrate_ci_high",
        "vpip", "af", "afq", "wtsd", "wsd", "skull_ace_reveals", "skull_ace_auto_losses",
        "skull_ace_loss_freq", "game", "currency", "winrate_unit",
    }  # fmt: skip
    assert all(required <= set(r) for r in rows) and len(rows) == len(EXPECTED)
    ann = next(r for r in rows if (r["player"], r["currency"]) == (A, "chips"))
    assert ann["hands"] == 18 and ann["net"] == 240 and ann["af"] == 27 / 8
    assert ann["skull_ace_loss_freq"] == 4 / 6 and ann["winrate_unit"] == "ante"
    usd = next(r for r in rows if (r["player"], r["currency"]) == (A, "USD"))
    assert usd["af"] is None  # no calls


def test_cli_filters_and_formats(wh: Warehouse, tmp_path: Path) -> None:
    run = CliRunner().invoke
    out = run(main, ["stats", "-w", wh.path, "--player", INJ, "--format", "json"])
    assert [r["player"] for r in json.loads(out.output)] == [INJ]
    out = run(main, ["stats", "-w", wh.path, "--game", "razz", "--format", "csv"])
    assert out.exit_code == 0 and out.output.splitlines()[0].startswith("player,game,currency")
    assert len(out.output.splitlines()) == 3
    out = run(main, ["stats", "-w", wh.path, "--since", "2026-01-06", "--until", "2026-01-06"])
    assert out.exit_code == 0 and "Ann" in out.output and "Dee" not in out.output
    out = run(main, ["stats", "-w", wh.path, "--min-hands", "100"])
    assert out.exit_code == 4 and out.stdout == ""
    assert "no player has 100 hands or more" in out.stderr
    out = run(main, ["stats", "-w", str(tmp_path / "nowhere")])
    assert out.exit_code == 2 and not (tmp_path / "nowhere").exists()
    bad = tmp_path / "bad.toml"
    bad.write_text("[aliases]\nX = [1]\n", encoding="utf-8")
    out = run(main, ["stats", "-w", wh.path, "--aliases", str(bad)])
    assert out.exit_code == 2 and "names must be text" in out.output


def test_cli_table_escapes_control_characters(tmp_path: Path) -> None:
    evil = "Evil\x1b[2J"
    rec = hand(
        1, [P(evil, 10, 20), P("Good", 10, 0, folded=1)], [(evil, 1, "bet"), ("Good", 1, "fold")]
    )
    wh = write_warehouse(tmp_path / "wh", [rec])
    out = CliRunner().invoke(main, ["stats", "-w", wh.path])
    assert out.exit_code == 0 and "\x1b" not in out.output and "Evil\\x1b[2J" in out.output


def test_help_has_example() -> None:
    out = CliRunner().invoke(main, ["stats", "--help"])
    assert "Example: rakestats stats" in out.output


def test_rollup_matches_raw_scan(wh: Warehouse) -> None:
    from rakestats.stats._players import player_stats_sql

    team = {"Team": ["Ann", "Bob"]}
    cases: list[tuple[dict[str, Any], tuple[str, ...]]] = [
        ({}, ()),
        ({"since": "2026-01-06"}, ()),
        ({"until": date(2026, 1, 5), "game": "rake"}, ("position",)),
        ({"aliases": team, "players": ["Team", INJ]}, ("from_dealer",)),
        ({"min_hands": 3}, ("table_size", "ante")),
        ({"table_size": [2, 3], "currency": "chips"}, ("site", "big_bet")),
    ]
    for kwargs, by in cases:
        args = dict(kwargs)
        aliases = args.pop("aliases", None)
        raw = wh.statistics._query(
            aliases,  # type: ignore[arg-type]
            args,  # type: ignore[arg-type]
            lambda scope, by=by: player_stats_sql(scope, by, rollup=False),
        )
        fast = wh.player_stats(by=by, **kwargs)
        assert len(fast) > 0
        pd.testing.assert_frame_equal(raw, fast, check_exact=False, rtol=1e-12)


def test_exact_instants_use_the_raw_rows(wh: Warehouse) -> None:
    df = wh.player_stats(since=datetime(2026, 1, 6, 23, 5, tzinfo=UTC), players=[A])
    assert list(df.hands) == [2]  # 23:10 and 23:40
    df = wh.player_stats(until="2026-01-06T23:10:00+00:00", since="2026-01-06", players=[A])
    assert list(df.hands) == [2]  # 23:00 and 23:10, the bound included


def test_cache_follows_new_snapshots(tmp_path: Path) -> None:
    recs = _golden()
    wh = write_warehouse(tmp_path / "wh", recs[:10])
    assert _row(wh.player_stats(), A).hands == 10
    store = wh.store
    from rakestats.warehouse._arrow import hands_to_tables, partitions

    with store.lock():
        txn = store.begin()
        for name, table in hands_to_tables(recs[10:18], txn.version).items():
            for partition, part in partitions(table):
                txn.write(name, part, partition)
        txn.commit()
    assert _row(wh.player_stats(), A).hands == 18
    wh.clear_stats_cache()
    assert _row(wh.player_stats(), A).hands == 18

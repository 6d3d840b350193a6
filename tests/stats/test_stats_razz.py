"""Stud (Razz) statistics against counts made by hand.

The real histories of ``tests/data/razz/`` (two PokerStars files, five PHH files) are
ingested into a temporary warehouse; for the hero of each PokerStars file, and for one
player of the PHH files, every count is read off the history text below, hand by hand.
Then a few crafted hands cover the edge cases of 3rd street: a bring-in who calls a
completion, a bring-in player who opens for the full bet, and a capped street.

Streets 3rd..7th are betting rounds 1..5; a completion counts as a bet; the bring-in
and the ante count nowhere.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.records import Game, HandRecord
from tests._stats_fixtures import P, hand, write_warehouse

STREETS = ("3rd", "4th", "5th", "6th", "7th")
KINDS = ("bets", "raises", "calls", "checks", "folds")


@pytest.fixture(scope="module")
def wh(razz_rooms: Warehouse) -> Warehouse:
    return razz_rooms


def _row(df: pd.DataFrame, player: str, currency: str) -> pd.Series:
    sel = df[(df.player == player) & (df.game == "razz") & (df.currency == currency)]
    assert len(sel) == 1, (player, currency, df[["player", "game", "currency"]])
    return sel.iloc[0]


def _streets(**per_street: tuple[int, int, int, int, int]) -> dict[str, object]:
    """``_3rd=(bets, raises, calls, checks, folds)`` ... as columns, with the totals."""
    rows = [per_street.get(f"_{s}", (0, 0, 0, 0, 0)) for s in STREETS]
    out: dict[str, object] = {}
    for s, counts in zip(STREETS, rows, strict=True):
        out.update({f"{k}_{s}": n for k, n in zip(KINDS, counts, strict=True)})
    for i, k in enumerate(KINDS):
        out[k] = sum(r[i] for r in rows)
    return out


def _winrate(xs: list[float]) -> dict[str, object]:
    n = len(xs)
    mean = sum(xs) / n
    sd = statistics.stdev(xs) if n > 1 else math.nan
    se = 100 * sd / math.sqrt(n)
    return {
        "winrate_unit": "big_bet",
        "winrate_hands": n,
        "winrate_per100": 100 * mean,
        "sd_per_hand": sd,
        "winrate_ci_low": 100 * mean - 1.96 * se,
        "winrate_ci_high": 100 * mean + 1.96 * se,
    }


def _check(row: pd.Series, expected: dict[str, object]) -> None:
    for key, want in expected.items():
        got = row[key]
        if want is None or (isinstance(want, float) and math.isnan(want)):
            assert pd.isna(got), (key, got)
        elif isinstance(want, float):
            assert got == pytest.approx(want, rel=1e-12, abs=1e-12), (key, got, want)
        else:
            assert got == want, (key, got, want)


def _derived(counts: dict[str, object]) -> dict[str, object]:
    """The rates, from the counts (each a plain division of two counts)."""
    c = {k: v for k, v in counts.items() if isinstance(v, int)}

    def share(num: float, den: float) -> float | None:
        return num / den if den else None

    out: dict[str, object] = {
        "bring_in_pct": c["bring_in_hands"] / c["hands"],
        "complete_pct": c["complete_hands"] / c["hands"],
        "complete_of_chances": share(c["complete_hands"], c["complete_chances"]),
        "raise_3rd_pct": c["raise_3rd_hands"] / c["hands"],
        "raise_3rd_of_chances": share(c["raise_3rd_hands"], c["raise_3rd_chances"]),
        "vpip_3rd": c["vpip_3rd_hands"] / c["hands"],
        "wtsd": share(c["showdowns"], c["saw_4th"]),
        "wsd": share(c["showdowns_won"], c["showdowns"]),
        "af": share(c["bets"] + c["raises"], c["calls"]),
        "afq": share(c["bets"] + c["raises"], c["bets"] + c["raises"] + c["calls"] + c["folds"]),
    }
    for s in STREETS:
        b, r, ca, f = (c[f"{k}_{s}"] for k in ("bets", "raises", "calls", "folds"))
        out[f"af_{s}"] = share(b + r, ca)
        out[f"afq_{s}"] = share(b + r, b + r + ca + f)
    return out


# --------------------------------------------------------------------------------------
# s0rrow, hero of Razz-USD-0.04-0.08-200911.txt ($0.04/$0.08, ante 1, bring-in 2, big bet
# 8, in cents). Each hand as read from the text:
#  H1 #35874566077  kobreli brings in; willy32948, meg100 call; s0rrow folds [Td 2s 9s].
#                   3rd: fold. Could have completed (nobody had). In 1 (ante): -1.
#  H2 #35874590575  SilkZone brings in; kobreli, meg100 call; s0rrow calls 2. 3rd: call.
#                   4th: meg100 checks, s0rrow bets 4. 5th: bets 8. 6th: checks.
#                   7th: bets 8, both fold, 8 returned. In 1+2+4+8 = 15, collects 46: +31.
#  H3 #35874623967  HIWAII2 brings in; s0rrow calls 2. 4th: checks. 5th: HIWAII2 bets 8,
#                   s0rrow calls. 6th: checks. 7th: bets 8, HIWAII2 raises to 16, s0rrow
#                   calls 8. Showdown: s0rrow mucks, loses. In 1+2+8+8+8 = 27: -27.
#  H4 #35874664176  kobreli brings in; manga130, meg100 fold; HIWAII2 calls; s0rrow folds.
#                   3rd: fold (a chance to complete). -1.
#  H5 #35874682808  SilkZone brings in; ...; s0rrow folds. 3rd: fold (chance). -1.
#  H6 #35874721245  s0rrow BRINGS IN 2 (first to act; could have completed); three call,
#                   two fold; the street ends without him acting again (no VPIP).
#                   4th: kobreli bets 4, manga130 folds, s0rrow folds. In 1+2 = 3: -3.
#  H7 #35874756552  HIWAII2 brings in; s0rrow folds. 3rd: fold (chance). -1.
#  H8 #35874780027  HIWAII2 brings in; s0rrow "raises $0.02 to $0.04": a COMPLETION (a
#                   bet, not a raise; a chance to complete taken). Nobody raises after
#                   it, so no chance to raise. 4th: kobreli bets 4, meg100 folds, s0rrow
#                   raises to 8, SilkZone raises to 12, kobreli calls, s0rrow calls 4.
#                   5th: kobreli bets 8, s0rrow folds. In 1+4+12 = 17: -17.
#  H9 #35874817957  HIWAII2 brings in; s0rrow calls 2. 4th: kobreli bets 4, manga130
#                   calls, HIWAII2 folds, s0rrow calls. 5th: kobreli bets 8, manga130
#                   calls, s0rrow folds. In 1+2+4 = 7: -7.
S0RROW: dict[str, object] = {
    "hands": 9,
    "net": -27,  # -1 + 31 - 27 - 1 - 1 - 3 - 1 - 17 - 7
    "hands_won": 1,  # H2
    "bring_in_hands": 1,  # H6
    "bring_in_spots": 1,  # H6 (first to act on 3rd street)
    "complete_hands": 1,  # H8
    "complete_chances": 9,  # his first 3rd-street action always came before a completion
    "raise_3rd_hands": 0,
    "raise_3rd_chances": 0,  # never faced a completion
    "vpip_3rd_hands": 4,  # H2, H3, H9 call; H8 completes
    **_streets(
        _3rd=(1, 0, 3, 0, 4),  # bet H8 (completion); calls H2 H3 H9; folds H1 H4 H5 H7
        _4th=(1, 1, 2, 1, 1),  # bet H2; raise H8; calls H8 H9; check H3; fold H6
        _5th=(1, 0, 1, 0, 2),  # bet H2; call H3; folds H8 H9
        _6th=(0, 0, 0, 2, 0),  # checks H2 H3
        _7th=(2, 0, 1, 0, 0),  # bets H2 H3; call H3
    ),
    "saw_4th": 5,  # H2 H3 H6 H8 H9
    "showdowns": 1,  # H3
    "showdowns_won": 0,
    "net_showdown": -27,
    "net_no_showdown": 0,
    # per hand net / big bet (8 cents)
    **_winrate([x / 8 for x in (-1, 31, -27, -1, -1, -3, -1, -17, -7)]),
}

# Hero, hero of Razz-8max-USD-200-15-201009.bracket.in.alias.txt (tournament chips, ante
# 10, bring-in 15, bets 50/100). One hand, #49382949075:
#  Player5 brings in 15; PC [Mittel] "raises 35 to 50": a completion; Player0, Player1
#  fold; Hero raises to 100 (facing the completion: a chance, taken); Player2 raises to
#  150; three fold; PC calls; Hero raises to 200 (the third raise; "Betting is capped");
#  Player2, PC call. 3rd: two raises; no chance to complete (PC had completed first).
#  4th: Hero bets 50, both call. 5th: PC checks, Hero bets 100, both call. 6th, 7th:
#  Hero checks. Showdown: Hero shows T,5,3,2,A and loses to PC. In 10+200+50+100 = 360.
HERO: dict[str, object] = {
    "hands": 1,
    "net": -360,
    "hands_won": 0,
    "bring_in_hands": 0,
    "bring_in_spots": 0,
    "complete_hands": 0,
    "complete_chances": 0,
    "raise_3rd_hands": 1,
    "raise_3rd_chances": 1,
    "vpip_3rd_hands": 1,
    **_streets(
        _3rd=(0, 2, 0, 0, 0),
        _4th=(1, 0, 0, 0, 0),
        _5th=(1, 0, 0, 0, 0),
        _6th=(0, 0, 0, 1, 0),
        _7th=(0, 0, 0, 1, 0),
    ),
    "saw_4th": 1,
    "showdowns": 1,
    "showdowns_won": 0,
    "net_showdown": -360,
    "net_no_showdown": 0,
    **_winrate([-360 / 100]),  # one hand: no interval
}

# Brian Rast in the five PHH files (chips; ante 50000, bring-in 50000, bets 200000/400000
# in hands 20, 24, 26; ante and bring-in 100000, bets 300000/600000 in 83, 85). 'cbr' is
# complete/bet/raise, 'cc' check/call.
#  20  p1 brings in; p2 completes; Brian calls (faced a completion: a raise chance, no
#      complete chance). 4th, 5th, 6th: Brian bets; p2 calls, calls, folds at 6th. In
#      50000+200000+200000+400000 = 850000, wins 1900000: +1050000 (stack 3775000 →
#      4825000).
#  24  p1 brings in; p2 calls; Brian completes (complete chance taken); p2 raises to
#      400000; Brian calls (facing a raise after a completion: a raise chance). 4th-7th:
#      Brian bets, p2 calls. Showdown, p2 mucks: Brian wins. +2050000 (4575000 → 6625000).
#  26  p1 brings in; p2 completes; Brian calls (raise chance); p5 calls. 4th: p5 bets,
#      Brian calls. 5th: p5 bets, Brian calls. 6th: p5 checks, Brian bets, p5 calls. 7th:
#      p5 bets, Brian calls. Showdown: 6,5,4,3,2 beats 7,5,4,3,A. +2250000.
#  83  heads-up; Talal brings in; Brian completes to 300000, Talal folds (200000 returned).
#      +200000. The hand ends on 3rd street: he did not see 4th.
#  85  heads-up; Brian BRINGS IN 100000; Talal completes; Brian raises to 600000 (chance
#      to complete at the bring-in; raise chance taken); Talal calls. 4th: Talal bets,
#      Brian raises, Talal calls. 5th: Brian bets, Talal calls. 6th: Talal bets, Brian
#      raises to 750000 (Talal's stack), Talal calls all-in. Showdown: Brian wins
#      Talal's 2650000.
RAST: dict[str, object] = {
    "hands": 5,
    "net": 8_200_000,  # 1050000 + 2050000 + 2250000 + 200000 + 2650000
    "hands_won": 5,
    "bring_in_hands": 1,  # 85
    "bring_in_spots": 1,
    "complete_hands": 2,  # 24, 83
    "complete_chances": 3,  # 24, 83, 85
    "raise_3rd_hands": 1,  # 85
    "raise_3rd_chances": 4,  # 20, 24, 26, 85
    "vpip_3rd_hands": 5,
    **_streets(
        _3rd=(2, 1, 3, 0, 0),  # completions 24 83; raise 85; calls 20 24 26
        _4th=(2, 1, 1, 0, 0),  # bets 20 24; raise 85; call 26
        _5th=(3, 0, 1, 0, 0),  # bets 20 24 85; call 26
        _6th=(3, 1, 0, 0, 0),  # bets 20 24 26; raise 85
        _7th=(1, 0, 1, 0, 0),  # bet 24; call 26
    ),
    "saw_4th": 4,  # all but 83
    "showdowns": 3,  # 24, 26, 85
    "showdowns_won": 3,
    "net_showdown": 6_950_000,
    "net_no_showdown": 1_250_000,
    **_winrate(
        [1050000 / 400000, 2050000 / 400000, 2250000 / 400000, 200000 / 600000, 2650000 / 600000]
    ),
}


@pytest.mark.parametrize(
    ("name", "player", "currency", "expected"),
    [
        ("Razz-USD-0.04-0.08-200911.txt", "s0rrow", "USD", S0RROW),
        ("Razz-8max-USD-200-15-201009.bracket.in.alias.txt", "Hero", "chips", HERO),
    ],
)
def test_hero_of_each_stars_file(
    wh: Warehouse, name: str, player: str, currency: str, expected: dict[str, object]
) -> None:
    heroes = wh.sql("SELECT DISTINCT hero FROM hands WHERE source_file LIKE ?", [f"%{name}"])
    assert heroes["hero"].tolist() == [player]
    row = _row(wh.stud_stats(players=player), player, currency)
    _check(row, {**expected, **_derived(expected)})


def test_phh_player(wh: Warehouse) -> None:
    row = _row(wh.stud_stats(site="PHH"), "Brian Rast", "chips")
    _check(row, {**RAST, **_derived(RAST)})


def test_player_stats_agree_for_razz(wh: Warehouse) -> None:
    """``player_stats`` keeps working for Razz: the same hands, net, win rate in big
    bets, first-round VPIP (3rd street), AF and showdown figures."""
    stud = wh.stud_stats()
    ps = wh.player_stats(game="razz")
    assert len(stud) == len(ps) == 20  # 7 at the cash table, 8 in the tournament, 5 PHH
    merged = stud.merge(ps, on=["player", "game", "currency"], suffixes=("", "_ps"))
    assert len(merged) == len(stud)
    for a, b in [("hands", "hands_ps"), ("net", "net_ps"), ("winrate_per100", "winrate_per100_ps"),
                 ("vpip_3rd", "vpip"), ("af", "af_ps"), ("afq", "afq_ps"), ("wtsd", "wtsd_ps"),
                 ("wsd", "wsd_ps"), ("af_3rd", "af_r1"), ("afq_7th", "afq_r5"),
                 ("winrate_ci_low", "winrate_ci_low_ps")]:  # fmt: skip
        pd.testing.assert_series_equal(merged[a], merged[b], check_names=False)
    assert set(ps["winrate_unit"]) == {"big_bet"}


def test_net_won_in_big_bets(wh: Warehouse) -> None:
    df = wh.net_won(players="s0rrow")
    assert df["net"].tolist() == [-1, 31, -27, -1, -1, -3, -1, -17, -7]
    assert df["cum_net"].iloc[-1] == -27
    assert df["cum_units"].iloc[-1] == pytest.approx(-27 / 8)
    assert df["cum_net_reveal"].iloc[-1] == -27  # H3, the one showdown


def test_stud_rows_only_for_stud_games(wh: Warehouse, tmp_path: Path) -> None:
    assert wh.stud_stats(game="rake").empty
    # 5 hands or more: six of the seven at the cash table, two of the PHH players
    assert wh.stud_stats(min_hands=5)["player"].tolist() == [
        "HIWAII2", "SilkZone", "kobreli", "manga130", "meg100", "s0rrow",
        "Brian Rast", "Talal Shakerchi",
    ]  # fmt: skip
    rake = write_warehouse(tmp_path / "rake", [hand(1, [P("Ann", 10, 20), P("Bob", 10)])])
    assert rake.stud_stats().empty
    assert {"bring_in_pct", "af_7th", "winrate_ci_high"} <= set(rake.stud_stats().columns)


# --------------------------------------------------------------------------------------
# Crafted hands: Razz, ante 2, bring-in 3, bets 10/20, chips. Players A, B, C, D.
#  C1  A brings in 3; B completes to 10; C calls; A CALLS THE COMPLETION (voluntary).
#      4th: B bets, C calls, A folds. 5th: B, C check. 6th: B bets, C calls. 7th: B, C
#      check. Showdown: C wins. A in 12 (-12), B 42 (-42), C 42, collects 96 (+54).
#  C2  A, the bring-in player, OPENS FOR THE FULL BET (complete to 10, no bring-in);
#      B calls; C folds. 4th: A bets, B folds. A in 12, collects 26 (+14); B -12; C -2.
#  C3  A brings in; B completes; C raises; A raises; B raises: three raises, CAPPED; D
#      folds (no chance to complete or to raise); C calls; A calls. 4th-7th: A, B, C
#      check. Showdown: B wins. A, B, C in 42, D 2; B collects 128 (+86).
A, B, C, D = "A", "B", "C", "D"


def _crafted() -> list[HandRecord]:
    razz = {"game": Game.RAZZ, "ante": 2, "big_bet": 20}
    c1 = hand(
        1,
        [P(A, 12, folded=2), P(B, 42, reveal=True), P(C, 42, 96, reveal=True)],
        [(A, 1, "bring_in"), (B, 1, "complete"), (C, 1, "call"), (A, 1, "call"),
         (B, 2, "bet"), (C, 2, "call"), (A, 2, "fold"), (B, 3, "check"), (C, 3, "check"),
         (B, 4, "bet"), (C, 4, "call"), (B, 5, "check"), (C, 5, "check")],
        **razz,
    )  # fmt: skip
    c2 = hand(
        2,
        [P(A, 12, 26), P(B, 12, folded=2), P(C, 2, folded=1)],
        [(A, 1, "complete"), (B, 1, "call"), (C, 1, "fold"), (A, 2, "bet"), (B, 2, "fold")],
        **razz,
    )
    c3 = hand(
        3,
        [P(A, 42, reveal=True), P(B, 42, 128, reveal=True), P(C, 42, reveal=True),
         P(D, 2, folded=1)],
        [(A, 1, "bring_in"), (B, 1, "complete"), (C, 1, "raise"), (A, 1, "raise"),
         (B, 1, "raise"), (D, 1, "fold"), (C, 1, "call"), (A, 1, "call"),
         *[(p, r, "check") for r in range(2, 6) for p in (A, B, C)]],
        **razz,
    )  # fmt: skip
    return [c1, c2, c3]


CRAFTED: dict[str, dict[str, object]] = {
    A: {
        "hands": 3,
        "net": -40,  # -12 + 14 - 42
        "bring_in_hands": 2,  # C1, C3
        "bring_in_spots": 3,  # C1, C3, and C2 where A opened for the full bet
        "complete_hands": 1,  # C2
        "complete_chances": 3,  # at the bring-in (C1, C3) or the full open (C2)
        "raise_3rd_hands": 1,  # C3
        "raise_3rd_chances": 2,  # C1 (the call of the completion), C3
        "vpip_3rd_hands": 3,  # C1 call, C2 completion, C3 raise
        **_streets(
            _3rd=(1, 1, 2, 0, 0),  # completion C2; raise C3; calls C1 C3
            _4th=(1, 0, 0, 1, 1),  # bet C2; check C3; fold C1
            _5th=(0, 0, 0, 1, 0),
            _6th=(0, 0, 0, 1, 0),
            _7th=(0, 0, 0, 1, 0),
        ),
        "saw_4th": 3,
        "showdowns": 1,
        "showdowns_won": 0,
        **_winrate([-12 / 20, 14 / 20, -42 / 20]),
    },
    B: {
        "hands": 3,
        "net": 32,  # -42 - 12 + 86
        "bring_in_hands": 0,
        "bring_in_spots": 0,
        "complete_hands": 2,  # C1, C3
        "complete_chances": 2,  # C1, C3 (in C2 A had completed first)
        "raise_3rd_hands": 1,  # C3 (the cap)
        "raise_3rd_chances": 2,  # C2 (called A's completion), C3
        "vpip_3rd_hands": 3,
        **_streets(
            _3rd=(2, 1, 1, 0, 0),
            _4th=(1, 0, 0, 1, 1),  # bet C1; check C3; fold C2
            _5th=(0, 0, 0, 2, 0),
            _6th=(1, 0, 0, 1, 0),
            _7th=(0, 0, 0, 2, 0),
        ),
        "saw_4th": 3,
        "showdowns": 2,
        "showdowns_won": 1,
        **_winrate([-42 / 20, -12 / 20, 86 / 20]),
    },
    C: {
        "hands": 3,
        "net": 10,  # 54 - 2 - 42
        "bring_in_hands": 0,
        "complete_hands": 0,
        "complete_chances": 0,
        "raise_3rd_hands": 1,
        "raise_3rd_chances": 3,  # faced a completion in each
        "vpip_3rd_hands": 2,  # C1, C3; C2 folded
        **_streets(
            _3rd=(0, 1, 2, 0, 1),
            _4th=(0, 0, 1, 1, 0),
            _5th=(0, 0, 0, 2, 0),
            _6th=(0, 0, 1, 1, 0),
            _7th=(0, 0, 0, 2, 0),
        ),
        "saw_4th": 2,
        "showdowns": 2,
        "showdowns_won": 1,
    },
    D: {
        "hands": 1,
        "net": -2,
        "bring_in_hands": 0,
        "complete_hands": 0,
        "complete_chances": 0,  # acted after the completion
        "raise_3rd_hands": 0,
        "raise_3rd_chances": 0,  # the street was capped
        "vpip_3rd_hands": 0,
        **_streets(_3rd=(0, 0, 0, 0, 1)),
        "saw_4th": 0,
        "showdowns": 0,
        "showdowns_won": 0,
        **_winrate([-2 / 20]),
    },
}


@pytest.fixture(scope="module")
def crafted(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    return write_warehouse(tmp_path_factory.mktemp("crafted") / "wh", _crafted())


@pytest.mark.parametrize("player", [A, B, C, D])
def test_crafted_edge_cases(crafted: Warehouse, player: str) -> None:
    expected = CRAFTED[player]
    row = _row(crafted.stud_stats(), player, "chips")
    _check(row, {**expected, **_derived(expected)})


def test_crafted_aliases_and_filters(crafted: Warehouse) -> None:
    df = crafted.stud_stats(aliases={"AB": [A, B]})
    ab = _row(df, "AB", "chips")
    assert ab["hands"] == 6 and ab["bring_in_hands"] == 2 and ab["complete_hands"] == 3
    assert ab["net"] == -8
    assert crafted.stud_stats(players=[D], min_hands=2).empty
    assert crafted.stud_stats(table_size=4)["player"].tolist() == [A, B, C, D]


def test_cli_stud(wh: Warehouse) -> None:
    runner = CliRunner()
    args = ["stats", "-w", wh.path, "--stud", "--player", "s0rrow"]
    out = runner.invoke(main, [*args, "--format", "json"])
    assert out.exit_code == 0, out.output
    (rec,) = json.loads(out.output)
    assert (rec["player"], rec["hands"], rec["net"], rec["bring_in_hands"]) == ("s0rrow", 9, -27, 1)
    assert rec["vpip_3rd"] == pytest.approx(4 / 9) and rec["af_6th"] is None
    assert rec["winrate_unit"] == "big_bet" and rec["winrate_per100"] == pytest.approx(-37.5)
    table = runner.invoke(main, args)
    assert table.exit_code == 0
    assert "BB/100" in table.output and "VPIP 3rd" in table.output
    assert "-37.5" in table.output and "44.4%" in table.output
    csv = runner.invoke(main, [*args, "--format", "csv"])
    assert csv.output.splitlines()[0].startswith("player,game,currency,winrate_unit,hands")
    assert "complete_of_chances" in csv.output

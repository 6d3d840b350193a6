"""The stud statistics of every room and game, against counts made by hand.

The real histories of ``tests/data/stud/`` and ``tests/data/razz/`` (a dozen rooms;
Razz, Seven-Card Stud and Stud Hi/Lo) go into one warehouse. Each expected figure below
is read off the history text (the lines quoted beside it), not from the warehouse: the
hands per room and game from the files' headers, who brought in, stole and folded, each
player's net, and who won the high and the low half of each Stud Hi/Lo pot.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.records import Game, PlayerRecord, PotRecord
from rakestats.stats import STUD_GAMES, hand_detail, hand_document
from tests._stats_fixtures import P, hand, write_warehouse

DATA = Path(__file__).resolve().parents[1] / "data"
FTP = "Full Tilt Poker"
FTP_3_6 = 600  # the big bet of the five Full Tilt $3/$6 "Steal" files, in cents


@pytest.fixture(scope="module")
def wh(stud_rooms: Warehouse) -> Warehouse:
    return stud_rooms


def _row(df: pd.DataFrame, player: str, currency: str = "USD") -> pd.Series:
    sel = df[(df.player == player) & (df.currency == currency)]
    assert len(sel) == 1, (player, currency, df[["player", "game", "currency"]])
    return sel.iloc[0]


# ---------------------------------------------------------------- hands per room and game


def _header_games(folder: str, start: str, game_of: dict[str, str]) -> Counter[str]:
    """Hands per game of the files under ``folder`` (any depth): one per header line
    beginning with ``start`` and a hand number, its game from the first key of
    ``game_of`` its text holds (case ignored; none, or an empty game: not counted); the
    same hand number twice (a hand in two files) counts once."""
    seen: dict[str, str] = {}
    pattern = re.compile(re.escape(start) + r" #(\d+)")
    for path in sorted(p for p in DATA.glob(f"**/{folder}/**/*") if p.is_file()):
        for line in path.read_text(encoding="utf-8-sig", errors="replace").splitlines():
            m = pattern.match(line.lstrip("\ufeff"))
            game = next((g for k, g in game_of.items() if k in line.lower()), None)
            if m and game is not None:
                seen[m.group(1)] = game
    seen = {k: g for k, g in seen.items() if g}
    return Counter(seen.values())


def test_hands_per_room_and_game_are_the_headers(wh: Warehouse) -> None:
    # a Triple Stud hand (7 Card Stud rules, skipped by game) is not counted
    stars = {"triple stud": "", "razz": "razz", "hi/lo": "stud8", "7 card stud": "stud"}
    counted = Counter[str]()
    for folder in ("Stars", "stars"):
        for start in ("PokerStars Hand", "PokerStars Game"):
            counted += _header_games(folder, start, stars)
    assert counted == Counter({"stud": 13, "stud8": 10, "razz": 10})
    ftp = _header_games("FTP", "Full Tilt Poker Game", {"stud h/l": "stud8", "stud hi": "stud"})
    assert ftp == Counter({"stud": 17, "stud8": 1})
    for site, expected in (("PokerStars", counted), (FTP, ftp)):
        for game in STUD_GAMES:
            got = wh.count_hands(per="hand", site=site, game=game) if expected[game] else 0
            assert got == expected[game], (site, game)
    assert wh.count_hands(per="hand", site="PHH", game="razz") == 5  # one hand per file


# ---------------------------------------------------------------- 3rd street and net


def test_full_tilt_steals_bring_ins_folds_and_nets(wh: Warehouse) -> None:
    """The five Full Tilt $3/$6 Seven-Card Stud hands named after the steal they show
    (``...Steal.from.Button.Failure.txt`` ...). Seats acting after the bring-in, the
    last three before it are the steal seats:

    - Button failure: thebear666 brings in; FILL A RACK, kwuiyhw, chasrigg, goulartarm,
      Hero fold; arjun1111 completes, thebear666 calls; arjun1111 wins $9.50;
    - CO success: goulartarm brings in; Hero, thebear666, FILL A RACK, bllodshot fold;
      kwuiyhw completes; chasrigg and goulartarm fold; $2 returned, kwuiyhw wins $5.50;
    - HJ failure, 3-bet by the button: shasatipu brings in; kwuiyhw, chasrigg, goulartarm
      fold; Hero completes, arjun1111 calls, thebear666 raises, all call; Hero wins
      $72.50 at the showdown after betting every street;
    - HJ failure: kwuiyhw brings in; chasrigg, goulartarm, Hero, arjun1111 fold;
      thebear666 completes, FILL A RACK folds, bllodshot calls, kwuiyhw folds;
    - HJ success: goulartarm brings in; Hero, arjun1111, thebear666, FILL A RACK fold;
      bllodshot completes and everyone folds.
    """
    df = wh.stud_stats(site=FTP, big_bet=FTP_3_6)
    assert set(df.game) == {"stud"} and set(df.winrate_unit) == {"big_bet"}
    expected = {
        # player: steal chances, steals, steals won, bring-ins
        "arjun1111": (1, 1, 0, 0),
        "kwuiyhw": (1, 1, 1, 1),
        "Hero": (2, 1, 0, 0),
        "thebear666": (1, 1, 0, 1),
        "bllodshot": (2, 1, 1, 0),
        "goulartarm": (1, 0, 0, 2),
        "shasatipu": (0, 0, 0, 1),
        "chasrigg": (0, 0, 0, 0),
        "FILL A RACK": (0, 0, 0, 0),
    }
    for player, (chances, steals, won, bring_ins) in expected.items():
        r = _row(df, player)
        got = (r.steal_chances, r.steal_hands, r.steal_won, r.bring_in_hands)
        assert got == (chances, steals, won, bring_ins), player
    # the bring-in facing a steal nobody called: thebear666 calls, goulartarm folds twice
    assert (_row(df, "goulartarm").fold_to_steal_chances, _row(df, "goulartarm").fold_to_steal) == (
        2,
        1.0,
    )
    assert (_row(df, "thebear666").fold_to_steal_chances, _row(df, "thebear666").fold_to_steal) == (
        1,
        0.0,
    )
    assert _row(df, "kwuiyhw").steal_success == 1.0 and _row(df, "Hero").steal_success == 0.0
    # facing a completion before any raise: (chances, folds)
    folds = {
        "thebear666": (2, 0),  # calls arjun1111's, raises Hero's
        "chasrigg": (2, 2),
        "goulartarm": (2, 2),
        "kwuiyhw": (2, 2),
        "arjun1111": (1, 0),
        "FILL A RACK": (1, 1),
        "bllodshot": (1, 0),
    }
    for player, pair in folds.items():
        r = _row(df, player)
        assert (r.fold_to_complete_chances, r.fold_to_complete_hands) == pair, player
    # nets, from the antes ($0.50), the bets and what each collected
    assert _row(df, "kwuiyhw").net == 100  # +4.00 in CO success, -0.50 -0.50 -1.50 -0.50
    assert _row(df, "arjun1111").net == -150  # +6.00, -6.50, -0.50, -0.50
    assert _row(df, "Hero").net == 4000  # +42.00 (72.50 - 30.50), four antes lost
    # Hero's win rate in big bets: (42 - 4 x 0.50) / $6 over 5 hands, per 100 hands
    assert _row(df, "Hero").winrate_per100 == pytest.approx(100 * 40 / 6 / 5)


def test_win_rates_are_in_big_bets_for_every_stud_game(wh: Warehouse) -> None:
    """PokerStars 8-Game, Stud Hi/Lo at $400/$800: Player0 posts $60, brings in for $120,
    raises to $800, calls to $1,200, calls $400 on 4th street and folds on 5th: -$1,660,
    -2.075 big bets in one hand."""
    filters = {"site": "PokerStars", "game": "stud8", "big_bet": 80000, "player": "Player0"}
    for df in (wh.stud_stats(**filters), wh.player_stats(**filters)):
        r = _row(df, "Player0")
        assert (r.hands, r.net, r.winrate_unit) == (1, -166000, "big_bet")
        assert r.winrate_per100 == pytest.approx(-207.5)
    both = wh.player_stats(player="Player0", site="PokerStars")
    assert set(both.winrate_unit) == {"big_bet"}
    every = wh.player_stats()
    units = dict(zip(every.game, every.winrate_unit, strict=True))
    assert {g: units[g] for g in STUD_GAMES} == dict.fromkeys(STUD_GAMES, "big_bet")


# ---------------------------------------------------------------- Stud Hi/Lo halves


def test_stud8_halves_at_pokerstars(wh: Warehouse) -> None:
    """PokerStars Stud Hi/Lo, from the show and collected lines:

    cash ($0.04/$0.08): 35874523510 rdiezchang alone with two pair, "No low hand
    qualified"; 35874576282 u.pressure (two pair) $0.37 and gashpor (LO: 8,7,5,4,2)
    $0.36, rdiezchang (a pair of Aces, no low) loses; 35874635170 rdiezchang alone, no
    low; 35874676388 gashpor's flush $0.40 and Hero's LO: 7,6,5,4,3 $0.40; 35874733203
    Hero alone, no low; 35874789183 TomSludge alone, no low, gashpor (no low) loses.
    Tournaments: 241636097024 Hero, all-in on the ante, scoops the main pot with a
    straight and LO: 5,4,3,2,A; side pot-1 Player3 (two pair) and Player0 (LO: 8,7,6,3,A)
    150 each, Player1, Player5 and Player6 muck; 29356803849 Player4 (two pair) and
    Player2 (LO: 7,6,5,3,A) 220 each.
    """
    df = wh.stud_stats(site="PokerStars", game="stud8")
    want = {
        # (player, currency): showdowns, scoops, high won, low won, lows made, quartered
        ("rdiezchang", "USD"): (3, 2, 2, 0, 0, 0),
        ("gashpor", "USD"): (3, 0, 1, 1, 1, 0),
        ("u.pressure", "USD"): (1, 0, 1, 0, 0, 0),
        ("TomSludge", "USD"): (1, 1, 1, 0, 0, 0),
        ("Hero", "USD"): (2, 1, 1, 1, 1, 0),
        ("Hero", "chips"): (1, 1, 1, 1, 1, 0),
        ("Player0", "chips"): (1, 0, 0, 1, 1, 0),
        ("Player3", "chips"): (1, 0, 1, 0, 0, 0),
        ("Player2", "chips"): (1, 0, 0, 1, 1, 0),
        ("Player4", "chips"): (1, 0, 1, 0, 0, 0),
        ("Player1", "chips"): (1, 0, 0, 0, 0, 0),
    }
    for (player, currency), counts in want.items():
        r = _row(df, player, currency)
        got = (r.showdowns, r.scoops, r.high_won, r.low_won, r.low_qualified, r.quartered)
        assert got == counts, (player, currency)
    assert _row(df, "rdiezchang").scoop_pct == pytest.approx(2 / 3)
    assert _row(df, "gashpor").low_won_of_qualified == 1.0
    assert pd.isna(_row(df, "rdiezchang").low_won_of_qualified)  # never made a low
    # the figures of split pots are Stud Hi/Lo's alone
    other = wh.stud_stats(game=["razz", "stud"])
    assert other[["scoop_pct", "high_won_pct", "low_won_pct"]].isna().all().all()
    assert (other[["scoops", "high_won", "low_won", "quartered"]] == 0).all().all()


def test_halves_of_every_stud8_pot_agree_with_the_rules(wh: Warehouse) -> None:
    """The halves found in SQL (from what each player collected and their low) are those
    the stud evaluators give for every Stud Hi/Lo hand with a showdown in the test
    histories (``rakestats hand`` shows the latter)."""
    hands = wh.sql(
        "SELECT DISTINCT site, hand_id FROM players WHERE game = 'stud8' AND went_to_reveal"
    )
    assert len(hands) >= 20
    stats = wh.stud_stats(game="stud8")
    high: Counter[tuple[str, str]] = Counter()
    low: Counter[tuple[str, str]] = Counter()
    scoop: Counter[tuple[str, str]] = Counter()
    for site, hand_id in hands.itertuples(index=False):
        doc = hand_document(hand_detail(wh.sql, hand_id, site))
        currency = doc.currency
        at_showdown = {x.player for x in doc.reveal}
        for pot in doc.pots:
            assert pot.halves is not None
            for name in at_showdown & {w.player for w in pot.winners}:
                high[(name, currency)] += name in pot.halves.high
                low[(name, currency)] += name in pot.halves.low
            if pot.pot == 0 and len(pot.winners) == 1:
                scoop[(pot.winners[0].player, currency)] += 1
    for r in stats.itertuples(index=False):
        key = (r.player, r.currency)
        # a player wins one half of at most one pot per hand in these histories
        assert (r.high_won, r.low_won, r.scoops) == (high[key], low[key], scoop[key]), key


def test_quartered_and_scooped_pots(tmp_path: Path) -> None:
    """Crafted Stud Hi/Lo hands: Ann and Bob tie for the low (6,4,3,2,A each), Cy's
    trips take the high half: Ann and Bob each get a quarter. Then Ann scoops a pot
    with a wheel (high and low)."""
    split = replace(
        hand(1, [P("Ann", 100, 75, reveal=True), P("Bob", 100, 75, reveal=True),
                 P("Cy", 100, 150, reveal=True)], game=Game.STUD8, ante=5, big_bet=20),
        players=(
            PlayerRecord("Ann", 1, None, 1000, 100, 75, cards="As 2c 3d 4h 6s Kc Kd",
                         went_to_reveal=True),
            PlayerRecord("Bob", 2, None, 1000, 100, 75, cards="Ad 2s 3c 4d 6h Qs Qd",
                         went_to_reveal=True),
            PlayerRecord("Cy", 3, None, 1000, 100, 150, cards="9s 9h 9d Tc Jc 5s 7h",
                         went_to_reveal=True),
        ),
        pots=(PotRecord(0, 300, (("Ann", 75), ("Bob", 75), ("Cy", 150))),),
    )  # fmt: skip
    scoop = replace(
        hand(2, [P("Ann", 50, 100, reveal=True), P("Bob", 50, 0, reveal=True)],
             game=Game.STUD8, ante=5, big_bet=20),
        players=(
            PlayerRecord("Ann", 1, None, 1000, 50, 100, cards="As 2c 3d 4h 5s Kc Kd",
                         went_to_reveal=True),
            PlayerRecord("Bob", 2, None, 1000, 50, 0, cards="Ad 2s 3c 4d 7h Qs Qd",
                         went_to_reveal=True),
        ),
        pots=(PotRecord(0, 100, (("Ann", 100),)),),
    )  # fmt: skip
    w = write_warehouse(tmp_path / "wh", [split, scoop])
    df = w.stud_stats().set_index("player")
    assert df.loc["Ann", ["showdowns", "scoops", "high_won", "low_won", "quartered"]].tolist() == [
        2, 1, 1, 2, 1,
    ]  # fmt: skip
    assert df.loc["Bob", ["scoops", "high_won", "low_won", "quartered", "low_qualified"]].tolist() == [
        0, 0, 1, 1, 2,
    ]  # fmt: skip
    assert df.loc["Cy", ["high_won", "low_won", "low_qualified"]].tolist() == [1, 0, 0]
    assert df.loc["Ann", "quartered_pct"] == 0.5 and df.loc["Cy", "wsd"] == 1.0
    # the winrate unit of a crafted Stud Hi/Lo hand is its big bet too
    assert df.loc["Cy", "winrate_per100"] == pytest.approx(100 * 50 / 20)

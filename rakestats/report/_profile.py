"""A player profile: each statistic beside the pool's median and the range of the
winning players at the same game and stakes, with its interval; the win rate with its
normal and bootstrap intervals; net won by position, table size and session; the
player's Ace of Skulls hands.

The **reference players** are the other players with at least
:data:`REFERENCE_MIN_HANDS` hands in the same game and currency, at the stakes the
player played, within the report's filters (the player filter aside). The **pool
median** is their median; the **winners' range** is the lowest to the highest value
among those of them with a positive win rate. A statistic is flagged as a **possible
leak** only when the player's 95% interval lies wholly outside that range (and at least
:data:`MIN_WINNERS` winners make the range).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from rakestats.report._words import counted
from rakestats.stats import (
    STAT_COLUMNS,
    AliasesLike,
    FilterArgs,
    HasStatistics,
    Statistics,
    unit_column,
)
from rakestats.stats.uncertainty import (
    DOMINANCE_THRESHOLD,
    SMALL_SAMPLE_HANDS,
    bootstrap_interval,
    largest_share,
    wilson,
)

__all__ = [
    "MIN_WINNERS",
    "PROFILE_STATS",
    "REFERENCE_MIN_HANDS",
    "SKULL_HAND_LIMIT",
    "Profile",
    "ProfileStat",
    "profile",
]

REFERENCE_MIN_HANDS = 100
MIN_WINNERS = 2
SKULL_HAND_LIMIT = 50

# (column of player_stats, numerator, denominator, kind): a share k/n with a Wilson
# interval, or ``odds``: AF = A / C, its interval from the Wilson interval of A / (A + C)
# turned back into odds. Each is labelled with its column's title (STAT_COLUMNS).
PROFILE_STATS: tuple[tuple[str, str, str, str], ...] = (
    ("vpip", "vpip_hands", "hands", "share"),
    ("raise_r1", "raise_r1_hands", "hands", "share"),
    ("af", "bets+raises", "calls", "odds"),
    ("afq", "bets+raises", "bets+raises+calls+folds", "share"),
    ("wtsd", "reveals", "reached_pickup", "share"),
    ("wsd", "won_at_reveal", "reveals", "share"),
    ("won_no_reveal_pct", "won_no_reveal", "hands", "share"),
    ("won_pct", "hands_won", "hands", "share"),
)


@dataclass(frozen=True)
class ProfileStat:
    """One statistic of a profile."""

    label: str
    column: str
    kind: str
    value: float | None
    low: float | None
    high: float | None
    pool_median: float | None
    winners_low: float | None
    winners_high: float | None
    leak: bool


@dataclass(frozen=True)
class Profile:
    """Everything a profile section shows about one player at one game and currency
    (the one with the most hands): ``row``, the player's row of the report's
    ``player_stats``, names them."""

    row: pd.Series
    stakes: list[int]
    other_games: list[str]
    stats: list[ProfileStat]
    reference_players: int
    winners: int
    boot: tuple[float, float] | None
    largest_share: float | None
    net_won: pd.DataFrame
    by_position: pd.DataFrame
    by_table_size: pd.DataFrame
    sessions: pd.DataFrame
    skull_hands: pd.DataFrame
    # the player's rows per site, when the name played the game at more than one
    by_site: pd.DataFrame = field(default_factory=pd.DataFrame)
    # the player's rows per UTC month, when the hands span more than one
    by_month: pd.DataFrame = field(default_factory=pd.DataFrame)

    @property
    def hands(self) -> int:
        return int(self.row["hands"])

    @property
    def boot_low(self) -> float | None:
        return self.boot[0] if self.boot else None

    @property
    def boot_high(self) -> float | None:
        return self.boot[1] if self.boot else None

    @property
    def skull_total(self) -> int:
        return len(self.skull_hands)

    @property
    def dominated(self) -> bool:
        return self.largest_share is not None and self.largest_share > DOMINANCE_THRESHOLD

    @property
    def small_sample(self) -> bool:
        return self.hands < SMALL_SAMPLE_HANDS

    @property
    def notes(self) -> list[str]:
        """Why the comparison with the reference players is missing or flags nothing."""
        if self.reference_players == 0:
            return [
                f"No other player has {REFERENCE_MIN_HANDS} hands at these stakes: "
                "no pool median or winners' range."
            ]
        if self.winners < MIN_WINNERS:
            return [
                f"Fewer than {MIN_WINNERS} winning players with {REFERENCE_MIN_HANDS} hands "
                "at these stakes: no statistic is flagged."
            ]
        return []


def _count(row: Any, expr: str) -> float:
    return float(sum(float(row[c]) if pd.notna(row[c]) else 0.0 for c in expr.split("+")))


def _interval(row: Any, num: str, den: str, kind: str) -> tuple[float | None, float | None]:
    k = _count(row, num)
    if kind == "odds":
        n = k + _count(row, den)
        ci = wilson(k, n)
        if ci is None or _count(row, den) == 0:
            return None, None
        lo, hi = ci
        return lo / (1 - lo), (hi / (1 - hi) if hi < 1 else float("inf"))
    ci = wilson(k, _count(row, den))
    return (ci[0], ci[1]) if ci is not None else (None, None)


def _num(value: Any) -> float | None:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return None
    return v if np.isfinite(v) else None


def _compare(row: pd.Series, ref: pd.DataFrame, winners: pd.DataFrame) -> list[ProfileStat]:
    """Each of :data:`PROFILE_STATS` for the player (``row``) beside the reference
    players (``ref``) and the winning ones among them."""
    out: list[ProfileStat] = []
    for col, num, den, kind in PROFILE_STATS:
        low, high = _interval(row, num, den, kind)
        w = winners[col].dropna()
        wlo = _num(w.min()) if len(w) else None
        whi = _num(w.max()) if len(w) else None
        leak = False
        if len(w) >= MIN_WINNERS and low is not None and high is not None:
            leak = wlo is not None and whi is not None and (high < wlo or low > whi)
        med = _num(ref[col].median()) if len(ref) else None
        label = STAT_COLUMNS[col].title
        out.append(ProfileStat(label, col, kind, _num(row[col]), low, high, med, wlo, whi, leak))
    return out


def _reference(
    st: Statistics, row: pd.Series, stakes: list[int], filters: FilterArgs, aliases: AliasesLike
) -> pd.DataFrame:
    """The other players with :data:`REFERENCE_MIN_HANDS` hands at the same game,
    currency and stakes, within ``filters`` (the player filters and ``min_hands``
    aside)."""
    game = str(row["game"])
    pool_filters: FilterArgs = {**filters, "game": game, "currency": str(row["currency"])}
    pool_filters.pop("players", None)
    pool_filters.pop("player", None)
    pool_filters.pop("min_hands", None)
    if stakes and unit_column(game) == "big_bet":
        pool_filters["big_bet"] = stakes
    elif stakes:
        pool_filters["ante"] = stakes
    pool = st.player_stats(aliases=aliases, **pool_filters)
    ref: pd.DataFrame = pool[
        (pool["player"] != row["player"]) & (pool["hands"] >= REFERENCE_MIN_HANDS)
    ]
    return ref


def profile(
    wh: HasStatistics, name: str, stats: pd.DataFrame, filters: FilterArgs, aliases: AliasesLike
) -> Profile:
    """The profile of ``name`` (a row of ``stats``, the report's ``player_stats``)."""
    st = wh.statistics
    mine = stats[stats["player"] == name].sort_values("hands", ascending=False, kind="stable")
    row = mine.iloc[0]
    game, currency = str(row["game"]), str(row["currency"])
    own: FilterArgs = {**filters, "players": [name], "game": game, "currency": currency}
    own.pop("player", None)
    stake_col = unit_column(game)
    by_stake = st.player_stats(by=(stake_col,), aliases=aliases, **own)
    stakes = sorted(int(v) for v in pd.to_numeric(by_stake[stake_col]).dropna().unique())
    ref = _reference(st, row, stakes, filters, aliases)
    winners = ref[ref["winrate_per100"] > 0]
    net = st.net_won(aliases=aliases, **own)
    x = net["net_units"].to_numpy(dtype=float, na_value=np.nan)
    by_position = pd.DataFrame()
    if game == "rake":
        by_position = st.player_stats(by=("from_dealer",), aliases=aliases, **own)
        by_position = by_position[by_position["from_dealer"].notna()]
    by_site = st.player_stats(by=("site",), aliases=aliases, **own)
    by_month = st.player_stats(by=("month",), aliases=aliases, **own)
    skull = (
        st.hands(skull_ace_outcome="held", aliases=aliases, **own)
        if game == "rake"
        else pd.DataFrame()
    )
    return Profile(
        row=row,
        stakes=stakes,
        other_games=[
            f"{r['game']} ({r['currency']}, {counted(int(r['hands']), 'hand')})"
            for r in mine.iloc[1:].to_dict(orient="records")
        ],
        stats=_compare(row, ref, winners),
        reference_players=len(ref),
        winners=len(winners),
        boot=bootstrap_interval(x),
        largest_share=largest_share(x),
        net_won=net,
        by_position=by_position,
        by_table_size=st.table_sizes(aliases=aliases, **own),
        sessions=st.sessions(aliases=aliases, **own),
        skull_hands=_skull_outcomes(skull),
        by_site=by_site if len(by_site) > 1 else pd.DataFrame(),
        by_month=by_month if len(by_month) > 1 else pd.DataFrame(),
    )


def _skull_outcomes(df: pd.DataFrame) -> pd.DataFrame:
    """The Ace of Skulls hands with an ``ending`` in words."""
    if df.empty:
        return df
    out = df.copy()

    def ending(r: Any) -> str:
        if r["skull_ace_outcome"] == "auto_win":
            return "automatic win"
        if r["skull_ace_outcome"] == "auto_loss":
            return "automatic loss"
        if pd.notna(r["folded_round"]):
            return f"folded (round {int(r['folded_round'])})"
        if bool(r["went_to_reveal"]):
            return "Reveal, not decided by it"
        return "no Reveal"

    out["ending"] = [ending(r) for _, r in out.iterrows()]
    return out

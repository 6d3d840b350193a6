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

from rakestats.stats import AliasesLike, FilterArgs, StatsMixin
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

# (label, column of player_stats, numerator, denominator, kind): a share k/n with a
# Wilson interval, or ``odds``: AF = A / C, its interval from the Wilson interval of
# A / (A + C) turned back into odds.
PROFILE_STATS: tuple[tuple[str, str, str, str, str], ...] = (
    ("VPIP", "vpip", "vpip_hands", "hands", "share"),
    ("R1 raise", "raise_r1", "raise_r1_hands", "hands", "share"),
    ("AF", "af", "bets+raises", "calls", "odds"),
    ("AFq", "afq", "bets+raises", "bets+raises+calls+folds", "share"),
    ("WTSD", "wtsd", "reveals", "reached_pickup", "share"),
    ("W$SD", "wsd", "won_at_reveal", "reveals", "share"),
    ("won w/o Reveal", "won_no_reveal_pct", "won_no_reveal", "hands", "share"),
    ("hands won", "won_pct", "hands_won", "hands", "share"),
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
    """Everything a profile section shows about one player (one game and currency: the
    one with the most hands)."""

    player: str
    game: str
    currency: str
    stakes: list[int]
    other_games: list[str]
    row: pd.Series
    stats: list[ProfileStat]
    reference_players: int
    winners: int
    boot_low: float | None
    boot_high: float | None
    largest_share: float | None
    net_won: pd.DataFrame
    by_position: pd.DataFrame
    by_table_size: pd.DataFrame
    sessions: pd.DataFrame
    skull_hands: pd.DataFrame
    skull_total: int
    notes: list[str] = field(default_factory=list)

    @property
    def hands(self) -> int:
        return int(self.row["hands"])

    @property
    def dominated(self) -> bool:
        return self.largest_share is not None and self.largest_share > DOMINANCE_THRESHOLD

    @property
    def small_sample(self) -> bool:
        return self.hands < SMALL_SAMPLE_HANDS


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


def _stake_filter(game: str, stakes: list[int]) -> FilterArgs:
    if not stakes:
        return {}
    return {"big_bet": stakes} if game == "razz" else {"ante": stakes}


def profile(
    wh: StatsMixin,
    name: str,
    stats: pd.DataFrame,
    filters: FilterArgs,
    aliases: AliasesLike,
    warehouse: str,
) -> Profile:
    """The profile of ``name`` (a row of ``stats``, the report's ``player_stats``)."""
    mine = stats[stats["player"] == name].sort_values("hands", ascending=False, kind="stable")
    row = mine.iloc[0]
    game, currency = str(row["game"]), str(row["currency"])
    others = [
        f"{r['game']} ({r['currency']}, {int(r['hands']):,} hands)"
        for r in mine.iloc[1:].to_dict(orient="records")
    ]
    own: FilterArgs = {**filters, "players": [name], "game": game, "currency": currency}
    own.pop("player", None)
    stake_col = "big_bet" if game == "razz" else "ante"
    by_stake = wh.player_stats(by=(stake_col,), aliases=aliases, **own)
    stakes = sorted(int(v) for v in pd.to_numeric(by_stake[stake_col]).dropna().unique())
    pool_filters: FilterArgs = {**filters, "game": game, "currency": currency}
    pool_filters.pop("players", None)
    pool_filters.pop("player", None)
    pool_filters.pop("min_hands", None)
    pool_filters.update(_stake_filter(game, stakes))
    pool = wh.player_stats(aliases=aliases, **pool_filters)
    ref = pool[(pool["player"] != name) & (pool["hands"] >= REFERENCE_MIN_HANDS)]
    winners = ref[ref["winrate_per100"] > 0]
    out: list[ProfileStat] = []
    for label, col, num, den, kind in PROFILE_STATS:
        value = _num(row[col])
        low, high = _interval(row, num, den, kind)
        med = _num(ref[col].median()) if len(ref) else None
        w = winners[col].dropna()
        wlo = _num(w.min()) if len(w) else None
        whi = _num(w.max()) if len(w) else None
        leak = (
            len(w) >= MIN_WINNERS
            and low is not None
            and high is not None
            and wlo is not None
            and whi is not None
            and (high < wlo or low > whi)
        )
        out.append(ProfileStat(label, col, kind, value, low, high, med, wlo, whi, bool(leak)))
    net = wh.net_won(aliases=aliases, **own)
    x = net["net_units"].to_numpy(dtype=float, na_value=np.nan)
    boot = bootstrap_interval(x)
    by_position = (
        wh.player_stats(by=("from_dealer",), aliases=aliases, **own)
        if game == "rake"
        else pd.DataFrame()
    )
    if not by_position.empty:
        by_position = by_position[by_position["from_dealer"].notna()]
    by_size = wh.table_sizes(aliases=aliases, **own)
    sessions = wh.sessions(aliases=aliases, **own)
    if game == "rake":
        skull = wh.hands(skull_ace_outcome="held", aliases=aliases, **own)
    else:
        skull = pd.DataFrame()
    notes = []
    if len(ref) == 0:
        notes.append(
            f"No other player has {REFERENCE_MIN_HANDS} hands at these stakes: "
            "no pool median or winners' range."
        )
    elif len(winners) < MIN_WINNERS:
        notes.append(
            f"Fewer than {MIN_WINNERS} winning players with {REFERENCE_MIN_HANDS} hands at "
            "these stakes: no statistic is flagged."
        )
    return Profile(
        player=name,
        game=game,
        currency=currency,
        stakes=stakes,
        other_games=others,
        row=row,
        stats=out,
        reference_players=len(ref),
        winners=len(winners),
        boot_low=boot[0] if boot else None,
        boot_high=boot[1] if boot else None,
        largest_share=largest_share(x),
        net_won=net,
        by_position=by_position,
        by_table_size=by_size,
        sessions=sessions,
        skull_hands=_skull_outcomes(skull),
        skull_total=len(skull),
        notes=notes,
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

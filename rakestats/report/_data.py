"""What a report shows, gathered from the warehouse in one place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from rakestats.report._profile import Profile, profile
from rakestats.stats import STUD_GAMES, AliasesLike, FilterArgs, StatsMixin
from rakestats.stats._overview import coverage
from rakestats.stats.uncertainty import winrate_uncertainty

__all__ = [
    "AUTO_LOSS_LIMIT",
    "NET_WON_PLAYERS",
    "SESSION_GAP_MINUTES",
    "ReportData",
    "gather",
    "profile_names",
]

AUTO_LOSS_LIMIT = 20  # hand ids of automatic losses listed in the report
NET_WON_PLAYERS = 4  # net-won graphs drawn (the players with the most hands)
SESSION_GAP_MINUTES = 30  # a gap longer than this starts a new session


@dataclass(frozen=True)
class ReportData:
    """The DataFrames of a report and the facts about how it was made."""

    stats: pd.DataFrame
    positions: pd.DataFrame
    skull: pd.DataFrame
    reveals: pd.DataFrame
    auto_losses: pd.DataFrame
    auto_loss_total: int
    net_won: dict[str, pd.DataFrame]
    filters: dict[str, Any]
    warehouse: str
    made_at: datetime
    stud: pd.DataFrame = field(default_factory=pd.DataFrame)
    uncertainty: pd.DataFrame = field(default_factory=pd.DataFrame)
    sessions: pd.DataFrame = field(default_factory=pd.DataFrame)
    coverage: pd.DataFrame = field(default_factory=pd.DataFrame)
    coverage_all: pd.DataFrame = field(default_factory=pd.DataFrame)
    coverage_no_min: pd.DataFrame = field(default_factory=pd.DataFrame)
    profiles: tuple[Profile, ...] = ()

    @property
    def has_rake(self) -> bool:
        """Whether the filtered hands include Rake hands (for the Rake-only sections)."""
        return bool((self.stats["game"] == "rake").any()) if not self.stats.empty else False

    @property
    def has_stud(self) -> bool:
        """Whether the filtered hands include stud (Razz) hands."""
        return not self.stud.empty

    @property
    def rake_reveals(self) -> pd.DataFrame:
        """Player-hands at the Reveal of Rake hands (categories are Rake's)."""
        return self.reveals[self.reveals["game"] == "rake"]

    @property
    def stud_showdowns(self) -> pd.DataFrame:
        """Player-hands at the showdown of stud hands (categories are lows)."""
        return self.reveals[self.reveals["game"].isin(STUD_GAMES)]

    @property
    def results(self) -> pd.DataFrame:
        """``stats`` with the uncertainty columns of
        :func:`~rakestats.stats.uncertainty.winrate_uncertainty` joined on."""
        if self.uncertainty.empty or self.stats.empty:
            return self.stats
        extra = self.uncertainty.drop(columns=["winrate_hands", "winrate_per100"])
        return self.stats.merge(extra, on=["player", "game", "currency"], how="left")


def _top_players(stats: pd.DataFrame, n: int) -> list[str]:
    if stats.empty or n <= 0:
        return []
    totals = stats.groupby("player")["hands"].sum().sort_values(ascending=False, kind="stable")
    return [str(p) for p in totals.index[:n]]


def profile_names(stats: pd.DataFrame, profiles: int | Sequence[str]) -> list[str]:
    """The players to profile: the names given, or the ``profiles`` players with the
    most hands (names missing from ``stats`` are skipped)."""
    if isinstance(profiles, int):
        return _top_players(stats, profiles)
    known = set(stats["player"].astype(str)) if not stats.empty else set()
    out: list[str] = []
    for name in profiles:
        if name in known and name not in out:
            out.append(name)
    return out


def gather(
    wh: StatsMixin,
    warehouse: str,
    filters: FilterArgs,
    aliases: AliasesLike = None,
    step: Callable[[str], None] | None = None,
    profiles: int | Sequence[str] = (),
) -> ReportData:
    """Run every query of the report with the same ``filters``; ``step(name)`` is
    called before each (for a progress bar). ``profiles``: a player profile for each
    name given, or for the N players with the most hands."""

    def tick(name: str) -> None:
        if step is not None:
            step(name)

    tick("statistics")
    stats = wh.player_stats(aliases=aliases, **filters)
    cover = coverage(wh, filters, aliases)
    cover_all = coverage(wh, {})
    no_min: FilterArgs = {**filters, "min_hands": 0}
    cover_no_min = coverage(wh, no_min, aliases) if filters.get("min_hands") else cover
    tick("positions")
    positions = wh.player_stats(by=("from_dealer",), aliases=aliases, **filters)
    tick("ace of skulls")
    skull = wh.skull_ace(aliases=aliases, **filters)
    losses = wh.hands(skull_ace_outcome="auto_loss", aliases=aliases, **filters)
    tick("reveals")
    reveals = wh.hands(outcome="reveal", aliases=aliases, **filters)
    tick("stud")
    stud = wh.stud_stats(aliases=aliases, **filters)
    tick("net won")
    all_net = wh.net_won(aliases=aliases, **filters)
    uncertainty = winrate_uncertainty(all_net)
    net: dict[str, pd.DataFrame] = {}
    for name in _top_players(stats, NET_WON_PLAYERS):
        df = all_net[all_net["player"] == name]
        if df.empty:
            continue
        # one game and currency per graph: the one with the most hands
        key = df["game"].astype(str) + "/" + df["currency"].astype(str)
        net[name] = df[key == key.value_counts().index[0]]
    tick("sessions")
    sessions = wh.sessions(gap=SESSION_GAP_MINUTES, aliases=aliases, **filters)
    tick("profiles")
    profs = tuple(
        profile(wh, name, stats, filters, aliases, warehouse)
        for name in profile_names(stats, profiles)
    )
    return ReportData(
        stats=stats,
        positions=positions,
        skull=skull,
        reveals=reveals,
        auto_losses=losses.head(AUTO_LOSS_LIMIT),
        auto_loss_total=len(losses),
        net_won=net,
        filters={k: v for k, v in filters.items() if v not in (None, 0, (), [])},
        warehouse=warehouse,
        made_at=datetime.now(UTC).replace(microsecond=0),
        stud=stud,
        uncertainty=uncertainty,
        sessions=sessions,
        coverage=cover,
        coverage_all=cover_all,
        coverage_no_min=cover_no_min,
        profiles=profs,
    )

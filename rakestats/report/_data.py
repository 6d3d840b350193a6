"""What a report shows, gathered from the warehouse in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from rakestats.stats import STUD_GAMES, AliasesLike, FilterArgs, StatsMixin

__all__ = ["AUTO_LOSS_LIMIT", "NET_WON_PLAYERS", "ReportData", "gather"]

AUTO_LOSS_LIMIT = 20  # hand ids of automatic losses listed in the report
NET_WON_PLAYERS = 4  # net-won graphs drawn (the players with the most hands)


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


def _top_players(stats: pd.DataFrame, n: int) -> list[str]:
    if stats.empty:
        return []
    totals = stats.groupby("player")["hands"].sum().sort_values(ascending=False, kind="stable")
    return [str(p) for p in totals.index[:n]]


def gather(
    wh: StatsMixin,
    warehouse: str,
    filters: FilterArgs,
    aliases: AliasesLike = None,
    step: Any = None,
) -> ReportData:
    """Run every query of the report with the same ``filters``; ``step(name)`` is
    called before each (for a progress bar)."""

    def tick(name: str) -> None:
        if step is not None:
            step(name)

    tick("statistics")
    stats = wh.player_stats(aliases=aliases, **filters)
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
    net: dict[str, pd.DataFrame] = {}
    for name in _top_players(stats, NET_WON_PLAYERS):
        one: FilterArgs = {**filters, "players": name}
        df = wh.net_won(aliases=aliases, **one)
        df = df[df["player"] == name]
        if df.empty:
            continue
        # one game and currency per graph: the one with the most hands
        key = df["game"].astype(str) + "/" + df["currency"].astype(str)
        net[name] = df[key == key.value_counts().index[0]]
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
    )

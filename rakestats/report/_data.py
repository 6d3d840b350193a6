"""What a report shows, gathered from the warehouse in one place."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pandas as pd

from rakestats.report._profile import Profile, profile
from rakestats.stats import (
    STUD_GAMES,
    AliasesLike,
    FilterArgs,
    HasStatistics,
    Statistics,
    quiet_empty,
    warn_empty,
)
from rakestats.stats.uncertainty import winrate_uncertainty

__all__ = [
    "AUTO_LOSS_LIMIT",
    "GATHER_STEPS",
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
    """The DataFrames of a report and the facts about how it was made. ``reveals`` is
    ``reveal_categories()``: the categories shown at the Reveal or showdown, counted
    per player, game, currency and category (``shown``, ``won``)."""

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
    unprofiled: tuple[str, ...] = ()  # players named for a profile, without hands here

    @property
    def has_rake(self) -> bool:
        """Whether the filtered hands include Rake hands (for the Rake-only sections)."""
        return bool((self.stats["game"] == "rake").any()) if not self.stats.empty else False

    @property
    def has_stud(self) -> bool:
        """Whether the filtered hands include stud hands (Razz, Seven-Card Stud, Stud
        Hi/Lo)."""
        return not self.stud.empty

    @property
    def stud_games(self) -> tuple[str, ...]:
        """The stud games of the filtered hands, in the order of :data:`STUD_GAMES`
        (each has its section)."""
        if self.stud.empty:
            return ()
        present = set(self.stud["game"].astype(str))
        return tuple(g for g in STUD_GAMES if g in present)

    def stud_of(self, game: str) -> pd.DataFrame:
        """The ``stud_stats`` rows of one stud game."""
        return self.stud[self.stud["game"] == game]

    @property
    def rake_reveals(self) -> pd.DataFrame:
        """The categories shown at the Reveal of Rake hands, counted (Rake's
        categories)."""
        return self.reveals[self.reveals["game"] == "rake"]

    @property
    def stud_showdowns(self) -> pd.DataFrame:
        """The categories shown at the showdown of stud hands, counted (lows in Razz,
        high hands in Seven-Card Stud and Stud Hi/Lo)."""
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


@dataclass(frozen=True)
class _Ask:
    """What every query of a report is asked with."""

    st: Statistics
    filters: FilterArgs
    aliases: AliasesLike
    profiles: int | Sequence[str]


# A part of the report: from the question and the parts gathered so far, fields of
# ReportData by name.
_Part = Callable[[_Ask, Mapping[str, Any]], dict[str, Any]]


def _statistics(q: _Ask, got: Mapping[str, Any]) -> dict[str, Any]:
    cover = q.st.coverage(aliases=q.aliases, **q.filters)
    no_min: FilterArgs = {**q.filters, "min_hands": 0}
    return {
        "stats": q.st.player_stats(aliases=q.aliases, **q.filters),
        "coverage": cover,
        "coverage_all": q.st.coverage(),
        "coverage_no_min": (
            q.st.coverage(aliases=q.aliases, **no_min) if q.filters.get("min_hands") else cover
        ),
    }


def _skull(q: _Ask, got: Mapping[str, Any]) -> dict[str, Any]:
    # the first automatic losses, and how many there are (not every one fetched to count)
    asked: dict[str, Any] = {"skull_ace_outcome": "auto_loss", "aliases": q.aliases, **q.filters}
    return {
        "skull": q.st.skull_ace(aliases=q.aliases, **q.filters),
        "auto_losses": q.st.hands(limit=AUTO_LOSS_LIMIT, **asked),
        "auto_loss_total": q.st.count_hands(**asked),
    }


def _net_won(q: _Ask, got: Mapping[str, Any]) -> dict[str, Any]:
    """Every player's hands in the game's unit (for the win rates' uncertainty), and the
    graph of each of the :data:`NET_WON_PLAYERS` players with the most hands, at one
    game and currency (the one with the most hands): only their running sums are asked
    for (every player's took 16 s of a report on 1 M hands)."""
    top = _top_players(got["stats"], NET_WON_PLAYERS)
    net: dict[str, pd.DataFrame] = {}
    if top:
        only: FilterArgs = {**q.filters, "players": top}  # among those filtered
        graphs = q.st.net_won(aliases=q.aliases, **only)
        for name in top:
            df = graphs[graphs["player"] == name]
            if not df.empty:
                key = df["game"].astype(str) + "/" + df["currency"].astype(str)
                net[name] = df[key == key.value_counts().index[0]]
    every = q.st.net_units(aliases=q.aliases, **q.filters)
    return {"net_won": net, "uncertainty": winrate_uncertainty(every)}


def _profiles(q: _Ask, got: Mapping[str, Any]) -> dict[str, Any]:
    stats = got["stats"]
    names = profile_names(stats, q.profiles)
    missing = () if isinstance(q.profiles, int) else tuple(dict.fromkeys(q.profiles))
    return {
        "profiles": tuple(profile(q.st, n, stats, q.filters, q.aliases) for n in names),
        "unprofiled": tuple(n for n in missing if n not in names),
    }


# The parts in order, each with the name of its step.
_PARTS: tuple[tuple[str, _Part], ...] = (
    ("statistics", _statistics),
    (
        "positions",
        lambda q, _: {
            "positions": q.st.player_stats(by=("from_dealer",), aliases=q.aliases, **q.filters)
        },
    ),
    ("ace of skulls", _skull),
    (
        "reveals",
        lambda q, _: {"reveals": q.st.reveal_categories(aliases=q.aliases, **q.filters)},
    ),
    ("stud", lambda q, _: {"stud": q.st.stud_stats(aliases=q.aliases, **q.filters)}),
    ("net won", _net_won),
    (
        "sessions",
        lambda q, _: {
            "sessions": q.st.sessions(gap=SESSION_GAP_MINUTES, aliases=q.aliases, **q.filters)
        },
    ),
    ("profiles", _profiles),
)
# The steps of :func:`gather`, in order.
GATHER_STEPS = tuple(name for name, _ in _PARTS)


def gather(
    wh: HasStatistics,
    warehouse: str,
    filters: FilterArgs,
    aliases: AliasesLike = None,
    step: Callable[[str], None] | None = None,
    profiles: int | Sequence[str] = (),
) -> ReportData:
    """Run every query of the report with the same ``filters``; ``step(name)`` is
    called before each part (:data:`GATHER_STEPS`, for a progress bar). ``profiles``: a
    player profile for each name given, or for the N players with the most hands."""
    ask = _Ask(wh.statistics, filters, aliases, profiles)
    got: dict[str, Any] = {}
    with quiet_empty():  # a section without rows says so in the report
        for name, part in _PARTS:
            if step is not None:
                step(name)
            got.update(part(ask, got))
    if got["stats"].empty:  # the report has no player: say why, once
        warn_empty(wh.statistics.why_empty(aliases=aliases, **filters))
    shown = {k: v for k, v in filters.items() if v not in (None, 0, (), [])}
    return ReportData(
        filters=shown, warehouse=warehouse, made_at=datetime.now(UTC).replace(microsecond=0), **got
    )

"""``StatsMixin``: the statistics methods of :class:`rakestats.Warehouse`.

Every method takes the filters of :class:`~rakestats.stats.Filters` as keyword
arguments (``since``, ``until``, ``game``, ``currency``, ``site``, ``ante``,
``big_bet``, ``table_size``, ``position``, ``players`` or ``player``, ``opponent``,
``tournament``, ``min_hands``; ``docs/filters.md``) and ``aliases`` (a path to a .toml
or .csv file, a ``{person: [screen names]}`` mapping, or :class:`Aliases`), and returns
a pandas DataFrame with one row per player, game and currency (plus the breakdown). All
values reach DuckDB as bound parameters. An unknown game raises
:class:`~rakestats.stats.UnknownGameError` (a ``ValueError``); filters that match
nothing give an empty frame with the usual columns and dtypes, and
:meth:`StatsMixin.unmatched_filters` says which value matched nothing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any, Unpack

import pandas as pd

from rakestats.stats._aggression import action_stats_sql
from rakestats.stats._aliases import AliasesLike, load_aliases
from rakestats.stats._filters import FilterArgs, FilterMiss, Filters, filter_misses
from rakestats.stats._hands import Per, hands_sql
from rakestats.stats._players import PARTIALS, player_stats_sql
from rakestats.stats._rollup import StatsCache
from rakestats.stats._scope import Scope, run
from rakestats.stats._sessions import net_won_sql, sessions_sql
from rakestats.stats._showdown import pickup_stats_sql
from rakestats.stats._skull import skull_ace_sql
from rakestats.stats._stud import stud_stats_sql
from rakestats.warehouse import Snapshot, Store

__all__ = ["StatsMixin"]


class StatsMixin:
    """Statistics over a warehouse; the class using it provides ``store``.

    Queries run on one DuckDB connection per warehouse snapshot, kept between calls
    (with the rollup that ``player_stats`` reads); an ingest makes a new snapshot and
    the next query a new connection. :meth:`clear_stats_cache` lets it go.
    """

    store: Store
    _stats_cache: StatsCache | None = None

    def _cache(self) -> StatsCache:
        if self._stats_cache is None:
            self._stats_cache = StatsCache()
        return self._stats_cache

    @contextmanager
    def pinned(self) -> Iterator[Snapshot]:
        """Within the block, every statistic (and ``sql``) reads the snapshot that was
        current when it began, whatever commits meanwhile: a report or a notebook cell
        made of several queries sees one consistent warehouse.

        Blocks nest; the outermost one chooses the snapshot.
        """
        cache = self._cache()
        with cache.lock:
            outer = cache.pinned
            if outer is None:
                if not self.store.exists():
                    self.store.create()
                snap = self.store.snapshot()
            else:
                snap = outer
            cache.pinned = snap
        try:
            yield snap
        finally:
            with cache.lock:
                cache.pinned = outer

    def clear_stats_cache(self) -> None:
        """Close the cached DuckDB connection and drop the rollup."""
        if self._stats_cache is not None:
            with self._stats_cache.lock:
                self._stats_cache.close()

    def _stats(
        self, built: tuple[str, dict[str, Any]], scope: Scope, *, rollup: bool = False
    ) -> pd.DataFrame:
        sql, params = built
        cache = self._cache()
        with cache.lock:
            con = cache.connection(self.store)
            if rollup:
                cache.ensure_rollup(PARTIALS)
            return run(con, scope, sql, params)

    @staticmethod
    def _scope(aliases: AliasesLike, filters: FilterArgs) -> Scope:
        return Scope(Filters.of(filters), load_aliases(aliases))

    def player_stats(
        self,
        *,
        by: Sequence[str] = (),
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Results, aggressiveness, showdown and Ace of Skulls figures per player, game
        and currency (``docs/stats.md`` defines each column). ``by`` splits rows further:
        any of ``position``, ``from_dealer``, ``table_size``, ``ante``, ``big_bet``,
        ``site``."""
        scope = self._scope(aliases, filters)
        rollup = scope.filters.rollup_ok
        return self._stats(player_stats_sql(scope, tuple(by), rollup=rollup), scope, rollup=rollup)

    def positions(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """``player_stats`` split by table size and position: ``position`` 1 is the first
        to act (left of the dealer), ``from_dealer`` 0 is the dealer, 1 the seat before
        the dealer, and so on. For positions pooled over table sizes use
        ``player_stats(by=("position",))`` or ``by=("from_dealer",)``."""
        return self.player_stats(
            by=("table_size", "position", "from_dealer"), aliases=aliases, **filters
        )

    def table_sizes(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """``player_stats`` split by the number of players dealt in."""
        return self.player_stats(by=("table_size",), aliases=aliases, **filters)

    def skull_ace(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """The Ace of Skulls per player: held, Reveals with it, automatic wins and losses,
        loss frequency with a 95% Wilson interval, folds holding it, net in those hands,
        pick-ups of it face up and face down."""
        scope = self._scope(aliases, filters)
        return self._stats(skull_ace_sql(scope), scope)

    def stud_stats(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """Stud (Razz) figures per player, game and currency, over the stud hands within
        the filters: bring-in, completion and 3rd-street raise shares, VPIP on 3rd
        street, counts and AF/AFq per street (3rd-7th) and overall, went to showdown
        (of hands that saw 4th street) and won at showdown, and the win rate in big bets
        per 100 hands with its 95% interval (``docs/stats.md``, "Stud (Razz)")."""
        scope = self._scope(aliases, filters)
        return self._stats(stud_stats_sql(scope), scope)

    def action_stats(
        self,
        *,
        by_round: bool = False,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Fold to a bet, check-raise and re-raise (with their counts), from the action
        sequence; ``by_round`` gives one row per betting round."""
        scope = self._scope(aliases, filters)
        return self._stats(action_stats_sql(scope, by_round), scope)

    def pickup_stats(
        self,
        *,
        by_pickup: bool = False,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Pick-ups: face-up and face-down share, and how often the card improved the
        hand category; ``by_pickup`` splits first and second pick-up."""
        scope = self._scope(aliases, filters)
        return self._stats(pickup_stats_sql(scope, by_pickup), scope)

    def net_won(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """The per-hand cumulative net-won series per player, game and currency, split
        into Reveal and non-Reveal winnings: in the smallest unit (``cum_net*``: chips or
        cents) and in the game's unit (``cum_units*``: each hand's net over its own
        ``unit_size``, the ante or big bet)."""
        scope = self._scope(aliases, filters)
        return self._stats(net_won_sql(scope), scope)

    def sessions(
        self,
        *,
        gap: timedelta | float = 30.0,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """A player's hands grouped into sessions: a new one starts after a gap of more
        than ``gap`` (minutes, or a timedelta). Columns: start, end, minutes, hands, net,
        win rate."""
        if isinstance(gap, bool) or not isinstance(gap, (timedelta, int, float)):
            raise TypeError(f"gap must be minutes or a timedelta, got {gap!r}")
        delta = gap if isinstance(gap, timedelta) else timedelta(minutes=gap)
        scope = self._scope(aliases, filters)
        return self._stats(sessions_sql(scope, delta), scope)

    def hands(
        self,
        *,
        category: str | Sequence[str] | None = None,
        outcome: str | None = None,
        skull_ace_outcome: str | None = None,
        hand_id: str | Sequence[str] | None = None,
        limit: int | None = None,
        per: Per = "player",
        newest_first: bool = False,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Player-hands (one row per hand and matching player, in order of play) with key
        facts, selected by the filters and by ``category`` (at the Reveal), ``outcome``
        (``won``, ``lost``, ``reveal``, ``no_reveal``, ``folded``) and
        ``skull_ace_outcome`` (``auto_win``, ``auto_loss``, ``held``). Example:
        ``wh.hands(skull_ace_outcome="auto_loss")``.

        With ``per="hand"``, one row per hand that has a matching player-hand: ``hand_id``,
        ``site``, ``game``, ``played_at``, ``table_name``, ``currency``, ``is_tournament``,
        ``ante``, ``big_bet``, ``n_players``, ``total_pot`` (smallest unit), ``players``
        and ``winners`` (lists of screen names in seat order; winners collected
        anything), ``skull_ace_holder`` and ``skull_ace_outcome`` (``auto_win``,
        ``auto_loss``, ``held`` or None). ``newest_first`` lists the last hand first;
        ``limit`` keeps the first rows (:meth:`count_hands` counts them all). Example:
        ``wh.hands(per="hand", player="Grist", newest_first=True, limit=50)``."""
        scope = self._scope(aliases, filters)
        built = hands_sql(
            scope,
            category=category,
            outcome=outcome,
            skull_ace_outcome=skull_ace_outcome,
            hand_id=hand_id,
            limit=limit,
            per=per,
            newest_first=newest_first,
        )
        df = self._stats(built, scope)
        if per == "hand":
            for col in ("players", "winners"):
                df[col] = pd.Series([list(v) for v in df[col]], index=df.index, dtype=object)
        return df

    def count_hands(
        self,
        *,
        category: str | Sequence[str] | None = None,
        outcome: str | None = None,
        skull_ace_outcome: str | None = None,
        hand_id: str | Sequence[str] | None = None,
        per: Per = "player",
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> int:
        """The number of rows :meth:`hands` gives with the same arguments and no
        ``limit``: player-hands, or hands with ``per="hand"``."""
        scope = self._scope(aliases, filters)
        built = hands_sql(
            scope,
            category=category,
            outcome=outcome,
            skull_ace_outcome=skull_ace_outcome,
            hand_id=hand_id,
            per=per,
            count=True,
        )
        return int(self._stats(built, scope)["n"].iloc[0])

    def unmatched_filters(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> list[FilterMiss]:
        """The filter values that match nothing in the warehouse, each on its own (a
        player never seen, an ante never played, a date range with no hand), with the
        nearest values there are: ``[FilterMiss(filter='players', value='grist',
        nearest=('Grist',), message="no player 'grist'; did you mean 'Grist'?")]``.
        Empty when every value exists (the filters together may still match no hand).
        Raises :class:`~rakestats.stats.UnknownGameError` for an unknown game."""
        scope = self._scope(aliases, filters)
        cache = self._cache()
        with cache.lock:
            con = cache.connection(self.store)
            return filter_misses(con, scope.filters, scope.aliases)

"""``Statistics``: every statistic of one warehouse, the component that
:class:`rakestats.Warehouse` holds (``wh.statistics``) and whose methods it offers as
its own (``wh.player_stats(...)`` is ``wh.statistics.player_stats(...)``).

Every method takes the filters of :class:`~rakestats.stats.Filters` as keyword
arguments (``since``, ``until``, ``game``, ``currency``, ``site``, ``ante``,
``big_bet``, ``table_size``, ``position``, ``players`` or ``player``, ``opponent``,
``tournament``, ``min_hands``; ``docs/filters.md``) and ``aliases`` (a path to a .toml
or .csv file, a ``{person: [screen names]}`` mapping, or :class:`Aliases`), and returns
a pandas DataFrame with one row per player, game and currency (plus the breakdown). All
values reach DuckDB as bound parameters. An unknown game raises
:class:`~rakestats.stats.UnknownGameError` (a ``ValueError``); filters that match
nothing give an empty frame with the usual columns and dtypes and warn why
(:class:`~rakestats.stats.EmptyResultWarning`, from :meth:`Statistics.why_empty`);
:meth:`Statistics.unmatched_filters` says which value matched nothing.

Code that needs "something with the statistics" (a warehouse, or the component itself)
types it :class:`HasStatistics` and calls ``thing.statistics``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from functools import partial
from typing import Any, ClassVar, Protocol, Unpack, runtime_checkable

import duckdb
import numpy as np
import pandas as pd

from rakestats.stats._aggression import action_stats_sql
from rakestats.stats._aliases import AliasesLike, load_aliases
from rakestats.stats._categories import reveal_categories_sql
from rakestats.stats._empty import empty_is_quiet, quiet_empty, warn_empty
from rakestats.stats._filters import FilterArgs, FilterMiss, Filters, filter_misses
from rakestats.stats._games import STUD_GAMES
from rakestats.stats._hands import HandArgs, HandSelect, Per, _names, hands_sql
from rakestats.stats._overview import coverage_sql
from rakestats.stats._players import PARTIALS, player_sites_sql, player_stats_sql
from rakestats.stats._rollup import StatsCache, part_rollup
from rakestats.stats._scope import Scope, run, typed
from rakestats.stats._sessions import net_units_sql, net_won_sql, sessions_sql
from rakestats.stats._showdown import pickup_stats_sql
from rakestats.stats._skull import SKULL_GAMES, skull_ace_sql
from rakestats.stats._stud import stud_stats_sql
from rakestats.warehouse import PartDerivation, Snapshot, Store, connect

__all__ = ["HasStatistics", "Statistics", "StatsMixin"]

_Built = tuple[str, dict[str, Any]]


class Statistics:
    """The statistics of the warehouse in ``store`` (made without I/O; the store is
    read when a statistic is asked for, and created empty if it does not exist yet).

    Queries run on one DuckDB connection per warehouse snapshot, kept between calls
    (with the rollup that ``player_stats`` reads); an ingest makes a new snapshot and
    the next query a new connection. :meth:`clear_cache` lets it go.
    """

    derived_tables: ClassVar[tuple[PartDerivation, ...]] = (part_rollup(tuple(PARTIALS)),)
    """What the statistics keep beside each part (the rollup ``player_stats`` reads),
    for a store to compute as it commits parts: ``Warehouse`` gives them to its store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._cache = StatsCache()

    def __repr__(self) -> str:
        return f"Statistics({self.store.root!r})"

    @property
    def statistics(self) -> Statistics:
        """The component itself: a :class:`Statistics` is also :class:`HasStatistics`."""
        return self

    # ------------------------------------------------------------------ plumbing
    @contextmanager
    def pinned(self) -> Iterator[Snapshot]:
        """Within the block, every statistic (and ``sql``) reads the snapshot that was
        current when it began, whatever commits meanwhile: a report or a notebook cell
        made of several queries sees one consistent warehouse.

        Blocks nest; the outermost one chooses the snapshot.
        """
        cache = self._cache
        with cache.lock:
            outer = cache.pinned
            if outer is None:
                self._ensure_store()
            snap = cache.pinned = outer if outer is not None else self.store.snapshot()
        try:
            yield snap
        finally:
            with cache.lock:
                cache.pinned = outer

    def _ensure_store(self) -> None:
        """Refuse a path that is not a warehouse (reading never creates one: a mistyped
        path must not read as an empty warehouse)."""
        self.store.check_version()

    def connect(self) -> duckdb.DuckDBPyConnection:
        """A new DuckDB connection with a view per table over the current snapshot (the
        pinned one inside :meth:`pinned`); the caller closes it."""
        self._ensure_store()
        return connect(self.store, self._cache.pinned)

    def clear_cache(self) -> None:
        """Close the cached DuckDB connection and drop the rollup."""
        with self._cache.lock:
            self._cache.close()

    @contextmanager
    def _connection(self, *, rollup: bool = False) -> Iterator[duckdb.DuckDBPyConnection]:
        """The cached connection, held (under the lock) for the block."""
        with self._cache.lock:
            con = self._cache.connection(self.store)
            if rollup:
                self._cache.ensure_rollup(PARTIALS)
            yield con

    def _query(
        self,
        aliases: AliasesLike,
        filters: FilterArgs,
        build: Callable[[Scope], _Built],
        *,
        rollup: bool = False,
        select: HandSelect | None = None,
        within: Sequence[str] | None = None,
        warn: bool = True,
    ) -> pd.DataFrame:
        """Run the query ``build`` makes for the scope of ``filters`` and ``aliases``; an
        empty result warns why (:class:`EmptyResultWarning`; ``select`` and ``within``
        as :meth:`why_empty` takes them)."""
        scope = Scope(Filters.of(filters), load_aliases(aliases))
        sql, params = build(scope)
        with self._connection(rollup=rollup) as con:
            df = run(con, scope, sql, params)
        if df.empty and warn and not empty_is_quiet():
            chosen = {} if select is None else select.given()
            warn_empty(self.why_empty(aliases=aliases, within=within, **filters, **chosen))
        return df

    # ------------------------------------------------------------------ statistics
    def player_stats(
        self,
        *,
        by: Sequence[str] | None = (),
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Results, aggressiveness, showdown and Ace of Skulls figures per player, game
        and currency (``docs/stats.md`` defines each column). ``by`` splits rows further:
        any of ``position``, ``from_dealer``, ``table_size``, ``ante``, ``big_bet``,
        ``site``, and the UTC date of play ``year``, ``month``, ``week``, ``day`` (one
        name, or a list)."""
        rollup = Filters.of(filters).rollup_ok
        split = _breakdown(by)
        return self._query(
            aliases, filters, lambda s: player_stats_sql(s, split, rollup=rollup), rollup=rollup
        )

    def player_sites(
        self,
        *,
        by: Sequence[str] | None = (),
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Where the rows of :meth:`player_stats` were played: per player, game and
        currency (the same rows, for the same filters and ``by``), ``sites`` (how many)
        and ``site_names`` (a sorted list). A name at more than one site is one row of
        the statistics, its sites added up; ``player_stats(by="site")`` keeps them apart."""
        rollup = Filters.of(filters).rollup_ok
        split = _breakdown(by)
        return self._query(
            aliases, filters, lambda s: player_sites_sql(s, split, rollup=rollup), rollup=rollup
        )

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
        pick-ups of it face up and face down. The card is Rake's: one row per player of
        the Rake hands within the filters, none for the stud games."""
        return self._query(aliases, filters, skull_ace_sql, within=SKULL_GAMES)

    def reveal_categories(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """The hand categories shown at the Reveal (Rake) or the showdown (the stud
        games), counted: per player, game, currency and ``hand_category``, ``shown``
        (player-hands that showed it), ``won`` (of those, the ones that collected
        anything; in Stud Hi/Lo a half counts) and ``won_share``. The counts of
        ``hands(outcome="reveal")``'s rows, made in the database (what
        ``plots.reveal_categories`` draws from a warehouse)."""
        return self._query(aliases, filters, reveal_categories_sql)

    def stud_stats(
        self,
        *,
        by: Sequence[str] | None = (),
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Stud figures per player, game and currency, over the stud hands (Razz,
        Seven-Card Stud, Stud Hi/Lo) within the filters: bring-in, completion, steal,
        fold to a steal or a completion and 3rd-street raise shares, VPIP on 3rd
        street, counts and AF/AFq per street (3rd-7th) and overall, went to showdown
        (of hands that saw 4th street) and won at showdown, for Stud Hi/Lo the halves
        of split pots (scoops, high and low halves won, qualifying lows), and the win
        rate in big bets per 100 hands with its 95% interval (``docs/stats.md``,
        "Stud"). ``by`` splits rows further: any of ``table_size``, ``ante``,
        ``big_bet``, ``site``, ``year``, ``month``, ``week``, ``day`` (one name, or a
        list); the stud games have no position."""
        split = _breakdown(by)
        return self._query(aliases, filters, lambda s: stud_stats_sql(s, split), within=STUD_GAMES)

    def action_stats(
        self,
        *,
        by_round: bool = False,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Fold to a bet, check-raise and re-raise (with their counts), from the action
        sequence; ``by_round`` gives one row per betting round."""
        return self._query(aliases, filters, lambda s: action_stats_sql(s, by_round))

    def pickup_stats(
        self,
        *,
        by_pickup: bool = False,
        aliases: AliasesLike = None,
        **filters: Unpack[FilterArgs],
    ) -> pd.DataFrame:
        """Pick-ups: face-up and face-down share, and how often the card improved the
        hand category; ``by_pickup`` splits first and second pick-up."""
        return self._query(
            aliases, filters, lambda s: pickup_stats_sql(s, by_pickup), within=("rake",)
        )

    def net_won(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """The per-hand cumulative net-won series per player, game and currency, split
        into Reveal and non-Reveal winnings: in the smallest unit (``cum_net*``: chips or
        cents) and in the game's unit (``cum_units*``: each hand's net over its own
        ``unit_size``, the ante or big bet)."""
        return self._query(aliases, filters, net_won_sql)

    def net_units(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """Each player-hand's net in the game's unit (``net_units``: the net over the
        hand's own ante or big bet; null where that is unknown), with ``player``,
        ``game`` and ``currency``, in no order: the input of
        :func:`~rakestats.stats.winrate_uncertainty`, without :meth:`net_won`'s running
        sums."""
        return self._query(aliases, filters, net_units_sql)

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
        if isinstance(gap, (bool, np.bool_)) or not isinstance(gap, (timedelta, numbers.Real)):
            raise TypeError(f"gap must be minutes or a timedelta, got {gap!r}")
        delta = gap if isinstance(gap, timedelta) else _minutes(gap)
        return self._query(aliases, filters, lambda s: sessions_sql(s, delta))

    def coverage(
        self, *, aliases: AliasesLike = None, **filters: Unpack[FilterArgs]
    ) -> pd.DataFrame:
        """What the hands within the filters cover, one row per game: hands, player-hands,
        players, first and last hand, sites, currencies, stakes, table sizes and the
        house fee per currency (the report's overview)."""
        return self._query(aliases, filters, coverage_sql)

    def hands(
        self,
        *,
        limit: int | None = None,
        per: Per = "player",
        newest_first: bool = False,
        order_by: str | None = None,
        ascending: bool = False,
        aliases: AliasesLike = None,
        **selection: Unpack[HandArgs],
    ) -> pd.DataFrame:
        """Player-hands (one row per hand and matching player, in order of play) with key
        facts, selected by the filters and by ``category`` (at the Reveal), ``outcome``
        (``won``, ``lost``, ``reveal``, ``no_reveal``, ``folded``),
        ``skull_ace_outcome`` (``auto_win``, ``auto_loss``, ``held``) and ``hand_id``
        (one or several). Example: ``wh.hands(skull_ace_outcome="auto_loss")``.

        With ``per="hand"``, one row per hand that has a matching player-hand: ``hand_id``,
        ``site``, ``game``, ``played_at``, ``table_name``, ``currency``, ``is_tournament``,
        ``ante``, ``big_bet``, ``n_players``, ``total_pot`` (smallest unit), ``players``
        and ``winners`` (lists of screen names in seat order; winners collected
        anything), ``skull_ace_holder`` and ``skull_ace_outcome`` (``auto_win``,
        ``auto_loss``, ``held`` or None), ``small_bet`` (the stud games'; None for
        Rake). ``newest_first`` lists the last hand first;
        ``limit`` keeps the first rows (:meth:`count_hands` counts them all). Example:
        ``wh.hands(per="hand", player="Grist", newest_first=True, limit=50)``.

        ``order_by`` orders the rows by a column first, largest first unless
        ``ascending`` (then in the order of play): ``net``, ``invested``, ``collected``,
        ``total_pot``, ``played_at``, ``ante``, ``big_bet``; with ``per="hand"``,
        ``total_pot``, ``played_at``, ``n_players``, ``ante``, ``big_bet``. Grist's ten
        biggest losses: ``wh.hands(player="Grist", order_by="net", ascending=True,
        limit=10)``; done in the database, so a limit reads only those rows."""
        select, filters = HandSelect.split(selection)
        listing = _listing(limit, per, newest_first, order_by, ascending)
        df = self._query(
            aliases,
            filters,
            partial(hands_sql, select=select, **listing),
            select=select,
            warn=limit != 0,  # none asked for: nothing to explain
        )
        return _with_lists(df) if per == "hand" else df

    def iter_hands(
        self,
        *,
        rows: int = 100_000,
        limit: int | None = None,
        per: Per = "player",
        newest_first: bool = False,
        order_by: str | None = None,
        ascending: bool = False,
        aliases: AliasesLike = None,
        **selection: Unpack[HandArgs],
    ) -> Iterator[pd.DataFrame]:
        """:meth:`hands` (the same arguments) in frames of ``rows`` rows (the last one
        shorter), read from the database as they are asked for: an export of millions of
        hands holds one frame at a time, not all of them. Together the frames are what
        :meth:`hands` returns: the same rows in the same order, with the same columns
        and dtypes; all come from the snapshot current when the first is asked for.
        Without a row, nothing is yielded, and it warns why (as :meth:`hands`).

        Example: ``for part in wh.iter_hands(per="hand", rows=50_000): ...``"""
        if isinstance(rows, bool) or not isinstance(rows, numbers.Integral) or rows < 1:
            raise ValueError(f"rows must be a whole number of at least 1, got {rows!r}")
        rows = int(rows)
        select, filters = HandSelect.split(selection)
        scope = Scope(Filters.of(filters), load_aliases(aliases))
        sql, params = hands_sql(
            scope, select=select, **_listing(limit, per, newest_first, order_by, ascending)
        )
        with self._connection():
            snapshot = self._cache.snapshot  # the current one (or the one pinned)
        # a connection of its own to that snapshot: no lock is held between the parts,
        # and a commit meanwhile (which replaces the shared connection) does not end it
        cur = connect(self.store, snapshot)
        seen = 0
        try:
            scope.register(cur)
            description = cur.execute(sql, params).description
            pending: pd.DataFrame | None = None
            # DuckDB hands rows over 2,048 at a time; a part of more rows than any table
            # holds (rows=10**30) is fetched in pieces of 2**16 vectors all the same
            vectors = min(max(1, rows // 2048), 1 << 16)
            while True:
                chunk = cur.fetch_df_chunk(vectors)
                done = chunk.empty
                if not done:
                    pending = chunk if pending is None else pd.concat([pending, chunk])
                while pending is not None and (len(pending) >= rows or (done and len(pending))):
                    part = typed(pending.iloc[:rows].reset_index(drop=True), description)
                    pending = pending.iloc[rows:]
                    seen += len(part)
                    yield _with_lists(part) if per == "hand" else part
                if done:
                    break
        finally:
            cur.close()
        if not seen and limit != 0 and not empty_is_quiet():
            warn_empty(self.why_empty(aliases=aliases, **filters, **select.given()))

    def count_hands(
        self, *, per: Per = "player", aliases: AliasesLike = None, **selection: Unpack[HandArgs]
    ) -> int:
        """The number of rows :meth:`hands` gives with the same arguments and no
        ``limit``: player-hands, or hands with ``per="hand"``."""
        select, filters = HandSelect.split(selection)
        df = self._query(aliases, filters, lambda s: hands_sql(s, select, per=per, count=True))
        return int(df["n"].iloc[0])

    def why_empty(
        self,
        *,
        aliases: AliasesLike = None,
        within: Sequence[str] | None = None,
        **selection: Unpack[HandArgs],
    ) -> list[str]:
        """Why the filters (and ``category``, ``outcome``, ``skull_ace_outcome``,
        ``hand_id`` as :meth:`hands` takes them) select no row, in the words the command
        line prints when it exits with status 4: the values that match nothing (as
        :meth:`unmatched_filters`), hand ids that are in no hand, an empty warehouse, one
        whose every hand was quarantined, ``min_hands`` above every player's count, or
        that the values, each found on its own, select nothing together. ``within``: the
        games the result covers (``STUD_GAMES`` for :meth:`stud_stats`). Call it when a
        result is empty (the methods warn with it: :class:`EmptyResultWarning`)."""
        select, rest = HandSelect.split(selection)
        misses = self.unmatched_filters(aliases=aliases, within=within, **selection)
        if misses:
            return [m.message for m in misses]
        with self._connection() as con:
            if not _count(con, "SELECT count(*) FROM hands"):
                held = _count(con, "SELECT count(*) FROM quarantine WHERE resolved_at IS NULL")
                if held:  # not empty: every hand it was given is held back
                    return [
                        "no hands: the warehouse holds none that passed validation "
                        f"({held} quarantined: Warehouse.quarantine() lists them)"
                    ]
                return ["no hands: the warehouse is empty"]
            ids = _names(select.hand_id, "hand_id")
            if ids:
                found = con.execute(
                    "SELECT DISTINCT hand_id FROM hands WHERE hand_id IN (SELECT unnest(?))",
                    [list(ids)],
                ).fetchall()
                absent = [i for i in ids if i not in {row[0] for row in found}]
                if len(absent) == len(ids):
                    return [f"no hand {', '.join(map(repr, absent))} in the warehouse"]
        min_hands = rest.get("min_hands", 0)
        if min_hands:
            wider: FilterArgs = {**rest, "min_hands": 0}
            if within is not None and not rest.get("game"):  # the most within those games
                wider["game"] = list(within)
            with quiet_empty():
                most = self.player_stats(aliases=aliases, **wider)["hands"]
            if len(most):
                return [
                    f"no player has {min_hands} hands or more within the filters "
                    f"(the most is {int(most.max())})"
                ]
        if select.given():
            return ["no hands match the filters and the selection together"]
        return ["no hands match the filters together (each value exists on its own)"]

    def unmatched_filters(
        self,
        *,
        aliases: AliasesLike = None,
        within: Sequence[str] | None = None,
        **filters: Unpack[HandArgs],
    ) -> list[FilterMiss]:
        """The filter values that match nothing in the warehouse, each on its own (a
        player never seen, an ante never played, a date range with no hand), with the
        nearest values there are: ``[FilterMiss(filter='players', value='grist',
        nearest=('Grist',), message="no player 'grist'; did you mean 'Grist'?")]``.
        ``category`` (as :meth:`hands` takes it) is checked too; ``within``: the games
        the result covers (``STUD_GAMES`` for :meth:`stud_stats`), a miss when none of
        them has hands. Empty when every value exists (the filters together may still
        match no hand). Raises :class:`~rakestats.stats.UnknownGameError` for an unknown
        game."""
        select, rest = HandSelect.split(filters)
        scope = Scope(Filters.of(rest), load_aliases(aliases))
        with self._connection() as con:
            return filter_misses(
                con, scope.filters, scope.aliases, category=select.category, within=within
            )


def _count(con: duckdb.DuckDBPyConnection, sql: str) -> int:
    row = con.execute(sql).fetchone()
    return int(row[0]) if row else 0


@runtime_checkable
class HasStatistics(Protocol):
    """Something that has the statistics of a warehouse: a
    :class:`rakestats.Warehouse`, or a :class:`Statistics` itself."""

    @property
    def statistics(self) -> Statistics: ...


StatsMixin = Statistics
"""The old name of :class:`Statistics` (kept so that existing imports work)."""


def _with_lists(df: pd.DataFrame) -> pd.DataFrame:
    """A frame of hands (``per="hand"``) with ``players`` and ``winners`` as Python lists
    (DuckDB gives numpy arrays)."""
    for col in ("players", "winners"):
        df[col] = pd.Series([list(v) for v in df[col]], index=df.index, dtype=object)
    return df


def _listing(
    limit: int | None, per: Per, newest_first: bool, order_by: str | None, ascending: bool
) -> dict[str, Any]:
    """The arguments of :func:`hands_sql` that shape a list of hands, as :meth:`hands`
    and :meth:`iter_hands` both pass them."""
    return {
        "limit": limit,
        "per": per,
        "newest_first": newest_first,
        "order_by": order_by,
        "ascending": ascending,
    }


def _breakdown(by: str | Sequence[str] | None) -> tuple[str, ...]:
    """``by`` as a tuple of column names: one name, or several (each once, in order);
    None is no breakdown, as ``()`` is.

    >>> _breakdown("site"), _breakdown(["site", "ante", "site"]), _breakdown(None)
    (('site',), ('site', 'ante'), ())
    >>> _breakdown(5)
    Traceback (most recent call last):
    TypeError: by must be a column name or a list of them, got 5
    """
    if by is None:
        return ()
    if isinstance(by, str):
        return (by,)
    if not isinstance(by, Iterable):
        raise TypeError(f"by must be a column name or a list of them, got {by!r}")
    return tuple(dict.fromkeys(by))


def _minutes(gap: float) -> timedelta:
    """``gap`` minutes as a timedelta: a positive, finite number a timedelta can hold.

    >>> _minutes(30)
    datetime.timedelta(seconds=1800)
    >>> _minutes(float("nan"))
    Traceback (most recent call last):
    ValueError: the session gap must be a positive, finite number of minutes, not nan
    """
    minutes = float(gap)
    if not math.isfinite(minutes) or minutes <= 0:
        raise ValueError(
            f"the session gap must be a positive, finite number of minutes, not {gap!r}"
        )
    try:
        return timedelta(minutes=minutes)
    except OverflowError:
        raise ValueError(f"the session gap is too long: {gap!r} minutes") from None

"""``Warehouse``: the analyst's entry point, a thin facade over the stages: the store
(``wh.store``: ingest, watch, compact) and the statistics (``wh.statistics``, a
:class:`~rakestats.stats.Statistics`, whose methods the warehouse offers as its own).

>>> import tempfile
>>> from rakestats import Warehouse
>>> with tempfile.TemporaryDirectory() as d:
...     wh = Warehouse(d + "/wh")          # no I/O until used
...     summary = wh.ingest([])            # the first ingest creates it
...     wh.sql("SELECT count(*) AS n FROM hands")["n"].tolist()
[0]

Reading never creates a warehouse: a path that is not one (a typo) is refused.

>>> Warehouse("typo").count_hands()
Traceback (most recent call last):
...
rakestats.warehouse._store.WarehouseError: typo: not a rakestats warehouse (no _rakestats.json)
"""

from __future__ import annotations

import errno
import importlib.util
import os
import types
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar, overload

import duckdb
import numpy as np
import pandas as pd

from rakestats.progress import Progress
from rakestats.stats import HandDetail, Statistics, hand_detail
from rakestats.warehouse import (
    COMMIT_EVERY,
    PENDING_SECONDS,
    CompactSummary,
    IngestSummary,
    ProgressFn,
    RetrySummary,
    Store,
    check_ingest_arguments,
    compact,
    ingest_paths,
    retry_quarantined,
    watch_paths,
)

__all__ = ["Warehouse"]

P = ParamSpec("P")
R = TypeVar("R")


class _Delegate(Generic[P, R]):
    """A method of :class:`Warehouse` that is ``function`` given one of the warehouse's
    parts first: a method of its ``statistics`` (``wh.player_stats`` is
    ``wh.statistics.player_stats``), or a function of the warehouse package taking its
    ``store`` (``wh.watch(...)`` is ``watch_paths(wh.store, ...)``). Same signature,
    same docstring."""

    def __init__(self, part: str, function: Callable[Concatenate[Any, P], R]) -> None:
        self.part, self.function = part, function
        self.__doc__ = function.__doc__

    @overload
    def __get__(self, wh: None, owner: type) -> Callable[Concatenate[Any, P], R]: ...
    @overload
    def __get__(self, wh: Warehouse, owner: type) -> Callable[P, R]: ...
    def __get__(self, wh: Warehouse | None, owner: type) -> Any:
        if wh is None:
            return self.function
        return types.MethodType(self.function, getattr(wh, self.part))


def _bar_class() -> Any:
    """tqdm's notebook bar in Jupyter where ipywidgets is installed, else its text bar
    (``tqdm.auto`` without ipywidgets warns "IProgress not found" in every notebook)."""
    if importlib.util.find_spec("ipywidgets") is None:
        from tqdm import tqdm

        return tqdm
    from tqdm.auto import tqdm as auto

    return auto


def _statistic(method: Callable[Concatenate[Statistics, P], R]) -> _Delegate[P, R]:
    """A method of the warehouse's :class:`~rakestats.stats.Statistics`."""
    return _Delegate("statistics", method)


class Warehouse:
    """A rakestats warehouse directory. Construction does no I/O."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        self.store = Store(path, derived=Statistics.derived_tables)
        self.statistics = Statistics(self.store)

    def __repr__(self) -> str:
        return f"Warehouse({self.path!r})"

    def __reduce__(self) -> tuple[type[Warehouse], tuple[str]]:
        """A warehouse pickles as its directory (absolute, so that a worker process in
        another folder finds it): ``multiprocessing``, ``concurrent.futures``, joblib
        and Dask can send one to their workers, each of which opens its own
        connection; the caller's cached connection stays with the caller."""
        return (Warehouse, (str(self.store.root),))

    # ------------------------------------------------------------------ writing
    def ingest(
        self,
        paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
        *,
        jobs: int = 1,
        wait: bool = False,
        progress: ProgressFn | bool | None = None,
        commit_every: int = COMMIT_EVERY,
        client: Any = None,
        pending_seconds: float = PENDING_SECONDS,
    ) -> IngestSummary:
        """Parse, validate and add hand histories (files or folders; plain or compressed).

        Work is spread over ``jobs`` local processes, or over a Dask cluster when a
        ``distributed.Client`` is given (the warehouse must then be on a file system the
        workers see). An input under 16 MiB runs in this process whatever ``jobs`` says
        (starting workers would cost more than they gain; ``RAKESTATS_POOL_MIN_BYTES``
        in the environment sets another size). A commit is made every ``commit_every``
        new hands, so an interrupted run keeps what it committed. The result is the same
        either way.

        The last hand of a text file changed within ``pending_seconds`` and not yet
        followed by a blank line is *pending* when it does not parse (a client may still
        be writing it): it is not quarantined, and the file is read again next time.

        ``progress=True`` shows a progress bar (a notebook widget in Jupyter where
        ipywidgets is installed, else text on stderr); a function is called with (files
        done, hands read) instead, and its ``hashed`` method, if it has one, with the
        files looked at before their hands are read.

        A path named that does not exist raises FileNotFoundError before anything is
        read (as ``rakestats ingest`` refuses it); a file that cannot be read, or is in
        no known format, is named in the summary's ``unrecognized``."""
        check_ingest_arguments(
            jobs=jobs, commit_every=commit_every, pending_seconds=pending_seconds
        )
        paths = _named_paths(paths)
        bar = None
        if progress is True:
            from rakestats.warehouse import walk

            # as the command line's: "hashing" the files, then "ingest" once hands come
            bar = _bar_class()(total=len(walk(paths, [])), desc="hashing", unit="file")
            progress = Progress(bar, "ingest")
        try:
            with self.store.lock(wait=wait):
                return ingest_paths(
                    self.store,
                    paths,
                    jobs=jobs,
                    progress=progress or None,
                    on_hashed=getattr(progress, "hashed", None),
                    commit_every=commit_every,
                    client=client,
                    pending_seconds=pending_seconds,
                )
        finally:
            if bar is not None:
                bar.close()

    watch = _Delegate("store", watch_paths)

    def compact(
        self, *, wait: bool = False, progress: Callable[[int, int], None] | None = None
    ) -> CompactSummary:
        """Rewrite the small parts left by incremental ingests into large ones, atomically
        (``progress`` is told partitions done, partitions). A folder that is not a
        warehouse is refused (:class:`~rakestats.warehouse.WarehouseError`), not made one."""
        with self.store.lock(wait=wait, create=False):
            return compact(self.store, progress=progress)

    def retry_quarantined(self, *, wait: bool = False) -> RetrySummary:
        """Re-validate quarantined hands and move those that now pass into the warehouse.
        A folder that is not a warehouse is refused, not made one."""
        with self.store.lock(wait=wait, create=False):
            return retry_quarantined(self.store)

    # ------------------------------------------------------------------ reading
    # The statistics (docs/stats.md), the hands behind them, and the snapshot they read.
    player_stats = _statistic(Statistics.player_stats)
    player_sites = _statistic(Statistics.player_sites)
    positions = _statistic(Statistics.positions)
    table_sizes = _statistic(Statistics.table_sizes)
    skull_ace = _statistic(Statistics.skull_ace)
    reveal_categories = _statistic(Statistics.reveal_categories)
    stud_stats = _statistic(Statistics.stud_stats)
    action_stats = _statistic(Statistics.action_stats)
    pickup_stats = _statistic(Statistics.pickup_stats)
    net_won = _statistic(Statistics.net_won)
    net_units = _statistic(Statistics.net_units)
    sessions = _statistic(Statistics.sessions)
    hands = _statistic(Statistics.hands)
    iter_hands = _statistic(Statistics.iter_hands)
    count_hands = _statistic(Statistics.count_hands)
    unmatched_filters = _statistic(Statistics.unmatched_filters)
    why_empty = _statistic(Statistics.why_empty)
    pinned = _statistic(Statistics.pinned)
    clear_stats_cache = _statistic(Statistics.clear_cache)
    connect = _statistic(Statistics.connect)

    def sql(self, query: str, params: Sequence[Any] | dict[str, Any] | None = None) -> pd.DataFrame:
        """Run ad-hoc SQL on the warehouse views; values go in ``params`` (bound, never
        pasted into the text). A name that is no table raises DuckDB's error with a note
        naming the warehouse's tables (DuckDB's own guess may be one of its catalog's).
        numpy's scalars are taken as the Python values they hold (a value read from a
        frame is one: ``wh.sql("... WHERE ante = ?", [df["ante"].iloc[0]])``)."""
        con = self.connect()
        try:
            return con.execute(query, _plain_params(params)).fetchdf()
        except duckdb.CatalogException as exc:
            if "Table with name" not in str(exc):
                raise
            rows = con.execute(
                "SELECT table_name FROM information_schema.tables "
                "WHERE table_schema = 'main' ORDER BY table_name"
            ).fetchall()
            exc.add_note(f"the warehouse's tables: {', '.join(r[0] for r in rows)}")
            raise
        finally:
            con.close()

    def hand(self, hand_id: str | int, *, site: str | None = None) -> HandDetail:
        """One hand, everything about it (``rakestats hand HAND_ID``): its facts, seats,
        actions, pick-ups, Reveal and pots; ``hand_id`` as the history writes it (a
        leading ``#`` is read too). Raises :class:`~rakestats.stats.HandNotFoundError`
        when no hand has the id, naming ids that contain it, or when hands at several
        sites have it (give ``site`` then). ``rakestats.cli.hand.format_hand`` writes it
        as the command prints it."""
        return hand_detail(self.sql, hand_id, site)

    def quarantine(self, *, resolved: bool = False) -> pd.DataFrame:
        """Quarantined hands: file, line, reason (and the raw text). Entries resolved by
        a complete copy of the hand stored later are left out unless ``resolved``."""
        where = "" if resolved else "WHERE resolved_at IS NULL "
        return self.sql(
            "SELECT source_file, line, reason, site, hand_id, game, raw_text, quarantined_at, "
            f"resolved_at FROM quarantine {where}ORDER BY source_file, line"
        )


def _named_paths(
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
) -> list[str | os.PathLike[str]]:
    """The paths given to an ingest, as a list: one path or an iterable of them, each
    of which must exist (a typo is FileNotFoundError, not a summary of nothing read).

    >>> _named_paths(".")
    ['.']
    >>> _named_paths(["no-such-folder"])
    Traceback (most recent call last):
    ...
    FileNotFoundError: [Errno 2] no such file or folder to ingest: 'no-such-folder'
    >>> _named_paths(7)
    Traceback (most recent call last):
    ...
    TypeError: paths must be a path or an iterable of paths, got 7
    """
    if isinstance(paths, (str, os.PathLike)):
        listed: list[str | os.PathLike[str]] = [paths]
    elif isinstance(paths, Iterable):
        listed = list(paths)
    else:
        raise TypeError(f"paths must be a path or an iterable of paths, got {paths!r}")
    for path in listed:
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"paths must be a path or an iterable of paths, got {path!r} in them")
        if not os.path.exists(path):
            raise FileNotFoundError(
                errno.ENOENT, "no such file or folder to ingest", os.fspath(path)
            )
    return listed


def _plain_params(params: Sequence[Any] | dict[str, Any] | None) -> Any:
    """SQL parameters with numpy's scalars as Python's (DuckDB refuses ``numpy.int64``).

    >>> import numpy as np
    >>> _plain_params([np.int64(5), "a"]), _plain_params({"n": np.float64(1.5)})
    ([5, 'a'], {'n': 1.5})
    """
    if params is None:
        return []

    def plain(v: Any) -> Any:
        if isinstance(v, (np.datetime64, np.timedelta64)) and np.isnat(v):
            return None
        if isinstance(v, np.datetime64):  # .item() of nanoseconds is an int; UTC, as
            return pd.Timestamp(v).tz_localize("UTC").to_pydatetime()  # the filters take it
        if isinstance(v, np.timedelta64):
            return pd.Timedelta(v).to_pytimedelta()
        return v.item() if isinstance(v, np.generic) else v

    if isinstance(params, dict):
        return {k: plain(v) for k, v in params.items()}
    return [plain(v) for v in params]

"""An ingest's settings, and the early start of its worker processes.

Light to import (the standard library only), so that a command line can read the
defaults and start the workers before its own imports: ``rakestats.warehouse`` and its
readers take most of a second of one core, and the workers' own imports as long;
started first, they import side by side (:func:`workers_started_early`).

>>> COMMIT_EVERY, PENDING_SECONDS, POOL_MIN_BYTES >> 20
(200000, 60.0, 16)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from rakestats._pool import WorkerPool, discard_early, start_early
from rakestats.allocator import ARROW_POOL, arrow_pool
from rakestats.blas import BLAS_THREADS, blas_threads

__all__ = [
    "COMMIT_EVERY",
    "PENDING_SECONDS",
    "POOL_MIN_BYTES",
    "ingest_pool",
    "pool_min_bytes",
    "workers_started_early",
]

COMMIT_EVERY = 200_000
PENDING_SECONDS = 60.0  # a trailing unfinished hand this recent is pending (still being written)

POOL_MIN_BYTES = 16 << 20
"""Input below which a run with ``jobs`` above 1 stays in the calling process: starting
worker interpreters (each imports rakestats and pyarrow) costs about as much as they
gain on 20 MB of Rake histories on two cores (docs/performance.md, "Small inputs in the
driver"). ``RAKESTATS_POOL_MIN_BYTES`` in the environment overrides it (0: a pool
whenever there are two units)."""

_POOL_MIN_ENV = "RAKESTATS_POOL_MIN_BYTES"

# The ingest's workers are fresh interpreters that import only rakestats (never the
# caller's __main__, so a script without a main guard, stdin or Jupyter all work). They
# parse and stage: pyarrow would import pandas for nothing, and nothing they run
# queries (each module costs 20-50 MiB a worker).
_PRELOAD = ("rakestats.warehouse._ingest",)
_WITHOUT = ("pandas", "duckdb")


def pool_min_bytes() -> int:
    """:data:`POOL_MIN_BYTES`, or the environment's ``RAKESTATS_POOL_MIN_BYTES``."""
    return _pool_min(os.environ.get(_POOL_MIN_ENV, ""))


def _pool_min(value: str) -> int:
    """The pool's least input, from the variable's ``value`` (empty: the default).

    >>> _pool_min("0"), _pool_min(" 1048576 "), _pool_min("") == POOL_MIN_BYTES
    (0, 1048576, True)
    >>> _pool_min("lots")
    Traceback (most recent call last):
    ...
    ValueError: RAKESTATS_POOL_MIN_BYTES='lots': not a whole number of bytes
    """
    value = value.strip()
    if not value:
        return POOL_MIN_BYTES
    if not value.isdigit():
        raise ValueError(f"{_POOL_MIN_ENV}={value!r}: not a whole number of bytes")
    return int(value)


def ingest_pool(jobs: int) -> WorkerPool:
    """The pool of an ingest's ``jobs`` local worker processes (not started: see
    :class:`~rakestats._pool.WorkerPool`). Arrow allocates with malloc in them, and
    OpenBLAS runs one thread, unless the caller's environment names others."""
    return WorkerPool(jobs, preload=_PRELOAD, without=_WITHOUT, env=_env())


def _env() -> dict[str, str]:
    return {ARROW_POOL: arrow_pool(), BLAS_THREADS: blas_threads()}


@contextmanager
def workers_started_early(paths: Iterable[str | os.PathLike[str]], jobs: int) -> Iterator[bool]:
    """For the block, the workers of an ingest of ``paths`` in ``jobs`` local processes,
    started now when it looks as if the ingest will use them: ``jobs`` above 1 and at
    least :func:`pool_min_bytes` of files under ``paths``. The first
    :func:`ingest_pool` entered in the block takes them; the ingest itself still
    decides on what it reads (the files it has not stored before), and workers it did
    not take are stopped when the block ends. Gives whether it started them.

    >>> with workers_started_early([], 2) as none, workers_started_early(["."], 1) as one:
    ...     none, one
    (False, False)
    """
    started = _start(paths, jobs)
    try:
        yield started
    finally:
        if started:
            discard_early()


def _start(paths: Iterable[str | os.PathLike[str]], jobs: int) -> bool:
    paths = list(paths)
    if jobs < 2 or not paths:
        return False
    try:
        need = pool_min_bytes()
    except ValueError:
        return False  # the ingest names the bad setting
    if not _at_least(paths, need):
        return False
    start_early(jobs, preload=_PRELOAD, without=_WITHOUT, env=_env())
    return True


def _at_least(paths: Iterable[str | os.PathLike[str]], need: int) -> bool:
    """Whether the files under ``paths`` (folders walked, links not followed, hidden
    entries skipped as the ingest skips them) hold ``need`` bytes or more; it stops
    counting there."""
    size = 0
    stack = [os.fspath(p) for p in paths]
    while stack:
        path = stack.pop()
        try:
            if os.path.isdir(path):
                with os.scandir(path) as entries:
                    for e in entries:
                        if e.name.startswith("."):
                            continue
                        if e.is_dir(follow_symlinks=False):
                            stack.append(e.path)
                        elif e.is_file(follow_symlinks=False):
                            size += e.stat(follow_symlinks=False).st_size
                            if size >= need:
                                return True
            else:
                size += os.stat(path).st_size
        except OSError:
            continue  # the ingest names what it cannot read
        if size >= need:
            return True
    return size >= need

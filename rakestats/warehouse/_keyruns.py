"""Distinct 64-bit keys with two 64-bit values each, held in sorted numpy runs.

The keys an ingest has seen grow with its input: a dict of Python ints costs about
200 bytes a key, and re-sorting one array at every addition costs time and a second
copy of everything. :class:`KeyRuns` keeps 24 bytes a key, in a few sorted runs whose
sizes fall by at least half from one to the next (as a binary counter: a new run is
merged into the one before it while it is at least half that one's size), so a key is
copied a logarithmic number of times, a lookup is one binary search per run, and a
merge holds one column of the merged run beside the runs, not a second copy of all.

>>> import numpy as np
>>> runs = KeyRuns()
>>> runs.add(np.array([30, 10]), np.array([3, 1]), np.array([-3, -1]))
>>> runs.add(np.array([20]), np.array([2]), np.array([-2]))
>>> found, a, b, where = runs.find(np.array([10, 20, 25]))
>>> found.tolist(), a.tolist(), b.tolist()
([True, True, False], [1, 2, 0], [-1, -2, 0])
>>> runs.set(where[found], np.array([7, 8]), np.array([70, 80]))
>>> runs.find(np.array([20]))[1].tolist(), len(runs), runs.run_sizes()
([8], 3, [3])
"""

from __future__ import annotations

import numpy as np

__all__ = ["KeyRuns"]

_Run = list[np.ndarray]  # [keys (sorted), first values, second values]


def _merge(big: _Run, small: _Run) -> _Run:
    """The two runs as one sorted run, built column by column: each column of ``big``
    is released once its merged column is made."""
    n = len(big[0]) + len(small[0])
    to = np.searchsorted(big[0], small[0]) + np.arange(len(small[0]))
    rest = np.ones(n, dtype=bool)
    rest[to] = False
    out: _Run = []
    for c in range(3):
        col = np.empty(n, dtype=np.int64)
        col[to] = small[c]
        col[rest] = big[c]
        big[c] = col[:0]  # released: only the merged column is kept
        out.append(col)
    return out


class KeyRuns:
    """Distinct int64 keys, each with two int64 values (see the module's docstring).
    Keys are added only once (the caller adds those :meth:`find` did not find)."""

    def __init__(self) -> None:
        self._runs: list[_Run] = []  # each at least twice the size of the next

    def __len__(self) -> int:
        return sum(len(r[0]) for r in self._runs)

    def run_sizes(self) -> list[int]:
        return [len(r[0]) for r in self._runs]

    def add(self, keys: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
        """Add keys not held yet, with their values."""
        if not len(keys):
            return
        order = np.argsort(keys, kind="stable")
        run: _Run = [np.asarray(x, dtype=np.int64)[order] for x in (keys, a, b)]
        runs = self._runs
        runs.append(run)
        while len(runs) > 1 and 2 * len(runs[-1][0]) >= len(runs[-2][0]):
            small = runs.pop()
            runs.append(_merge(runs.pop(), small))

    def find(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For each key: whether it is held, its two values (0 when not), and where it
        is held (for :meth:`set`; rows of run number and position, -1 when not held).
        The places hold until the next :meth:`add`."""
        keys = np.asarray(keys, dtype=np.int64)
        n = len(keys)
        found = np.zeros(n, dtype=bool)
        a = np.zeros(n, dtype=np.int64)
        b = np.zeros(n, dtype=np.int64)
        where = np.full((n, 2), -1, dtype=np.int64)
        for r, (rk, ra, rb) in enumerate(self._runs):
            if not len(rk) or not n:
                continue
            at = np.minimum(np.searchsorted(rk, keys), len(rk) - 1)
            hit = (rk[at] == keys) & ~found
            if hit.any():
                pos = at[hit]
                found |= hit
                a[hit], b[hit] = ra[pos], rb[pos]
                where[hit, 0], where[hit, 1] = r, pos
        return found, a, b, where

    def set(self, where: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
        """New values for held keys (``where``: their places, as :meth:`find` gave)."""
        for r, run in enumerate(self._runs):
            mine = where[:, 0] == r
            if mine.any():
                pos = where[mine, 1]
                run[1][pos] = np.asarray(a)[mine]
                run[2][pos] = np.asarray(b)[mine]

"""Distinct 64-bit keys with two 64-bit values each, held in sorted numpy runs.

The keys an ingest has seen grow with its input: a dict of Python ints costs about
200 bytes a key, and re-sorting one array at every addition costs time and a second
copy of everything. :class:`KeyRuns` keeps 24 bytes a key, in a few sorted runs whose
sizes fall by at least half from one to the next (as a binary counter: a new run is
merged into the one before it while it is at least half that one's size), so a key is
copied a logarithmic number of times, a lookup is one binary search per run, and a
merge holds one column of the merged run beside the runs, not a second copy of all.

Given a ``spill`` folder, the runs in memory are bounded too: once they hold
``memory_keys`` keys they are merged into one run written to a file there
(:class:`~rakestats.warehouse._keyspill.DiskRun`, about 1.3 bytes a key of memory),
so that memory stays flat however many keys are added; :meth:`KeyRuns.close` removes
the files.

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

import contextlib
import weakref
from pathlib import Path

import numpy as np

from rakestats.warehouse._keyspill import DiskRun

__all__ = ["MEMORY_KEYS", "KeyRuns"]

MEMORY_KEYS = 1 << 21  # keys held in memory before they go to a file (48 MiB)

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

    def __init__(self, spill: Path | None = None, memory_keys: int | None = None) -> None:
        self._runs: list[_Run] = []  # each at least twice the size of the next
        self._disk: list[DiskRun] = []  # oldest first
        self._spill = spill
        self._memory_keys = MEMORY_KEYS if memory_keys is None else memory_keys
        self._made_spill = False
        self._finalizer = weakref.finalize(self, _close, self._disk)

    def __len__(self) -> int:
        return sum(len(r[0]) for r in self._runs) + sum(len(d) for d in self._disk)

    def run_sizes(self) -> list[int]:
        """The sizes of the runs in memory (the files' runs come first, see :meth:`disk_sizes`)."""
        return [len(r[0]) for r in self._runs]

    def disk_sizes(self) -> list[int]:
        return [len(d) for d in self._disk]

    def memory(self) -> int:
        """Bytes held in memory for the keys and their values."""
        return 24 * sum(self.run_sizes()) + sum(d.memory() for d in self._disk)

    def close(self) -> None:
        """Remove the files of the runs written to the spill folder (and the folder,
        when this made it and it is left empty)."""
        _close(self._disk)
        if self._made_spill and self._spill is not None:
            with contextlib.suppress(OSError):
                self._spill.rmdir()

    def _freeze(self) -> None:
        """Merge the runs in memory into one and write it to the spill folder."""
        assert self._spill is not None
        self._merge_in_memory()
        if not self._made_spill and not self._spill.is_dir():
            self._spill.mkdir(parents=True)
            self._made_spill = True
        keys, a, b = self._runs.pop()
        k = len(self._disk)
        while (self._spill / f"keys-{k:05d}.bin").exists():  # (beside runs adopted)
            k += 1
        path = self._spill / f"keys-{k:05d}.bin"
        self._disk.append(DiskRun.write(path, keys, a, b))

    def _merge_in_memory(self) -> None:
        """Merge the runs in memory into one (none when there are none)."""
        runs = self._runs
        while len(runs) > 1:
            small = runs.pop()
            runs.append(_merge(runs.pop(), small))

    def adopt(self, disk: list[DiskRun]) -> None:
        """Take runs in files (each of keys not held otherwise) as held runs: they are
        removed at :meth:`close` as the runs this writes."""
        self._disk.extend(disk)

    def keep(self) -> list[DiskRun]:
        """Put every key in files of the spill folder and leave them there: the runs in
        memory become one run in a file, merged with the runs in files no larger than
        twice it (so that keeping runs again and again leaves a logarithmic number of
        them). The runs returned are closed; :meth:`DiskRun.open` opens them again. This
        object holds nothing after it."""
        assert self._spill is not None, "keys are kept in the spill folder"
        self._merge_in_memory()
        disk = self._disk
        if self._runs:
            run = self._runs.pop()
            while disk and len(disk[-1]) <= min(2 * len(run[0]), self._memory_keys):
                on_disk = disk.pop()
                run = _merge(list(on_disk.read_all()), run)
                on_disk.close()
            self._runs = [run]
            self._freeze()
        for d in disk:
            d.keep()
        kept = list(disk)
        disk.clear()
        return kept

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
        if self._spill is not None and sum(self.run_sizes()) >= self._memory_keys:
            self._freeze()

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
        for r, disk in enumerate(self._disk):
            hit, da, db, pos = disk.find(keys)
            if hit.any():
                found |= hit
                a[hit], b[hit] = da[hit], db[hit]
                where[hit, 0], where[hit, 1] = r, pos[hit]
        for r, (rk, ra, rb) in enumerate(self._runs, start=len(self._disk)):
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
        for r, disk in enumerate(self._disk):
            mine = where[:, 0] == r
            if mine.any():
                disk.set(where[mine, 1], np.asarray(a)[mine], np.asarray(b)[mine])
        for r, run in enumerate(self._runs, start=len(self._disk)):
            mine = where[:, 0] == r
            if mine.any():
                pos = where[mine, 1]
                run[1][pos] = np.asarray(a)[mine]
                run[2][pos] = np.asarray(b)[mine]


def _close(disk: list[DiskRun]) -> None:
    for d in disk:
        d.close()
    disk.clear()

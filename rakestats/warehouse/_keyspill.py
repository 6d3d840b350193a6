"""A sorted run of keys and values kept in a file, with a Bloom filter and fences in
memory: about 1.3 bytes a key of memory instead of 24, for runs of keys that an ingest
would otherwise hold in full.

The file holds three int64 columns one after the other (the keys, sorted; the first
values; the second values). A lookup first asks the Bloom filter, which answers "not
held" for almost every key that is not (under 1% false positives at 10 bits a key);
the others are looked up in blocks of the key column, found through the fences (every
block's first key), each block read once. Values are updated in place. (Reads and
writes seek first: ``os.pread`` is POSIX only.)

>>> import numpy as np, tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> run = DiskRun.write(folder / "run", np.array([10, 20, 30]), np.array([1, 2, 3]),
...                     np.array([-1, -2, -3]))
>>> found, a, b, pos = run.find(np.array([20, 25, 10]))
>>> found.tolist(), a.tolist(), b.tolist(), pos.tolist()
([True, False, True], [2, 0, 1], [-2, 0, -1], [1, -1, 0])
>>> run.set(np.array([1]), np.array([7]), np.array([70]))
>>> run.find(np.array([20]))[1:3]
(array([7]), array([70]))
>>> run.close(); folder.rmdir()
"""

from __future__ import annotations

from io import FileIO
from pathlib import Path

import numpy as np

__all__ = ["DiskRun"]

BLOCK = 512  # keys a block read brings in (4 KiB)
SPAN = BLOCK << 11  # keys a span read brings in (8 MiB), when many blocks are wanted
_FEW_BLOCKS = 256  # blocks wanted up to which they are read one by one
_BITS_PER_KEY = 10
_HASHES = 7
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def _bloom_positions(keys: np.ndarray, m: int) -> np.ndarray:
    """The filter's bit positions of each key: a (len(keys), hashes) array.

    Hand keys are already hashes, but mixed again (splitmix64's finaliser) so that
    any int64 keys spread over the filter."""
    with np.errstate(over="ignore"):
        z = keys.astype(np.uint64) + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        z ^= z >> np.uint64(31)
        h1 = z & np.uint64(0xFFFFFFFF)
        h2 = (z >> np.uint64(32)) | np.uint64(1)
        steps = np.arange(_HASHES, dtype=np.uint64)
        return (h1[:, None] + steps[None, :] * h2[:, None]) % np.uint64(m)


def _write_columns(path: Path, columns: tuple[np.ndarray, ...]) -> None:
    with path.open("wb") as fh:
        for col in columns:
            np.ascontiguousarray(col, dtype=np.int64).tofile(fh)


class DiskRun:
    """A frozen sorted run of distinct keys with two values each, held in ``path``
    (made by :meth:`write`, removed by :meth:`close`)."""

    def __init__(self, path: Path, n: int, fences: np.ndarray, bloom: np.ndarray) -> None:
        self.path, self.n, self._fences, self._bloom = path, n, fences, bloom
        self._m = len(bloom) * 8
        self._file: FileIO | None = FileIO(path, "r+")

    @classmethod
    def write(cls, path: Path, keys: np.ndarray, a: np.ndarray, b: np.ndarray) -> DiskRun:
        """Write a run (``keys`` sorted and distinct) to ``path`` and open it."""
        keys = np.ascontiguousarray(keys, dtype=np.int64)
        try:
            _write_columns(path, (keys, a, b))
        except OSError as exc:  # no half-written run is left, and the error names it
            path.unlink(missing_ok=True)
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
        m = 8 * _filter_bytes(len(keys))
        bits = np.zeros(m, dtype=bool)
        for s in range(0, len(keys), 1 << 18):  # in slices: the positions are 56 B a key
            bits[_bloom_positions(keys[s : s + (1 << 18)], m).ravel()] = True
        bloom = np.packbits(bits, bitorder="little")
        return cls(path, len(keys), keys[::BLOCK].copy(), bloom)

    @classmethod
    def open(cls, path: Path, n: int) -> DiskRun:
        """Open a run that :meth:`keep` left in ``path`` (``n`` keys), its fences and
        filter read from beside it. :class:`OSError` or :class:`ValueError` when the
        files are missing or not of that run's size."""
        size = path.stat().st_size
        if size != 24 * n:
            raise ValueError(f"{path}: {size} bytes, not the {24 * n} of {n} keys")
        fences = np.fromfile(_beside(path, _FENCES), dtype=np.int64)
        bloom = np.fromfile(_beside(path, _FILTER), dtype=np.uint8)
        if len(fences) != -(-n // BLOCK) or len(bloom) != _filter_bytes(n):
            raise ValueError(f"{path}: fences or filter not of a run of {n} keys")
        return cls(path, n, fences, bloom)

    def keep(self) -> None:
        """Write the fences and the filter beside the run and close it without removing
        its file: :meth:`open` opens it again (another process may)."""
        assert self._file is not None, "the run is closed"
        self._file.flush()
        self._fences.tofile(_beside(self.path, _FENCES))
        self._bloom.tofile(_beside(self.path, _FILTER))
        self._file.close()
        self._file = None

    def read_all(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The whole run: keys, first values, second values."""
        return self._read(0, 0, self.n), self._read(1, 0, self.n), self._read(2, 0, self.n)

    def __len__(self) -> int:
        return self.n

    def memory(self) -> int:
        """Bytes this run holds in memory."""
        return int(self._fences.nbytes + self._bloom.nbytes)

    def _might_hold(self, keys: np.ndarray) -> np.ndarray:
        pos = _bloom_positions(keys, self._m)
        bit = (self._bloom[pos >> np.uint64(3)] >> (pos & np.uint64(7)).astype(np.uint8)) & 1
        return np.asarray(bit.all(axis=1))

    def _read(self, column: int, start: int, count: int) -> np.ndarray:
        assert self._file is not None, "the run is closed"
        size = 8 * count
        self._file.seek(8 * (column * self.n + start))
        raw = self._file.read(size)
        if len(raw) != size:
            raise OSError(f"{self.path}: short read ({len(raw)} of {size} bytes)")
        return np.frombuffer(raw, dtype=np.int64)

    def find(self, keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """For each key: whether it is held, its two values (0 when not) and its
        position in the run (-1 when not held)."""
        keys = np.asarray(keys, dtype=np.int64)
        found = np.zeros(len(keys), dtype=bool)
        a = np.zeros(len(keys), dtype=np.int64)
        b = np.zeros(len(keys), dtype=np.int64)
        pos = np.full(len(keys), -1, dtype=np.int64)
        if not self.n or not len(keys):
            return found, a, b, pos
        # The filter costs more than reading the whole run for a query of more than
        # an eighth of its size (about 0.1 µs a key against 8 bytes of the run read)
        if 8 * len(keys) >= self.n:
            maybe = np.arange(len(keys))
        else:
            maybe = np.flatnonzero(self._might_hold(keys))
        block = np.searchsorted(self._fences, keys[maybe], side="right") - 1
        maybe, block = maybe[block >= 0], block[block >= 0]
        if not len(maybe):
            return found, a, b, pos
        # Few blocks to look in: each read alone. Many: the key column read in spans
        # of SPAN keys, each span that holds a candidate once (a read a block cost
        # about as much as a span's for a few hundred blocks).
        order = np.argsort(block, kind="stable")
        maybe, block = maybe[order], block[order]
        distinct = 1 + np.count_nonzero(block[1:] != block[:-1])
        span = BLOCK if distinct <= _FEW_BLOCKS else SPAN
        group = block // (span // BLOCK)  # (in order, as the blocks)
        cuts = np.flatnonzero(group[1:] != group[:-1]) + 1
        for rows, g in zip(np.split(maybe, cuts), group[np.r_[0, cuts]].tolist(), strict=True):
            start = g * span
            count = min(span, self.n - start)
            held = self._read(0, start, count)
            at = np.minimum(np.searchsorted(held, keys[rows]), count - 1)
            hit = held[at] == keys[rows]
            if not hit.any():
                continue
            rows, at = rows[hit], at[hit]
            found[rows] = True
            pos[rows] = start + at
            lo, hi = int(at.min()), int(at.max()) + 1  # the values read for the hits only
            a[rows] = self._read(1, start + lo, hi - lo)[at - lo]
            b[rows] = self._read(2, start + lo, hi - lo)[at - lo]
        return found, a, b, pos

    def set(self, pos: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
        """New values for the keys at positions ``pos``, written to the file."""
        assert self._file is not None, "the run is closed"
        for p, x, y in zip(
            np.asarray(pos).tolist(), np.asarray(a).tolist(), np.asarray(b).tolist(), strict=True
        ):
            self._file.seek(8 * (self.n + p))
            self._file.write(np.int64(x).tobytes())
            self._file.seek(8 * (2 * self.n + p))
            self._file.write(np.int64(y).tobytes())

    def close(self) -> None:
        """Close and remove the run's files."""
        if self._file is not None:
            self._file.close()
            self._file = None
            self.path.unlink(missing_ok=True)
            _beside(self.path, _FENCES).unlink(missing_ok=True)
            _beside(self.path, _FILTER).unlink(missing_ok=True)


_FENCES = ".fences"
_FILTER = ".filter"


def _beside(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _filter_bytes(n: int) -> int:
    """The size of the filter of a run of ``n`` keys."""
    return max(64, -(-_BITS_PER_KEY * n // 64) * 64) // 8

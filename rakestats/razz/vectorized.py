"""Vectorised Razz evaluation: the best low of many hands of five to seven cards at once.

Hands are rows of card indices (``StdCard.index``, 0-51: ``(rank - 2) * 4 + suit``, suits
c d h s), an integer array of shape ``(N, k)`` with ``k`` 5, 6 or 7. The values are the
integers of the scalar :func:`rakestats.razz.evaluator.evaluate_low` (``.value``): lower
is better, equal is a tie, ``value >> 20`` is the :class:`LowCategory`.

>>> from rakestats.cards import parse_std_cards
>>> from rakestats.razz.evaluator import evaluate_low
>>> texts = ["2d 4s 9d 7c Ts 5s Tc", "Kh 8c 6h 3d Ad Ac 8h", "Qs Qh Js Jh 6c 6d 6h"]
>>> values = evaluate_low_many([[c.index for c in parse_std_cards(t)] for t in texts])
>>> values.tolist() == [evaluate_low(t).value for t in texts]
True
>>> category_of_values(values).tolist()
[0, 0, 2]

How it works: the value of five cards depends only on the multiset of their ranks. Each
rank has a weight such that the sums of five weights (a rank at most four times) are all
different; a table indexed by that sum holds the value of every five-rank multiset. The
best five of k cards is the minimum over the ``C(k, 5)`` subsets; a subset's sum is the
row's total weight less the weights of the cards left out, so each subset costs two
subtractions, one table gather and one minimum per row.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import numpy.typing as npt

from rakestats.stud.low import score_ranks

__all__ = ["CHUNK_ROWS", "category_of_values", "evaluate_low_many"]

#: Rows evaluated per step; bounds the temporary arrays.
CHUNK_ROWS = 1 << 18

# One weight per low rank (Ace .. King): every multiset of five ranks (each at most four
# times) has a different sum. ``_table`` checks the property when it builds the table.
_RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
_CATEGORY_SHIFT = 20

_IntArray = npt.NDArray[np.int64]
_Int32Array = npt.NDArray[np.int32]


@cache
def _table() -> tuple[_Int32Array, _Int32Array]:
    """(value of each five-rank weight sum, weight of each card index 0-51)."""
    weights = np.array(_RANK_WEIGHTS, dtype=np.int32)
    size = int(weights[-1]) * 5 + 1
    table = np.full(size, -1, dtype=np.int32)
    for combo in itertools.combinations_with_replacement(range(1, 14), 5):
        if any(combo.count(r) > 4 for r in set(combo)):
            continue
        key = int(weights[[r - 1 for r in combo]].sum())
        if table[key] != -1:
            raise AssertionError(f"rank weights collide at {combo}")
        table[key] = score_ranks(combo).value
    # Card index i has rank i // 4 + 2 (2 .. 14 = Ace); its low rank is 1 for the Ace.
    high = np.arange(52) // 4 + 2
    low = np.where(high == 14, 1, high)
    card_weights = weights[low - 1].astype(np.int32)
    table.setflags(write=False)
    card_weights.setflags(write=False)
    return table, card_weights


def evaluate_low_many(hands: npt.ArrayLike) -> _Int32Array:
    """Values of the best low of each row of card indices, shape ``(N, k)``, k in 5-7.

    Rows are not checked for repeated cards (a repeated card gives a value for the
    multiset as written).
    """
    arr = np.asarray(hands)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise ValueError(f"hands must have shape (N, 5..7), got {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise ValueError("card indices must be 0-51")
    table, card_weights = _table()
    k = arr.shape[1]
    leave_out = list(itertools.combinations(range(k), k - 5))
    out = np.empty(arr.shape[0], dtype=np.int32)
    for start in range(0, arr.shape[0], CHUNK_ROWS):
        chunk = arr[start : start + CHUNK_ROWS]
        w = card_weights[chunk.T]  # (k, rows), each row contiguous
        total = w.sum(axis=0, dtype=np.int32)
        best: _Int32Array | None = None
        for skipped in leave_out:
            key = total
            for col in skipped:
                key = key - w[col]
            values = table[key]
            best = values if best is None else np.minimum(best, values)
        assert best is not None
        out[start : start + chunk.shape[0]] = best
    return out


def category_of_values(values: npt.ArrayLike) -> _IntArray:
    """The :class:`LowCategory` number of each value."""
    return np.asarray(values, dtype=np.int64) >> _CATEGORY_SHIFT

"""Vectorised Rake hand evaluation: many five-card hands at once with numpy.

Hands are rows of five card indices (``Card.index``, 0-51). The scores are the same
integers as the scalar :func:`rakestats.rake.evaluator.evaluate` gives in ``.score``,
so they compare the same way and ``score >> 20`` is the :class:`HandCategory`.

>>> import numpy as np
>>> from rakestats.cards import parse_cards
>>> from rakestats.rake.evaluator import evaluate
>>> texts = ["Ds Dw Df 7c 2s", "Aw Lw 9w 5w 2w", "As 2w 3f 4c 5s"]
>>> hands = np.array([[c.index for c in parse_cards(t)] for t in texts])
>>> scores = evaluate_many(hands)
>>> category_of_scores(scores).tolist()
[3, 5, 4]
>>> [int(s) for s in scores] == [evaluate(t).score for t in texts]
True

How it works: a hand's value depends only on the multiset of its five ranks and on
whether all five cards share a suit. Each rank has a weight chosen so that every
multiset of five ranks (no rank more than four times) has a different weight sum; the
sum of the five weights is then an index into a table of scores, with a second half of
the table for flushes. The table is built once, with numpy, from the ranking rules
(rank-count histograms, groups ordered by count then rank, runs including A-2-3-4-5),
so evaluating a batch is a few gathers, additions and comparisons per column.
"""

from __future__ import annotations

import itertools
from functools import cache

import numpy as np
import numpy.typing as npt

from rakestats.cards import Card

__all__ = ["category_of_scores", "evaluate_many"]

#: Rows evaluated per step; bounds the temporary arrays to a few tens of megabytes.
CHUNK_ROWS = 1_000_000

# Weight of each rank (2 .. Ace). Found by a greedy search: each weight is the smallest
# value above the previous one that keeps the sums of all five-rank multisets (each rank
# at most four times) distinct. ``_tables`` checks the property when it builds the table.
_RANK_WEIGHTS = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)

# Score layout of the scalar evaluator: category << 20 | k1 << 16 | ... | k5.
_CATEGORY_SHIFT = 20
_RAKE, _QUADS, _FULL_PACK, _SUITS_FULL, _RUN, _TRIPS, _TWO_PAIR, _PAIR, _HIGH_CARD = (
    8, 7, 6, 5, 4, 3, 2, 1, 0,
)  # fmt: skip

_IntArray = npt.NDArray[np.int64]


def _pack(category: int | _IntArray, *keys: _IntArray | int) -> _IntArray:
    """Scores from a category and up to five tie-break ranks (missing keys are 0)."""
    score = np.asarray(category, dtype=np.int64) << _CATEGORY_SHIFT
    for shift, key in zip((16, 12, 8, 4, 0), keys, strict=False):
        score = score | (np.asarray(key, dtype=np.int64) << shift)
    return score


def _score_rank_rows(ranks: _IntArray, flush: npt.NDArray[np.bool_]) -> _IntArray:
    """Scores of hands given as sorted rank rows (M, 5), ranks 2-14, and a flush flag.

    Straight numpy over the rows: a rank-count histogram, the ranks ordered by
    (count, rank) high to low, and run detection on the distinct ranks.
    """
    desc = ranks[:, ::-1]  # high to low
    rank_values = np.arange(2, 15, dtype=np.int64)
    counts = (ranks[:, :, None] == rank_values).sum(axis=1)  # (M, 13)
    distinct = (counts > 0).sum(axis=1)
    # Groups ordered by count, then rank, both descending: count * 16 + rank sorts them.
    codes = np.where(counts > 0, counts * 16 + rank_values, 0)
    codes = -np.sort(-codes, axis=1)
    group_rank = codes & 15
    group_count = codes >> 4
    g0, g1, g2, g3 = (group_rank[:, i] for i in range(4))
    first, second = group_count[:, 0], group_count[:, 1]

    five = distinct == 5
    wheel = five & (desc[:, 0] == 14) & (desc[:, 1] == 5)
    run = five & ((desc[:, 0] - desc[:, 4] == 4) | wheel)
    run_high = np.where(wheel, 5, desc[:, 0])

    conditions = [
        run & flush,
        first == 4,
        (first == 3) & (second == 2),
        flush,
        run,
        first == 3,
        (first == 2) & (second == 2),
        first == 2,
    ]
    choices = [
        _pack(_RAKE, run_high),
        _pack(_QUADS, g0),
        _pack(_FULL_PACK, g0),
        _pack(_SUITS_FULL, desc[:, 0], desc[:, 1], desc[:, 2], desc[:, 3], desc[:, 4]),
        _pack(_RUN, run_high),
        _pack(_TRIPS, g0),
        _pack(_TWO_PAIR, g0, g1, g2),
        _pack(_PAIR, g0, g1, g2, g3),
    ]
    result: _IntArray = np.select(conditions, choices, default=_pack(_HIGH_CARD, desc[:, 0]))
    return result


@cache
def _tables() -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], int]:
    """(card weight by card index, score table, flush offset), built on first use."""
    weights = np.asarray(_RANK_WEIGHTS, dtype=np.int64)
    rows = np.array(list(itertools.combinations_with_replacement(range(2, 15), 5)), np.int64)
    rows = rows[rows[:, 0] != rows[:, 4]]  # no five of a kind: 6,175 rank multisets
    keys = weights[rows - 2].sum(axis=1)
    if np.unique(keys).size != keys.size:  # pragma: no cover - guards _RANK_WEIGHTS
        raise RuntimeError("rank weights do not separate the rank multisets")
    offset = int(keys.max()) + 1

    table = np.full(2 * offset, -1, dtype=np.int32)
    no_flush = np.zeros(len(rows), dtype=np.bool_)
    table[keys] = _score_rank_rows(rows, no_flush)
    distinct = np.all(rows[:, 1:] != rows[:, :-1], axis=1)  # flushes: five different ranks
    table[offset + keys[distinct]] = _score_rank_rows(rows[distinct], ~no_flush[distinct])

    card_weights = weights[np.arange(52) >> 2].astype(np.int32)
    return card_weights, table, offset


def _check_hands(hands: npt.ArrayLike) -> npt.NDArray[np.integer]:
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 5:
        raise ValueError(
            f"hands must be an array of shape (N, 5) of card indices, got shape {arr.shape}"
        )
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"card indices must be integers, got dtype {arr.dtype}")
    return arr


def _range_error(chunk: npt.NDArray[np.integer], start: int) -> ValueError:
    bad = np.flatnonzero(((chunk < 0) | (chunk > 51)).any(axis=1))[0]
    return ValueError(f"card indices must be 0..51; hand {start + bad} is {chunk[bad].tolist()}")


def _duplicate_error(
    chunk: npt.NDArray[np.integer], start: int, dup: npt.NDArray[np.bool_]
) -> ValueError:
    bad = int(np.flatnonzero(dup)[0])
    text = " ".join(str(Card.from_index(int(i))) for i in chunk[bad])
    return ValueError(f"hand {start + bad} holds the same card twice: {text}")


def evaluate_many(hands: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Scores of many five-card Rake hands, equal to ``evaluate(hand).score`` row by row.

    ``hands`` is an integer array of shape (N, 5) of card indices 0-51 (``Card.index``),
    five different cards per row. Returns an int64 array of N scores.
    Raises ``ValueError`` for another shape, a non-integer dtype, an index out of range
    or a card repeated within a hand.
    """
    arr = _check_hands(hands)
    card_weights, table, offset = _tables()
    n = arr.shape[0]
    out = np.empty(n, dtype=np.int64)
    for start in range(0, n, CHUNK_ROWS):
        chunk = arr[start : start + CHUNK_ROWS]
        if chunk.min() < 0 or chunk.max() > 51:
            raise _range_error(chunk, start)
        # One contiguous uint8 row per card position makes every step below a fast
        # elementwise pass over a column (casting before transposing moves 8x less data).
        cols = np.ascontiguousarray(chunk.astype(np.uint8).T)
        c0, c1, c2, c3, c4 = cols

        pairs = itertools.combinations(range(5), 2)
        i, j = next(pairs)
        dup = cols[i] == cols[j]
        for i, j in pairs:
            dup |= cols[i] == cols[j]
        if dup.any():
            raise _duplicate_error(chunk, start, dup)

        # np.take is markedly faster than fancy indexing for these gathers.
        key = np.take(card_weights, c0)
        for col in (c1, c2, c3, c4):
            key += np.take(card_weights, col)
        # Same suit everywhere: the low two bits (the suit) agree with the first card's.
        suit_diff = (c0 ^ c1) | (c0 ^ c2) | (c0 ^ c3) | (c0 ^ c4)
        flush = (suit_diff & 3) == 0
        key[flush] += offset
        out[start : start + len(chunk)] = np.take(table, key)
    return out


def category_of_scores(scores: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Hand categories (``HandCategory`` values 0-8) of an array of scores.

    >>> category_of_scores([0x0E0000, 0x8E0000]).tolist()
    [0, 8]
    """
    arr = np.asarray(scores)
    if arr.size and not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"scores must be integers, got dtype {arr.dtype}")
    result: npt.NDArray[np.int64] = arr.astype(np.int64) >> _CATEGORY_SHIFT
    return result

"""The content key of a hand: a 64-bit fingerprint of what every view of it agrees on.

Two logs of one hand — the server's, or any player's — show the same seats, stacks,
actions, amounts, pick-ups and pots; they differ only in which hidden cards they show.
The content key hashes exactly the shared part, so a second copy of a hand id with the
same key is a duplicate (or another view to merge), and one with a different key is a
different hand under the same id: a conflict, never a duplicate.

Computed in bulk with numpy: each row's columns are mixed into one 64-bit value, and the
rows of a hand are summed (wrapping), so the key does not depend on how the rows of a
batch are ordered; sequence numbers and seats are part of each row, so the order of the
actions still counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from rakestats.columns import key64

__all__ = [
    "SHARED_ACTION",
    "SHARED_HAND",
    "SHARED_PICKUP",
    "SHARED_PLAYER",
    "column_codes",
    "content_keys",
]

SHARED_HAND = (
    "hand_key", "played_at", "table_name", "max_seats", "currency", "ante", "small_bet",
    "big_bet", "bring_in", "dealer_seat", "total_pot", "house_fee",
)  # fmt: skip
SHARED_PLAYER = ("player", "seat", "stack", "invested", "collected", "folded_round", "all_in")
SHARED_ACTION = ("seq", "round", "player", "kind", "amount", "to_amount", "all_in")
SHARED_PICKUP = ("pickup", "player", "face_up")

_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_GOLD = np.uint64(0x9E3779B97F4A7C15)
_NULL = np.uint64(0x5BD1E9955BD1E995)


def _mix(x: np.ndarray) -> np.ndarray:
    """splitmix64's finaliser, element-wise (wrapping uint64 arithmetic), in place: ``x``
    (uint64) becomes the result.

    >>> _mix(np.array([0, 1], dtype=np.uint64)).tolist()
    [0, 6238072747940578789]
    """
    x ^= x >> np.uint64(30)
    x *= _M1
    x ^= x >> np.uint64(27)
    x *= _M2
    x ^= x >> np.uint64(31)
    return x


def column_codes(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """The code (uint64) that the content key mixes in for each value of ``column``:
    integers as themselves, text by a hash of the text, nulls as a constant. The codes
    of a column whose values another table's column holds, row for row through an
    index, are that column's codes taken by the index: a batch's actions and pick-ups
    name the player of their player row, and hashing those texts again cost a third of
    the content keys' time.

    >>> codes = column_codes(pa.array(["Crake", "Jez"]))
    >>> bool((codes[[1, 0, 1]] == column_codes(pa.array(["Jez", "Crake", "Jez"]))).all())
    True
    """
    arr = column.combine_chunks() if isinstance(column, pa.ChunkedArray) else column
    t = arr.type
    # without nulls (most columns) no mask is read or applied
    valid = pc.is_valid(arr).to_numpy(zero_copy_only=False) if arr.null_count else None
    if pa.types.is_string(t) or pa.types.is_large_string(t):
        enc = pc.dictionary_encode(arr)
        table = np.array(
            [key64(v) for v in enc.dictionary.to_pylist()] or [0], dtype=np.int64
        ).view(np.uint64)
        indices = enc.indices if valid is None else enc.indices.fill_null(0)
        out = table[indices.to_numpy(zero_copy_only=False).astype(np.int64)]
    else:
        if pa.types.is_timestamp(t):
            arr = arr.cast(pa.int64())
        elif pa.types.is_boolean(t):
            arr = arr.cast(pa.int8())
        if valid is not None:
            arr = arr.fill_null(0)
        out = arr.cast(pa.int64()).to_numpy(zero_copy_only=False).view(np.uint64)
    return out if valid is None else np.where(valid, out, _NULL)


def _row_hashes(
    table: pa.Table,
    fields: Sequence[str],
    salt: int,
    known: Mapping[str, np.ndarray] | None = None,
) -> np.ndarray:
    """Each row's hash of ``fields``; ``known`` gives the codes of some of them (see
    :func:`column_codes`), already at hand."""
    h = np.full(table.num_rows, np.uint64(salt), dtype=np.uint64)
    with np.errstate(over="ignore"):
        for name in fields:
            h *= _GOLD
            h ^= known[name] if known and name in known else column_codes(table.column(name))
            _mix(h)
    return h


def content_keys(
    hands: pa.Table,
    children: Sequence[tuple[pa.Table, np.ndarray, Sequence[str], Mapping[str, np.ndarray]]],
) -> np.ndarray:
    """The content key (int64) of each row of ``hands``.

    ``children`` are the rows that belong to the hands — players, actions, pick-ups —
    each with the index of its hand in ``hands``, the fields to hash and the codes of
    any of them already at hand (:func:`column_codes`).
    """
    with np.errstate(over="ignore"):
        total = _row_hashes(hands, SHARED_HAND, 1)
        for salt, (table, hand_index, fields, known) in enumerate(children, start=2):
            if table.num_rows:
                np.add.at(total, hand_index, _row_hashes(table, fields, salt, known))
        return _mix(total).view(np.int64)

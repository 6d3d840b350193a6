"""Hand records to Arrow tables (the warehouse schema), in batches."""

from __future__ import annotations

import itertools
import struct
from array import array
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from rakestats.columns import HandColumns, hand_key, key64
from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse._fingerprint import (
    SHARED_ACTION,
    SHARED_PICKUP,
    SHARED_PLAYER,
    column_codes,
    content_keys,
)
from rakestats.warehouse.schema import (
    ACTIONS,
    HANDS,
    MAX_ROUNDS,
    PICKUPS,
    PLAYERS,
    POT_SHARE,
    QUARANTINE,
    ROUND_COUNTERS,
    round_column,
)

__all__ = [
    "columns_to_tables",
    "hand_key",
    "hand_partitions",
    "hands_to_tables",
    "partitions",
    "quarantine_key",
    "quarantine_to_table",
]

_COUNTER_OF_KIND = {
    "bet": "bets",
    "complete": "bets",
    "raise": "raises",
    "call": "calls",
    "check": "checks",
    "fold": "folds",
}


def quarantine_key(q: QuarantineRecord) -> int:
    return key64(f"{q.source_file}\x1f{q.line}\x1f{q.raw_text}")


_N_COUNTERS = MAX_ROUNDS * len(ROUND_COUNTERS)
_COUNTER_SLOT = {kind: ROUND_COUNTERS.index(c) for kind, c in _COUNTER_OF_KIND.items()}
# The kinds counted, and the counter slot of each by its place in that list (-1, the
# last entry, for a kind not counted). The list becomes an Arrow array where it is used,
# not here: building one at import made pyarrow import pandas.
_COUNTED_KINDS = list(_COUNTER_SLOT)
_SLOT_OF_FOUND = np.array([*_COUNTER_SLOT.values(), -1], dtype=np.int64)
_POT_SHARES = pa.list_(POT_SHARE)
_KEY_COLUMNS = ("hand_key", "hand_id", "site", "game", "played_at")
_PLAYER_HAND_COLUMNS = ("currency", "ante", "big_bet", "n_players")


def hands_to_tables(records: Sequence[HandRecord], txn: int) -> dict[str, pa.Table]:
    """Four tables (hands, players, actions, pickups) for a batch of validated hands."""
    cols = HandColumns()
    for rec in records:
        cols.add(rec, once=False)
    return columns_to_tables(cols, txn)


def columns_to_tables(cols: HandColumns, txn: int) -> dict[str, pa.Table]:
    """The four hand tables of a columnar batch, with the columns derived in bulk. Each
    column is read from the batch when it is converted (:meth:`HandColumns.column`):
    the batch's flat rows are not moved into its columns."""
    column = cols.column
    n_hands = len(cols)
    derived_hand = {
        "played_at": _array(column("hands", "played_at"), pa.int64()).cast(
            HANDS.field("played_at").type
        ),
        "txn": pa.array(np.full(n_hands, txn, dtype=np.int64)),
        "content_key": pa.array(np.zeros(n_hands, dtype=np.int64)),  # set below
    }
    hands = _table(cols, "hands", HANDS, derived_hand)

    p_hand = int64s(column("players", "hand"))
    n_players = len(p_hand)
    a_prow = int64s(column("actions", "prow"))
    k_prow = int64s(column("pickups", "prow"))

    # per-round action counts of each player row, from the actions (their kinds read
    # once as Arrow text, the column the actions table takes)
    kinds = pa.array(column("actions", "kind"), ACTIONS.field("kind").type)
    counts = np.zeros((n_players, _N_COUNTERS), dtype=np.int16)
    if len(a_prow):
        counted = pa.array(_COUNTED_KINDS, pa.string())
        found = pc.index_in(kinds, value_set=counted).fill_null(-1)
        slot_of = _SLOT_OF_FOUND[found.to_numpy(zero_copy_only=False)]  # -1: not counted
        rnd = int64s(column("actions", "round"))
        ok = (slot_of >= 0) & (rnd >= 1) & (rnd <= MAX_ROUNDS)
        cell = a_prow[ok] * _N_COUNTERS + (rnd[ok] - 1) * len(ROUND_COUNTERS) + slot_of[ok]
        tally = np.bincount(cell, minlength=n_players * _N_COUNTERS)
        counts = tally.astype(np.int16).reshape(n_players, _N_COUNTERS)
    take = pa.array(p_hand)
    derived: dict[str, pa.Array] = {
        n: hands.column(n).combine_chunks().take(take)
        for n in (*_KEY_COLUMNS, *_PLAYER_HAND_COLUMNS)
    }
    invested = int64s(column("players", "invested"))
    collected = int64s(column("players", "collected"))
    derived["net"] = pa.array(collected - invested)
    derived["won"] = pa.array(collected > 0)
    for r in range(1, MAX_ROUNDS + 1):
        for j, c in enumerate(ROUND_COUNTERS):
            derived[round_column(r, c)] = pa.array(counts[:, (r - 1) * len(ROUND_COUNTERS) + j])
    players = _table(cols, "players", PLAYERS, derived)

    def child(table: str, prow: np.ndarray, schema: pa.Schema, **known: pa.Array) -> pa.Table:
        at = pa.array(p_hand[prow] if len(prow) else np.empty(0, np.int64))
        extra = {n: hands.column(n).combine_chunks().take(at) for n in _KEY_COLUMNS}
        extra["player"] = players.column("player").combine_chunks().take(pa.array(prow))
        return _table(cols, table, schema, extra | known)

    actions = child("actions", a_prow, ACTIONS, kind=kinds)
    pickups = child("pickups", k_prow, PICKUPS)
    # the actions and pick-ups name their player row's player: its codes, taken
    names = column_codes(players.column("player"))
    keys = content_keys(
        hands,
        [
            (players, p_hand, SHARED_PLAYER, {"player": names}),
            (actions, p_hand[a_prow], SHARED_ACTION, {"player": names[a_prow]}),
            (pickups, p_hand[k_prow], SHARED_PICKUP, {"player": names[k_prow]}),
        ],
    )
    at = HANDS.get_field_index("content_key")
    hands = hands.set_column(at, HANDS.field(at), pa.array(keys))
    return {"hands": hands, "players": players, "actions": actions, "pickups": pickups}


# The struct and array.array type code of each integer type. ``struct.pack`` converts a
# list of ints in one C loop (12-18 ns a value; array.array 27-30, which parses each
# value's argument; Arrow's conversion 36) and, as array.array, refuses floats, where
# Arrow's conversion would truncate 1.5 chips to 1. When it refuses a value, array.array
# converts the column instead: nulls are then masked, and anything else raises its
# error (TypeError for a float, OverflowError for a number out of range).
_INT_CODE = {pa.int16(): "h", pa.int32(): "i", pa.int64(): "q"}


def int64s(values: list[Any]) -> np.ndarray:
    """A column of Python ints as a (read-only) numpy int64 array, converted by
    ``struct.pack`` in one C loop: ``numpy.asarray`` first looks for each value's type
    and the column's shape (about 80 instructions a value against 20). What struct
    refuses (a null, a float) is left to ``numpy.asarray``, as before; the columns stored
    refuse a float themselves (:func:`_array`).

    >>> int64s([3, -1, 2**40]).tolist(), int64s([]).shape
    ([3, -1, 1099511627776], (0,))
    """
    try:
        return np.frombuffer(struct.pack(f"={len(values)}q", *values), dtype=np.int64)
    except struct.error:
        return np.asarray(values, dtype=np.int64)


def _array(values: Sequence[Any], typ: pa.DataType) -> pa.Array:
    """``values`` (a column of the batch) as an Arrow array of type ``typ``.

    >>> _array([3, 1, 2], pa.int16()).to_pylist(), _array([None, 1], pa.int64()).to_pylist()
    ([3, 1, 2], [None, 1])
    >>> _array([[(0, 50, 50)], []], pa.list_(POT_SHARE)).to_pylist()
    [[{'pot': 0, 'pot_amount': 50, 'amount': 50}], []]
    >>> _array([None, [(1, 20, 10)]], pa.list_(POT_SHARE)).to_pylist()
    [None, [{'pot': 1, 'pot_amount': 20, 'amount': 10}]]
    >>> _array([None, 1.5], pa.int64())
    Traceback (most recent call last):
    ...
    TypeError: 'float' object cannot be interpreted as an integer
    >>> _array([2, 1.0], pa.int64())
    Traceback (most recent call last):
    ...
    TypeError: 'float' object cannot be interpreted as an integer
    >>> _array([1, 40_000], pa.int16())
    Traceback (most recent call last):
    ...
    OverflowError: signed short integer is greater than maximum
    """
    code = _INT_CODE.get(typ)
    if code is not None:
        valid = None
        try:  # native byte order and standard sizes: those of array.array and Arrow
            return pa.Array.from_buffers(
                typ,
                len(values),
                [None, pa.py_buffer(struct.pack(f"={len(values)}{code}", *values))],
            )
        except struct.error:
            pass
        if None in values:
            nullable = _nullable_ints(values, typ)
            if nullable is not None:
                return nullable
        try:
            data = array(code, values)
        except TypeError:
            if None not in values:
                raise
            data = array(code, [0 if v is None else v for v in values])
            valid = pa.array([v is not None for v in values], pa.bool_()).buffers()[1]
        return pa.Array.from_buffers(typ, len(values), [valid, pa.py_buffer(data)])
    if typ == _POT_SHARES:
        # a list of (pot, pot_amount, amount) a row, built from the flat values
        try:
            lengths = list(map(len, values))
        except TypeError:  # a null among them: Arrow's own conversion below
            return pa.array(values, type=typ)
        # the list offsets: the running total of the lengths, summed by numpy (an
        # array.array extended from itertools.accumulate took 3 times as long)
        offsets = np.zeros(len(values) + 1, dtype=np.int64)
        np.cumsum(int64s(lengths), out=offsets[1:])
        if offsets[-1] > _MAX_OFFSET:
            raise OverflowError(f"{offsets[-1]} pot shares in one batch: more than a list holds")
        flat = list(itertools.chain.from_iterable(values))
        # the shares' fields as columns, in one C loop (each share one value of each)
        fields = list(zip(*flat, strict=True)) if flat else [()] * len(POT_SHARE)
        if len(fields) != len(POT_SHARE):
            raise ValueError(f"a pot share is {len(POT_SHARE)} values, not {len(fields)}")
        parts = [_array(fields[k], f.type) for k, f in enumerate(POT_SHARE)]
        shares = pa.StructArray.from_arrays(parts, fields=list(POT_SHARE))
        starts = pa.array(offsets.astype(np.int32))
        return pa.ListArray.from_arrays(starts, shares, type=typ)
    return pa.array(values, type=typ)


_MAX_OFFSET = 2**31 - 1  # an Arrow list's offsets are int32


def _nullable_ints(values: Sequence[Any], typ: pa.DataType) -> pa.Array | None:
    """A column of ints and nulls (``None``) converted by Arrow, which reads the nulls in
    the same pass (three times as fast as masking them here); None when the column holds
    anything else (a float Arrow would truncate, a bool) or a value out of the type's
    range, which :func:`_array` then converts, or refuses, itself.

    >>> _nullable_ints([2, None, -1], pa.int16()).to_pylist()
    [2, None, -1]
    >>> _nullable_ints([None, None], pa.int16()).type
    DataType(int16)
    >>> [_nullable_ints(v, pa.int16()) for v in ([1.5, None], [True, None], [40_000, None])]
    [None, None, None]
    """
    try:
        arr = pa.array(values)
    except (pa.ArrowException, OverflowError):
        return None
    if arr.type == pa.null():
        return pa.nulls(len(values), typ)
    if arr.type != pa.int64():
        return None
    try:
        return arr.cast(typ)
    except pa.ArrowInvalid:  # out of range: the caller raises the OverflowError
        return None


def _table(
    cols: HandColumns, table: str, schema: pa.Schema, derived: dict[str, pa.Array]
) -> pa.Table:
    """The Arrow table ``table`` of the batch: the ``derived`` columns as given, the
    others converted one by one, each read from the batch just before (and let go just
    after) it is converted."""
    arrays = [
        derived[f.name] if f.name in derived else _array(cols.column(table, f.name), f.type)
        for f in schema
    ]
    return pa.Table.from_arrays(
        [a if a.type == f.type else a.cast(f.type) for a, f in zip(arrays, schema, strict=True)],
        schema=schema,
    )


def quarantine_to_table(records: Iterable[QuarantineRecord], txn: int, now: datetime) -> pa.Table:
    q: dict[str, list[Any]] = {f.name: [] for f in QUARANTINE}
    for r in records:
        q["q_key"].append(quarantine_key(r))
        q["source_file"].append(r.source_file)
        q["line"].append(r.line)
        q["reason"].append(r.reason)
        q["raw_text"].append(r.raw_text)
        q["site"].append(r.site)
        q["hand_id"].append(r.hand_id)
        q["game"].append(r.game)
        q["quarantined_at"].append(now)
        q["txn"].append(txn)
        q["resolved_at"].append(None)
    return pa.table(q, schema=QUARANTINE)


def partitions(table: pa.Table) -> Iterator[tuple[str, pa.Table]]:
    """Split a hand-level table by game and month of play (the directory layout)."""
    if table.num_rows == 0:
        return
    us = table["played_at"].combine_chunks().cast(pa.int64()).to_numpy(zero_copy_only=False)
    # the months of the first and last instants first: a batch of hands is most often
    # in one month, and then no row's month is computed (35 ns a row)
    first_month, last_month = _months(np.array([us.min(), us.max()]))
    if first_month < -11_640 or last_month > 96_359:  # outside years 1000-9999
        yield from _partitions_by_text(table)
        return
    game_range = pc.min_max(table["game"])
    first_game = game_range["min"].as_py()
    if first_game == game_range["max"].as_py() and first_month == last_month:
        month = np.datetime64(int(first_month), "M")
        yield f"game={first_game}/month={month}", table  # one partition: no copy
        return
    month_no = _months(us)
    games = pc.dictionary_encode(table["game"].combine_chunks())
    codes = games.indices.to_numpy(zero_copy_only=False).astype(np.int64)
    key = codes * 1_000_000 + (month_no + 12_000)
    names = games.dictionary.to_pylist()
    step = np.diff(key)
    if bool((step >= 0).all()):
        # rows already in partition order (hands read in the order they were played):
        # each partition a slice of the table, not a copy
        bounds = [0, *(np.flatnonzero(step) + 1).tolist(), len(key)]
        runs = [(int(key[a]), table.slice(a, b - a)) for a, b in itertools.pairwise(bounds)]
    else:  # one copy of each partition's rows at a time, in the table's order
        runs = [(k, None) for k in np.unique(key).tolist()]
    for k, part in runs:
        game, month = names[k // 1_000_000], np.datetime64(k % 1_000_000 - 12_000, "M")
        rows = part if part is not None else table.filter(pa.array(key == k))
        yield f"game={game}/month={month}", rows


def hand_partitions(
    tables: Iterable[tuple[str, pa.Table]],
) -> Iterator[tuple[str, str, pa.Table]]:
    """``(table name, partition, rows)`` of the hand tables of one set of hands, the
    hands first. The child tables' rows carry their hand's game and time of play, so
    when the hands make one partition each child table is that partition whole, and its
    rows are not read (a batch's actions are 14 rows a hand, and reading their game's
    least and greatest text cost more than the rest of the check). Otherwise each table
    is split by its own rows, as :func:`partitions` splits it. ``tables`` is read one
    table at a time, after the rows of the one before are taken.

    >>> from datetime import UTC, datetime
    >>> at = pa.array([datetime(2026, 1, 5, tzinfo=UTC)] * 2, pa.timestamp("us", tz="UTC"))
    >>> hands = pa.table({"played_at": at, "game": ["rake", "rake"]})
    >>> actions = pa.table({"played_at": at.take([0, 0, 1]), "game": ["rake"] * 3})
    >>> tables = [("hands", hands), ("actions", actions)]
    >>> [(n, p, t.num_rows) for n, p, t in hand_partitions(tables)]
    [('hands', 'game=rake/month=2026-01', 2), ('actions', 'game=rake/month=2026-01', 3)]
    """
    only: str | None = None
    for name, table in tables:
        if name == "hands":
            parts = list(partitions(table))
            only = parts[0][0] if len(parts) == 1 else None
            for partition, part in parts:
                yield name, partition, part
        elif only is not None:
            if table.num_rows:
                yield name, only, table
        else:
            for partition, part in partitions(table):
                yield name, partition, part


def _months(us: np.ndarray) -> np.ndarray:
    """Months since 1970-01 (int64) of instants in microseconds since the epoch.

    >>> _months(np.array([0, 2_678_400_000_000 - 1, 2_678_400_000_000])).tolist()
    [0, 0, 1]
    """
    months: np.ndarray = us.astype("datetime64[us]").astype("datetime64[M]").astype(np.int64)
    return months


def _partitions_by_text(table: pa.Table) -> Iterator[tuple[str, pa.Table]]:
    months = pc.strftime(table["played_at"], format="%Y-%m")
    games = table["game"]
    keys = pc.binary_join_element_wise(games, months, "|")
    for key in pc.unique(keys).to_pylist():
        game, month = key.split("|")
        yield f"game={game}/month={month}", table.filter(pc.equal(keys, key))

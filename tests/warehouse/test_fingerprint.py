"""The content key against its definition, written out one row at a time in plain
Python: each row's columns mixed into one 64-bit value (an integer as itself, a text by
its key64, a bool as 0 or 1, an instant as its microseconds, a null as a constant), the
rows of a hand summed, the sum mixed once more. Stored keys must not change from one
version to the next: a re-read file would otherwise look like a different hand."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.columns import key64
from rakestats.warehouse._fingerprint import SHARED_HAND, _row_hashes, content_keys
from tests._hypothesis import examples

_MASK = 2**64 - 1
_M1, _M2, _GOLD = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB, 0x9E3779B97F4A7C15
_NULL = 0x5BD1E9955BD1E995
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _mix(x: int) -> int:
    x ^= x >> 30
    x = (x * _M1) & _MASK
    x ^= x >> 27
    x = (x * _M2) & _MASK
    return x ^ (x >> 31)


def _code(value: Any) -> int:
    if value is None:
        return _NULL
    if isinstance(value, str):
        return key64(value) & _MASK
    if isinstance(value, datetime):
        delta = value - _EPOCH
        return ((delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds) & _MASK
    return int(value) & _MASK  # (a bool as 0 or 1)


def _row_hash(row: dict[str, Any], fields: list[str], salt: int) -> int:
    h = salt
    for name in fields:
        h = _mix(((h * _GOLD) & _MASK) ^ _code(row[name]))
    return h


_TYPES = {
    "n": (pa.int64(), st.integers(-(2**63), 2**63 - 1)),
    "small": (pa.int16(), st.integers(-(2**15), 2**15 - 1)),
    "text": (pa.string(), st.text(max_size=6)),
    "flag": (pa.bool_(), st.booleans()),
    "at": (
        pa.timestamp("us", tz="UTC"),
        st.datetimes(
            min_value=datetime(1900, 1, 1), max_value=datetime(2200, 1, 1), timezones=st.just(UTC)
        ),
    ),
}


@st.composite
def _tables(draw: st.DrawFn) -> tuple[pa.Table, list[str]]:
    names = draw(st.lists(st.sampled_from(sorted(_TYPES)), min_size=1, max_size=5, unique=True))
    n = draw(st.integers(0, 6))
    columns = {}
    for name in names:
        typ, values = _TYPES[name]
        columns[name] = pa.array(draw(st.lists(st.none() | values, min_size=n, max_size=n)), typ)
    return pa.table(columns), names


@settings(max_examples=examples(300), deadline=None)
@given(_tables(), st.integers(0, 9))
def test_row_hashes_follow_the_definition(drawn: tuple[pa.Table, list[str]], salt: int) -> None:
    table, fields = drawn
    got = _row_hashes(table, fields, salt).tolist()
    assert got == [_row_hash(row, fields, salt) for row in table.to_pylist()]


def test_content_keys_follow_the_definition() -> None:
    """Two hands with children of two kinds, nulls among the hands' columns and the
    children's, a chunked column among them."""
    at = datetime(2026, 1, 5, 0, 38, tzinfo=UTC)
    hand_values: dict[str, list[Any]] = {name: [None, None] for name in SHARED_HAND}
    hand_values.update(
        hand_key=[11, -12], played_at=[at, at], table_name=["Ketty Jay", None],
        max_seats=[6, 6], currency=["chips", "chips"], ante=[1, 2], dealer_seat=[1, 3],
        total_pot=[6, 0], house_fee=[0, None],
    )  # fmt: skip
    types = {"played_at": pa.timestamp("us", tz="UTC"), "table_name": pa.string(),
             "currency": pa.string()}  # fmt: skip
    hands = pa.table({n: pa.array(v, types.get(n, pa.int64())) for n, v in hand_values.items()})
    players = pa.table({"player": ["Crake", "Sigrún", "Crake"], "seat": [1, 2, 1],
                        "folded": [None, 1, None]})  # fmt: skip
    actions = pa.Table.from_batches(
        [
            pa.record_batch({"seq": [1, 2], "kind": ["bet", "fold"], "all_in": [False, None]}),
            pa.record_batch({"seq": [1], "kind": ["check"], "all_in": [True]}),
        ]
    )
    children = [
        (players, np.array([0, 0, 1]), ("player", "seat", "folded"), {}),
        (actions, np.array([0, 0, 1]), ("seq", "kind", "all_in"), {}),
    ]
    got = content_keys(hands, children).tolist()
    want = []
    for i, row in enumerate(hands.to_pylist()):
        total = _row_hash(row, list(SHARED_HAND), 1)
        for salt, (table, index, fields, _) in enumerate(children, start=2):
            for r, child in zip(index.tolist(), table.to_pylist(), strict=True):
                if r == i:
                    total = (total + _row_hash(child, list(fields), salt)) & _MASK
        key = _mix(total)
        want.append(key - 2**64 if key >= 2**63 else key)
    assert got == want
    assert len(set(got)) == 2


def test_a_batch_keys_its_hands_as_its_tables_do() -> None:
    """A batch's content keys take the codes of the actions' and pick-ups' players from
    their player rows: the keys are those of the tables' own columns."""
    from pathlib import Path

    from rakestats.columns import HandColumns
    from rakestats.formats import scan_file
    from rakestats.warehouse._arrow import columns_to_tables
    from rakestats.warehouse._fingerprint import SHARED_ACTION, SHARED_PICKUP, SHARED_PLAYER

    cols = HandColumns()
    for _ in scan_file(Path(__file__).parents[1] / "data" / "rake" / "server.txt", cols):
        pass
    tables = columns_to_tables(cols, 1)
    hands = tables["hands"]
    row_of = {key: i for i, key in enumerate(hands["hand_key"].to_pylist())}
    children = [
        (tables[name], np.array([row_of[k] for k in tables[name]["hand_key"].to_pylist()]),
         fields, {})
        for name, fields in (("players", SHARED_PLAYER), ("actions", SHARED_ACTION),
                             ("pickups", SHARED_PICKUP))
    ]  # fmt: skip
    assert hands.num_rows > 1 and tables["pickups"].num_rows
    assert content_keys(hands, children).tolist() == hands["content_key"].to_pylist()

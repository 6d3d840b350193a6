"""The warehouse store: snapshots, atomic commits, the lock, dedupe, compaction."""

from __future__ import annotations

import dataclasses
import json

import pyarrow.parquet as pq
import pytest

from rakestats.warehouse import (
    Store,
    WarehouseError,
    WarehouseLockedError,
    WarehouseVersionError,
    compact,
    connect,
)
from rakestats.warehouse._arrow import hand_key, hand_partitions, hands_to_tables, partitions
from rakestats.warehouse._dedupe import KeySet, unique_hands
from rakestats.warehouse._merge import merge_views
from rakestats.warehouse.schema import HAND_TABLES, SCHEMA_VERSION
from tests._records import lock_held_elsewhere, rake_hand


def _commit(store: Store, hands: list) -> None:  # type: ignore[type-arg]
    txn = store.begin()
    tables = hands_to_tables(hands, txn.version)
    for name in HAND_TABLES:
        for partition, part in partitions(tables[name]):
            txn.write(name, part, partition)
    txn.commit()


def _count(store: Store, table: str = "hands") -> int:
    con = connect(store)
    try:
        return int(con.execute(f"SELECT count(*) FROM {table}").fetchone()[0])  # type: ignore[index]
    finally:
        con.close()


def test_new_warehouse_is_empty_and_versioned(tmp_path):
    store = Store(tmp_path / "wh")
    store.create()
    meta = json.loads((tmp_path / "wh" / "_rakestats.json").read_text())
    assert meta["schema_version"] == SCHEMA_VERSION
    assert store.snapshot().version == 0
    assert _count(store) == 0 and _count(store, "players") == 0


def test_newer_schema_version_is_refused_with_a_clear_message(tmp_path):
    store = Store(tmp_path)
    store.create()
    marker = tmp_path / "_rakestats.json"
    meta = json.loads(marker.read_text())
    meta["schema_version"] = SCHEMA_VERSION + 1
    marker.write_text(json.dumps(meta))
    with pytest.raises(WarehouseVersionError, match="newer than this rakestats"):
        store.snapshot()
    meta["schema_version"] = 0
    marker.write_text(json.dumps(meta))
    with pytest.raises(WarehouseVersionError, match="older"):
        store.snapshot()


def test_a_foreign_directory_is_not_taken_over(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(WarehouseError, match="not a rakestats warehouse"):
        Store(tmp_path).create()


def test_commit_publishes_parts_partitioned_by_game_and_month(tmp_path):
    store = Store(tmp_path)
    store.create()
    with store.lock():
        _commit(store, [rake_hand(i, minutes=60 * 24 * 20) for i in range(3)])
    snap = store.snapshot()
    assert snap.version == 1
    months = {rel.split("/")[2] for rel in snap.files("hands")}
    assert months == {"month=2026-01", "month=2026-02"}
    assert all(rel.split("/")[1] == "game=rake" for rel in snap.files("players"))
    assert _count(store) == 3 and _count(store, "players") == 6 and _count(store, "actions") == 6


def test_readers_keep_their_snapshot_while_a_commit_lands(tmp_path):
    store = Store(tmp_path)
    store.create()
    with store.lock():
        _commit(store, [rake_hand(1)])
    reader = connect(store)
    with store.lock():
        _commit(store, [rake_hand(2)])
    assert reader.execute("SELECT count(*) FROM hands").fetchone() == (1,)
    assert _count(store) == 2


def test_uncommitted_and_orphaned_parts_are_invisible_and_collected(tmp_path):
    store = Store(tmp_path)
    store.create()
    with store.lock():
        _commit(store, [rake_hand(1)])
        txn = store.begin()  # a transaction that never commits (a killed run)
        tables = hands_to_tables([rake_hand(2)], txn.version)
        txn.write("hands", tables["hands"], "game=rake/month=2026-01")
        staged = txn.staging
        # and a part moved into place whose snapshot was never written
        orphan = tmp_path / "hands/game=rake/month=2026-01/part-99999999-0000.parquet"
        pq.write_table(tables["hands"], orphan)
    assert _count(store) == 1
    with store.lock():
        pass  # the next writer cleans up
    assert not staged.exists() and not orphan.exists()
    assert _count(store) == 1


def test_a_second_writer_is_refused_while_the_lock_is_held(tmp_path):
    store = Store(tmp_path)
    refused = pytest.raises(WarehouseLockedError, match="another rakestats process is writing")
    with lock_held_elsewhere(tmp_path), refused, store.lock():
        pass
    with store.lock():  # free again once the other process is done
        pass


def test_one_process_cannot_take_its_own_lock_twice(tmp_path):
    refused = pytest.raises(WarehouseLockedError, match="this process is already writing")
    with Store(tmp_path).lock(), refused, Store(tmp_path).lock():
        pass


def test_keyset_drops_hands_already_in_and_repeated_within_a_batch(tmp_path):
    store = Store(tmp_path)
    store.create()
    with store.lock():
        _commit(store, [rake_hand(1), rake_hand(2)])
    keys = KeySet.load(store, store.snapshot())
    assert len(keys) == 2 and hand_key("Test Room", "H000001") in keys
    records = [rake_hand(2), rake_hand(3), rake_hand(3), rake_hand(4)]
    seen: set[int] = set()
    once = [r for r in unique_hands(records, seen) if r is not None]
    assert len(once) == 3
    with pytest.raises(ValueError, match="each hand once"):
        keys.split(hands_to_tables(records, 0))
    split = keys.split(hands_to_tables(once, 0))
    fresh, dups, other_view = split.new, split.duplicates, split.merge
    assert dups == 1 and other_view is None  # same view: nothing to merge
    assert fresh["hands"]["hand_id"].to_pylist() == ["H000003", "H000004"]
    assert fresh["players"].num_rows == 4 and fresh["actions"].num_rows == 4
    # the same hand id at another site is another hand
    other = hands_to_tables([rake_hand(1, site="Other Room")], 0)
    assert keys.split(other).duplicates == 0


def test_compact_merges_parts_atomically_and_keeps_every_row(tmp_path):
    store = Store(tmp_path)
    store.create()
    for i in range(4):
        with store.lock():
            _commit(store, [rake_hand(10 * i + j) for j in range(5)])
    before = store.snapshot()
    assert len(before.files("hands")) == 4
    with store.lock():
        summary = compact(store)
    after = store.snapshot()
    assert len(after.files("hands")) == 1
    assert summary.parts_before > summary.parts_after
    assert _count(store) == 20 and _count(store, "players") == 40
    ids = connect(store).execute("SELECT list(hand_id ORDER BY hand_id) FROM hands").fetchone()
    assert ids is not None and len(set(ids[0])) == 20
    assert not (tmp_path / "_staging").exists()  # its transaction's staging area went with it


def _with_cards(rec, view, hero, cards):  # type: ignore[no-untyped-def]
    players = tuple(
        dataclasses.replace(p, cards=cards.get(p.player), hole_cards=cards.get(p.player))
        for p in rec.players
    )
    return dataclasses.replace(rec, view=view, hero=hero, players=players)


def anns_log_key(rec):  # type: ignore[no-untyped-def]
    return hand_key(rec.site, rec.hand_id)


def test_a_hand_seen_from_another_view_keeps_one_copy_with_the_union_of_cards(tmp_path):
    store = Store(tmp_path)
    store.create()
    anns_log = _with_cards(rake_hand(1), "player", "Ann", {"Ann": "As Aw 7f"})
    bobs_log = _with_cards(rake_hand(1), "player", "Bob", {"Bob": "2s 5w 9c"})
    with store.lock():
        _commit(store, [anns_log, rake_hand(2)])
    keys = KeySet.load(store, store.snapshot())
    split = keys.split(hands_to_tables([bobs_log], 0))
    fresh, dups, other_view = split.new, split.duplicates, split.merge
    assert dups == 1 and fresh["hands"].num_rows == 0 and other_view is not None
    with store.lock():
        txn = store.begin()
        assert merge_views(store, other_view, txn).updated == {anns_log_key(anns_log)}
        txn.commit()
    rows = (
        connect(store)
        .execute("SELECT player, cards FROM players WHERE hand_id = 'H000001' ORDER BY player")
        .fetchall()
    )
    assert rows == [("Ann", "As Aw 7f"), ("Bob", "2s 5w 9c")]
    assert connect(store).execute("SELECT count(*), min(view) FROM hands").fetchone() == (
        2,
        "merged",
    )
    # the same log again adds nothing and rewrites nothing
    keys = KeySet.load(store, store.snapshot())
    version = store.snapshot().version
    split = keys.split(hands_to_tables([bobs_log], 0))
    dups, other_view = split.duplicates, split.merge
    assert dups == 1
    if other_view is not None:
        with store.lock():
            assert not merge_views(store, other_view, store.begin()).updated
    assert store.snapshot().version == version


def test_connections_never_draw_duckdbs_progress_bar(tmp_path):
    """DuckDB prints a progress bar on stdout for long queries; a library must not."""
    store = Store(tmp_path)
    store.create()
    con = connect(store)
    assert con.execute("SELECT current_setting('enable_progress_bar')").fetchone() == (False,)


def test_view_signatures_are_computed_per_hero_alike_row_by_row():
    import pyarrow as pa

    from rakestats.warehouse._dedupe import _signatures
    from rakestats.warehouse._merge import view_signature

    views = ["server", "player", "player", "merged", "player", "server"]
    heroes = [None, "Ann", "Bob", "Ann", None, "Ann"]
    table = pa.table({"view": views, "hero": heroes})
    assert _signatures(table).tolist() == [
        view_signature(v, h) for v, h in zip(views, heroes, strict=True)
    ]
    assert _signatures(table.slice(0, 0)).tolist() == []


@pytest.mark.parametrize(
    ("minutes", "months"),
    [(1, 1), (60 * 24 * 9, 3)],  # hands a minute apart; hands nine days apart
)
def test_hand_partitions_split_every_table_as_its_own_rows_do(minutes: int, months: int) -> None:
    tables = hands_to_tables([rake_hand(n, minutes=minutes) for n in range(8)], 1)
    got = [(n, p, t.to_pylist()) for n, p, t in hand_partitions(tables.items())]
    want = [(n, p, t.to_pylist()) for n in HAND_TABLES for p, t in partitions(tables[n])]
    assert got == want
    assert len({p for _, p, _ in got}) == months
    # each table's parts come together, in the order of the tables given (the hands first)
    assert [n for n, _, _ in got] == sorted((n for n, _, _ in got), key=HAND_TABLES.index)


@pytest.mark.parametrize(
    "rows",
    [
        [(2026, 1, 5, "rake"), (2026, 1, 9, "rake")],  # one partition: the table itself
        [(2026, 1, 5, "rake"), (1999, 12, 31, "razz"), (2026, 1, 9, "rake")],
        [(2026, 1, 5, "rake"), (2026, 1, 9, "razz"), (2026, 2, 1, "rake")],
        [(999, 1, 5, "rake"), (2026, 1, 9, "rake")],  # a year before 1000: by text
        # several partitions, the rows already in partition order: sliced without a copy
        [(2026, 1, 5, "rake"), (2026, 1, 9, "rake"), (2026, 2, 1, "rake"), (2026, 3, 1, "rake")],
        # interleaved partitions: each keeps its rows in their order
        [
            (2026, 2, 1, "rake"),
            (2026, 1, 9, "rake"),
            (2026, 2, 3, "razz"),
            (2026, 1, 5, "rake"),
            (2026, 2, 2, "rake"),
            (2025, 12, 31, "razz"),
        ],
    ],
)
def test_partitions_by_game_and_month(rows: list[tuple[int, int, int, str]]) -> None:
    from datetime import UTC, datetime

    import pyarrow as pa

    played = [datetime(y, m, d, tzinfo=UTC) for y, m, d, _ in rows]
    table = pa.table(
        {
            "played_at": pa.array(played, pa.timestamp("us", tz="UTC")),
            "game": [g for *_, g in rows],
            "row": list(range(len(rows))),
        }
    )
    got = {key: part["row"].to_pylist() for key, part in partitions(table)}
    want: dict[str, list[int]] = {}
    for i, (at, (*_, game)) in enumerate(zip(played, rows, strict=True)):
        want.setdefault(f"game={game}/month={at.year:04d}-{at.month:02d}", []).append(i)
    assert got == want  # each partition's rows in the table's order
    keys = [key for key, _ in partitions(table)]
    assert len(keys) == len(set(keys))

"""The rollup behind ``player_stats`` is kept per part of ``players``, committed with it.

Every path that writes or rewrites parts (ingest, the merge of player views, conflicts,
``retry_quarantined``, ``compact``, the Dask ingest) leaves every part of the snapshot
with its rollup, and ``player_stats`` from the summed per-part rollups equals the same
query over the raw rows. A warehouse written without them (before, or by a bare
``Store``) still answers the same, and ``compact`` writes what is missing; a rollup of
another version, a failed commit or a deleted file are never used.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rakestats.warehouse._store as _store
from rakestats import Warehouse
from rakestats.records import QuarantineRecord
from rakestats.sim import simulate
from rakestats.stats import Statistics
from rakestats.stats._players import player_stats_sql
from rakestats.warehouse import PartDerivation, Store, compact, derived_parts, ingest_paths
from rakestats.warehouse._arrow import quarantine_to_table
from rakestats.warehouse._derived import DERIVED

ROLLUP = Statistics.derived_tables[0]

# (filters, breakdown) pairs that take the rollup; each is compared with the raw rows.
_CASES: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    ({}, ()),
    ({"min_hands": 1}, ("position",)),
    ({"min_hands": 5}, ("table_size", "ante")),
    ({"game": "rake", "min_hands": 1}, ("site", "from_dealer")),
]


@pytest.fixture(scope="module")
def views(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Hands as the server logged them, cut into four files (``server/``), and as each
    seat saw them (``player/``)."""
    out = tmp_path_factory.mktemp("rollup") / "sim"
    simulate(160, "3-6", 23, out, view="both")
    hands = [h for f in sorted((out / "server").glob("*.txt")) for h in _hands(f)]
    for f in (out / "server").glob("*.txt"):
        f.unlink()
    for i in range(4):
        text = "".join(h + "\n\n\n" for h in hands[i * 40 : (i + 1) * 40])
        (out / "server" / f"part-{i}.txt").write_text(text, encoding="utf-8")
    return out


def _server_files(views: Path) -> list[Path]:
    return sorted((views / "server").glob("*.txt"))


def _player_files(views: Path) -> list[Path]:
    files = sorted((views / "player").glob("*.txt"))
    assert len(files) >= 3
    return files


def _hands(path: Path) -> list[str]:
    return [h for h in path.read_text(encoding="utf-8").split("\n\n\n") if h.strip()]


def _raw(wh: Warehouse, by: tuple[str, ...], filters: dict[str, Any]) -> pd.DataFrame:
    """``player_stats`` computed from the raw ``players`` rows."""
    return wh.statistics._query(
        None,
        filters,  # type: ignore[arg-type]
        lambda scope: player_stats_sql(scope, by, rollup=False),
    )


def _since(wh: Warehouse) -> str:
    """A whole day in the middle of the hands (so that a date filter cuts them)."""
    day = wh.sql("SELECT min(played_at) + (max(played_at) - min(played_at)) / 2 FROM hands")
    return str(day.iloc[0, 0].date())


def assert_stats_right(wh: Warehouse, *, complete: bool = True, every_case: bool = True) -> None:
    """``player_stats`` from the rollup equals the raw rows, on a new connection each
    time; with ``complete``, every part of ``players`` has its rollup on disk, and one
    combined rollup covers them all (the one file a query reads). Without
    ``every_case`` (a state on the way, before the one a test ends with) only with no
    filter and with a date filter."""
    snap = wh.store.snapshot()
    files, missing = derived_parts(wh.store, snap, ROLLUP)
    if complete:
        entry = snap.derived[ROLLUP.name]
        assert missing == [] and entry.parts == entry.covered == set(snap.files("players"))
        assert files == [str(wh.store.root / entry.combined)]
        assert all((wh.store.root / f).is_file() for f in _listed(wh))
    cases = _CASES if every_case else _CASES[:1]
    for filters, by in [*cases, ({"since": _since(wh)}, ("position",))]:
        wh.clear_stats_cache()
        fast = wh.player_stats(by=by, **filters)
        assert len(fast) > 0
        pd.testing.assert_frame_equal(_raw(wh, by, filters), fast, check_exact=False, rtol=1e-12)


def _derived_on_disk(wh: Warehouse) -> set[str]:
    base = wh.store.root / DERIVED
    return {p.relative_to(wh.store.root).as_posix() for p in base.rglob("*.parquet")}


def _listed_in(snapshot_file: Path) -> set[str]:
    """The rollup files a snapshot file lists (relative to the root)."""
    entry = json.loads(snapshot_file.read_text())["derived"].get(ROLLUP.name)
    if entry is None:
        return set()
    combined = {entry["combined"]["file"]} if "combined" in entry else set()
    return combined | {
        f"{DERIVED}/{ROLLUP.name}/{entry['version']}/{rel}" for rel in entry["parts"]
    }


def _listed(wh: Warehouse) -> set[str]:
    """The rollup files the current snapshot lists."""
    return _listed_in(sorted((wh.store.root / "_snapshots").glob("*.json"))[-1])


def _listed_by_any(wh: Warehouse) -> set[str]:
    """The rollup files the snapshots kept for readers list."""
    return set().union(*map(_listed_in, (wh.store.root / "_snapshots").glob("*.json")))


# ------------------------------------------------------------------ write paths
def test_each_ingest_commits_a_rollup_per_part(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    server = _server_files(views)
    wh.ingest(server[:1])
    assert_stats_right(wh, every_case=False)
    wh.ingest(server[1:], commit_every=40)  # several commits, several parts a partition
    snap = wh.store.snapshot()
    assert len(snap.files("players")) > 2
    assert _listed(wh) <= _derived_on_disk(wh) == _listed_by_any(wh)
    assert_stats_right(wh)


def test_the_query_sums_the_committed_rollups(views: Path, tmp_path: Path) -> None:
    """The first query on a snapshot reads the per-part files (it does not scan the raw
    rows): a rollup file with every count doubled doubles the hands."""
    wh = Warehouse(tmp_path / "wh")
    wh.ingest(_server_files(views))
    before = wh.player_stats()
    (path,) = derived_parts(wh.store, wh.store.snapshot(), ROLLUP)[0]
    table = pq.read_table(path)
    doubled = table.set_column(
        table.schema.get_field_index("hands"), "hands", pc.multiply(table["hands"], 2)
    )
    pq.write_table(doubled, path)
    wh.clear_stats_cache()
    assert list(wh.player_stats()["hands"]) == [2 * n for n in before["hands"]]


def test_merged_views_and_conflicts_keep_the_rollups_right(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    players = _player_files(views)
    wh.ingest(players[: len(players) // 2])
    s = wh.ingest(players[len(players) // 2 :] + _server_files(views))
    assert s.merged > 0  # stored parts were rewritten with the merged cards
    assert_stats_right(wh, every_case=False)
    # a copy of a stored hand with other content is quarantined; the parts stay right
    first = _hands(_server_files(views)[0])[0]
    stamp = re.search(r"\d\d:\d\d:\d\d UTC", first)
    assert stamp is not None
    other = first.replace(stamp.group(0), "23:59:59 UTC", 1)  # still a legal hand
    (tmp_path / "other.txt").write_text(other + "\n\n\n", encoding="utf-8")
    s = wh.ingest([tmp_path / "other.txt"])
    assert (s.ingested, s.conflicts) == (0, 1)
    assert_stats_right(wh)


def test_retry_quarantined_commits_the_rollup_of_its_parts(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    files = _server_files(views)
    wh.ingest(files[1:])
    # hands quarantined by an earlier, stricter rakestats: they pass now
    records = [
        QuarantineRecord(str(files[0]), 1 + 10 * i, "rejected by an old rule", text)
        for i, text in enumerate(_hands(files[0]))
    ]
    with wh.store.lock():
        txn = wh.store.begin()
        txn.write("quarantine", quarantine_to_table(records, txn.version, datetime.now(UTC)))
        txn.commit()
    r = wh.retry_quarantined()
    assert r.ingested == len(records) > 0
    assert_stats_right(wh)


def test_compaction_keeps_one_rollup_per_part(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    for path in _server_files(views):
        wh.ingest([path])
    parts = len(wh.store.snapshot().files("players"))
    wh.compact()
    assert len(wh.store.snapshot().files("players")) < parts
    assert_stats_right(wh)
    assert _listed(wh) <= _derived_on_disk(wh)


def test_dask_ingest_commits_the_rollups(views: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1) as client:
        wh = Warehouse(tmp_path / "wh")
        wh.ingest(_server_files(views), client=client)
    assert_stats_right(wh)


# ------------------------------------------------------------------ older warehouses
def test_parts_without_a_rollup_are_rolled_up_by_the_query(views: Path, tmp_path: Path) -> None:
    files = _server_files(views)
    bare = Store(tmp_path / "wh")  # no derived tables: as a warehouse written before them
    with bare.lock():
        ingest_paths(bare, files[:2])
    wh = Warehouse(tmp_path / "wh")
    assert wh.store.snapshot().derived == {}
    assert_stats_right(wh, complete=False)
    wh.ingest(files[2:])  # some parts with a rollup, some without
    files_, missing = derived_parts(wh.store, wh.store.snapshot(), ROLLUP)
    assert files_ and missing
    assert_stats_right(wh, complete=False)
    with bare.lock():  # a bare store's commit keeps the rollups of the parts it keeps
        ingest_paths(bare, [views / "player"])
    assert wh.store.snapshot().derived[ROLLUP.name].parts
    assert_stats_right(wh, complete=False)
    with bare.lock():
        compact(bare)
    assert_stats_right(wh, complete=False)
    wh.compact()  # writes the missing rollups
    assert_stats_right(wh)


def test_a_rollup_of_another_version_is_not_used(views: Path, tmp_path: Path) -> None:
    def wrong(path: str) -> pa.Table:
        t = ROLLUP.build(path)
        return t.set_column(t.schema.get_field_index("hands"), "hands", pc.add(t["hands"], 7))

    old = dataclasses.replace(ROLLUP, version="0ld", build=wrong)
    files = _server_files(views)
    store = Store(tmp_path / "wh", derived=[old])
    with store.lock():
        ingest_paths(store, files[:2])
    assert store.snapshot().derived[ROLLUP.name].version == "0ld"
    wh = Warehouse(tmp_path / "wh")
    assert_stats_right(wh, complete=False, every_case=False)
    wh.ingest(files[2:])  # the stale entries are dropped from the next snapshot
    assert wh.store.snapshot().derived[ROLLUP.name].version == ROLLUP.version
    assert_stats_right(wh, complete=False, every_case=False)
    wh.compact()
    assert_stats_right(wh)


def test_a_deleted_rollup_file_is_rolled_up_again(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    for path in _server_files(views):
        wh.ingest([path])
    snap = wh.store.snapshot()
    (combined,) = derived_parts(wh.store, snap, ROLLUP)[0]
    Path(combined).unlink()  # the query reads each part's rollup instead
    files, missing = derived_parts(wh.store, snap, ROLLUP)
    assert len(files) == len(snap.files("players")) > 1 and not missing
    Path(files[0]).unlink()  # and rolls up the part's rows
    assert len(derived_parts(wh.store, snap, ROLLUP)[1]) == 1
    assert_stats_right(wh, complete=False, every_case=False)
    wh.compact()
    assert_stats_right(wh)
    # a compaction with no part to rewrite still writes a combined rollup that is gone
    one = Warehouse(tmp_path / "one")
    one.ingest(_server_files(views))
    Path(derived_parts(one.store, one.store.snapshot(), ROLLUP)[0][0]).unlink()
    before = one.store.snapshot().tables
    one.compact()
    assert one.store.snapshot().tables == before
    assert_stats_right(one)


# ------------------------------------------------------------------ crash safety
def test_a_failed_build_commits_nothing(views: Path, tmp_path: Path) -> None:
    def fails(path: str) -> pa.Table:
        raise OSError(28, "No space left on device")

    files = _server_files(views)
    Warehouse(tmp_path / "wh").ingest(files[:1])
    flaky = Store(tmp_path / "wh", derived=[dataclasses.replace(ROLLUP, build=fails)])
    before = flaky.snapshot()
    with pytest.raises(Exception, match="No space left"), flaky.lock():
        ingest_paths(flaky, files[1:])
    assert flaky.snapshot() == before
    wh = Warehouse(tmp_path / "wh")
    with wh.store.lock():  # the next writer clears what the failed one left
        pass
    assert _derived_on_disk(wh) == _listed_by_any(wh)
    wh.ingest(files[1:])
    assert_stats_right(wh)


def test_a_commit_killed_before_its_snapshot_leaves_no_rollup(
    views: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _server_files(views)
    wh = Warehouse(tmp_path / "wh")
    wh.ingest(files[:1])

    def dies(path: Path, data: bytes) -> None:
        raise KeyboardInterrupt  # after the files are in place, before the snapshot

    monkeypatch.setattr(_store, "_write_atomic", dies)
    with pytest.raises(KeyboardInterrupt):
        wh.ingest(files[1:])
    monkeypatch.undo()
    assert _derived_on_disk(wh) - _listed_by_any(wh)  # moved into place, not listed
    with wh.store.lock():
        pass
    assert _derived_on_disk(wh) == _listed_by_any(wh)
    assert_stats_right(wh)


def test_rollups_of_dropped_parts_go_with_their_snapshots(
    views: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_store, "KEEP_SNAPSHOT_SECONDS", 0.0)
    wh = Warehouse(tmp_path / "wh")
    for path in _server_files(views):
        wh.ingest([path])
    before = _derived_on_disk(wh)
    wh.compact()
    wh.ingest([views / "player"])  # two more snapshots: the compacted-away ones expire
    with wh.store.lock():
        pass
    snaps = sorted((wh.store.root / "_snapshots").glob("*.json"))
    assert len(snaps) == 2
    assert _derived_on_disk(wh) == _listed_in(snaps[0]) | _listed_in(snaps[1])
    assert before - _derived_on_disk(wh)  # the compacted parts' rollups are gone


def test_a_derivation_is_checked(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="name"):
        PartDerivation("../x", "players", "1", ROLLUP.build)
    for version in ("a/b", "..", ""):
        with pytest.raises(ValueError, match="version"):
            PartDerivation("x", "players", version, ROLLUP.build)
    with pytest.raises(ValueError, match="sources be tables"):
        Store(tmp_path, derived=[dataclasses.replace(ROLLUP, source="nowhere")])
    with pytest.raises(ValueError, match="names must differ"):
        Store(tmp_path, derived=[ROLLUP, ROLLUP])


def test_a_snapshot_naming_a_rollup_of_no_part_is_corrupt(views: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest(_server_files(views)[:1])
    path = sorted((wh.store.root / "_snapshots").glob("*.json"))[-1]
    doc = json.loads(path.read_text())
    doc["derived"][ROLLUP.name]["parts"].append("players/../../etc/passwd")
    path.write_text(json.dumps(doc))
    with pytest.raises(_store.WarehouseCorruptError, match="names a part not in players"):
        wh.store.snapshot()


# ------------------------------------------------------------------ any order
@settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10_000))
def test_any_ingest_order_gives_the_raw_figures(
    views: Path, tmp_path_factory: pytest.TempPathFactory, seed: int
) -> None:
    """Player views and server logs in any order and grouping of runs, each run
    committing often, then perhaps a compaction: the rollups stay the raw figures."""
    rng = random.Random(seed)
    files = _player_files(views) + _server_files(views)
    rng.shuffle(files)
    cuts = sorted(rng.sample(range(1, len(files)), rng.randint(1, 4)))
    groups = [files[a:b] for a, b in zip([0, *cuts], [*cuts, len(files)], strict=True)]
    wh = Warehouse(tmp_path_factory.mktemp("order") / "wh")
    for group in groups:
        wh.ingest(group, commit_every=rng.choice([30, 200_000]))
        if rng.random() < 0.3:
            wh.compact()
    assert_stats_right(wh)


# ------------------------------------------------------------------ folding
def _shifted(table: pa.Table, days: int) -> pa.Table:
    at = table.schema.get_field_index("day")
    return table.set_column(at, "day", pc.add(table["day"], pa.scalar(days, table["day"].type)))


def _sorted(table: pa.Table) -> pd.DataFrame:
    keys = ["player", "game", "currency", "site", "ante", "big_bet", "n_players", "position"]
    df = table.to_pandas()
    return df.sort_values([*keys, "day"], na_position="first").reset_index(drop=True)


def test_a_fold_passes_untouched_days_on_and_sums_the_rest(
    views: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Folding new parts into a combined rollup gives the rows of combining everything
    again, while the rows of days the new parts lack are passed on as they are, read
    a few at a time."""
    import rakestats.stats._rollup as rollup

    wh = Warehouse(tmp_path / "wh")
    wh.ingest(_server_files(views))
    one = ROLLUP.build(str(wh.store.root / wh.store.snapshot().files("players")[0]))
    assert one.num_rows > 5
    files = {}
    for name, shifts in {"a": (0, 1), "b": (2,), "c": (2, 3), "d": (5,)}.items():
        files[name] = tmp_path / f"{name}.parquet"
        pq.write_table(pa.concat_tables([_shifted(one, s) for s in shifts]), files[name])
    previous = tmp_path / "previous.parquet"
    assert ROLLUP.combine is not None and ROLLUP.fold is not None
    pq.write_table(ROLLUP.combine([str(files["a"]), str(files["b"])]), previous)
    news = [str(files["c"]), str(files["d"])]

    monkeypatch.setattr(rollup, "_FOLD_BATCH", 4)
    pieces = list(ROLLUP.fold(str(previous), news))
    assert len(pieces) > 3  # read a few rows at a time
    folded = pa.concat_tables([p.cast(pieces[0].schema) for p in pieces])
    again = ROLLUP.combine([str(previous), *news])
    pd.testing.assert_frame_equal(_sorted(folded), _sorted(again), check_exact=False, rtol=1e-12)
    # days 0 and 1 are not in the new parts: their rows come through unchanged
    base = one["day"][0].as_py()
    early = pc.is_in(folded["day"], pa.array([base, base + 1], folded["day"].type))
    stored = pq.read_table(previous)
    same = pc.is_in(stored["day"], pa.array([base, base + 1], stored["day"].type))
    pd.testing.assert_frame_equal(
        _sorted(folded.filter(early)), _sorted(stored.filter(same)), check_exact=True
    )
    # day 2 is in both: its counts add up
    day2 = pc.sum(folded.filter(pc.equal(folded["day"], base + 2))["hands"]).as_py()
    assert day2 == 2 * pc.sum(one["hands"]).as_py()

"""The keys a clean ingest keeps for the next one (``_keys``): taken when they are the
current snapshot's, and otherwise read from the parts, with the same warehouse either way."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rakestats.warehouse._dedupe as dedupe
import rakestats.warehouse._keyspill as keyspill
from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse._dedupe import KeySet
from rakestats.warehouse._keyindex import INDEX, carry_keys, fingerprint
from rakestats.warehouse._keyruns import KeyRuns
from rakestats.warehouse._keyspill import DiskRun
from tests._hypothesis import examples


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("histories")
    simulate(700, "3-6", 17, out, jobs=1)
    assert len(list(out.glob("*.txt"))) >= 2
    return out


def _folders(histories: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The first half of the files, and all of them."""
    files = sorted(histories.glob("*.txt"))
    half = tmp_path / "half"
    half.mkdir()
    for f in files[: len(files) // 2]:
        shutil.copy(f, half / f.name)
    return half, histories


def _hands(wh: Warehouse) -> list[tuple[object, ...]]:
    df = wh.sql("SELECT hand_key, hand_id, content_key, source_file FROM hands ORDER BY hand_key")
    return list(df.itertuples(index=False, name=None))


def _count_loads(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Calls of :meth:`KeySet.load` (the stored keys read from the parts)."""
    calls: list[int] = []
    real = KeySet.load.__func__  # type: ignore[attr-defined]

    def counted(cls, store, snapshot, spill=None):  # type: ignore[no-untyped-def]
        calls.append(snapshot.version)
        return real(cls, store, snapshot, spill)

    monkeypatch.setattr(KeySet, "load", classmethod(counted))
    return calls


def test_a_clean_ingest_keeps_its_keys_and_the_next_takes_them(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    half, everything = _folders(histories, tmp_path)
    loads = _count_loads(monkeypatch)
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([half])
    meta = json.loads((Path(wh.path) / INDEX / "index.json").read_text())
    assert meta["snapshot"] == fingerprint(wh.store.snapshot())
    assert meta["hands"] == first.ingested > 0
    second = wh.ingest([everything], jobs=2)
    assert loads == [0]  # only the empty warehouse's keys were read (from no parts)
    # the kept keys found the first half's hands: duplicates, not added again
    assert second.duplicates == first.ingested
    assert second.ingested == second.read - first.ingested
    # every file again, under other names: all duplicates, still through kept keys
    again = _renamed(everything, tmp_path)
    third = wh.ingest([again])
    assert (third.ingested, third.duplicates) == (0, third.read)
    assert loads == [0]

    plain = Warehouse(tmp_path / "plain")  # the same runs, every one reading the parts
    for folder in (half, everything, again):
        shutil.rmtree(Path(plain.path) / INDEX, ignore_errors=True)
        plain.ingest([folder])
    assert _hands(wh) == _hands(plain)


def test_keys_kept_for_another_snapshot_are_not_taken(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A commit the ingest did not make (here one that takes the second ingest's parts
    back out) leaves the kept keys naming another snapshot: the next ingest reads the
    parts, and finds the hands taken out new again."""
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    store = wh.store
    first = wh.ingest([half])
    before = store.snapshot()
    second = wh.ingest([everything])
    assert second.ingested > 0
    kept = json.loads((Path(wh.path) / INDEX / "index.json").read_text())["snapshot"]
    assert kept == fingerprint(store.snapshot())
    with store.lock():  # the second ingest taken back
        txn, now = store.begin(), store.snapshot()
        for name, files in now.tables.items():
            for rel in set(files) - set(before.files(name)):
                txn.remove(name, rel)
        txn.commit()
    assert fingerprint(store.snapshot()) != kept
    loads = _count_loads(monkeypatch)
    third = wh.ingest([_renamed(everything, tmp_path)])
    assert len(loads) == 1
    assert (third.ingested, third.duplicates) == (second.ingested, first.ingested)
    meta = json.loads((Path(wh.path) / INDEX / "index.json").read_text())
    assert meta["snapshot"] == fingerprint(store.snapshot())


def _renamed(folder: Path, tmp_path: Path) -> Path:
    """The files of ``folder`` under other names (read again, not passed over as read)."""
    out = tmp_path / "renamed"
    out.mkdir()
    for f in sorted(folder.glob("*.txt")):
        shutil.copy(f, out / f"copy of {f.name}")
    return out


def test_a_compaction_carries_the_kept_keys_to_its_snapshot(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A compaction rewrites parts, not hands: the keys kept before it name its
    snapshot after it, and the next ingest takes them."""
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([half])
    second = wh.ingest([everything])  # a second part in each partition
    parts = len(wh.store.snapshot().files("hands"))
    summary = wh.compact()
    assert summary.parts_after < summary.parts_before
    assert len(wh.store.snapshot().files("hands")) < parts
    meta = json.loads((Path(wh.path) / INDEX / "index.json").read_text())
    assert meta["snapshot"] == fingerprint(wh.store.snapshot())
    loads = _count_loads(monkeypatch)
    third = wh.ingest([_renamed(everything, tmp_path)])
    assert loads == []
    assert (third.ingested, third.duplicates) == (0, first.ingested + second.ingested)


def test_kept_keys_are_not_carried_to_a_snapshot_of_other_hands(
    histories: Path, tmp_path: Path
) -> None:
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    store = wh.store
    wh.ingest([half])
    before = store.snapshot()
    wh.ingest([everything])
    with_all = store.snapshot()
    kept = json.loads((Path(wh.path) / INDEX / "index.json").read_text())["snapshot"]
    assert not carry_keys(store, before, with_all)  # kept for another snapshot
    with store.lock():  # the second ingest taken back: fewer hands than the keys count
        txn = store.begin()
        for name, files in with_all.tables.items():
            for rel in set(files) - set(before.files(name)):
                txn.remove(name, rel)
        txn.commit()
    assert not carry_keys(store, with_all, store.snapshot())
    assert json.loads((Path(wh.path) / INDEX / "index.json").read_text())["snapshot"] == kept


@pytest.mark.parametrize(
    "damage",
    ["truncated run", "no filter", "not json", "count off", "quarantine missing"],
)
def test_damaged_kept_keys_are_removed_and_the_parts_read(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([half])
    index = Path(wh.path) / INDEX
    run = sorted(index.glob("keys-*.bin"))[0]
    if damage == "truncated run":
        run.write_bytes(run.read_bytes()[:-8])
    elif damage == "no filter":
        run.with_name(run.name + ".filter").unlink()
    elif damage == "not json":
        (index / "index.json").write_text("{")
    elif damage == "count off":
        meta = json.loads((index / "index.json").read_text())
        meta["hands"] += 1
        (index / "index.json").write_text(json.dumps(meta))
    else:
        (index / "quarantine.bin").unlink()
    loads = _count_loads(monkeypatch)
    second = wh.ingest([everything])
    assert len(loads) == 1
    assert second.duplicates == first.ingested
    assert second.ingested + first.ingested == second.read
    assert json.loads((index / "index.json").read_text())["hands"] == second.read


def _marks(keys: KeySet) -> dict[int, tuple[int, int]]:
    """Every key a KeySet holds, with its view mark and content key."""
    runs = keys._runs
    held = [d.read_all() for d in runs._disk] + [tuple(r) for r in runs._runs]
    return {
        int(k): (int(a), int(b))
        for ks, aa, bb in held
        for k, a, b in zip(ks.tolist(), aa.tolist(), bb.tolist(), strict=True)
    }


def test_a_load_in_groups_of_parts_holds_what_a_load_of_all_at_once_does(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """:meth:`KeySet.load` adds the parts' keys a group at a time (``LOAD_KEYS``):
    groups of one part and of a few give the keys and marks of one group of all."""
    wh = Warehouse(tmp_path / "wh")
    for f in sorted(histories.glob("*.txt")):  # a part a file
        wh.ingest([f])
    store, snap = wh.store, wh.store.snapshot()
    assert len(snap.files("hands")) >= 3
    whole = KeySet.load(store, snap, tmp_path / "whole")
    expected = _marks(whole)
    whole.close()
    assert len(expected) == wh.sql("SELECT count(*) AS n FROM hands")["n"][0]
    for group in (1, 150):
        monkeypatch.setattr(dedupe, "LOAD_KEYS", group)
        keys = KeySet.load(store, snap, tmp_path / f"group{group}")
        assert _marks(keys) == expected
        keys.close()


def test_a_run_that_merged_views_keeps_the_marks_the_parts_give(tmp_path: Path) -> None:
    """A stored hand merged with another view is marked so in memory otherwise than a
    read of the parts marks it: the run keeps the parts' marks, read from the parts it
    wrote, and the next run takes exactly what reading the parts would give."""
    sim = tmp_path / "sim"
    simulate(40, "3-4", 3, sim, view="both")
    players = sorted((sim / "player").glob("*.txt"))
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([players[0]])
    merged = wh.ingest(players[1:])
    assert merged.merged > 0
    assert (Path(wh.path) / INDEX).is_dir()
    store, snap = wh.store, wh.store.snapshot()
    taken = KeySet.open(store, snap, tmp_path / "taken")
    assert not (Path(wh.path) / INDEX).exists()  # taken over
    read = KeySet.load(store, snap, tmp_path / "read")
    assert _marks(taken) == _marks(read) and len(_marks(read)) == 40
    assert all(a not in (0, -1) for a, _ in _marks(read).values())  # a hero's mark each
    taken.close()
    read.close()
    server = wh.ingest([sim / "server"])  # the server's copies: merged again, kept again
    assert server.duplicates == server.read == 40 and server.merged > 0
    assert (Path(wh.path) / INDEX).is_dir()
    store, snap = wh.store, wh.store.snapshot()
    taken = KeySet.open(store, snap, tmp_path / "taken2")
    assert {a for a, _ in _marks(taken).values()} == {0}  # every hand seen by the server
    taken.close()


def test_marks_of_hands_the_run_did_not_write_are_read_from_the_other_parts(
    histories: Path, tmp_path: Path
) -> None:
    """A hand marked merged whose copy the run did not write (its merge changed
    nothing, or found a conflict) has its mark read from the part that holds it; a
    hand in no part keeps nothing."""
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    store = wh.store
    wh.ingest([half])
    before = store.snapshot()
    first = sorted(int(k) for k in wh.sql("SELECT hand_key FROM hands")["hand_key"])
    wh.ingest([everything])  # parts that hold none of the first hands
    shutil.rmtree(Path(wh.path) / INDEX)
    snap = store.snapshot()
    expected = _marks(KeySet.load(store, snap, tmp_path / "read"))
    keys = KeySet.load(store, snap, tmp_path / "spill")
    found, _, ck, where = keys._runs.find(np.array(first[:3], dtype=np.int64))
    assert found.all()
    keys._runs.set(where, np.full(3, -1), ck)  # marked merged, as a merge marks them
    keys._marked = [np.array(first[:3], dtype=np.int64)]
    assert keys.keep(store, snap, tmp_path / "spill", since=before)
    kept = KeySet.open(store, snap, tmp_path / "taken")
    assert _marks(kept) == expected
    kept.close()
    keys = KeySet.load(store, snap, tmp_path / "spill2")
    keys._marked = [np.array([first[0], 12345], dtype=np.int64)]  # a hand in no part
    assert not keys.keep(store, snap, tmp_path / "spill2", since=before)
    assert not (Path(wh.path) / INDEX).exists()
    keys.close()


def test_quarantined_hands_are_kept_too(tmp_path: Path) -> None:
    """A bad hand read again is not quarantined twice: its key is among those kept."""
    sim = tmp_path / "sim"
    simulate(20, "3-4", 5, sim)
    bad = tmp_path / "in" / "bad.txt"
    bad.parent.mkdir()
    text = sorted(sim.glob("*.txt"))[0].read_text()
    bad.write_text(text.replace("*** DEAL ***", "*** DEAL ***\nDealt to Nobody [Zz 2c 3c]", 1))
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([bad])
    assert first.quarantined == 1
    meta = json.loads((Path(wh.path) / INDEX / "index.json").read_text())
    assert meta["quarantine"] == 1
    # the file grows: read again whole, its bad hand found among the kept keys
    simulate(20, "3-4", 6, tmp_path / "more")  # other hands
    more = sorted((tmp_path / "more").glob("*.txt"))[0].read_text()
    bad.write_text(bad.read_text() + "\n\n" + more)
    again = wh.ingest([bad])
    assert again.ingested > 0
    assert wh.sql("SELECT count(*) FROM quarantine").iloc[0, 0] == 1


def test_keys_that_cannot_be_kept_leave_the_run_whole(
    histories: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    half, everything = _folders(histories, tmp_path)
    wh = Warehouse(tmp_path / "wh")
    real = DiskRun.keep

    def disk_full(self: DiskRun) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(DiskRun, "keep", disk_full)
    first = wh.ingest([half])
    assert first.ingested > 0
    assert not (Path(wh.path) / INDEX).exists()
    assert not (Path(wh.path) / "_staging").exists()
    monkeypatch.setattr(DiskRun, "keep", real)
    second = wh.ingest([everything])
    assert second.duplicates == first.ingested


_key = st.integers(-(2**63), 2**63 - 1)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.lists(_key, max_size=30, unique=True), max_size=30))
def test_runs_kept_and_taken_again_answer_as_a_dict(batches: list[list[int]]) -> None:
    """Keys added, kept, taken again by a new :class:`KeyRuns` and added to, over and
    over: the same answers as a dict, and few runs (kept runs merge as in memory)."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        spill = Path(tmp) / "keys"
        model: dict[int, tuple[int, int]] = {}
        held: list[DiskRun] = []
        for i, batch in enumerate(batches):
            runs = KeyRuns(spill)
            runs.adopt([DiskRun.open(r.path, len(r)) for r in held])
            keys = np.array(batch, dtype=np.int64)
            found, a, b, _ = runs.find(keys)
            assert found.tolist() == [k in model for k in batch]
            assert [(int(x), int(y)) for x, y, f in zip(a, b, found, strict=True) if f] == [
                model[k] for k in batch if k in model
            ]
            fresh = keys[~found]
            runs.add(fresh, fresh // 3, np.full(len(fresh), i))
            model.update({k: (k // 3, i) for k in fresh.tolist()})
            held = runs.keep()
            assert sum(len(r) for r in held) == len(model)
            assert len(held) <= max(1, len(model)).bit_length() + 1
        runs = KeyRuns(spill)
        runs.adopt([DiskRun.open(r.path, len(r)) for r in held])
        everything = np.array(sorted(model), dtype=np.int64)
        found, a, b, _ = runs.find(everything)
        assert found.all()
        assert list(zip(a.tolist(), b.tolist(), strict=True)) == [model[k] for k in sorted(model)]
        runs.close()
        assert not spill.exists() or not list(spill.iterdir())


@pytest.mark.parametrize(
    ("few_blocks", "span_blocks"),
    [(None, None), (10**9, None), (0, 8), (0, 1)],
    ids=["as set", "block by block", "in spans", "spans of a block"],
)
def test_a_file_run_finds_keys_read_by_blocks_or_in_spans(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, few_blocks: int | None, span_blocks: int | None
) -> None:
    """However the run is read (each block wanted, or spans of blocks), the answers are
    those of a search of the whole run; with and without the filter (a query of an
    eighth of the run or more skips it)."""
    if few_blocks is not None:
        monkeypatch.setattr(keyspill, "_FEW_BLOCKS", few_blocks)
    if span_blocks is not None:
        monkeypatch.setattr(keyspill, "SPAN", keyspill.BLOCK * span_blocks)
    rng = np.random.default_rng(5)
    keys = np.unique(rng.integers(-(2**63), 2**63 - 1, 50_000, dtype=np.int64))
    run = DiskRun.write(tmp_path / "run", keys, keys // 5, -keys)
    for n in (40, 3_000, 10_000):  # filtered; filtered; the filter skipped
        q = np.concatenate([rng.choice(keys, n), rng.integers(-(2**63), 2**63 - 1, n)])
        rng.shuffle(q)
        found, a, b, pos = run.find(q)
        held = np.isin(q, keys)
        assert np.array_equal(found, held)
        assert np.array_equal(a[held], q[held] // 5) and np.array_equal(b[held], -q[held])
        assert np.array_equal(keys[pos[held]], q[held])
        assert not a[~held].any() and (pos[~held] == -1).all()
    run.close()

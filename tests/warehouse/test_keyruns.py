"""The dedupe keys in sorted runs: the same answers as a dict, in bounded copies."""

from __future__ import annotations

import tempfile
from itertools import pairwise
from pathlib import Path

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.warehouse._dedupe import KeySet
from rakestats.warehouse._keyruns import KeyRuns
from rakestats.warehouse._keyspill import DiskRun
from tests._hypothesis import examples

_key = st.integers(-(2**63), 2**63 - 1)
_batch = st.lists(_key, max_size=40, unique=True)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(_batch, st.integers(0, 3)), max_size=25))
def test_keyruns_answer_as_a_dict_through_adds_merges_and_updates(steps) -> None:  # type: ignore[no-untyped-def]
    _check_against_a_dict(KeyRuns(), steps)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(_batch, st.integers(0, 3)), max_size=25), st.integers(1, 60))
def test_keyruns_spilled_to_files_answer_as_a_dict(steps, memory_keys) -> None:  # type: ignore[no-untyped-def]
    """With a spill folder, runs past ``memory_keys`` go to files: the same answers,
    fewer than ``memory_keys`` keys left in memory after each addition, and the files
    gone at close."""
    with tempfile.TemporaryDirectory() as tmp:
        spill = Path(tmp) / "keys"
        runs = KeyRuns(spill, memory_keys=memory_keys)
        _check_against_a_dict(runs, steps, memory_keys)
        if sum(runs.disk_sizes()):
            assert len(list(spill.iterdir())) == len(runs.disk_sizes())
        runs.close()
        assert not spill.exists()


def _check_against_a_dict(runs: KeyRuns, steps, memory_keys: int | None = None) -> None:  # type: ignore[no-untyped-def]
    model: dict[int, tuple[int, int]] = {}
    for i, (batch, bump) in enumerate(steps):
        keys = np.array(batch, dtype=np.int64)
        found, a, b, where = runs.find(keys)
        assert found.tolist() == [k in model for k in batch]
        assert [(int(x), int(y)) for x, y, f in zip(a, b, found, strict=True) if f] == [
            model[k] for k in batch if k in model
        ]
        assert (where[~found] == -1).all()
        # held keys get new values; new ones are added
        if found.any() and bump:
            new_a = a[found] + bump
            runs.set(where[found], new_a, b[found] - bump)
            for k, x, y in zip(
                keys[found].tolist(), new_a.tolist(), (b[found] - bump).tolist(), strict=True
            ):
                model[k] = (x, y)
        fresh = keys[~found]
        runs.add(fresh, fresh // 7 + i, np.full(len(fresh), i))
        for k in fresh.tolist():
            model[k] = (k // 7 + i, i)
        sizes = runs.run_sizes()
        assert len(runs) == len(model) == sum(sizes) + sum(runs.disk_sizes())
        assert all(2 * later < earlier for earlier, later in pairwise(sizes))
        if memory_keys is not None:
            assert sum(sizes) < memory_keys
    everything = np.array(sorted(model), dtype=np.int64)
    found, a, b, _ = runs.find(everything)
    assert found.all()
    assert (
        dict(zip(everything.tolist(), zip(a.tolist(), b.tolist(), strict=True), strict=True))
        == model
    )


def test_keyruns_stay_few_as_keys_grow() -> None:
    runs = KeyRuns()
    rng = np.random.default_rng(7)
    for _ in range(1000):
        keys = np.unique(rng.integers(-(2**62), 2**62, 500, dtype=np.int64))
        keys = keys[~runs.find(keys)[0]]
        runs.add(keys, keys, keys)
    sizes = runs.run_sizes()
    assert sum(sizes) == len(runs) > 490_000
    assert len(sizes) <= 11  # log2(500k / 500) + 1: each run under half the one before


def test_keyset_keeps_the_merged_view_of_a_hand_across_later_batches() -> None:
    """A copy from another view marks the stored hand merged (-1), found again after
    later batches have been added and the runs merged."""
    sig_ann, sig_bob = 11, 22
    keys = KeySet(np.array([5, 9], np.int64), np.array([sig_ann, 0]), set(), np.array([1, 2]))
    runs = keys._runs
    _, sig, ck, where = runs.find(np.array([5], np.int64))
    runs.set(where, np.where((sig == 0) | (np.array([sig_bob]) == 0), 0, -1), ck)
    for start in range(100, 4100, 100):  # later batches: the runs merge several times
        batch = np.arange(start, start + 100, dtype=np.int64)
        runs.add(batch, np.zeros(100, np.int64), batch)
    assert keys._lookup(5) == -1 and keys._lookup(9) == 0 and keys._lookup(4099) == 0
    assert keys._lookup(4100) is None and len(keys) == 4002


def test_spilled_keys_keep_memory_flat_as_keys_grow(tmp_path) -> None:  # type: ignore[no-untyped-def]
    runs = KeyRuns(tmp_path / "keys", memory_keys=20_000)
    rng = np.random.default_rng(11)
    held = 0
    for _ in range(200):
        keys = np.unique(rng.integers(-(2**62), 2**62, 1000, dtype=np.int64))
        keys = keys[~runs.find(keys)[0]]
        runs.add(keys, keys, -keys)
        held += len(keys)
    assert len(runs) == held > 199_000
    assert sum(runs.disk_sizes()) >= held - 20_000
    # under 20,000 keys in memory at 24 bytes, and about 1.3 bytes a key in files
    assert runs.memory() < 24 * 20_000 + 2 * held
    runs.close()


def test_a_file_run_filter_rarely_lets_a_missing_key_through(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(3)
    keys = np.unique(rng.integers(-(2**63), 2**63 - 1, 100_000, dtype=np.int64))
    run = DiskRun.write(tmp_path / "run", keys, keys, keys)
    others = rng.integers(-(2**63), 2**63 - 1, 100_000, dtype=np.int64)
    others = others[~np.isin(others, keys)]
    assert run._might_hold(keys).all()  # never a false "not held"
    assert run._might_hold(others).mean() < 0.02  # 10 bits a key: about 0.8%
    sequential = np.arange(100_000, dtype=np.int64)  # keys that are not hashes spread too
    run2 = DiskRun.write(tmp_path / "run2", sequential, sequential, sequential)
    assert run2._might_hold(sequential + 100_000).mean() < 0.02
    run.close()
    run2.close()
    assert not list(tmp_path.iterdir())

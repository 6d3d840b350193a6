"""The dedupe keys in sorted runs: the same answers as a dict, in bounded copies."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.warehouse._dedupe import KeySet
from rakestats.warehouse._keyruns import KeyRuns
from tests._hypothesis import examples

_key = st.integers(-(2**63), 2**63 - 1)
_batch = st.lists(_key, max_size=40, unique=True)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(_batch, st.integers(0, 3)), max_size=25))
def test_keyruns_answer_as_a_dict_through_adds_merges_and_updates(steps) -> None:  # type: ignore[no-untyped-def]
    runs = KeyRuns()
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
        assert len(runs) == len(model) == sum(sizes)
        assert all(2 * later < earlier for earlier, later in pairwise(sizes))
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

"""Units run in chunks share staged batches, and each unit still gets its own hands."""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest

from rakestats.sim import simulate
from rakestats.warehouse import _units
from rakestats.warehouse._units import Unit, read_batches, run_unit, run_units


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = tmp_path_factory.mktemp("chunks")
    simulate(120, "3-6", 17, out, jobs=1)
    found = sorted(out.glob("*.txt"))
    # a file that repeats a hand of the first one, and one with a hand twice
    first = found[0].read_text(encoding="utf-8").split("\n\n\n")
    (out / "zz-repeat.txt").write_text(first[0] + "\n\n\n", encoding="utf-8")
    (out / "zz-twice.txt").write_text(first[1] + "\n\n\n" + first[1] + "\n\n\n", encoding="utf-8")
    return [*found, out / "zz-repeat.txt", out / "zz-twice.txt"]


def _ids(result: _units.UnitResult) -> list[str]:
    return [i for tables in read_batches(result) for i in tables["hands"]["hand_id"].to_pylist()]


@pytest.mark.parametrize("batch", [7, 2_000])
def test_a_chunk_gives_each_unit_what_it_gives_alone(
    files: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int
) -> None:
    monkeypatch.setattr(_units, "BATCH_HANDS", batch)
    units = [Unit(i, i, str(p)) for i, p in enumerate(files)]
    alone = [run_unit(u, str(tmp_path / "alone")) for u in units]
    together = run_units(units, str(tmp_path / "together"))
    assert [r.unit for r in together] == units
    ids: list[str] = []
    for a, t in zip(alone, together, strict=True):
        assert (t.read, t.skipped, len(t.quarantined)) == (
            a.read, a.skipped, len(a.quarantined),
        )  # fmt: skip
        ids = _ids(t)
        assert ids == _ids(a)
        assert len(ids) == t.read
    # every copy of a hand reaches the driver, which tells duplicates, other views and
    # conflicts apart (tests/warehouse/test_views_merge.py): the hand twice in one file comes twice
    twice = ids  # the last unit's
    assert len(twice) == 2 and twice[0] == twice[1]
    assert len(_ids(run_unit(units[-2], str(tmp_path / "again")))) == 1
    # every staged file was removed once read; with small batches a unit spans several
    assert not list((tmp_path / "together").iterdir())
    if batch == 7:
        assert max(len(r.batches) for r in together) > 1
        assert len({s.files["hands"] for r in together for s in r.batches}) < sum(
            len(r.batches) for r in together
        )  # units share staged batches


def test_a_chunk_stages_batches_of_the_batch_size(
    files: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_units, "BATCH_HANDS", 7)
    sizes: list[int] = []
    stage = _units._stage

    def spy(staging: Path, unit: Unit, k: int, cols: Any, seg_start: Any) -> dict[str, str]:
        sizes.append(len(cols))
        return stage(staging, unit, k, cols, seg_start)

    monkeypatch.setattr(_units, "_stage", spy)
    units = [Unit(i, i, str(p)) for i, p in enumerate(files)]
    results = run_units(units, str(tmp_path))
    assert sum(sizes) == sum(len(_ids(r)) for r in results) > 7 * 3
    # every batch is full but the last, whatever the files' own sizes
    assert sizes[:-1] == [7] * (len(sizes) - 1) and 1 <= sizes[-1] <= 7


def test_a_scan_collects_cycles_less_often_and_restores_the_thresholds(
    files: list[Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = gc.get_threshold()
    seen: list[tuple[int, ...]] = []
    scan = _units._scan_unit

    def spy(*args: Any) -> None:
        seen.append(gc.get_threshold())
        if len(seen) == 2:
            raise KeyboardInterrupt  # a scan that ends by an exception restores them too
        scan(*args)

    monkeypatch.setattr(_units, "_scan_unit", spy)
    units = [Unit(i, i, str(p)) for i, p in enumerate(files[:3])]
    with pytest.raises(KeyboardInterrupt):
        run_units(units, str(tmp_path))
    assert [t[0] for t in seen] == [max(before[0], _units.GC_YOUNG)] * 2
    assert [t[1:] for t in seen] == [before[1:]] * 2
    assert gc.get_threshold() == before


def test_overlapping_scans_restore_the_thresholds_when_the_last_ends() -> None:
    before = gc.get_threshold()
    first, second = _units._fewer_collections(), _units._fewer_collections()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert gc.get_threshold()[0] == max(before[0], _units.GC_YOUNG)  # the second still runs
    second.__exit__(None, None, None)
    assert gc.get_threshold() == before

"""Ingest with the dedupe keys spilled to files: the same warehouse as with every key
in memory, and no file left behind."""

from __future__ import annotations

import errno
import shutil
from pathlib import Path

import pytest

import rakestats.warehouse._keyruns as keyruns
import rakestats.warehouse._keyspill as keyspill
from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import WarehouseError
from rakestats.warehouse._keyspill import DiskRun


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("histories")
    simulate(400, "3-6", 5, out, jobs=1)
    return out


def _sessions(wh: Warehouse, folders: list[Path], kept: bool = True) -> list[tuple[int, int, int]]:
    """Ingest each folder in turn; ``kept=False``: each run reads the stored keys
    from the parts (the keys the run before kept are removed)."""
    out = []
    for folder in folders:
        if not kept:
            shutil.rmtree(Path(wh.path) / "_keys", ignore_errors=True)
        s = wh.ingest([folder], jobs=2)
        out.append((s.read, s.ingested, s.duplicates))
    return out


def _contents(wh: Warehouse) -> list[tuple[object, ...]]:
    df = wh.sql(
        "SELECT hand_key, hand_id, n_players, total_pot, content_key, source_file "
        "FROM hands ORDER BY hand_key"
    )
    return list(df.itertuples(index=False, name=None))


@pytest.mark.parametrize("kept", [True, False], ids=["keys kept", "keys read from the parts"])
def test_spilled_keys_give_the_same_warehouse(histories, tmp_path, monkeypatch, kept):
    files = sorted(histories.glob("*.txt"))
    half = tmp_path / "half"
    half.mkdir()
    for f in files[: len(files) // 2]:
        shutil.copy(f, half / f.name)
    again = tmp_path / "again"  # every hand again, under other file names
    again.mkdir()
    for f in files:
        shutil.copy(f, again / f"copy of {f.name}")
    folders = [half, histories, again]

    in_memory = Warehouse(tmp_path / "memory")
    expected = _sessions(in_memory, folders)

    writes: list[int] = []
    real_write = DiskRun.write.__func__  # type: ignore[attr-defined]

    def counted(cls, path, keys, a, b):  # type: ignore[no-untyped-def]
        writes.append(len(keys))
        return real_write(cls, path, keys, a, b)

    monkeypatch.setattr(keyruns, "MEMORY_KEYS", 40)
    monkeypatch.setattr(DiskRun, "write", classmethod(counted))
    spilled = Warehouse(tmp_path / "spilled")
    got = _sessions(spilled, folders, kept)

    total = expected[1][0]
    assert got == expected
    assert expected[2] == (total, 0, total)  # the copies were all duplicates
    # keys did go to files: each run's own (kept keys are not written again), or
    # each run's own and the stored ones it read
    assert len(writes) >= 2 and sum(writes) >= (total if kept else total + expected[0][1])
    assert _contents(spilled) == _contents(in_memory)
    assert not (Path(spilled.path) / "_staging").exists()  # the runs' files are removed


@pytest.mark.parametrize("when", ["while reading", "while loading the stored keys"])
def test_keys_that_cannot_be_written_fail_the_run_and_leave_nothing(
    histories, tmp_path, monkeypatch, when
):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(keyruns, "MEMORY_KEYS", 40)
    wh = Warehouse(tmp_path / "wh")
    stored = 0
    if when != "while reading":  # a warehouse whose own keys go to files at load
        first = tmp_path / "first"
        first.mkdir()
        shutil.copy(sorted(histories.glob("*.txt"))[0], first)
        stored = wh.ingest([first]).ingested
        assert stored > 40
        shutil.rmtree(Path(wh.path) / "_keys")  # read from the parts, not taken as kept

    def disk_full(path: Path, columns: object) -> None:
        path.write_bytes(b"partial")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(keyspill, "_write_columns", disk_full)
    with pytest.raises(
        WarehouseError, match=r"keys-\d+.keys-00000\.bin: cannot write: No space left"
    ):
        wh.ingest([histories], jobs=2)
    assert wh.sql("SELECT count(*) FROM hands").iloc[0, 0] == stored
    assert not (Path(wh.path) / "_staging").exists()

"""An ingest finds a file unchanged since the last one by its status (device, inode,
size, modification and change times), kept beside the hash the manifest records, without
reading it: a folder of years of histories is looked at, not read whole, every run.

The benchmark's million hands (3,336 files, 2 GB) ingested again: 6.6 s, each file read
to hash it; with the statuses kept, 1.9 s. Any change to a file, or a status the
manifest does not back, means the file is hashed (and read if it changed), as before."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import _ingest
from rakestats.warehouse._filestat import FILESTAT


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The files each ingest reads to hash, in order."""
    seen: list[str] = []
    real = _ingest._hash_file

    def counting(path: Path, earlier: object = None) -> object:
        seen.append(Path(path).name)
        return real(path, earlier)  # type: ignore[arg-type]

    monkeypatch.setattr(_ingest, "_hash_file", counting)
    return seen


@pytest.fixture
def hh(tmp_path: Path) -> Path:
    """Three tables of 20 hands."""
    simulate(60, 3, 5, tmp_path / "sim")
    text = "".join(p.read_text(encoding="utf-8") for p in sorted((tmp_path / "sim").glob("*.txt")))
    hands = [h + "\n\n\n" for h in text.split("\n\n\n") if h.strip()]
    assert len(hands) == 60
    (tmp_path / "hh").mkdir()
    for k in range(3):
        table = tmp_path / "hh" / f"table-{k}.txt"
        table.write_text("".join(hands[20 * k : 20 * k + 20]), encoding="utf-8")
    return tmp_path / "hh"


def _files(hh: Path) -> list[Path]:
    return sorted(p for p in hh.glob("*.txt"))


def test_an_untouched_folder_is_not_read_again(hh: Path, tmp_path: Path, hashed: list[str]) -> None:
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([hh])
    n = len(_files(hh))
    assert first.ingested == 60 and len(hashed) == n >= 2
    hashed.clear()
    again = wh.ingest([hh])
    assert hashed == []
    assert (again.files, again.files_unchanged, again.read) == (n, n, 0)


def test_a_file_written_to_is_hashed_and_read(hh: Path, tmp_path: Path, hashed: list[str]) -> None:
    wh = Warehouse(tmp_path / "wh")
    table = _files(hh)[0]
    hands = [h + "\n\n\n" for h in table.read_text(encoding="utf-8").split("\n\n\n") if h.strip()]
    table.write_text("".join(hands[:-1]), encoding="utf-8")
    wh.ingest([hh])
    hashed.clear()
    with table.open("a", encoding="utf-8") as fh:
        fh.write(hands[-1])
    s = wh.ingest([hh])
    assert hashed == [table.name]
    assert (s.read, s.ingested, s.duplicates) == (1, 1, 0)


def test_same_size_and_modification_time_still_show_a_rewrite(
    hh: Path, tmp_path: Path, hashed: list[str]
) -> None:
    """A file rewritten in place to the same size, its modification time set back: the
    change time (which no program sets) gives it away."""
    wh = Warehouse(tmp_path / "wh")
    table = _files(hh)[0]
    wh.ingest([hh])
    before = table.stat()
    text = table.read_bytes()
    at = text.index(b"Table '") + len(b"Table '")
    table.write_bytes(text[:at] + bytes([text[at] ^ 1]) + text[at + 1 :])  # a table renamed
    os.utime(table, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert (table.stat().st_size, table.stat().st_mtime_ns) == (before.st_size, before.st_mtime_ns)
    hashed.clear()
    s = wh.ingest([hh])
    assert hashed == [table.name]
    assert s.files_unchanged == len(_files(hh)) - 1 and s.read > 0


@pytest.mark.parametrize(
    "kept",
    ["not json", json.dumps({"format": 99, "files": {}}), json.dumps({"format": 1, "files": 7})],
)
def test_a_damaged_or_foreign_record_means_hashing(
    hh: Path, tmp_path: Path, hashed: list[str], kept: str
) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([hh])
    (tmp_path / "wh" / FILESTAT).write_text(kept, encoding="utf-8")
    hashed.clear()
    s = wh.ingest([hh])
    assert len(hashed) == len(_files(hh)) and s.files_unchanged == len(hashed)
    hashed.clear()
    wh.ingest([hh])  # the record is whole again
    assert hashed == []


def test_a_status_the_manifest_does_not_back_is_not_trusted(
    hh: Path, tmp_path: Path, hashed: list[str]
) -> None:
    """A record claiming a hash the manifest never held for the path (copied from
    another warehouse, say) is ignored: the file is hashed and read."""
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([hh])
    path = tmp_path / "wh" / FILESTAT
    doc = json.loads(path.read_text(encoding="utf-8"))
    table = os.path.realpath(_files(hh)[0])
    doc["files"][table][-1] = "0" * 64
    path.write_text(json.dumps(doc), encoding="utf-8")
    hashed.clear()
    s = wh.ingest([hh])
    assert hashed == [Path(table).name] and s.files_unchanged == len(_files(hh))


def test_a_file_ending_in_a_pending_hand_is_hashed_again(
    hh: Path, tmp_path: Path, hashed: list[str]
) -> None:
    wh = Warehouse(tmp_path / "wh")
    table = _files(hh)[0]
    text = table.read_text(encoding="utf-8")
    table.write_text(text.rstrip("\n")[:-40] + "\n", encoding="utf-8")  # a hand being written
    s = wh.ingest([hh], pending_seconds=600)
    assert s.pending == 1
    hashed.clear()
    s = wh.ingest([hh], pending_seconds=600)
    assert hashed == [table.name] and s.pending == 1

"""A file is known by its real path, not by how an ingest was given it: ``hh/``,
``/home/me/hh`` and a link to the folder are the same files, so that an unchanged file
is not read again and a grown one is read from its end.

Before, the manifest matched the path as written: the benchmark's million hands, 3,336
files ingested under an absolute path, were read again in full (62 s, a million
"duplicates") when the next ingest named the folder by a relative path; now 7 s, each
file hashed and found unchanged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.sim import simulate


@pytest.fixture
def hh(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    simulate(40, 3, 12, tmp_path / "hh")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "hh"


def test_the_same_files_by_another_path_are_not_read_again(hh: Path, tmp_path: Path) -> None:
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest(["hh"])  # relative to the working folder
    files = first.files
    assert first.ingested == 40 and files >= 1
    (tmp_path / "link").symlink_to(hh, target_is_directory=True)
    for named in (str(hh), "./hh/../hh", "link"):
        again = wh.ingest([named])
        assert (again.read, again.duplicates, again.files_unchanged) == (0, 0, files), named


def test_a_grown_file_named_another_way_is_read_from_its_end(hh: Path, tmp_path: Path) -> None:
    table = sorted(hh.glob("*.txt"))[0]
    text = table.read_text(encoding="utf-8")
    hands = [h + "\n\n\n" for h in text.split("\n\n\n") if h.strip()]
    assert len(hands) >= 4
    table.write_text("".join(hands[:2]), encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest([os.path.relpath(table)]).read == 2
    table.write_text("".join(hands), encoding="utf-8")
    s = wh.ingest([str(table.resolve())])
    assert (s.read, s.ingested, s.duplicates) == (len(hands) - 2, len(hands) - 2, 0)
    lines = wh.sql("SELECT source_line FROM hands ORDER BY source_line")["source_line"]
    starts = [1 + sum(h.count("\n") for h in hands[:k]) for k in range(len(hands))]
    assert list(lines) == starts


def test_a_relative_path_from_another_folder_is_judged_by_content(
    hh: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path stored by a run from one folder names another file from another
    folder: that file is compared by its hash, so it is read, not taken as known."""
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest(["hh"]).ingested == 40
    other = tmp_path / "elsewhere"
    simulate(30, 3, 99, other / "new")
    (other / "hh").mkdir()
    name = sorted(p.name for p in hh.glob("*.txt"))[0]
    source = sorted((other / "new").glob("*.txt"))[0]
    (other / "hh" / name).write_bytes(source.read_bytes())  # a known name, other hands
    monkeypatch.chdir(other)
    s = wh.ingest([f"hh/{name}"])
    assert s.files_unchanged == 0 and s.read > 0 and s.ingested == s.read and s.duplicates == 0

"""``--watch`` reads what a folder's walk reads: a change to a hidden file, to a file in
a hidden folder, or to notes beside the histories is not news."""

from __future__ import annotations

from pathlib import Path

from rakestats.warehouse._ingest import walk
from rakestats.warehouse._watch import _Changes


def test_the_watcher_wants_what_the_walk_reads(tmp_path: Path) -> None:
    root = tmp_path / "logs"
    files = [
        "a.txt",
        "sub/b.txt",
        ".hidden.txt",
        ".cache/c.txt",
        "sub/.git/d.txt",
        "README.md",
        "sub/README.txt",
        "sim/players.json",
        "sub/notes/README.md.txt",
    ]
    for name in files:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text("x")
    changes = _Changes([root], tmp_path / "wh")
    read = {str(p.relative_to(root)) for p in walk([root])}
    wanted = {name for name in files if changes.wanted(str(root / name))}
    assert wanted == read == {"a.txt", "sub/b.txt", "sub/notes/README.md.txt"}


def test_a_file_watched_by_name_is_wanted_whatever_its_name(tmp_path: Path) -> None:
    notes = tmp_path / "README.txt"
    notes.write_text("x")
    assert _Changes([notes], tmp_path / "wh").wanted(str(notes))
    assert not _Changes([tmp_path / "logs"], tmp_path / "wh").wanted(str(notes))

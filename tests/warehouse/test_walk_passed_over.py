"""Files a folder's walk passes over: hidden files and folders, and the notes beside
histories (README.md, README.txt, the simulator's players.json). They are not read,
but never in silence: the summary counts them and names each with the reason. A path
named explicitly is never passed over."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from rakestats import Warehouse
from rakestats.formats import UnrecognizedFileError, iter_file
from rakestats.sim import simulate
from rakestats.warehouse import walk


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("walk-src")
    simulate(4, 3, 3, out)
    return sorted(out.glob("*.txt"))[0]


def _folder(history: Path, root: Path) -> Path:
    """A folder of histories that are all passed over."""
    (root / ".archive").mkdir(parents=True)
    shutil.copy(history, root / ".archive" / "old.txt")
    shutil.copy(history, root / ".session.txt")
    shutil.copy(history, root / "README.txt")
    (root / "sub").mkdir()
    (root / "sub" / "players.json").write_text("[]\n", encoding="utf-8")
    (root / "sub" / "README.md").write_text("# notes\n", encoding="utf-8")
    return root


def test_walk_names_what_it_passes_over(history: Path, tmp_path: Path) -> None:
    root = _folder(history, tmp_path / "in")
    shutil.copy(history, root / "sub" / "h.txt")
    passed: list[tuple[str, str]] = []
    assert walk([root], [], passed) == [root / "sub" / "h.txt"]
    assert passed == [
        (str(root / ".archive"), "hidden folder (not walked)"),
        (str(root / ".session.txt"), "hidden file"),
        (str(root / "README.txt"), "notes, not a hand history"),
        (str(root / "sub" / "README.md"), "notes, not a hand history"),
        (str(root / "sub" / "players.json"), "notes, not a hand history"),
    ]
    assert walk([root]) == [root / "sub" / "h.txt"]  # the list is optional
    assert walk(root) == walk(str(root)) == [root / "sub" / "h.txt"]  # one path alone


def test_a_path_named_explicitly_is_never_passed_over(history: Path, tmp_path: Path) -> None:
    root = _folder(history, tmp_path / "in")
    named = [root / ".session.txt", root / "README.txt", root / ".archive"]
    passed: list[tuple[str, str]] = []
    found = walk(named, [], passed)
    assert found == [root / ".session.txt", root / "README.txt", root / ".archive" / "old.txt"]
    assert passed == []
    s = Warehouse(tmp_path / "wh").ingest(named)
    assert s.passed_over == [] and s.duplicates == 2 * s.ingested > 0


def test_an_ingest_of_only_passed_over_files_says_so(history: Path, tmp_path: Path) -> None:
    root = _folder(history, tmp_path / "in")
    s = Warehouse(tmp_path / "wh").ingest([root])
    assert (s.read, s.files, s.files_unreadable) == (0, 0, 0)
    assert [Path(p).name for p, _ in s.passed_over] == [
        ".archive",
        ".session.txt",
        "README.txt",
        "README.md",
        "players.json",
    ]
    assert s.clean  # not a failure for --strict
    line = s.line()
    assert line == (
        "read 0 hands from 0 files: 0 ingested, 0 duplicates, 0 quarantined, 0 skipped "
        "(nothing to read: 1 folder and 4 files passed over: hidden, or notes)"
    )


def test_the_summary_counts_the_files_passed_over(history: Path, tmp_path: Path) -> None:
    root = tmp_path / "in"
    root.mkdir()
    shutil.copy(history, root / "h.txt")
    shutil.copy(history, root / ".h.txt")
    s = Warehouse(tmp_path / "wh").ingest([root])
    assert s.files == 1 and s.ingested == 4
    assert s.passed_over == [(str(root / ".h.txt"), "hidden file")]
    assert s.line() == (
        "read 4 hands from 1 file: 4 ingested, 0 duplicates, 0 quarantined, 0 skipped "
        "(1 file passed over: hidden)"
    )
    (root / "README.md").write_text("# notes\n", encoding="utf-8")
    again = Warehouse(tmp_path / "wh").ingest([root])
    assert again.line().endswith(
        " (1 unchanged file not re-read) (2 files passed over: hidden, or notes)"
    )


def test_an_ingest_of_an_empty_folder_says_so(history: Path, tmp_path: Path) -> None:
    empty = tmp_path / "in"
    (empty / "sub").mkdir(parents=True)
    s = Warehouse(tmp_path / "wh").ingest([empty])
    assert (s.read, s.files, s.unrecognized, s.passed_over) == (0, 0, [], [])
    assert s.line() == (
        "read 0 hands from 0 files: 0 ingested, 0 duplicates, 0 quarantined, 0 skipped "
        "(nothing to read: no files under the paths named)"
    )
    # a file there: read, and the note is gone; again: unchanged, not "nothing there"
    shutil.copy(history, empty / "sub" / "h.txt")
    first = Warehouse(tmp_path / "wh").ingest([empty])
    assert first.ingested == 4 and "nothing to read" not in first.line()
    again = Warehouse(tmp_path / "wh").ingest([empty])
    assert again.files_unchanged == 1 and "nothing to read" not in again.line()


def test_a_folder_that_cannot_be_listed_is_not_called_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    locked = tmp_path / "in" / "locked"
    locked.mkdir(parents=True)
    scandir = os.scandir

    def refuse(path: Any = ".") -> Any:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path)

    monkeypatch.setattr(os, "scandir", refuse)
    s = Warehouse(tmp_path / "wh").ingest([tmp_path / "in"])
    assert s.unrecognized == [(str(locked), "cannot read folder: Permission denied")]
    assert "nothing to read" not in s.line() and "(1 could not be read)" in s.line()


def test_a_summary_prints_as_its_line(history: Path, tmp_path: Path) -> None:
    """``print(wh.ingest(...))`` printed the dataclass's fields; it prints the line the
    command line prints."""
    s = Warehouse(tmp_path / "wh").ingest([history])
    assert str(s) == s.line() and str(s).startswith("read ") and repr(s).startswith("Ingest")


def test_a_file_reached_twice_is_read_once(history: Path, tmp_path: Path) -> None:
    """``rakestats ingest h.txt h.txt folder/`` read the file three times and counted two
    copies of each hand as duplicates; a link to a file beside it did the same."""
    root = tmp_path / "in"
    root.mkdir()
    h = root / "h.txt"
    shutil.copy(history, h)
    (root / "link.txt").symlink_to("h.txt")
    shutil.copy(history, root / "copy.txt")  # another file of the same hands: read
    passed: list[tuple[str, str]] = []
    assert walk([h, h, root], [], passed) == [h, root / "copy.txt"]
    assert passed == [
        (str(h), f"the same file as {h}"),
        (str(root / "h.txt"), f"the same file as {h}"),
        (str(root / "link.txt"), f"the same file as {h}"),
    ]
    s = Warehouse(tmp_path / "wh").ingest([h, h, root])
    assert (s.files, s.read, s.ingested, s.duplicates) == (2, 8, 4, 4)
    assert s.clean
    assert s.line() == (
        "read 8 hands from 2 files: 4 ingested, 4 duplicates, 0 quarantined, 0 skipped "
        "(3 files passed over: named again (read once))"
    )


def test_a_warehouse_beside_the_histories_is_not_walked(history: Path, tmp_path: Path) -> None:
    """``rakestats ingest poker -w poker/wh`` walked into the warehouse it was writing:
    its lock, marker and Parquet parts came out as `not a known hand-history format`,
    twenty files of binary noise on stderr and a summary of files 'not recognised'."""
    root = tmp_path / "poker"
    root.mkdir()
    shutil.copy(history, root / "h.txt")
    wh = Warehouse(root / "wh")
    first = wh.ingest([root])
    assert (first.files, first.ingested, first.unrecognized) == (1, 4, [])
    assert first.passed_over == [(str(root / "wh"), "a rakestats warehouse (not walked)")]
    assert first.line().endswith("(1 folder passed over: a warehouse)")
    again = wh.ingest([root])
    assert (again.files, again.files_unchanged, again.unrecognized) == (1, 1, [])
    # another warehouse, named or below a folder named, is passed over all the same
    other = Warehouse(tmp_path / "other")
    named = other.ingest([root / "wh"])
    assert (named.files, named.unrecognized) == (0, [])
    assert named.line().endswith("(nothing to read: 1 folder passed over: a warehouse)")
    assert other.ingest([tmp_path]).unrecognized == []


def test_an_archive_passes_over_what_a_folder_would(history: Path, tmp_path: Path) -> None:
    """A zip of a folder (``zip -r``, the Finder's "Compress") holds its README, its
    ``.DS_Store`` and ``__MACOSX/._*``: each was `not recognised` (on stderr, and exit 3
    under ``--strict``) where the folder itself was read without a word of them."""
    import zipfile

    arc = tmp_path / "histories.zip"
    data = history.read_bytes()
    with zipfile.ZipFile(arc, "w") as zf:
        zf.writestr("README.md", "# my notes\n")
        zf.writestr(".DS_Store", b"\x00\x00\x00\x01Bud1")
        zf.writestr("s1/h.txt", data)
        zf.writestr("__MACOSX/s1/._h.txt", b"\x00\x05\x16\x07")
        zf.writestr("s1/players.json", "{}\n")
        zf.writestr(".git/config", "[core]\n")
    s = Warehouse(tmp_path / "wh").ingest([arc])
    assert (s.files, s.ingested, s.unrecognized) == (1, 4, [])
    assert sorted(s.passed_over) == sorted(
        [
            (f"{arc}!README.md", "notes, not a hand history"),
            (f"{arc}!.DS_Store", "hidden file"),
            (f"{arc}!__MACOSX/s1/._h.txt", "hidden file"),
            (f"{arc}!s1/players.json", "notes, not a hand history"),
            (f"{arc}!.git/config", "hidden file"),
        ]
    )
    assert s.clean and s.line().endswith("(5 files passed over: hidden, or notes)")
    # the library reads the archive alike (it raised UnrecognizedFileError for the README)
    records = list(iter_file(arc))
    assert len(records) == 4 and {r.source_file for r in records} == {f"{arc}!s1/h.txt"}
    with pytest.raises(UnrecognizedFileError, match=r"README\.md: not a known"):
        iter_file(arc, member="README.md")  # named: read, and refused for what it is
    # an archive of nothing but notes: nothing is passed over in silence
    notes = tmp_path / "notes.zip"
    with zipfile.ZipFile(notes, "w") as zf:
        zf.writestr("README.md", "# my notes\n")
    only = Warehouse(tmp_path / "wh2").ingest([notes])
    assert [why for _, why in only.unrecognized] == [
        "not a known hand-history format: '# my notes'"
    ]

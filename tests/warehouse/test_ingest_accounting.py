"""Honest accounting of what an ingest did not read: the summary line, --strict."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli.ingest import EXIT_NOT_CLEAN
from rakestats.sim import simulate


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    d = tmp_path / "logs"
    simulate(40, 3, 2, d)
    return d


def _ingest(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["ingest", *args])
    return result.exit_code, result.stdout, result.stderr


def test_clean_ingest_passes_strict(folder: Path, tmp_path: Path) -> None:
    code, out, err = _ingest(str(folder), "-w", str(tmp_path / "wh"), "--strict")
    assert code == 0, err
    assert "not recognised" not in out
    assert Warehouse(tmp_path / "wh").sql("SELECT count(*) AS n FROM hands").n[0] == 40


def test_unrecognised_files_are_counted_and_fail_strict(folder: Path, tmp_path: Path) -> None:
    (folder / "notes.txt").write_text("shopping list\n", encoding="utf-8")
    bad_name = folder / "bad\udcff.txt"
    bad_name.write_bytes(b"\x00\x01 not a history\n")
    code, out, err = _ingest(str(folder), "-w", str(tmp_path / "wh"))
    assert code == 0  # without --strict, what could be read is ingested and the rest named
    assert "read 40 hands from 3 files (2 not recognised): 40 ingested" in out
    assert "notes.txt" in err
    assert err.count("bad\\xff.txt") == 1  # undecodable bytes shown escaped, once
    assert "\udcff" not in err
    code, out, err = _ingest(str(folder), "-w", str(tmp_path / "wh2"), "--strict")
    assert code == EXIT_NOT_CLEAN == 3
    assert "--strict" in err
    # the hands that could be read are still stored
    assert Warehouse(tmp_path / "wh2").sql("SELECT count(*) AS n FROM hands").n[0] == 40


def test_a_quarantined_hand_fails_strict(folder: Path, tmp_path: Path) -> None:
    f = sorted(folder.glob("*.txt"))[0]
    text = f.read_text(encoding="utf-8")
    f.write_text(text.replace("posts the ante", "posts the antee", 1), encoding="utf-8")
    code, out, err = _ingest(str(folder), "-w", str(tmp_path / "wh"), "--strict")
    assert code == EXIT_NOT_CLEAN, out + err
    assert "1 quarantined" in out
    summary = Warehouse(tmp_path / "wh2").ingest([folder])
    assert summary.quarantined == 1 and not summary.clean


def test_library_summary_counts_unreadable_files(folder: Path, tmp_path: Path) -> None:
    (folder / "empty.txt").write_bytes(b"")
    summary = Warehouse(tmp_path / "wh").ingest([folder])
    assert summary.files == 1 and summary.files_unreadable == 1
    assert [(Path(p).name, why) for p, why in summary.unrecognized] == [
        ("empty.txt", "no hands in this file")
    ]
    assert "(1 not recognised)" in summary.line()


def test_an_unreadable_folder_is_named_and_fails_strict(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import errno
    import os

    locked = folder / "locked"
    locked.mkdir()
    simulate(30, 2, 3, locked)
    real = os.scandir

    def scandir(path: object = ".") -> object:
        if not isinstance(path, int) and Path(os.fsdecode(path)) == locked:  # type: ignore[arg-type]
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    summary = Warehouse(tmp_path / "wh").ingest([folder])
    assert summary.ingested == 40
    assert summary.unrecognized == [(str(locked), "cannot read folder: Permission denied")]
    assert not summary.clean
    code, out, err = _ingest(str(folder), "-w", str(tmp_path / "wh2"), "--strict")
    assert code == EXIT_NOT_CLEAN
    assert f"skipped {locked}: cannot read folder: Permission denied" in err
    assert "(1 could not be read)" in out and "not recognised" not in out


STUD = Path(__file__).resolve().parents[1] / "data" / "stud"


@pytest.mark.parametrize("jobs", [1, 2])
def test_hands_of_other_games_are_counted_by_game(tmp_path: Path, jobs: int) -> None:
    files = [
        STUD / "tour" / "Stars" / "Stud" / "Triple-Stud-USD-2.00-0.20-MTT-201301.txt",
        STUD / "tour" / "FTP" / "Stud" / "5-Stud-USD-MTT-100-201303.txt",
        STUD / "tour" / "Stars" / "Stud" / "7-StudHL-USD-0.98-0.12-202302.allin.ante.txt",
    ]
    summary = Warehouse(tmp_path / "wh").ingest(files, jobs=jobs)
    assert summary.skipped == 2
    assert summary.skipped_games == {
        "Triple Stud (7 Card Stud Limit)": 1,
        "Limit 5 Card Stud": 1,
    }
    assert summary.ingested >= 1 and not summary.unrecognized
    assert "games not analysed: Limit 5 Card Stud 1, Triple Stud (7 Card Stud Limit) 1" in (
        summary.line()
    )


def test_a_path_that_does_not_exist_is_refused_before_anything_is_read(
    folder: Path, tmp_path: Path
) -> None:
    """``wh.ingest(["typo"])`` said ``read 0 hands from 1 files (1 not recognised)``, as if
    the file were in an unknown format; the command line refuses such a path (exit 2)."""
    wh = Warehouse(tmp_path / "wh")
    with pytest.raises(FileNotFoundError, match="no such file or folder to ingest") as caught:
        wh.ingest([folder, tmp_path / "typo"])
    assert caught.value.filename == str(tmp_path / "typo")
    assert not (tmp_path / "wh").exists()  # nothing read, no warehouse made
    with pytest.raises(TypeError, match="a path or an iterable of paths, got 7"):
        wh.ingest(7)  # type: ignore[arg-type]
    assert wh.ingest(str(folder)).ingested == 40  # one path as text: that path
    code, _, err = _ingest(str(tmp_path / "typo"), "-w", str(tmp_path / "wh2"))
    assert code == 2 and "does not exist" in err


def test_a_file_that_cannot_be_read_is_not_called_unrecognised(
    folder: Path, tmp_path: Path
) -> None:
    (folder / "gone.txt").symlink_to(tmp_path / "nowhere.txt")  # in a folder: named, read on
    summary = Warehouse(tmp_path / "wh").ingest([folder])
    assert (str(folder / "gone.txt"), "cannot read: No such file or directory") in (
        summary.unrecognized
    )
    assert "(1 could not be read)" in summary.line() and "not recognised" not in summary.line()


@pytest.mark.parametrize("n", [1, 2])
def test_the_summary_lines_count_in_the_singular_where_there_is_one(n: int) -> None:
    """It said `read 258 hands from 1 files`, `1 duplicates`, `1 quarantined hands resolved`."""
    from rakestats.warehouse import IngestSummary, RetrySummary

    s = IngestSummary(
        files=n,
        read=n,
        ingested=n,
        duplicates=n,
        pending=n,
        resolved=n,
        merged=n,
        files_unchanged=n,
    )
    r = RetrySummary(retried=n, ingested=0, duplicates=n, still_quarantined=0)
    if n == 1:
        assert s.line() == (
            "read 1 hand from 1 file: 1 ingested, 1 duplicate, 0 quarantined, 0 skipped "
            "(1 file ends in a hand still being written: read again later) "
            "(1 quarantined hand resolved by a complete copy) "
            "(1 stored hand gained cards from another view) (1 unchanged file not re-read)"
        )
        assert r.line() == (
            "re-validated 1 quarantined hand: 0 ingested, 1 duplicate, 0 still quarantined"
        )
    else:
        assert s.line() == (
            "read 2 hands from 2 files: 2 ingested, 2 duplicates, 0 quarantined, 0 skipped "
            "(2 files end in a hand still being written: read again later) "
            "(2 quarantined hands resolved by a complete copy) "
            "(2 stored hands gained cards from another view) (2 unchanged files not re-read)"
        )
        assert r.line() == (
            "re-validated 2 quarantined hands: 0 ingested, 2 duplicates, 0 still quarantined"
        )

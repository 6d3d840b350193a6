"""A simulation that cannot be written (a full disk, a read-only folder, Ctrl-C) leaves
none of its files: no history cut mid-hand, no histories without their truth; a
user's other files and an earlier copy of the same run are left as they were."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats.cli import main
from rakestats.sim import _session, simulate


def _contents(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


@pytest.fixture
def disk_fills_after(monkeypatch: pytest.MonkeyPatch) -> object:
    """Make the simulator's writes fail with ENOSPC after ``n`` hands are formatted."""

    def fill(n: int) -> None:
        real = _session.format_hand
        calls = 0

        def format_hand(*args: object, **kwargs: object) -> str:
            nonlocal calls
            calls += 1
            if calls > n:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            return real(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(_session, "format_hand", format_hand)

    return fill


@pytest.mark.parametrize("view", ["server", "player", "both"])
def test_a_run_cut_short_leaves_none_of_its_files(
    tmp_path: Path, disk_fills_after: object, view: str
) -> None:
    out = tmp_path / "sim"
    out.mkdir()
    (out / "mine.txt").write_text("a user's own notes\n")
    # in the second session of each view (the first: 214 hands, 391 of the players' view)
    disk_fills_after({"server": 1000, "player": 2000, "both": 2000}[view])  # type: ignore[operator]
    with pytest.raises(OSError, match="No space left"):
        simulate(2000, "3-4", 11, out, view=view)
    assert _contents(out) == {"mine.txt": b"a user's own notes\n"}


def test_an_earlier_copy_of_the_same_run_is_kept_whole(
    tmp_path: Path, disk_fills_after: object
) -> None:
    out = tmp_path / "sim"
    simulate(2000, "3-4", 11, out)
    before = _contents(out)
    assert len(before) > 3
    disk_fills_after(700)  # type: ignore[operator]
    with pytest.raises(OSError):
        simulate(2000, "3-4", 11, out)
    assert _contents(out) == before


def test_after_a_failure_the_run_writes_what_a_clean_one_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, disk_fills_after: object
) -> None:
    simulate(1500, "2-5", 3, tmp_path / "clean")
    disk_fills_after(400)  # type: ignore[operator]
    with pytest.raises(OSError):
        simulate(1500, "2-5", 3, tmp_path / "again")
    monkeypatch.undo()
    simulate(1500, "2-5", 3, tmp_path / "again")
    assert _contents(tmp_path / "again") == _contents(tmp_path / "clean")


def test_the_cli_says_why_and_exits_1(tmp_path: Path, disk_fills_after: object) -> None:
    disk_fills_after(300)  # type: ignore[operator]
    out = tmp_path / "sim"
    args = ["simulate", "--hands", "1000", "--players", "3", "--seed", "2", "--out", str(out)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [
        f"error: cannot write the histories in {out}: No space left on device; "
        "none of this run's files were kept"
    ]
    assert _contents(out) == {}


def test_sample_data_says_why_and_exits_1(tmp_path: Path, disk_fills_after: object) -> None:
    disk_fills_after(300)  # type: ignore[operator]
    out = tmp_path / "samples"
    result = CliRunner().invoke(main, ["sample-data", "--out", str(out)])
    assert result.exit_code == 1, result.output
    assert "error: cannot write the histories in" in result.output
    assert "Traceback" not in result.output
    assert not [p for p in out.rglob("*") if p.is_file()]


def test_a_session_being_written_is_hidden_from_readers(tmp_path: Path) -> None:
    from rakestats.formats.files import passed_over

    part = _session.part_path(tmp_path / "abc-0001.txt")
    assert part.parent == tmp_path and part.name.startswith(".")
    assert passed_over(part.name)

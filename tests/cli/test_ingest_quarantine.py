"""``rakestats ingest`` and ``rakestats quarantine`` together: what ``--strict`` counts
is what the quarantine lists, whatever ``--commit-every``; ``--retry-quarantined``
keeps what still fails as a fresh ingest would say it; files passed over are counted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.sim import simulate


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("cli-quarantine-src")
    simulate(3, 3, 1, out)
    return sorted(out.glob("*.txt"))[0]


def _first_hand(history: Path) -> str:
    return history.read_text(encoding="utf-8").split("\n\n\n")[0].strip("\n") + "\n\n\n"


@pytest.mark.parametrize("commit_every", ["1", "200000"])
def test_strict_counts_what_the_quarantine_lists(
    history: Path, tmp_path: Path, commit_every: str
) -> None:
    hand = _first_hand(history)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "h.txt").write_text(hand, encoding="utf-8")
    other = re.sub(r"\((\d+) in chips\)", lambda m: f"({int(m[1]) + 1000} in chips)", hand, count=1)
    (tmp_path / "b" / "h.txt").write_text(other, encoding="utf-8")
    wh = str(tmp_path / "wh")
    args = ["ingest", str(tmp_path / "a"), str(tmp_path / "b"), "-w", wh, "-j1", "--strict"]
    result = CliRunner().invoke(main, [*args, "--commit-every", commit_every])
    assert result.exit_code == 3, result.output
    assert "1 quarantined" in result.output and "resolved" not in result.output
    listing = CliRunner().invoke(main, ["quarantine", "-w", wh])
    assert listing.output.splitlines()[-1] == "1 quarantined hands"
    assert f"{tmp_path / 'b' / 'h.txt'}:1: conflict: " in listing.output
    (entry,) = Warehouse(wh).quarantine().itertuples()
    assert entry.source_file == str(tmp_path / "b" / "h.txt")


def test_retry_keeps_a_damaged_header_and_the_files_line_numbers(
    history: Path, tmp_path: Path
) -> None:
    text = history.read_text(encoding="utf-8")
    hands = [h for h in text.split("\n\n\n") if h.strip()]
    assert len(hands) == 3
    headless = hands[1].replace(" Rake Hand #", " Rake Hnd #", 1)
    damaged = re.sub(r": calls (\d+)$", r": calls 9\1", hands[2], count=1, flags=re.M)
    assert damaged != hands[2]
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "h.txt").write_text(
        "".join(h + "\n\n\n" for h in [hands[0], headless, damaged]), encoding="utf-8"
    )
    wh = str(tmp_path / "wh")
    CliRunner().invoke(main, ["ingest", str(tmp_path / "in"), "-w", wh, "-j1"])
    listing = CliRunner().invoke(main, ["quarantine", "-w", wh]).output
    assert listing.splitlines()[-1] == "2 quarantined hands"
    retry = CliRunner().invoke(main, ["ingest", "-w", wh, "--retry-quarantined"])
    assert retry.exit_code == 0, retry.output
    assert retry.exception is None
    assert retry.output.strip() == (
        "re-validated 2 quarantined hands: 0 ingested, 0 duplicates, 2 still quarantined"
    )
    assert CliRunner().invoke(main, ["quarantine", "-w", wh]).output == listing
    assert ": line " not in listing  # each line number is the file's, said once
    assert len(Warehouse(wh).sql("SELECT * FROM hands")) == 1


def test_files_passed_over_are_counted_and_do_not_fail_strict(
    history: Path, tmp_path: Path
) -> None:
    root = tmp_path / "in"
    (root / ".archive").mkdir(parents=True)
    (root / ".archive" / "old.txt").write_bytes(history.read_bytes())
    (root / ".session.txt").write_bytes(history.read_bytes())
    (root / "README.txt").write_bytes(history.read_bytes())
    wh = str(tmp_path / "wh")
    result = CliRunner().invoke(main, ["ingest", str(root), "-w", wh, "-j1", "--strict"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "read 0 hands from 0 files: 0 ingested, 0 duplicates, 0 quarantined, 0 skipped "
        "(nothing to read: 1 folder and 2 files passed over: hidden, or notes)\n"
    )
    # counted, not listed: a folder of histories may hold a hidden file in every folder
    assert result.stderr == ""
    (root / "h.txt").write_bytes(history.read_bytes())
    result = CliRunner().invoke(main, ["ingest", str(root), "-w", wh, "-j1", "--strict"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("read 3 hands from 1 file: 3 ingested, 0 duplicates")
    assert result.stdout.endswith(" (1 folder and 2 files passed over: hidden, or notes)\n")
    named = [str(root / "README.txt"), str(root / ".archive")]
    result = CliRunner().invoke(main, ["ingest", *named, "-w", wh, "-j1", "--strict"])
    assert result.exit_code == 0, result.output
    assert "passed over" not in result.output and "6 duplicates" in result.output
    assert len(Warehouse(wh).sql("SELECT * FROM hands")) == 3


def test_an_empty_folder_is_named_as_holding_nothing(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    wh = tmp_path / "wh"
    result = CliRunner().invoke(main, ["ingest", str(tmp_path / "in"), "-w", str(wh), "-j1"])
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith(" (nothing to read: no files under the paths named)\n")
    assert Warehouse(wh).hands().empty


def test_pending_seconds_of_nan_is_a_usage_error(tmp_path: Path) -> None:
    """``nan`` passes click's range: it reached the library's check as a traceback."""
    (tmp_path / "h.txt").write_text("", encoding="utf-8")
    wh = tmp_path / "wh"
    result = CliRunner().invoke(
        main, ["ingest", str(tmp_path / "h.txt"), "-w", str(wh), "--pending-seconds", "nan"]
    )
    assert result.exit_code == 2, result.output
    assert "Invalid value for '--pending-seconds': nan is not a number of seconds" in result.output
    assert not wh.exists()  # refused before anything is made
    ok = CliRunner().invoke(
        main, ["ingest", str(tmp_path / "h.txt"), "-w", str(wh), "--pending-seconds", "inf"]
    )
    assert ok.exit_code == 0, ok.output

"""``rakestats demo``: ingest, the statistics table and the report, idempotent."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats.cli import main
from rakestats.sim import sample_data_dir
from tests.report.test_report import SOURCE


def test_demo_runs_twice(tmp_path: Path) -> None:
    sample = tmp_path / "sample_data"
    (sample / "server").mkdir(parents=True)
    shutil.copy(SOURCE, sample / "server" / SOURCE.name)
    (sample / "README.md").write_text("not a history\n")
    out = tmp_path / "demo_out"
    args = ["demo", "--sample-data", str(sample), "--out", str(out), "--jobs", "1"]
    first = CliRunner().invoke(main, args)
    assert first.exit_code == 0, first.output
    lines = first.stdout.splitlines()  # (a library's warning goes to stderr)
    assert lines[0].startswith("read 258 hands from 1 file: 258 ingested")
    assert any(line.startswith("player ") and "loss freq" in line for line in lines)
    assert "Malvery (Doc)" in first.output
    assert f"report: {out / 'report.html'} and {out / 'report.pdf'}" in first.output
    assert lines[-1].startswith("open it: file://")
    report = out / "report.html"
    assert report.stat().st_size > 10_000
    assert (out / "report.pdf").read_bytes().startswith(b"%PDF")
    assert report.read_text(encoding="utf-8").count('<article class="profile"') == 2
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.pdf", "warehouse"]

    second = CliRunner().invoke(main, args)
    assert second.exit_code == 0, second.output
    assert "0 ingested" in second.output.splitlines()[0]
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "report.pdf", "warehouse"]
    # the same statistics table both times
    table = [line for line in first.output.splitlines() if "rake  chips" in line]
    assert table and table == [ln for ln in second.output.splitlines() if "rake  chips" in ln]


def test_demo_missing_sample_data(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["demo", "--sample-data", str(tmp_path / "no")])
    assert result.exit_code == 2


def test_demo_with_a_sample_data_variable_naming_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said `read 0 hands from 1 files (1 not recognised)` and `no hands`; now the
    variable is named, and nothing is written."""
    missing = tmp_path / "nowhere"
    monkeypatch.setenv("RAKESTATS_SAMPLE_DATA", str(missing))
    with pytest.raises(FileNotFoundError, match="RAKESTATS_SAMPLE_DATA names"):
        sample_data_dir()
    out = tmp_path / "demo_out"
    result = CliRunner().invoke(main, ["demo", "--out", str(out)])
    assert result.exit_code == 2
    assert f"RAKESTATS_SAMPLE_DATA names '{missing}', which does not exist" in result.output
    assert not out.exists()


def test_demo_names_what_it_could_not_read(tmp_path: Path) -> None:
    sample = tmp_path / "sample_data"
    sample.mkdir()
    shutil.copy(SOURCE, sample / SOURCE.name)
    (sample / "junk.txt").write_bytes(bytes(range(256)) * 4)
    out = tmp_path / "demo_out"
    args = ["demo", "--sample-data", str(sample), "--out", str(out), "--jobs", "1", "--no-pdf"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert f"skipped {sample / 'junk.txt'}: not a known hand-history format" in result.stderr
    assert "(1 not recognised)" in result.stdout.splitlines()[0]

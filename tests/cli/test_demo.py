"""``rakestats demo``: ingest, the statistics table and the report, idempotent."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from rakestats.cli import main
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
    assert lines[0].startswith("read 258 hands from 1 files: 258 ingested")
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

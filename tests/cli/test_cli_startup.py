"""Small commands start fast: they import neither plotting nor pandas they do not need.

The start-up times are measured by benchmarks/bench_startup.py; these tests pin what
the commands import.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.cli._group import COMMANDS, SUMMARIES, main
from rakestats.sim import simulate

_PROBE = """
import json, runpy, sys
sys.argv = ["rakestats", *json.loads(sys.argv[1])]
try:
    runpy.run_module("rakestats", run_name="__main__")
except SystemExit:
    pass
heavy = {"matplotlib", "pandas", "rakestats.report", "rakestats.plots", "rakestats.stats"}
print(json.dumps(sorted(m for m in heavy if m in sys.modules)), file=sys.stderr)
"""


def _imports(args: list[str]) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(args)],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    last = done.stderr.strip().splitlines()[-1]
    return list(json.loads(last))


@pytest.fixture(scope="module")
def wh_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("startup")
    simulate(5, 3, 1, base / "h")
    Warehouse(base / "wh").ingest([base / "h"])
    return base / "wh"


def test_help_imports_no_command(wh_dir: Path) -> None:
    assert _imports(["--help"]) == []


def test_quarantine_imports_neither_pandas_nor_plotting(wh_dir: Path) -> None:
    assert _imports(["quarantine", "-w", str(wh_dir)]) == []


def test_hand_imports_no_plotting(wh_dir: Path) -> None:
    hand_id = Warehouse(wh_dir).sql("SELECT hand_id FROM hands LIMIT 1")["hand_id"][0]
    heavy = _imports(["hand", "-w", str(wh_dir), hand_id])
    assert "matplotlib" not in heavy and "rakestats.report" not in heavy


def test_every_command_has_its_summary() -> None:
    import click

    assert set(SUMMARIES) == set(COMMANDS)
    ctx = click.Context(main)
    for name in COMMANDS:
        cmd = main.get_command(ctx, name)
        assert cmd is not None, name
        assert cmd.get_short_help_str(200) == SUMMARIES[name]


def test_the_package_type_checks_for_windows_too() -> None:
    """No POSIX-only call without a fallback: mypy, told the platform is Windows, finds
    every module's calls there (the lock takes msvcrt's byte-range lock)."""
    mypy = Path(sys.executable).parent / "mypy"
    if not mypy.exists():
        pytest.skip("mypy is not installed")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [str(mypy), "--platform", "win32", "--cache-dir", os.devnull,
         str(root / "rakestats")],
        capture_output=True, text=True, cwd=root, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:]

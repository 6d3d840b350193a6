"""The rakestats program and the ingest's workers run OpenBLAS on one thread unless
their environment names a number; a script that imports rakestats keeps its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rakestats.blas import BLAS_THREADS
from rakestats.sim import simulate

_PROGRAM = """
import os, runpy, sys
sys.argv = ["rakestats", *sys.argv[1:]]
try:
    runpy.run_module("rakestats", run_name="__main__")
except SystemExit as exc:
    assert not exc.code, exc.code
print(os.environ.get("OPENBLAS_NUM_THREADS"), file=sys.stderr)
"""

_LIBRARY = """
import os, sys
from rakestats import Warehouse
Warehouse(sys.argv[2]).ingest(sys.argv[1])
print(os.environ.get("OPENBLAS_NUM_THREADS"), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("blas")
    simulate(5, 3, 1, base / "h")
    return base / "h"


def _threads(code: str, args: list[str], threads: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != BLAS_THREADS}
    if threads is not None:
        env[BLAS_THREADS] = threads
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(("named", "used"), [(None, "1"), ("3", "3")])
def test_the_program_runs_openblas_on_one_thread_unless_told_otherwise(
    histories: Path, tmp_path: Path, named: str | None, used: str
) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    assert _threads(_PROGRAM, args, named) == used


def test_a_script_keeps_its_own(histories: Path, tmp_path: Path) -> None:
    assert _threads(_LIBRARY, [str(histories), str(tmp_path / "wh")], None) == "None"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_one_blas_thread_starts_no_thread_with_numpy() -> None:
    """What the setting is for: importing numpy starts no OpenBLAS thread (which would
    spin for a while, waiting for work)."""
    code = "import os, numpy; print(len(os.listdir('/proc/self/task')))"
    env = {**os.environ, BLAS_THREADS: "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.strip() == "1", done.stderr

"""The rakestats program allocates Arrow memory with the C library's malloc, and runs
OpenBLAS on one thread, unless its environment names others; a script that imports
rakestats keeps its own."""

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
import pyarrow as pa
print(pa.default_memory_pool().backend_name, file=sys.stderr)
print(os.environ.get("OPENBLAS_NUM_THREADS"), file=sys.stderr)
"""

_LIBRARY = """
import os, sys
from rakestats import Warehouse
Warehouse(sys.argv[2]).ingest(sys.argv[1])
import pyarrow as pa
print(pa.default_memory_pool().backend_name, file=sys.stderr)
print(os.environ.get("OPENBLAS_NUM_THREADS"), file=sys.stderr)
"""


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("allocator")
    simulate(5, 3, 1, base / "h")
    return base / "h"


def _run(code: str, args: list[str], named: dict[str, str]) -> list[str]:
    """The last two lines the code prints to stderr (the programs above: Arrow's
    allocator, then OpenBLAS's threads), run with the variables ``named`` only."""
    env = {k: v for k, v in os.environ.items() if k not in (_POOL, BLAS_THREADS)}
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        env={**env, **named},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-2:]


def _backend(code: str, args: list[str], pool: str | None) -> str:
    return _run(code, args, {} if pool is None else {_POOL: pool})[-2]


_POOL = "ARROW_DEFAULT_MEMORY_POOL"


def test_the_program_ingests_with_malloc(histories: Path, tmp_path: Path) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    assert _backend(_PROGRAM, args, None) == "system"


def test_the_program_keeps_an_allocator_its_environment_names(
    histories: Path, tmp_path: Path
) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    assert _backend(_PROGRAM, args, "mimalloc") == "mimalloc"


def test_a_script_keeps_arrows_default(histories: Path, tmp_path: Path) -> None:
    code = (
        "import pyarrow as pa, sys; print(pa.default_memory_pool().backend_name, file=sys.stderr)"
    )
    default = _run(code, [], {})[-1]
    assert default != "system"  # (else this test shows nothing)
    assert _backend(_LIBRARY, [str(histories), str(tmp_path / "wh")], None) == default


def test_loading_the_program_does_not_load_arrow() -> None:
    """The allocator is read when Arrow is first loaded: after the program sets it."""
    code = "import sys, rakestats.cli; print('pyarrow' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


@pytest.mark.parametrize(("named", "used"), [(None, "1"), ("3", "3")])
def test_the_program_runs_openblas_on_one_thread_unless_told_otherwise(
    histories: Path, tmp_path: Path, named: str | None, used: str
) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    env = {} if named is None else {BLAS_THREADS: named}
    assert _run(_PROGRAM, args, env)[1] == used


def test_a_script_keeps_its_openblas_threads(histories: Path, tmp_path: Path) -> None:
    assert _run(_LIBRARY, [str(histories), str(tmp_path / "wh")], {})[1] == "None"


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_one_blas_thread_starts_no_thread_with_numpy() -> None:
    """What the setting is for: importing numpy starts no OpenBLAS thread (which would
    spin for a while, waiting for work)."""
    code = "import os, numpy; print(len(os.listdir('/proc/self/task')))"
    env = {**os.environ, BLAS_THREADS: "1"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.stdout.strip() == "1", done.stderr

"""The rakestats program allocates Arrow memory with the C library's malloc unless its
environment names an allocator; a script that imports rakestats keeps its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rakestats.sim import simulate

_PROGRAM = """
import runpy, sys
sys.argv = ["rakestats", *sys.argv[1:]]
try:
    runpy.run_module("rakestats", run_name="__main__")
except SystemExit as exc:
    assert not exc.code, exc.code
import pyarrow as pa
print(pa.default_memory_pool().backend_name, file=sys.stderr)
"""

_LIBRARY = """
import sys
from rakestats import Warehouse
Warehouse(sys.argv[2]).ingest(sys.argv[1])
import pyarrow as pa
print(pa.default_memory_pool().backend_name, file=sys.stderr)
"""


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("allocator")
    simulate(5, 3, 1, base / "h")
    return base / "h"


def _backend(code: str, args: list[str], pool: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "ARROW_DEFAULT_MEMORY_POOL"}
    if pool is not None:
        env["ARROW_DEFAULT_MEMORY_POOL"] = pool
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stderr.strip().splitlines()[-1]


def test_the_program_ingests_with_malloc(histories: Path, tmp_path: Path) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    assert _backend(_PROGRAM, args, None) == "system"


def test_the_program_keeps_an_allocator_its_environment_names(
    histories: Path, tmp_path: Path
) -> None:
    args = ["ingest", str(histories), "--warehouse", str(tmp_path / "wh")]
    assert _backend(_PROGRAM, args, "mimalloc") == "mimalloc"


def test_a_script_keeps_arrows_default(histories: Path, tmp_path: Path) -> None:
    default = _backend("import pyarrow as pa, sys; print(pa.default_memory_pool()"
                       ".backend_name, file=sys.stderr)", [], None)  # fmt: skip
    assert default != "system"  # (else this test shows nothing)
    assert _backend(_LIBRARY, [str(histories), str(tmp_path / "wh")], None) == default


def test_loading_the_program_does_not_load_arrow() -> None:
    """The allocator is read when Arrow is first loaded: after the program sets it."""
    code = "import sys, rakestats.cli; print('pyarrow' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr

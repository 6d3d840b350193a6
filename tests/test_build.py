"""The Makefile rebuilds the venv when a module the install compiles changes: its
``HOT_SOURCES`` are read from ``rakestats._speedups.HOT``, the one list of them."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from rakestats._speedups import HOT
from tests._scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("make") is None, reason="no make here")
def test_the_makefile_watches_every_compiled_module() -> None:
    out = subprocess.run(
        ["make", "-np", "unit"], cwd=ROOT, capture_output=True, text=True, check=False
    ).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith("HOT_SOURCES :="))
    watched = set(line.split(":=", 1)[1].split())
    want = {m.replace(".", "/") + ".py" for m in HOT.values()}
    assert want <= watched
    assert watched - want == {"setup.py", "rakestats/_speedups/__init__.py"}
    assert all((ROOT / path).is_file() for path in watched)


def _setup_module() -> object:
    """setup.py's helpers, without running the build (it runs as ``__main__`` only)."""
    return load_script(ROOT / "setup.py", "rakestats_setup")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here: generated in process")
def test_the_c_is_generated_in_a_child_that_hands_back_its_result() -> None:
    in_child = _setup_module()._in_child  # type: ignore[attr-defined]
    pid, value = in_child(lambda: [os.getpid(), {"sources": ["a.c"]}])
    assert pid != os.getpid()
    assert value == {"sources": ["a.c"]}


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here: generated in process")
def test_a_failed_generation_is_raised_in_the_build_not_lost() -> None:
    in_child = _setup_module()._in_child  # type: ignore[attr-defined]

    def type_errors() -> list[object]:
        raise SystemExit("2 errors in rakestats/_speedups/c_rake_lean.py")

    with pytest.raises(RuntimeError, match=r"SystemExit: 2 errors in .*c_rake_lean\.py"):
        in_child(type_errors)

    def killed() -> list[object]:
        os.kill(os.getpid(), signal.SIGKILL)
        return []

    with pytest.raises(RuntimeError, match=r"without a result \(exit code -9\)"):
        in_child(killed)

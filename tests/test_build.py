"""The Makefile rebuilds the venv when a module the install compiles changes: its
``HOT_SOURCES`` are read from ``rakestats._speedups.HOT``, the one list of them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from rakestats._speedups import HOT

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

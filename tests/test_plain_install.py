"""rakestats after a plain ``pip install .`` (not editable), used from an empty folder.

The package alone must be enough: ``rakestats demo`` finds its sample data through the
library (made by the simulator when no checkout is at hand), and the notebooks' way of
finding data works too. Slow: it builds and installs the package in a fresh venv.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = tmp_path_factory.mktemp("plain-install") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True)
    env = {**os.environ, "RAKESTATS_PURE_PYTHON": "1"}  # a compiler is not what is tested
    done = subprocess.run(
        [str(where / "bin" / "pip"), "install", "--quiet", str(REPO)],
        capture_output=True, text=True, env=env, timeout=1500,
    )  # fmt: skip
    if done.returncode != 0:
        pytest.fail(f"pip install failed:\n{done.stderr[-3000:]}")
    return where


def _clean_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAKESTATS_")}
    env.pop("PYTHONPATH", None)
    env["HOME"] = str(home)
    env["XDG_CACHE_HOME"] = str(home / ".cache")
    env["MPLCONFIGDIR"] = str(home / ".mpl")
    return env


def _python(venv: Path, code: str, home: Path) -> str:
    """What ``code`` prints, run by the venv's Python from ``home`` (its clean env)."""
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-c", code],
        cwd=home, capture_output=True, text=True, timeout=600, env=_clean_env(home),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_demo_works_from_an_empty_folder(venv: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = subprocess.run(
        [str(venv / "bin" / "rakestats"), "demo", "--no-pdf", "--jobs", "2"],
        cwd=empty, capture_output=True, text=True, timeout=900, env=_clean_env(tmp_path),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert (empty / "demo_out" / "report.html").is_file()
    assert "2250 ingested" in done.stdout
    # the package's code, not the checkout's
    where = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import rakestats; print(rakestats.__file__)"],
        cwd=empty, capture_output=True, text=True, env=_clean_env(tmp_path),
    )  # fmt: skip
    assert str(REPO) not in where.stdout


def test_sample_data_found_through_the_library(venv: Path, tmp_path: Path) -> None:
    code = (
        "from rakestats.sim import sample_data_dir\n"
        "p = sample_data_dir()\n"
        "print(p, sorted(x.name for x in p.iterdir()))\n"
    )
    made = Path(_python(venv, code, tmp_path).split()[0])
    assert made.is_relative_to(tmp_path / ".cache")
    for rel in ("server/players.json", "player/players.json"):
        assert (made / rel).read_bytes() == (REPO / "sample_data" / rel).read_bytes()


def test_the_license_is_declared_and_shipped(venv: Path, tmp_path: Path) -> None:
    # an SPDX expression (the TOML table form is refused by setuptools from 2027) and the
    # license's text in the installed distribution
    code = (
        "from importlib.metadata import distribution\n"
        "d = distribution('rakestats')\n"
        "print(d.metadata['License-Expression'])\n"
        "print([str(f) for f in d.files or () if f.name == 'LICENSE'])\n"
        "print(d.metadata.get_all('License-File'))\n"
    )
    expression, shipped, declared = _python(venv, code, tmp_path).splitlines()
    assert expression == "MIT"
    assert "LICENSE" in declared
    assert shipped.endswith("LICENSE']") and "licenses/LICENSE" in shipped

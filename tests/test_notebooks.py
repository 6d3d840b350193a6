"""The notebooks run clean, each in a temporary directory, and are committed without
outputs. The kernel is the interpreter running the tests (a kernelspec made here)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

REPO = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
KERNEL = "rakestats-test"


@pytest.fixture(scope="module")
def kernel_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / KERNEL
    spec.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    spec.joinpath("kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": KERNEL, "language": "python"})
    )
    return root


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def test_there_are_notebooks() -> None:
    assert {p.name for p in NOTEBOOKS} >= {"quickstart.ipynb", "skull_ace.ipynb"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_committed_without_outputs(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, path.name


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(
    path: Path, kernel_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("JUPYTER_PATH", str(kernel_dir))
    monkeypatch.setenv("RAKESTATS_SAMPLE_DATA", str(REPO / "sample_data"))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    before = _files(REPO / "notebooks"), _files(REPO / "sample_data")
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        kernel_name=KERNEL,
        timeout=180,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]  # fmt: skip
    assert not errors
    drawn = [c for c in nb.cells if c.cell_type == "code" and "plots." in c.source]
    assert drawn
    for cell in drawn:  # every plot is shown: by pyplot's backend, or as the cell's value
        shown = [o for o in cell.outputs if "image/png" in o.get("data", {})]
        assert shown, cell.source
    assert (_files(REPO / "notebooks"), _files(REPO / "sample_data")) == before
    assert any(tmp_path.glob("rakestats-notebook-*/wh"))  # it worked in the temp dir

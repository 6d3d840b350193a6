"""Feedback on long jobs: a bar on a terminal from the first second, none when piped,
and a bar in Jupyter with ``progress=True``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rakestats.sim import simulate


def _on_terminal(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run the CLI with stderr on a pseudo-terminal; return (code, stdout, terminal)."""
    master, slave = os.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rakestats", *args],
        cwd=cwd, stdout=subprocess.PIPE, stderr=slave, text=True,
    )  # fmt: skip
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    out = proc.stdout.read() if proc.stdout else ""
    code = proc.wait(timeout=300)
    os.close(master)
    return code, out, b"".join(chunks).decode("utf-8", "replace")


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("progress") / "h"
    simulate(600, "2-8", 3, d)
    return d


def test_long_commands_draw_a_bar_on_a_terminal(histories: Path, tmp_path: Path) -> None:
    code, out, term = _on_terminal(
        ["simulate", "--hands", "500", "--players", "3", "--seed", "1", "--out", "s"], tmp_path
    )
    assert code == 0 and "simulate" in term and "hand" in term
    code, out, term = _on_terminal(["ingest", str(histories), "-w", "wh", "--jobs", "1"], tmp_path)
    assert code == 0, term
    assert "hashing" in term and "ingest" in term and "100%" in term  # says what it does
    assert "600 ingested" in out
    code, out, term = _on_terminal(["compact", "-w", "wh"], tmp_path)
    assert code == 0 and "compact" in term and "partition" in term


def test_no_bar_when_piped(histories: Path, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "rakestats", "ingest", str(histories), "-w", str(tmp_path / "wh"),
         "--jobs", "1"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0
    assert done.stderr == ""  # nothing but what the summary says, on stdout
    assert "%|" not in done.stdout and "\r" not in done.stdout


def test_progress_true_in_jupyter_shows_a_bar(histories: Path, tmp_path: Path) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.v4.new_notebook()
    code = (
        "from rakestats import Warehouse\n"
        f"s = Warehouse({str(tmp_path / 'wh')!r}).ingest([{str(histories)!r}], progress=True)\n"
        "print('INGESTED', s.ingested)\n"
    )
    nb.cells = [nbformat.v4.new_code_cell(code)]
    nbclient.NotebookClient(nb, timeout=300).execute()
    outputs = nb.cells[0].outputs
    text = "".join(o.get("text", "") for o in outputs)
    widgets = [
        o for o in outputs if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert "INGESTED 600" in text
    assert widgets or "ingest" in text  # a widget where ipywidgets is installed, else text
    # without ipywidgets, tqdm.auto warned "IProgress not found" in every notebook
    assert "TqdmWarning" not in text and "IProgress" not in text

"""An Axes a plot helper returned without ``ax=`` is shown when it is a notebook cell's
value: the helpers draw on figures pyplot does not know of, which the inline backend
never shows by itself. Checked with an in-process IPython shell (the notebooks' run,
``tests/test_notebooks.py``, checks it in a kernel)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import matplotlib.pyplot as plt
import pandas as pd
import pytest
from IPython.core.interactiveshell import InteractiveShell
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rakestats.plots import aggression_map, winrate
from rakestats.plots._display import register_notebook_display

PNG = b"\x89PNG\r\n\x1a\n"
STATS = pd.DataFrame(
    {"player": ["Ann", "Bo"], "winrate_per100": [12.0, -3.0], "winrate_ci_low": [2.0, -9.0],
     "winrate_ci_high": [22.0, 3.0], "vpip": [0.3, 0.5], "af": [1.5, 0.7], "hands": [80, 120]}
)  # fmt: skip


@pytest.fixture
def shell() -> Iterator[InteractiveShell]:
    shell = InteractiveShell.instance()
    try:
        yield shell
    finally:
        InteractiveShell.clear_instance()


def _formats(shell: InteractiveShell, value: Any) -> dict[str, Any]:
    data, _ = shell.display_formatter.format(value)
    return dict(data)


def test_a_helpers_axes_is_shown_as_its_figure(shell: InteractiveShell) -> None:
    assert register_notebook_display()
    for ax in (winrate(STATS), aggression_map(STATS)):
        png = _formats(shell, ax)["image/png"]
        assert png.startswith(PNG) and len(png) > 5_000


def test_other_axes_are_left_as_they_were(shell: InteractiveShell) -> None:
    """A pyplot figure's Axes (the backend shows it), an Axes the caller made, and an
    earlier formatter for Axes, still asked for those."""
    asked: list[Axes] = []
    formatter = shell.display_formatter.formatters["image/png"]
    formatter.for_type(Axes, lambda ax: asked.append(ax))
    assert register_notebook_display() and register_notebook_display()  # once is enough
    fig = plt.figure()
    try:
        mine = winrate(STATS, ax=fig.add_subplot())
        own = Figure().add_subplot()
        assert "image/png" not in _formats(shell, mine)
        assert "image/png" not in _formats(shell, own)
        assert asked == [mine, own]
        assert _formats(shell, winrate(STATS))["image/png"].startswith(PNG)
        assert len(asked) == 2
    finally:
        plt.close(fig)


def test_no_shell_nothing_registered() -> None:
    """In a plain interpreter the package neither finds a shell nor imports IPython."""
    assert not InteractiveShell.initialized()
    assert register_notebook_display() is False
    code = "import sys, rakestats.plots; print('IPython' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

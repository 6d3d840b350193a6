"""Showing a helper's plot where it is a notebook cell's value.

A helper called without ``ax=`` draws on a new :class:`~matplotlib.figure.Figure` that
pyplot does not know of (the helpers never touch pyplot's state), so the notebook's
inline backend, which shows pyplot's figures at the end of a cell, would never show it:
``plots.aggression_map(stats)`` as the last line of a cell printed ``<Axes: …>`` alone.
When the package is imported inside IPython (Jupyter, the IPython shell), the returned
Axes is shown as the PNG of its figure instead, for the figures the helpers made only:
an Axes of a pyplot figure is left to the backend, which shows it once already.
Outside IPython nothing is registered and IPython is not imported.
"""

from __future__ import annotations

import sys
import weakref
from collections.abc import Callable
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure

__all__ = ["made_here", "register_notebook_display"]

_MADE: weakref.WeakSet[Figure] = weakref.WeakSet()
_SHELLS: weakref.WeakSet[Any] = weakref.WeakSet()  # the shells already told


def made_here(fig: Figure) -> Figure:
    """Note ``fig`` as a figure a helper made (shown when its Axes is a cell's value);
    returns it."""
    _MADE.add(fig)
    return fig


def _png_of(previous: Callable[[Any], Any] | None) -> Callable[[Axes], bytes | None]:
    def png(ax: Axes) -> bytes | None:
        fig = ax.figure
        if not isinstance(fig, Figure) or fig not in _MADE:
            return previous(ax) if previous is not None else None
        from IPython.core import pylabtools

        print_figure: Callable[..., bytes] = pylabtools.print_figure
        return print_figure(fig, "png")

    return png


def register_notebook_display() -> bool:
    """In a running IPython, show an Axes a helper returned as its figure's PNG (see the
    module docstring); a formatter registered for Axes before is still asked for any
    other Axes. Returns whether a shell was found."""
    ipython: Any = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    if shell not in _SHELLS:
        formatter = shell.display_formatter.formatters["image/png"]
        previous = formatter.type_printers.get(Axes)
        formatter.for_type(Axes, _png_of(previous))
        _SHELLS.add(shell)
    return True

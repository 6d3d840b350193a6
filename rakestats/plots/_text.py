"""Text in plots is drawn as written, never interpreted.

Player and table names come from hand histories; matplotlib would read ``$…$`` in them
as math text (and fail on ``Cash$$Money``), or hand them to TeX with ``text.usetex``.
:func:`literal` turns both off for every text of an Axes that holds words: titles, axis
labels, legend entries and title, annotations, table cells, and tick labels set as words
(categories, player names). Numeric tick labels are left alone (matplotlib may write
them as math text itself, e.g. ``×10⁶``).

>>> from matplotlib.figure import Figure
>>> ax = Figure().add_subplot()
>>> _ = ax.set_title("Net won: Cash$$Money")
>>> literal(ax).title.get_parse_math()
False
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from matplotlib.axes import Axes
from matplotlib.axis import Axis
from matplotlib.table import Table
from matplotlib.text import Text
from matplotlib.ticker import FixedFormatter, FixedLocator

__all__ = ["literal", "plain"]


def plain(text: Text) -> Text:
    """``text`` drawn as written: no math text, no TeX. Returns it."""
    text.set_usetex(False)
    text.set_parse_math(False)
    return text


def _word_ticks(axis: Axis) -> Iterator[Text]:
    """Tick labels given as text (``set_xticks(x, labels)``: a fixed locator)."""
    words = isinstance(axis.get_major_formatter(), FixedFormatter)
    if words or isinstance(axis.get_major_locator(), FixedLocator):
        for tick in axis.get_major_ticks():
            yield tick.label1
            yield tick.label2


def _texts(ax: Axes) -> Iterable[Text]:
    # the titles (centre, left, right) and annotations are the Axes' own Text children
    yield from (c for c in ax.get_children() if isinstance(c, Text))
    yield ax.xaxis.label
    yield ax.yaxis.label
    yield from _word_ticks(ax.xaxis)
    yield from _word_ticks(ax.yaxis)
    legend = ax.get_legend()
    if legend is not None:
        yield from legend.get_texts()
        yield legend.get_title()
    for table in (c for c in ax.get_children() if isinstance(c, Table)):
        yield from (cell.get_text() for cell in table.get_celld().values())


def literal(ax: Axes) -> Axes:
    """Every text of ``ax`` that holds words drawn as written (see the module); call it
    once the Axes is complete. Returns ``ax``."""
    for text in _texts(ax):
        plain(text)
    return ax

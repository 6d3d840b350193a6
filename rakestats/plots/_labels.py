"""Labels beside scatter points that never overlap.

:func:`label_points` labels the points in order of priority (the first given first):
each label tries eight places around its point and takes the first whose box overlaps
no label already placed and stays inside the Axes; a label with no free place is left
out and returned, for the caller to list. Boxes are measured with the figure's renderer
after its layout is done, so they are the boxes drawn.

>>> from matplotlib.figure import Figure
>>> ax = Figure(figsize=(4, 3)).add_subplot()
>>> _ = ax.scatter([1, 1.001, 5], [1, 1, 5])
>>> _ = ax.set_xlim(0, 6); _ = ax.set_ylim(0, 6)
>>> label_points(ax, [1, 1.001, 5], [1, 1, 5], ["first", "second", "third"])
[]
>>> sorted(t.get_text() for t in point_labels(ax))
['first', 'second', 'third']
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.text import Annotation, Text
from matplotlib.transforms import Bbox

from rakestats.plots._text import plain

__all__ = ["LABEL_GID", "label_overlaps", "label_points", "point_labels"]

LABEL_GID = "point-label"
# Directions tried in turn (right-up, left-up, right-down, left-down, right, left,
# above, below), each at the marker's edge and then farther out; with the alignment
# that keeps the text clear of the marker.
_DIRECTIONS = (
    ((0.72, 0.72), "left", "bottom"),
    ((-0.72, 0.72), "right", "bottom"),
    ((0.72, -0.72), "left", "top"),
    ((-0.72, -0.72), "right", "top"),
    ((1.0, 0.0), "left", "center"),
    ((-1.0, 0.0), "right", "center"),
    ((0.0, 1.0), "center", "bottom"),
    ((0.0, -1.0), "center", "top"),
)
_GAPS = (2.0, 9.0)  # points between the marker's edge and its label
_PAD = 1.5  # pixels kept free around each label


def point_labels(ax: Axes) -> list[Text]:
    """The labels :func:`label_points` placed on ``ax``."""
    return [t for t in ax.texts if t.get_gid() == LABEL_GID]


def _overlaps(a: Bbox, b: Bbox) -> bool:
    return bool(a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1)


def _draw(ax: Axes) -> None:
    """Lay the figure out (and draw it without output) so that boxes are final."""
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure)
    fig.draw_without_rendering()


def label_overlaps(ax: Axes) -> list[tuple[str, str]]:
    """Pairs of labels of ``ax`` (placed by :func:`label_points`) whose drawn boxes
    overlap; empty when none do."""
    _draw(ax)
    boxes = [(t.get_text(), t.get_window_extent()) for t in point_labels(ax)]
    return [
        (na, nb) for i, (na, a) in enumerate(boxes) for nb, b in boxes[i + 1 :] if _overlaps(a, b)
    ]


def label_points(
    ax: Axes,
    x: Sequence[float],
    y: Sequence[float],
    labels: Sequence[str],
    *,
    sizes: Sequence[float] | None = None,
    fontsize: float = 9,
    max_labels: int | None = None,
) -> list[str]:
    """Label the points (``x``, ``y``) of ``ax`` with ``labels``, the first ones first,
    without overlaps with each other, with the markers (``sizes``: the markers' areas
    in points², as given to ``scatter``) or with the Axes' legend; returns the labels
    left out (no free place, or beyond ``max_labels``). Call it once the Axes' limits
    and legend are set."""
    _draw(ax)  # the layout (constrained or not) settles the Axes
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure)
    frame = ax.get_window_extent()
    px = fig.dpi / 72.0
    radii = [0.5 * math.sqrt(max(float(s), 0.0)) for s in (sizes or [36.0] * len(labels))]
    centres: list[tuple[float, float]] = (
        [(float(a), float(b)) for a, b in ax.transData.transform(list(zip(x, y, strict=True)))]
        if len(labels)
        else []
    )
    placed: list[Bbox] = [
        Bbox.from_bounds(cx - r * px, cy - r * px, 2 * r * px, 2 * r * px)
        for (cx, cy), r in zip(centres, radii, strict=True)
    ]
    legend = ax.get_legend()
    if legend is not None:  # drawn over the points: no label goes under it
        placed.append(legend.get_window_extent())
    left_out: list[str] = []
    for i, (xi, yi, text) in enumerate(zip(x, y, labels, strict=True)):
        if max_labels is not None and i >= max_labels:
            left_out.append(text)
            continue
        done = False
        own = placed[i]
        places = [
            ((dx * (radii[i] + gap), dy * (radii[i] + gap)), ha, va)
            for gap in _GAPS
            for (dx, dy), ha, va in _DIRECTIONS
        ]
        for offset, ha, va in places:
            ann: Annotation = ax.annotate(
                text, (xi, yi), xytext=offset, textcoords="offset points", ha=ha, va=va,
                fontsize=fontsize, gid=LABEL_GID,
            )  # fmt: skip
            plain(ann)
            ann.set_in_layout(False)
            box = ann.get_window_extent().expanded(1.0, 1.0).padded(_PAD)
            inside = (
                box.x0 >= frame.x0
                and box.x1 <= frame.x1
                and box.y0 >= frame.y0
                and box.y1 <= frame.y1
            )
            if inside and not any(_overlaps(box, b) for b in placed if b is not own):
                placed.append(box)
                done = True
                break
            ann.remove()
        if not done:
            left_out.append(text)
    return left_out

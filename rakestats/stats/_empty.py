"""Empty results said aloud: a statistic whose filters select nothing returns an empty
frame (with its usual columns) and warns why, with the words the command line prints.

>>> w = EmptyResultWarning("no player 'grist'; did you mean 'Grist'?", "no ante 15; nearest: 10")
>>> str(w)
"no player 'grist'; did you mean 'Grist'?; no ante 15; nearest: 10"
>>> import pickle
>>> pickle.loads(pickle.dumps(w)).reasons == w.reasons
True
>>> with quiet_empty():
...     empty_is_quiet()
True
>>> empty_is_quiet()
False
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["EmptyResultWarning", "empty_is_quiet", "quiet_empty", "warn_empty"]


class EmptyResultWarning(UserWarning):
    """A statistic returned no rows; the message says why: the filter values that match
    nothing (with the nearest there are), or that the filters together select no hand,
    or that the warehouse has none. ``reasons`` holds the messages one by one.

    Silence it with ``warnings.simplefilter("ignore", EmptyResultWarning)``, or for a
    block with :func:`quiet_empty`."""

    def __init__(self, *reasons: str) -> None:
        super().__init__(*reasons)  # each its own argument: it pickles and copies whole
        self.reasons = reasons

    def __str__(self) -> str:
        return "; ".join(self.reasons)


_QUIET: ContextVar[bool] = ContextVar("rakestats_quiet_empty", default=False)


@contextmanager
def quiet_empty() -> Iterator[None]:
    """No :class:`EmptyResultWarning` within the block (in this thread or task): for
    code that asks for results it expects may be empty and says so its own way (the
    report's sections, the command line). Nothing global is changed."""
    token = _QUIET.set(True)
    try:
        yield
    finally:
        _QUIET.reset(token)


def empty_is_quiet() -> bool:
    """Whether :func:`quiet_empty` is in force here (then the reasons need not be found)."""
    return _QUIET.get()


_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def warn_empty(reasons: Sequence[str]) -> None:
    """Warn :class:`EmptyResultWarning` with ``reasons``, attributed to the first caller
    outside rakestats (the analyst's line, not a line of this package)."""
    if _QUIET.get() or not reasons:
        return
    level = 2  # warn_empty's caller
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    warnings.warn(EmptyResultWarning(*reasons), stacklevel=level)

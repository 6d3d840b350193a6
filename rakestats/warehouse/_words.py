"""Counts in the summaries' lines, in the singular where there is one.

>>> count(1, "file"), count(2, "file"), count(0, "quarantined hand")
('1 file', '2 files', '0 quarantined hands')
"""

from __future__ import annotations

__all__ = ["count", "plural"]


def plural(n: int, noun: str) -> str:
    """``noun`` as ``n`` of it says it (``file``, ``files``)."""
    return noun if n == 1 else f"{noun}s"


def count(n: int, noun: str) -> str:
    """``1 file``, ``2 files``."""
    return f"{n} {plural(n, noun)}"

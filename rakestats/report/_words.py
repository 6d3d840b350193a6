"""Counts in words, for the report's text."""

from __future__ import annotations

__all__ = ["counted"]


def counted(n: int | str, noun: str) -> str:
    """``n`` (a count, or one written with thousands separators) and ``noun``, in the
    plural unless one: the template's ``counted`` filter.

    >>> counted(1, "hand"), counted("1,250", "hand"), counted(0, "player")
    ('1 hand', '1,250 hands', '0 players')
    """
    value = int(str(n).replace(",", ""))
    return f"{value:,} {noun if value == 1 else noun + 's'}"

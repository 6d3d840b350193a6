"""A progress callback over a tqdm bar, shared by the command line and the library.

The ingest calls it with (files done, hands read) and, from its first second, its
``hashed`` method with the files looked at; compact and simulate call ``total_is``.
Without a bar (output piped) every call does nothing.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Progress"]


class Progress:
    """A progress callback (files done, hands read) that says what the ingest does from
    its first second: ``hashing`` while files are looked at, then ``ingest``."""

    def __init__(self, bar: Any | None, then: str | None = None) -> None:
        self.bar = bar
        self.then = then  # the description once results come in
        self.ingesting = False

    def hashed(self, seen: int) -> None:
        if self.bar is not None and not self.ingesting:
            self.bar.n = seen
            self.bar.refresh()

    def total_is(self, total: int, done: int) -> None:
        """Progress of a job that learns its total as it goes (compact's partitions)."""
        if self.bar is not None:
            self.bar.total = total
            self.bar.n = done
            self.bar.refresh()

    def __call__(self, files: int, hands: int) -> None:
        if self.bar is None:
            return
        if not self.ingesting:
            self.ingesting = True
            if self.then is not None:
                self.bar.set_description(self.then, refresh=False)
        self.bar.n = files
        self.bar.set_postfix(hands=hands, refresh=False)
        self.bar.refresh()

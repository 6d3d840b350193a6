"""Why the fast validator passed a hand to the full parser.

The fast path (:mod:`._lean`) vouches only for hands in the form rakestats writes; on
anything else it raises :class:`Unhandled` with the reason, one of a few fixed phrases,
and the full parser decides. An exception it did not expect (a bug) is turned into its
own reason, ``internal error: <type>``, so that it shows in the counts rather than as a
slower ingest. A batch that keeps a tally (a ``declined`` dict, as the ingest's does)
counts each reason; every declined hand is logged at debug level on the
``rakestats.formats.rake`` logger, naming the file and the hand's first line.

>>> e = Unhandled("action")
>>> tally: dict[str, int] = {}
>>> class Batch: declined = tally
>>> note(e, Batch(), "f.txt", 12)
>>> note(internal(KeyError("x")), Batch(), "f.txt", 40)
>>> tally
{'action': 1, 'internal error: KeyError': 1}
"""

from __future__ import annotations

import logging

__all__ = ["Unhandled", "internal", "note"]

_log = logging.getLogger("rakestats.formats.rake")


class Unhandled(Exception):
    """The fast path does not vouch for the hand: the full parser decides. ``reason``
    says why; ``line`` is the hand's first line in the file (0 until it is known)."""

    def __init__(self, reason: str = "not in the form the fast path reads", line: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


def internal(exc: BaseException) -> Unhandled:
    """An exception the fast path did not expect, as a reason of its own."""
    out = Unhandled(f"internal error: {type(exc).__name__}")
    out.__cause__ = exc
    return out


def note(exc: Unhandled, batch: object, source_file: str, line: int) -> None:
    """Count a declined hand in ``batch.declined`` when the batch keeps that tally, and
    log it (``line``: the hand's first line in the file)."""
    exc.line = line
    tally = getattr(batch, "declined", None)
    if isinstance(tally, dict):
        tally[exc.reason] = tally.get(exc.reason, 0) + 1
    if _log.isEnabledFor(logging.DEBUG):
        _log.debug(
            "%s, line %d: the fast path passed the hand to the full parser: %s",
            source_file,
            line,
            exc.reason,
            exc_info=exc.__cause__,
        )

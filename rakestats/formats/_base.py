"""The base class of the per-site parsers, and the error a parser raises inside a hand.

A site parser turns one hand's lines into a record. Subclasses supply the line patterns
as class attributes (``header_pattern`` at least, which also identifies the format from
a file's first line) and :meth:`SiteParser.parse_hand`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from itertools import pairwise
from typing import ClassVar, Final

from rakestats.formats import files as _io
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

__all__ = [
    "FIRST_YEAR",
    "LAST_YEAR",
    "UNSAFE",
    "HandError",
    "ParseResult",
    "SiteParser",
    "date_out_of_range",
]

# Characters a name may not hold: C0 and C1 controls and DEL (a terminal obeys them),
# line and paragraph separators (they split lines), and the bidirectional overrides
# and isolates (they reorder what is shown).
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")

ParseResult = HandRecord | QuarantineRecord | SkipRecord

#: The years a hand's date may fall in (its local date, as the header writes it): a
#: header dated before or after them is damaged, and its hand is quarantined
#: (:func:`date_out_of_range` says why). Years 1 and 9999 are also beyond what a
#: ``datetime`` holds once the time is moved to UTC.
FIRST_YEAR: Final = 1900
LAST_YEAR: Final = 2999


def date_out_of_range(when: str) -> str:
    """The reason of a hand dated ``when`` (the date as written), outside the years of
    :data:`FIRST_YEAR` to :data:`LAST_YEAR`.

    >>> date_out_of_range("9999/12/31 23:59:59 UTC")
    "date out of range (years 1900 to 2999): '9999/12/31 23:59:59 UTC'"
    """
    return f"date out of range (years {FIRST_YEAR} to {LAST_YEAR}): {when!r}"


class HandError(Exception):
    """A hand that does not parse or does not validate: ``line`` is the 1-based line in
    the file of the first offending line."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(reason)
        self.line = line
        self.reason = reason


class SiteParser:
    """A hand-history format of one site (room software).

    ``format_name`` names the format; ``game`` is the game of its hands;
    ``header_pattern`` matches the first line of every hand; ``fallback_encoding`` is
    tried for a hand that is not valid UTF-8 (``None``: such a hand is quarantined).
    """

    format_name: ClassVar[str]
    game: ClassVar[str]
    header_pattern: ClassVar[re.Pattern[str]]
    fallback_encoding: ClassVar[str | None] = None

    #: The first line of a hand, for a format that writes its hands one after another
    #: with no blank line between them (OnGame): a block of lines is then cut before
    #: each line this matches. None (the default): a block of lines is one hand.
    hand_start: ClassVar[re.Pattern[str] | None] = None

    @classmethod
    def hands_of(cls, lines: list[str], start: int) -> list[tuple[int, list[str]]]:
        """The hands of a block of lines whose first is line ``start`` of the file, as
        ``(file line of the first, lines)``: cut before each :attr:`hand_start` line.

        >>> class Demo(SiteParser):
        ...     hand_start = re.compile("Hand ")
        >>> Demo.hands_of(["Hand 1", "a", "Hand 2", "b"], 5)
        [(5, ['Hand 1', 'a']), (7, ['Hand 2', 'b'])]
        """
        if cls.hand_start is None:
            return [(start, lines)]
        match = cls.hand_start.match
        cuts = [0, *(i for i in range(1, len(lines)) if match(lines[i])), len(lines)]
        return [(start + a, lines[a:b]) for a, b in pairwise(cuts)]

    #: Whether a file of this format that grew may be read from where its last read
    #: ended (its hands stand alone: no file header, no state carried from one hand to
    #: the next), as :func:`~rakestats.formats.scan_file` does with ``offset``.
    resumable: ClassVar[bool] = False

    def blocks(
        self, stream: _io.Stream, line_offset: int = 0
    ) -> Iterator[_io.Block | _io.TextBlock]:
        """A stream's hands as blocks of lines: runs of non-blank lines by default
        (:func:`files.iter_blocks`), ``line_offset`` lines of the file before the
        stream's first. A format whose hands are not cut by blank lines (XML: one
        element a hand) cuts the stream itself."""
        return _io.iter_blocks(stream, line_offset=line_offset)

    def text_blocks(self, lines: Iterable[str]) -> Iterator[tuple[int, list[str]]]:
        """:meth:`blocks` for decoded text lines: ``(file line of the first, lines)``."""
        return _io.iter_text_blocks(lines)

    @classmethod
    def is_noise(cls, lines: Sequence[str]) -> bool:
        """Whether a block of lines is no hand but the format's padding between hands
        (PartyPoker's ``Game #N starts.``, a line of NUL bytes): passed over, not
        counted. None of the formats' blocks is, by default."""
        return False

    @classmethod
    def sniff(cls, first_line: str) -> bool:
        """Whether a file whose first non-blank line is ``first_line`` is in this format."""
        return cls.header_pattern.match(first_line) is not None

    def hand_id_of(self, lines: Sequence[str]) -> str | None:
        """The hand id of a hand's lines: group 2 of ``header_pattern`` on the first."""
        m = self.header_pattern.match(lines[0]) if lines else None
        return m[2] if m is not None and m.re.groups >= 2 else None

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        """One hand (its lines without line ends, blank lines excluded) to a record."""
        raise NotImplementedError

    def raw_lines(self, lines: Sequence[str]) -> Sequence[str]:
        """The text kept with a quarantined hand: its lines (a reader may add context)."""
        return lines

    def quarantine(
        self,
        lines: Sequence[str],
        line: int,
        reason: str,
        source_file: str,
        *,
        site: str | None = None,
        hand_id: str | None = None,
    ) -> QuarantineRecord:
        return QuarantineRecord(
            source_file=source_file,
            line=line,
            reason=reason,
            raw_text="\n".join(self.raw_lines(lines)),
            site=site,
            hand_id=hand_id,
            game=self.game,
        )

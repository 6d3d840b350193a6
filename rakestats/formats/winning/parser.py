"""The readers of Winning Poker Network stud hand histories: Seven-Card Stud and Stud
Hi/Lo (and Razz, in the same words), on the shared stud reader (docs/rooms.md, Winning).

The room wrote two formats. The current software (2019 on) is PokerStars-like: lines
``NAME verb $X`` without a colon, ``brings in $0.02``, ``raises $0.04 to $0.04``, a
``Main pot $0.21 | Rake $0.00`` line in each street, a ``Total pot`` after the rake,
the pots won in the summary's seat lines. The old software (UTF-16 files, 2016) writes
every line about a player as ``Player NAME ...``, amounts in brackets as the chips put
in (``Player Nee raises (4)``), a card a line (``Player Hero received card: [10d]``,
``Player Nee received a card.``), no section for 3rd street and the later ones one
street early (``*** Third street ***`` opens 4th street), and a summary of each
player's bets, collects and net.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT
from rakestats.formats.winning._header import (
    GAME_ID,
    HEADER,
    OLD_HEADER,
    parse_header,
    parse_old_header,
)
from rakestats.formats.winning._summary import read_closing, read_old_closing

__all__ = ["WinningOldParser", "WinningParser"]

_ALLIN = r"(?P<allin>,?\s*and is all[ -]in)?"
_TEN = re.compile(r"\b10(?=[cdhs]\b)")
_RECEIVED = re.compile(r"^Player (?P<name>.+?) received card: \[(?P<card>[^\]]*)\]$")
_HIDDEN = re.compile(r"^Player .+? received a card\.$")


def _seated(
    reader: stud.TerseReader, header: stud.StudHeader, lines: Sequence[str], first_line: int
) -> stud.ParsedStudHand:
    """The seats and lines of a hand whose seat lines follow a header of several lines."""
    k = next((i for i in range(1, len(lines)) if reader.seat_line.match(lines[i])), None)
    if k is None:
        raise stud.fail(first_line + len(lines) - 1, "expected the seat lines")
    k -= 2 if reader.table_line is not None else 1  # the table line, or a line before
    hand = stud.read_seats(reader, header, lines[k:], first_line + k)
    hand.first_line, hand.table = first_line, header.table or hand.table
    hand.max_seats = max(hand.max_seats, *(s.seat for s in hand.seats))
    return hand


def _summary_at(lines: Sequence[str], first_line: int, start: str) -> int:
    k = next((i for i, x in enumerate(lines) if x.startswith(start)), None)
    if k is None:
        raise stud.fail(
            first_line + len(lines) - 1, f"the hand ends before its summary ({start!r})"
        )
    return k


class WinningParser(stud.TerseReader):
    """Hand histories of Winning's current software; stud hands are read, other games
    skipped."""

    format_name = "winning"
    site = "Winning"
    header_pattern = HEADER
    hand_start = HEADER

    seat_line = stud.seat_pattern(rf"(?P<stack>{AMOUNT})(?: in chips)?")
    # PokerStars' sections, and two of its own
    streets: ClassVar[dict[str, int]] = {**stud.StudReader.streets, "7th STREET": 5, "SHOWDOWN": 6}
    actions = stud.action_table(
        rf"""
        ante      posts (?:the )?ante {{a}}{{allin}}
        bring_in  brings?[ -]in(?: low)?(?: for)? {{a}}{{allin}}
        bet       bets {{a}}{{allin}}
        call      calls {{a}}{{allin}}
        raise     (?:raises|caps|cap) (?:{AMOUNT} )?to {{to}}{{allin}}
        raise     (?:raises|caps|cap) {{added}}{{allin}}
        complete  completes(?: it)? to {{to}}{{allin}}
        check     checks
        fold      folds
        """,
        allin=_ALLIN,
    )
    wording = stud.line_table(
        r"""
        table_line    ^(?:Table )?'?(?P<name>.+?)'?\s+(?P<max>\d{1,9})-max(?:\s.*)?$
        action_words  ^ (?:posts|brings|bets|calls|raises|caps|completes|checks|folds)\b
        show          ^ shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?.*$
        muck          ^ (?:does not show|doesn't show hand|mucks(?: hand)?)$
        """
    )
    collect = capped = total = summary_seat = stud.NEVER  # the summary: ._summary
    check_descriptions = False

    def game_text(self, lines: Sequence[str]) -> str:
        m = HEADER.match(lines[0]) if lines else None
        return f"{m['game']}({m['limit']})" if m is not None else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines[0], first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        hand = _seated(self, header, lines, first_line)
        summary = _summary_at(lines, first_line, "*** SUMMARY ***")
        names = [s.name for s in hand.seats]
        self.closing = read_closing(lines, summary, first_line, header.scale, names)
        hand.items = self.closing.items(stud.Terse(hand.items, names))
        return hand


def old_lines(lines: Sequence[str]) -> list[str]:
    """The lines of a hand of the old software in words the shared reader reads, one for
    one: ``Player NAME ...`` as ``NAME ...``, ``Player NAME received card: [10d]`` as
    ``Dealt to NAME [Td]``, hidden cards as blank lines (the summary is read as it is).

    >>> old_lines(["Player Nee received a card.", "Player Hero received card: [10d]",
    ...            "Player Hero bets (1)", "*Player Hero shows: Pair [10c 10s]."])
    ['', 'Dealt to Hero [Td]', 'Hero bets (1)', '*Player Hero shows: Pair [Tc Ts].']
    """
    out = []
    for line in lines:
        line = _TEN.sub("T", line) if "[" in line else line
        if (r := _RECEIVED.match(line)) is not None:
            line = f"Dealt to {r['name']} [{r['card']}]"
        elif _HIDDEN.match(line):
            line = ""
        elif line.startswith("Player "):
            line = line[len("Player ") :]
        out.append(line)
    return out


class WinningOldParser(stud.TerseReader):
    """Hand histories of Winning's old software (``Game started at:``); stud hands are
    read, other games skipped."""

    format_name = "winning-old"
    site = "Winning"
    header_pattern = OLD_HEADER
    hand_start = OLD_HEADER
    stud_words = stud.EVERY_HEADER  # the game is on the 'Game ID:' line

    table_line = None
    seat_line = stud.seat_pattern(rf"(?P<stack>{AMOUNT})", after=r"\.?")
    streets = stud.street_table(
        """
        2 Third street
        3 Fourth street
        4 Fifth street
        5 Sixth street
        7 Summary
        """
    )
    actions = stud.action_table(
        r"""
        ante      (?:posts )?ante \({a}\)
        bring_in  bring in \({a}\)
        bet       bets \({a}\)
        call      calls \({a}\)
        raise     (?:raises|caps|cap) \({added}\)
        all_in    (?P<allin>allin) \({added}\)
        check     checks
        fold      folds
        """
    )
    wording = stud.line_table(
        r"""
        section       ^(?:\*{3}|-{6}) (?P<name>[A-Za-z ]+?) (?:\*{3}|-{6})(?P<rest>)$
        action_words  ^ (?:ante|bring in|bets|calls|raises|caps|cap|allin|checks|folds)\b
        muck          ^ (?:mucks cards|does not show cards\.?)$
        """
    )
    show = stud.NEVER
    collect = capped = total = summary_seat = stud.NEVER  # the summary: ._summary
    check_descriptions = False

    def hand_id_of(self, lines: Sequence[str]) -> str | None:
        m = GAME_ID.match(lines[1]) if len(lines) > 1 else None
        return m["id"] if m is not None else None

    def game_line(self, lines: Sequence[str]) -> str | None:
        return lines[1] if len(lines) > 1 and GAME_ID.match(lines[1]) else None

    def game_text(self, lines: Sequence[str]) -> str:
        m = GAME_ID.match(lines[1]) if len(lines) > 1 else None
        return m["game"] if m is not None else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_old_header(lines, first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        plain = old_lines(lines)
        hand = _seated(self, header, plain, first_line)
        summary = _summary_at(plain, first_line, "------ Summary ------")
        names = [s.name for s in hand.seats]
        self.closing = read_old_closing(plain, summary, first_line, header.scale, names)
        items = stud.third_street_opened(hand.items, renumber=False)
        hand.items = self.closing.items(stud.Terse(items, names))
        return hand

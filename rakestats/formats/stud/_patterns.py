"""The patterns of a room's stud text, as class attributes a room's reader overrides.

The defaults are PokerStars' wording; a room whose text differs supplies its own
patterns (pokerkit's per-site parsers are the model). Group names are fixed:

- a player's line is matched on the text right after the player's name (names are
  declared by the seat lines and may hold spaces, so each line is tried against the
  declared names, longest first); a room whose lines read ``NAME: calls`` starts its
  patterns with ``": "``, one whose lines read ``NAME calls`` with ``" "``;
- amounts: ``a`` (the amount written first), ``to`` (a round total), ``added`` (the
  chips an action put in), ``allin`` (present when the player is all-in); cards:
  ``cards``; descriptions: ``desc``.
"""

from __future__ import annotations

import re
from typing import ClassVar

__all__ = ["AMOUNT", "CHECK_FOLD", "PLAIN_SEAT", "UPPER_STREETS", "StudPatterns"]

#: An amount as rooms write it: optional currency symbol, thousands commas, decimals.
AMOUNT = r"[$€£]?[\d,]+(?:\.\d+)?"
_ALLIN = r"(?P<allin> and is all-in)?"
#: The check and the fold of the rooms whose lines read ``NAME checks`` and ``NAME folds``
#: (the end of their :attr:`StudPatterns.actions`).
CHECK_FOLD: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("check", re.compile(r"^ checks$")),
    ("fold", re.compile(r"^ folds$")),
)
#: ``Seat N: NAME (STACK)`` and what follows: the seat line of the rooms that write no
#: ``in chips`` (groups ``seat``, ``name``, ``stack``, ``tail``).
PLAIN_SEAT = re.compile(
    rf"^Seat (?P<seat>\d{{1,9}}): (?P<name>.+?) \((?P<stack>{AMOUNT})\)(?P<tail>.*)$"
)
#: The sections of the rooms that write them in capitals (``*** 3RD STREET ***``), to
#: streets as :attr:`StudPatterns.streets` numbers them.
UPPER_STREETS: dict[str, int] = {
    "3RD STREET": 1,
    "4TH STREET": 2,
    "5TH STREET": 3,
    "6TH STREET": 4,
    "7TH STREET": 5,
    "SHOW DOWN": 6,
    "SUMMARY": 7,
}


class StudPatterns:
    """One room's line patterns (PokerStars' by default)."""

    #: What the room writes (see :class:`~rakestats.formats.stud._model.RoomRules`):
    #: shown hands described in PokerStars' words (``(Lo: 9,7,5,4,2)``, ``(HI: a
    #: flush, Queen high; LO: 8,7,5,4,2)``), checked then; a ``Total pot | Rake`` line;
    #: ``Uncalled bet`` lines; the other players' up cards.
    check_descriptions: ClassVar[bool] = True
    states_rake: ClassVar[bool] = True
    writes_uncalled: ClassVar[bool] = True
    up_cards_shown: ClassVar[bool] = True
    #: The table line after the header (groups ``name``, ``max``); None: no such line.
    table_line: ClassVar[re.Pattern[str] | None] = re.compile(
        r"^Table '(?P<name>.*)'(?:\s+(?P<max>\d{1,9})-max)?(?:\s.*)?$"
    )
    #: A seat line (groups ``seat``, ``name``, ``stack``, ``tail``).
    seat_line: ClassVar[re.Pattern[str]] = re.compile(
        rf"^Seat (?P<seat>\d{{1,9}}): (?P<name>.+?) \((?P<stack>{AMOUNT}) in chips(?:, [^)]*)?\)"
        r"(?P<tail>.*)$"
    )
    #: Found in a seat line's ``tail``: the player sits out.
    sitting_out: ClassVar[re.Pattern[str]] = re.compile(r"sitting out")
    #: A section line (groups ``name`` and ``rest``: a card written on it).
    section: ClassVar[re.Pattern[str]] = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
    #: Section names to streets: 1-5 (3rd to 7th), 6 the showdown, 7 the summary.
    streets: ClassVar[dict[str, int]] = {
        "3rd STREET": 1,
        "4th STREET": 2,
        "5th STREET": 3,
        "6th STREET": 4,
        "RIVER": 5,
        "SHOW DOWN": 6,
        "SUMMARY": 7,
    }
    #: Section names that are not streets and are passed over.
    other_sections: ClassVar[frozenset[str]] = frozenset()
    #: ``Dealt to `` starts a line of cards; after the name: ``[a]`` and maybe ``[b]``.
    dealt_prefix: ClassVar[str] = "Dealt to "
    dealt: ClassVar[re.Pattern[str]] = re.compile(r"^ \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?\s*$")
    #: The verbs of a player's betting line, each with its pattern.
    actions: ClassVar[tuple[tuple[str, re.Pattern[str]], ...]] = (
        ("ante", re.compile(rf"^: posts (?:the )?ante (?P<a>{AMOUNT}){_ALLIN}$")),
        ("bring_in", re.compile(rf"^: brings[ -]in(?: low)? for (?P<a>{AMOUNT}){_ALLIN}$")),
        ("bet", re.compile(rf"^: bets (?P<a>{AMOUNT}){_ALLIN}$")),
        ("call", re.compile(rf"^: calls (?P<a>{AMOUNT}){_ALLIN}$")),
        ("raise", re.compile(rf"^: raises (?P<a>{AMOUNT}) to (?P<to>{AMOUNT}){_ALLIN}$")),
        ("complete", re.compile(rf"^: completes it to (?P<to>{AMOUNT}){_ALLIN}$")),
        ("check", re.compile(r"^: checks$")),
        ("fold", re.compile(r"^: folds(?: \[[^\]]*\])?$")),
    )
    #: A line of a player that looks like a betting line but matched none: quarantined.
    action_words: ClassVar[re.Pattern[str]] = re.compile(
        r"^: (posts|brings|bets|calls|raises|completes|checks|folds|shows|mucks)\b"
    )
    show: ClassVar[re.Pattern[str]] = re.compile(
        r"^: shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$"
    )
    #: A player gives up without showing.
    muck: ClassVar[re.Pattern[str]] = re.compile(r"^: (?:mucks hand|doesn't show hand|mucks)$")
    #: A player takes chips from a pot (groups ``a``, ``pot``: empty, main, side, side-N).
    collect: ClassVar[re.Pattern[str]] = re.compile(
        rf"^ collected (?P<a>{AMOUNT}) from (?P<pot>(?:main |side )?pot(?:-\d+)?)$"
    )
    #: Whole lines: an uncalled bet (groups ``a``, ``name``), the cap.
    uncalled: ClassVar[re.Pattern[str]] = re.compile(
        rf"^Uncalled bet \((?P<a>{AMOUNT})\) returned to (?P<name>.+)$"
    )
    capped: ClassVar[re.Pattern[str]] = re.compile(r"^Betting is capped$")
    #: The summary's pot line (groups ``total``, ``pots``, ``rake``) and its side pots.
    total: ClassVar[re.Pattern[str]] = re.compile(
        rf"^Total pot (?P<total>{AMOUNT})(?P<pots>.*?) \| Rake (?P<rake>{AMOUNT})(?:\s.*)?$"
    )
    side_pots: ClassVar[re.Pattern[str]] = re.compile(
        rf"(?:Main|Side) pot(?:-\d+)? (?P<a>{AMOUNT})\.?"
    )
    #: The summary's seat lines: ``Seat N: NAME rest``; ``rest`` after the tags.
    summary_seat: ClassVar[re.Pattern[str]] = re.compile(r"^Seat (?P<seat>\d{1,9}): (?P<rest>.+)$")
    summary_tags: ClassVar[tuple[str, ...]] = ("(button) ", "(bring-in) ", "(bring in) ")
    folded: ClassVar[re.Pattern[str]] = re.compile(
        r"^folded (?:on the (?P<street>\d)\w\w Street|on the (?P<river>River))"
    )
    collected: ClassVar[re.Pattern[str]] = re.compile(rf"^collected \((?P<a>{AMOUNT})\)")
    showed: ClassVar[re.Pattern[str]] = re.compile(
        rf"^showed \[(?P<cards>[^\]]*)\] and "
        rf"(?:won \((?P<a>{AMOUNT})\)|(?P<lost>lost))(?: with (?P<desc>.*))?$"
    )
    mucked: ClassVar[re.Pattern[str]] = re.compile(r"^mucked(?: \[(?P<cards>[^\]]*)\])?")

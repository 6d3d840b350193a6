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
from collections.abc import Mapping
from typing import ClassVar

from rakestats.formats.stud._seat_pattern import seat_pattern
from rakestats.formats.stud._tables import AMOUNT, action_table, line_table

__all__ = ["AMOUNT", "CHECK_FOLD", "PLAIN_SEAT", "UPPER_STREETS", "StudPatterns"]

_ALLIN = r"(?P<allin> and is all-in)?"
#: The check and the fold of the rooms whose lines read ``NAME checks`` and ``NAME folds``
#: (the end of their :attr:`StudPatterns.actions`).
CHECK_FOLD: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("check", re.compile(r"^ checks$")),
    ("fold", re.compile(r"^ folds$")),
)
#: ``Seat N: NAME (STACK)`` and what follows: the seat line of the rooms that write no
#: ``in chips`` (groups ``seat``, ``name``, ``stack``, ``tail``).
PLAIN_SEAT = seat_pattern(rf"(?P<stack>{AMOUNT})")
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
    """One room's line patterns (PokerStars' by default). A room states those it writes
    otherwise as a :func:`~rakestats.formats.stud.line_table` in ``wording``: each
    entry becomes the class attribute of its name.

    >>> class Room(StudPatterns):
    ...     wording = line_table("muck  ^ mucks$")
    >>> Room.muck.pattern, Room.show is StudPatterns.show
    ('^ mucks$', True)
    >>> class Misspelt(StudPatterns):
    ...     wording = line_table("mucks  ^ mucks$")
    Traceback (most recent call last):
    ...
    TypeError: Misspelt.wording: 'mucks' is not a pattern of StudPatterns
    """

    #: What the room writes (see :class:`~rakestats.formats.stud._model.RoomRules`):
    #: shown hands described in PokerStars' words (``(Lo: 9,7,5,4,2)``, ``(HI: a
    #: flush, Queen high; LO: 8,7,5,4,2)``), checked then; a ``Total pot | Rake`` line;
    #: ``Uncalled bet`` lines; the other players' up cards.
    check_descriptions: ClassVar[bool] = True
    states_rake: ClassVar[bool] = True
    writes_uncalled: ClassVar[bool] = True
    up_cards_shown: ClassVar[bool] = True
    #: The table line after the header (groups ``name``, ``max``); None: no such line.
    table_line: ClassVar[re.Pattern[str] | None]
    #: A seat line (groups ``seat``, ``name``, ``stack``, ``tail``).
    seat_line: ClassVar[re.Pattern[str]]
    #: Found in a seat line's ``tail``: the player sits out.
    sitting_out: ClassVar[re.Pattern[str]]
    #: A section line (groups ``name`` and ``rest``: a card written on it).
    section: ClassVar[re.Pattern[str]]
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
    dealt: ClassVar[re.Pattern[str]]
    #: The verbs of a player's betting line, each with its pattern.
    actions: ClassVar[tuple[tuple[str, re.Pattern[str]], ...]] = action_table(
        r"""
        ante      posts (?:the )?ante {a}{allin}
        bring_in  brings[ -]in(?: low)? for {a}{allin}
        bet       bets {a}{allin}
        call      calls {a}{allin}
        raise     raises {a} to {to}{allin}
        complete  completes it to {to}{allin}
        check     checks
        fold      folds(?: \[[^\]]*\])?
        """,
        before=": ",
        allin=_ALLIN,
    )
    #: A line of a player that looks like a betting line but matched none: quarantined.
    action_words: ClassVar[re.Pattern[str]]
    #: A player shows (groups ``cards``, ``desc``), gives up without showing (``muck``),
    #: takes chips from a pot (``collect``: groups ``a``, ``pot``: empty, main, side,
    #: side-N).
    show: ClassVar[re.Pattern[str]]
    muck: ClassVar[re.Pattern[str]]
    collect: ClassVar[re.Pattern[str]]
    #: Whole lines: an uncalled bet (groups ``a``, ``name``), the cap.
    uncalled: ClassVar[re.Pattern[str]]
    capped: ClassVar[re.Pattern[str]]
    #: The summary's pot line (groups ``total``, ``pots``, ``rake``) and its side pots.
    total: ClassVar[re.Pattern[str]]
    side_pots: ClassVar[re.Pattern[str]]
    #: The summary's seat lines: ``Seat N: NAME rest``; ``rest`` after the tags, read by
    #: ``folded``, ``collected``, ``showed`` and ``mucked``.
    summary_seat: ClassVar[re.Pattern[str]]
    summary_tags: ClassVar[tuple[str, ...]] = ("(button) ", "(bring-in) ", "(bring in) ")
    folded: ClassVar[re.Pattern[str]]
    collected: ClassVar[re.Pattern[str]]
    showed: ClassVar[re.Pattern[str]]
    mucked: ClassVar[re.Pattern[str]]
    #: The patterns above, as PokerStars writes them; a room's own replace them.
    wording: ClassVar[Mapping[str, re.Pattern[str]]] = line_table(
        r"""
        table_line    ^Table '(?P<name>.*)'(?:\s+(?P<max>\d{1,9})-max)?(?:\s.*)?$
        seat_line     ^Seat (?P<seat>\d{1,9}): (?P<name>.+?) \((?P<stack>{amount}) in chips
                        (?:, [^)]*)?\)(?P<tail>.*)$
        sitting_out   sitting out
        section       ^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$
        dealt         ^ \[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?\s*$
        action_words  ^: (posts|brings|bets|calls|raises|completes|checks|folds|shows|mucks)\b
        show          ^: shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$
        muck          ^: (?:mucks hand|doesn't show hand|mucks)$
        collect       ^ collected (?P<a>{amount}) from (?P<pot>(?:main |side )?pot(?:-\d+)?)$
        uncalled      ^Uncalled bet \((?P<a>{amount})\) returned to (?P<name>.+)$
        capped        ^Betting is capped$
        total         ^Total pot (?P<total>{amount})(?P<pots>.*?) \| Rake (?P<rake>{amount})
                        (?:\s.*)?$
        side_pots     (?:Main|Side) pot(?:-\d+)? (?P<a>{amount})\.?
        summary_seat  ^Seat (?P<seat>\d{1,9}): (?P<rest>.+)$
        folded        ^folded (?:on the (?P<street>\d)\w\w Street|on the (?P<river>River))
        collected     ^collected \((?P<a>{amount})\)
        showed        ^showed \[(?P<cards>[^\]]*)\] and (?:won \((?P<a>{amount})\)|(?P<lost>lost))
                        (?: with (?P<desc>.*))?$
        mucked        ^mucked(?: \[(?P<cards>[^\]]*)\])?
        """,
        amount=AMOUNT,
    )

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "wording" in cls.__dict__:
            _take_wording(cls)


def _take_wording(cls: type[StudPatterns]) -> None:
    """Each entry of the class's own ``wording`` as the class attribute of its name
    (one of :class:`StudPatterns`' patterns: a misspelt name fails at import)."""
    for name, pattern in cls.__dict__["wording"].items():
        if name not in _PATTERN_NAMES:
            raise TypeError(f"{cls.__name__}.wording: {name!r} is not a pattern of StudPatterns")
        setattr(cls, name, pattern)


_PATTERN_NAMES = frozenset(StudPatterns.wording)
_take_wording(StudPatterns)

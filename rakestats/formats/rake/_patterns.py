"""How the readers recognise the Rake lines, made from the renderer (:mod:`._text`).

Each line is rendered once, at import, with markers in place of its values; the text
between the markers is the line's literal spelling. From it come the regular
expressions of the full parser (:class:`RakePatterns`, one named group per value) and
the literal pieces the fast validator slices lines with (:data:`PIECES`). A word
changed in ``_text`` is so changed for every reader.

>>> RakePatterns.seat_pattern.match("Seat 3: Ann (500 in chips)").groups()
('3', 'Ann', '500')
>>> PIECES.bet
': bets '
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from rakestats.formats.rake import _text as t
from rakestats.formats.rake._model import Section
from rakestats.rake.rules import NO_FEE, HouseFee

__all__ = ["PIECES", "Pieces", "RakePatterns", "read_fee"]

_DIGITS = "[0-9]{1,18}"  # at most 18 digits: every amount fits a 64-bit integer
_FIRST_NUMBER = 918_273_645_500_000_000  # 18 digits, seen nowhere in the format's text


class _Marks:
    """Stand-ins for a line's values: render the line with them, then :meth:`regex`
    gives the pattern (a named group per value) and :meth:`pieces` the literal text."""

    def __init__(self) -> None:
        self.fields: dict[str, tuple[str, str]] = {}  # stand-in as rendered -> group, regex

    def text(self, name: str, regex: str = ".+") -> str:
        form = f"\x00{name}\x00"
        self.fields[form] = (name, regex)
        return form

    def number(self, name: str) -> int:
        value = _FIRST_NUMBER + len(self.fields)
        self.fields[str(value)] = (name, _DIGITS)
        return value

    def _split(self, text: str) -> list[str]:
        """Literal text and stand-ins, alternating (literal first and last)."""
        forms = sorted(self.fields, key=len, reverse=True)
        return re.split("(" + "|".join(re.escape(f) for f in forms) + ")", text)

    def regex(self, text: str, choice: tuple[str, str, str, str] | None = None) -> str:
        """The pattern of ``text``. ``choice`` (its stand-in, a group name, and the two
        texts it stands for): the group matches the first text, nothing the second."""
        out = []
        for k, part in enumerate(self._split(text)):
            if k % 2:
                name, regex = self.fields[part]
                out.append(f"(?P<{name}>{regex})")
            elif choice is not None and choice[0] in part:
                stand, name, yes, no = choice
                head, tail = part.split(stand)
                alternatives = f"(?:(?P<{name}>{re.escape(yes)})|{re.escape(no)})"
                out.append(re.escape(head) + alternatives + re.escape(tail))
            else:
                out.append(re.escape(part))
        return "".join(out) + "$"

    def pieces(self, text: str) -> list[str]:
        return self._split(text)[::2]


def _choice(name: str, yes: str, no: str) -> tuple[str, tuple[str, str, str, str]]:
    """Two renderings that differ in one place: ``yes``'s text with a stand-in there,
    and the choice for :meth:`_Marks.regex` (the group matches what ``yes`` has)."""
    n = 0
    while n < min(len(yes), len(no)) and yes[n] == no[n]:
        n += 1
    m = 0
    while m < min(len(yes), len(no)) - n and yes[-1 - m] == no[-1 - m]:
        m += 1
    stand = f"\x01{name}\x01"
    text = yes[:n] + stand + yes[len(yes) - m :]
    return text, (stand, name, yes[n : len(yes) - m], no[n : len(no) - m])


def _compile(marks: _Marks, yes: str, no: str, name: str) -> re.Pattern[str]:
    """The pattern of a line with a choice (``yes`` and ``no``: the line each way)."""
    text, choice = _choice(name, yes, no)
    return re.compile(marks.regex(text, choice))


def _common_prefix(texts: list[str]) -> str:
    low, high = min(texts), max(texts)
    n = 0
    while n < len(low) and low[n] == high[n]:
        n += 1
    return low[:n]


def _tail(marks: _Marks, who: str, text: str) -> str:
    """A player line without the player's name (matched after the name)."""
    if not text.startswith(who):
        raise AssertionError(f"a player line must begin with the name: {text!r}")
    return text[len(who) :]


_m = _Marks()
_WHO = _m.text("name")
_CARDS = _m.text("cards", ".*?")
_N1, _N2 = _m.number("amount"), _m.number("to")
_PERCENT = _m.text("percent", r"[0-9]{1,3}(?:\.[0-9]{1,2})?")
_SEAT = t.seat(_m.number("seat"), _WHO, _m.number("chips"))
_WHEN = (
    re.sub(
        "%([YmdHMS])",
        lambda d: f"(?P<{d[1]}>[0-9]{{{4 if d[1] == 'Y' else 2}}})",
        re.escape(t.TIME_FORMAT),
    )
    + f" (?P<zone>{t.ZONE_PATTERN})"
)


class RakePatterns:
    """The patterns of the Rake lines a reader must read values from. A player line's
    pattern is matched at the position after the player's name."""

    header_pattern: ClassVar[re.Pattern[str]] = re.compile(
        _m.regex(t.header(_m.text("site", ".+?"), _m.text("hand_id", r"[^\s:]+"),
                          _m.number("ante"), _m.text("when", _WHEN)))
    )  # fmt: skip
    table_pattern: ClassVar[re.Pattern[str]] = re.compile(
        _m.regex(t.table(_m.text("table", ".*"), _m.number("max_seats"), _m.number("dealer")))
    )
    fee_patterns: ClassVar[tuple[re.Pattern[str], ...]] = (
        re.compile(_m.regex(t.house_fee(t.fee_terms(None, None)))),
        re.compile(_m.regex(t.house_fee(t.fee_terms(_PERCENT, _m.number("cap"))))),
        re.compile(_m.regex(t.house_fee(t.fee_terms(_PERCENT, None)))),
    )
    server_view: ClassVar[str] = t.view(None)
    player_view: ClassVar[str] = _m.pieces(t.view(_WHO))[0]  # then the hero's name
    seat_pattern: ClassVar[re.Pattern[str]] = re.compile(_m.regex(_SEAT))
    seat_prefix: ClassVar[str] = _m.pieces(_SEAT)[0]
    # the lines the rules decide, told apart before their values are compared
    ante_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.ante(_WHO, _N1, True)), _tail(_m, _WHO, t.ante(_WHO, _N1, False)),
        "all_in",
    )  # fmt: skip
    uncalled_pattern: ClassVar[re.Pattern[str]] = re.compile(_m.regex(t.uncalled(_N1, _WHO)))
    skull_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.skull(_WHO, True)), _tail(_m, _WHO, t.skull(_WHO, False)), "win"
    )
    collect_patterns: ClassVar[tuple[re.Pattern[str], ...]] = tuple(
        re.compile(_m.regex(_tail(_m, _WHO, t.collected(_WHO, _N1, pot, single))))
        for pot, single in ((0, True), (0, False), (_m.number("pot"), False))
    )
    dealt_pattern: ClassVar[re.Pattern[str]] = re.compile(_m.regex(t.dealt(_WHO, _CARDS)))
    # actions: the text after the name of fold and check, patterns of the others
    fold_tail: ClassVar[str] = _tail(_m, _WHO, t.action(_WHO, "fold", 0, 0, False))
    check_tail: ClassVar[str] = _tail(_m, _WHO, t.action(_WHO, "check", 0, 0, False))
    call_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.action(_WHO, "call", _N1, 0, True)),
        _tail(_m, _WHO, t.action(_WHO, "call", _N1, 0, False)), "all_in",
    )  # fmt: skip
    bet_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.action(_WHO, "bet", _N1, 0, True)),
        _tail(_m, _WHO, t.action(_WHO, "bet", _N1, 0, False)), "all_in",
    )  # fmt: skip
    raise_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.action(_WHO, "raise", _N1, _N2, True)),
        _tail(_m, _WHO, t.action(_WHO, "raise", _N1, _N2, False)), "all_in",
    )  # fmt: skip
    face_up_pattern: ClassVar[re.Pattern[str]] = re.compile(_m.regex(t.face_up(_CARDS)))
    face_down_pattern: ClassVar[re.Pattern[str]] = re.compile(_m.regex(t.face_down(_CARDS, 0)))
    face_down_count_pattern: ClassVar[re.Pattern[str]] = re.compile(
        _m.regex(t.face_down(None, _m.number("count")))
    )
    pick_pattern: ClassVar[re.Pattern[str]] = _compile(
        _m, _tail(_m, _WHO, t.pick(_WHO, _CARDS, True)),
        _tail(_m, _WHO, t.pick(_WHO, _CARDS, False)), "face_up",
    )  # fmt: skip
    pick_hidden_tail: ClassVar[str] = _tail(_m, _WHO, t.pick(_WHO, None, False))
    show_pattern: ClassVar[re.Pattern[str]] = re.compile(
        _m.regex(_tail(_m, _WHO, t.shows(_WHO, _CARDS, _m.text("description"))))
    )
    section_prefix: ClassVar[str] = _common_prefix([t.DEAL, t.MIDDLE, t.REVEAL, t.SUMMARY])
    section_headers: ClassVar[dict[str, Section]] = {
        t.DEAL: Section.DEAL,
        t.betting_round(1): Section.ROUND1,
        t.MIDDLE: Section.MIDDLE,
        t.pickup(1): Section.PICKUP1,
        t.betting_round(2): Section.ROUND2,
        t.pickup(2): Section.PICKUP2,
        t.betting_round(3): Section.ROUND3,
        t.REVEAL: Section.REVEAL,
        t.SUMMARY: Section.SUMMARY,
    }


@dataclass(frozen=True, slots=True)
class Pieces:
    """The literal text of the lines the fast validator slices: each tuple holds the
    text before, between and after the line's values (a player line from after the
    name)."""

    dealt: tuple[str, ...]
    fold: str
    check: str
    call: str
    bet: str
    raise_by: tuple[str, ...]
    all_in: str
    face_up: tuple[str, ...]
    face_down: tuple[str, ...]
    pick: tuple[str, ...]  # before the card; after it when face up; when face down
    pick_hidden: str
    shows: tuple[str, ...]
    seat: tuple[str, ...]  # before the seat, the name, the chips; after the chips
    header: tuple[str, ...]  # before the site, the hand id, the ante, the time; after it


def _pieces() -> Pieces:
    m = _Marks()
    who, cards, n1, n2 = m.text("name"), m.text("cards"), m.number("a"), m.number("b")
    said = _choice(
        "all_in", t.action(who, "call", n1, 0, True), t.action(who, "call", n1, 0, False)
    )[1]
    up = m.pieces(_tail(m, who, t.pick(who, cards, True)))
    down = m.pieces(_tail(m, who, t.pick(who, cards, False)))
    return Pieces(
        dealt=tuple(m.pieces(t.dealt(who, cards))),
        fold=RakePatterns.fold_tail,
        check=RakePatterns.check_tail,
        call=m.pieces(_tail(m, who, t.action(who, "call", n1, 0, False)))[0],
        bet=m.pieces(_tail(m, who, t.action(who, "bet", n1, 0, False)))[0],
        raise_by=tuple(m.pieces(_tail(m, who, t.action(who, "raise", n1, n2, False)))),
        all_in=said[2],
        face_up=tuple(m.pieces(t.face_up(cards))),
        face_down=tuple(m.pieces(t.face_down(cards, 0))),
        pick=(up[0], up[1], down[1]),
        pick_hidden=RakePatterns.pick_hidden_tail,
        shows=tuple(m.pieces(_tail(m, who, t.shows(who, cards, m.text("description"))))),
        seat=tuple(m.pieces(t.seat(n1, who, n2))),
        header=tuple(m.pieces(t.header(m.text("site"), m.text("id"), n1, m.text("when")))),
    )


PIECES = _pieces()


def read_fee(line: str) -> HouseFee | None:
    """The house fee a ``House fee:`` line states, or None when the line is not one
    (:class:`ValueError`: a percentage beyond what the rules allow).

    >>> read_fee("House fee: 2.5% capped at 20") == HouseFee.from_percent("2.5", 20)
    True
    """
    for pattern in RakePatterns.fee_patterns:
        m = pattern.match(line)
        if m is not None:
            found = m.groupdict()
            percent, cap = found.get("percent"), found.get("cap")
            if percent is None:
                return NO_FEE
            return HouseFee.from_percent(percent, int(cap) if cap is not None else None)
    return None

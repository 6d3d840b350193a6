"""The lines the rules decide, compared with the renderer's: the end of a Rake hand (the
pots collected and the summary) and the comparison every such check uses.

A line read is the line the rules give when the two are the same text, numbers read as
numbers (``010`` is 10; no number has more than 18 digits). The shares of one pot may
come in any order.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rakestats.formats._base import HandError
from rakestats.formats.rake import _text as t
from rakestats.formats.rake._fast import cards_text
from rakestats.formats.rake._model import TextLine
from rakestats.rake.showdown import Settlement

if TYPE_CHECKING:
    from rakestats.formats.rake._replay import Replay

__all__ = ["check_summary", "collected_lines", "compare", "fail", "in_pot_order", "same"]

_DIGITS = re.compile("[0-9]+")
_TOO_LONG = re.compile("[0-9]{19}")


def fail(line: int, reason: str) -> HandError:
    return HandError(line, f"line {line}: {reason}")


def _shown(text: str) -> str:
    return repr(text if len(text) <= 100 else text[:97] + "...")


def _numbers(text: str) -> str | None:
    """``text`` with every number as the writer writes it; None when a number has more
    than 18 digits."""
    runs = _DIGITS.findall(text)
    if any(len(r) > 18 for r in runs):
        return None
    return _DIGITS.sub(lambda m: str(int(m[0])), text)


def same(found: str, want: str) -> bool:
    """Whether a line read says what the rules say (``want``: the renderer's line)."""
    if found == want:
        return _TOO_LONG.search(found) is None
    read = _numbers(found)
    return read is not None and read == _numbers(want)


def compare(found: Sequence[TextLine], want: Sequence[str], end: int, last: bool = False) -> None:
    """The lines ``found`` are the lines ``want`` the rules give, else the first that
    differs is named, with what was expected. ``end``: the line after ``found`` (a
    missing line is blamed on it), or the last line of the hand when ``last``."""
    for k, expected in enumerate(want):
        if k == len(found):
            if last:
                raise HandError(end, f"hand ends before {_shown(expected)} (line {end})")
            raise fail(end, f"missing {_shown(expected)} before this line")
        text = found[k].text
        if not same(text, expected):
            line = found[k].line
            if k + 1 < len(want) and same(text, want[k + 1]):
                raise fail(line, f"missing {_shown(expected)} before this line")
            raise fail(line, f"unexpected line {_shown(text)}, expected {_shown(expected)}")
    if len(found) > len(want):
        extra = found[len(want)]
        raise fail(extra.line, f"unexpected line {_shown(extra.text)}")


def collected_lines(replay: Replay) -> list[list[str]]:
    """The "collected" lines of the settled hand, pot by pot (main pot first): a line
    for each share."""
    h = replay.engine
    s = h.settlement
    assert s is not None
    single = len(s.pots) == 1
    return [
        [
            t.collected(h.players[w].name, share, pot.index, single)
            for w, share in zip(pot.winners, pot.shares, strict=True)
            if share > 0
        ]
        for pot in s.pots
    ]


def in_pot_order(found: list[TextLine], start: int, pots: list[list[str]]) -> list[TextLine]:
    """``found`` with the lines from ``start`` on that hold the shares of one pot, in
    whatever order, put in the order of ``pots`` (the lines of each pot)."""
    out = list(found)
    k = start
    for lines in pots:
        window = out[k : k + len(lines)]
        keys = [key for key in (_numbers(it.text) for it in window) if key is not None]
        if len(keys) == len(lines) and sorted(keys) == sorted(map(str, map(_numbers, lines))):
            out[k : k + len(lines)] = sorted(window, key=lambda it: _place(it, lines))
        k += len(lines)
    return out


def _place(it: TextLine, lines: list[str]) -> int:
    return next(k for k, x in enumerate(lines) if same(it.text, x))


def _outcome(replay: Replay, s: Settlement, seat: int) -> str:
    p = replay.engine.players[seat]
    shown = replay.shown.get(seat) if replay.revealed and not p.folded else None
    cards = cards_text(shown) if shown is not None else None
    hand = s.values[seat].description if shown is not None else ""
    folded_in = replay.folded_round[seat] if p.folded else 0
    dealer = seat == replay.hand.dealer_seat
    return t.outcome(seat, p.name, dealer, folded_in, s.collected[seat], cards, hand)


def check_summary(replay: Replay, s: Settlement) -> None:
    """The total pot (the pots before the fee, the fee) and every seat's outcome."""
    hand = replay.hand
    pots: list[int] = []
    if len(s.pots) > 1:
        pots = [s.pots[0].amount + s.house_fee, *(p.amount for p in s.pots[1:])]
    want = [t.total(s.total_pot, pots, s.house_fee)]
    want += [_outcome(replay, s, seat.seat) for seat in hand.seats]
    compare(hand.summary, want, hand.last_line, last=True)

"""The chips each player puts in, read from a hand's typed lines, for rooms that leave
out what the replay compares: the all-in mark (Winamax, Everleaf) or the uncalled bet
(Everleaf, whose winnings leave it out too).

The amounts are taken as the replay takes them (:class:`~._model.ActLine`: ``amount``
for a bring-in or call, ``to`` the round total of a bet, raise or completion, ``added``
the chips an action puts in). The replay still checks every line against the engine:
this only supplies what the room did not write.

>>> from rakestats.formats.stud._model import SeatLine, StreetLine
>>> seats = [SeatLine(2, 1, "Ann", 25, False), SeatLine(3, 2, "Bob", 100, False)]
>>> items = [AnteLine(4, "Ann", 5, False), AnteLine(5, "Bob", 5, False), StreetLine(6, 1),
...          ActLine(7, "Ann", "bring_in", 10, None, False),
...          ActLine(8, "Bob", "raise", None, 25, False),
...          ActLine(9, "Ann", "call", 10, None, False)]
>>> [getattr(it, "all_in", None) for it in mark_all_ins(seats, items)]
[False, False, None, False, False, True]
>>> uncalled_line(seats, items, 10)
UncalledLine(line=10, name='Bob', amount=5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rakestats.formats.stud._model import (
    ActLine,
    AnteLine,
    Item,
    SeatLine,
    StreetLine,
    UncalledLine,
)

__all__ = ["Ledger", "mark_all_ins", "uncalled_line"]


class Ledger:
    """Chips put in by each player over the hand and in the betting round, line by line."""

    def __init__(self, seats: Sequence[SeatLine]) -> None:
        self.stack = {s.name: s.stack for s in seats}
        self.total = dict.fromkeys(self.stack, 0)
        self.round_bet = dict.fromkeys(self.stack, 0)
        self.current_bet = 0
        self.street = 0

    def left(self, name: str) -> int:
        """The chips a player has behind."""
        return self.stack.get(name, 0) - self.total.get(name, 0)

    def chips(self, it: ActLine) -> int:
        """The chips the action of ``it`` puts in."""
        if it.verb == "all_in":
            return it.added if it.added is not None else it.amount or 0
        round_bet = self.round_bet.get(it.name, 0)
        if it.verb in ("call", "bring_in"):
            if it.amount is not None:
                return it.amount
            if it.added is not None:
                return it.added
            return min(self.current_bet - round_bet, self.left(it.name))
        if it.verb in ("bet", "raise", "complete"):
            to = it.to
            if to is None and it.added is not None:
                to = round_bet + it.added
            if to is None and it.verb == "bet":
                to = it.amount
            return to - round_bet if to is not None else 0
        return 0

    def take(self, it: Item) -> int:
        """Book a line; returns the chips it puts in."""
        if isinstance(it, StreetLine):
            if 1 <= it.street <= 5 and it.street != self.street:
                self.street = it.street
                self.round_bet = dict.fromkeys(self.round_bet, 0)
                self.current_bet = 0
            return 0
        if isinstance(it, AnteLine):
            chips = it.amount
        elif isinstance(it, ActLine) and it.name in self.total:
            chips = self.chips(it)
            self.round_bet[it.name] += chips
            self.current_bet = max(self.current_bet, self.round_bet[it.name])
        else:
            return 0
        self.total[it.name] = self.total.get(it.name, 0) + chips
        return chips


def mark_all_ins(seats: Sequence[SeatLine], items: Sequence[Item]) -> list[Item]:
    """``items`` with the all-in mark on each ante or action that puts in a player's
    last chips (a room that does not write it); marks the room wrote are kept."""
    ledger = Ledger(seats)
    out: list[Item] = []
    for it in items:
        chips = ledger.take(it)
        if (
            isinstance(it, ActLine | AnteLine)
            and chips > 0
            and not it.all_in
            and it.name in ledger.stack
            and ledger.left(it.name) == 0
        ):
            it = replace(it, all_in=True)
        out.append(it)
    return out


def uncalled_line(
    seats: Sequence[SeatLine], items: Sequence[Item], line: int
) -> UncalledLine | None:
    """The uncalled bet of a hand whose room writes none (what the player who put in the
    most put in beyond anyone else), as the line the replay expects; None if all of
    the most was called."""
    ledger = Ledger(seats)
    for it in items:
        ledger.take(it)
    ranked = sorted(ledger.total.items(), key=lambda kv: kv[1], reverse=True)
    if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
        return None
    return UncalledLine(line, ranked[0][0], ranked[0][1] - ranked[1][1])

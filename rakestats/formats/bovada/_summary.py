"""Bovada's summary lines, and the bets a Bovada hand was played for (its header has none).

Summary forms::

    Total Pot($0.59) | Rake ($0.02)            Total Pot(97)   (no rake written)
    Seat 1:  Folded on the 5TH STREET          Seat+1:  Folded on the 3rd STREET
    Seat 3:  $0.09 [Does not show]
    Seat 3:  $0.45  with One pair [8c Qs Qc 3d Ts 4s 2h-Qs Qc Ts 8c 4s]
    Seat 5:   lose with One pair [9d 8s Jd 5c Td Js-Js Jd Ac Td 9d]
    Seat+5:  HI $73.50  with Straight [Ad Qd 2d 2c Td Js Ks-Ad Ks Qd Js Td]
    Seat+2:   with One pair [5c 2h 6c 3h 5s 7c 8h-...] LO $73.50 [...]

>>> s = summary_seat("Seat+5:  HI $73.50  with Straight [Ad Qd 2d 2c Td Js Ks-Ad Ks Qd Js Td]",
...                  9, {5: "Hero"}, 100)
>>> s.outcome, s.name, s.amount
('collected', 'Hero', 7350)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT

__all__ = ["bets_of", "summary_seat", "total_line"]

_LINES = stud.line_table(
    r"""
    total    ^Total Pot\((?P<total>{amount})\)(?: \| Rake \((?P<rake>{amount})\))?
    seat     ^Seat[+ ](?P<seat>\d{1,9}):\s*(?P<rest>.*?)\s*$
    amounts  (?:^|\bHI |\bLO )(?P<a>{amount})(?=\s|$)
    lost     \blos[te] with\b
    """,
    amount=AMOUNT,
)
_FOLDED = re.compile(r"^Folded on the (?:(?P<street>\d)\w\w STREET|RIVER)", re.IGNORECASE)


def total_line(text: str, n: int, scale: int, items: Sequence[stud.Item]) -> stud.TotalLine | None:
    """The pot line; without a written rake, the rake is the pot less the winnings."""
    m = _LINES["total"].match(text)
    if m is None:
        return None
    total = stud.parse_money(m["total"], scale, n)
    if m["rake"] is not None:
        return stud.TotalLine(n, total, stud.parse_money(m["rake"], scale, n), ())
    collected = sum(it.amount for it in items if isinstance(it, stud.CollectLine))
    return stud.TotalLine(n, total, total - collected, ())


def summary_seat(
    text: str, n: int, names: Mapping[int, str], scale: int
) -> stud.SummarySeat | None:
    """A summary seat line (raises HandError for a seat nobody sits in). The cards it
    lists are left out: the deals gave them all (and Bovada's list misses one at times:
    ``[9d 8s Jd 5c Td Js-...]`` for a player dealt Ac too)."""
    m = _LINES["seat"].match(text)
    if m is None:
        return None
    seat, rest = int(m["seat"]), m["rest"]
    name = names.get(seat)
    if name is None:
        raise stud.fail(n, f"the summary names seat {seat}, where nobody sits")
    if (f := _FOLDED.match(rest)) is not None:
        round_ = int(f["street"]) - 2 if f["street"] else 5
        return stud.SummarySeat(n, seat, name, "folded", fold_round=round_)
    if _LINES["lost"].search(rest):
        return stud.SummarySeat(n, seat, name, "lost")
    amounts = [stud.parse_money(a["a"], scale, n) for a in _LINES["amounts"].finditer(rest)]
    if amounts:
        return stud.SummarySeat(n, seat, name, "collected", sum(amounts))
    return stud.SummarySeat(n, seat, name, "other")  # '[Mucked] [7h 2h ...]'


def bets_of(items: Sequence[stud.Item], doubled: set[int]) -> tuple[int, int] | None:
    """The small and big bet a hand was played for, from its first full wager on each
    street: the completion on 3rd street, a bet on 4th (a double bet there is the big
    one), a bet on 5th to 7th; one of them gives the other (the big bet is twice the
    small). None when nobody bet."""
    small = big = None
    street, wagered = 0, False
    for it in items:
        if isinstance(it, stud.StreetLine):
            street, wagered = it.street, False
        elif isinstance(it, stud.ActLine) and it.verb in ("bet", "raise") and not it.all_in:
            if not wagered and it.to is not None:
                if street == 1 or (street == 2 and it.line not in doubled):
                    small = small or it.to
                elif street >= 2:
                    big = big or it.to
            wagered = True
    if small is None and big is None:
        return None
    small = small if small is not None else (big or 0) // 2
    return small, big if big is not None else 2 * small

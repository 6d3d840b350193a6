"""The summary of an OnGame hand: the pots and who took them, the rake, and a line per
player with the final stack, the net and the cards shown.

::

    Summary:
    Main pot: $2.35 won by Hero ($2.24)
    Side pot 1: $0.80 won by kueto ($0.40 High), Hero ($0.40 Low)
    Rake taken: $0.11
    Seat 2: Hero ($3.47), net: +$1.47, [Jh, 9d, Ac, 7h, Js, 5c, 9h] (TWO_PAIR JACK, NINE)
    Seat 6: kueto ($6.23), net: -$0.07

>>> c = read_closing(["Summary:", "Main pot: $2.35 won by the bAAr ($2.24)",
...                   "Rake taken: $0.11", "Seat 1: the bAAr ($5.76), net: +$0.77, "
...                   "[Jh, 9d, Ac, 7h, Js, 5c, 9h] (TWO_PAIR JACK, NINE)"],
...                  0, 10, 100, ["the bAAr"])
>>> [(x.name, x.amount, x.pot) for x in c.collects], c.total, c.rake, c.rake_line
([('the bAAr', 224, 'main pot')], 235, 11, 12)
>>> r = c.results[0]; r.name, r.net, len(r.cards)
('the bAAr', 77, 7)
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT

__all__ = ["read_closing"]

#: A pot and who won it, the rake, a seat's result (after the name).
_LINES = stud.line_table(
    r"""
    pot     ^(?P<kind>Main|Side) pot(?: (?P<k>\d+))?: (?P<a>{amount})(?: won by (?P<who>.+))?$
    rake    ^Rake taken: (?P<a>{amount})$
    result  ^ \((?P<stack>{amount})\), net: (?P<sign>[+-]?)(?P<net>{amount})
              (?:, \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?)?$
    """,
    amount=AMOUNT,
)
_SEAT = stud.StudPatterns.summary_seat


def _winners(text: str, names: Sequence[str], n: int) -> list[tuple[str, str]]:
    """``A ($1.20 High), B ($1.19 Low)`` as ``[(name, amount)]``: names are the seated
    players' (they may hold spaces, commas and brackets), longest first."""
    out = []
    rest = text
    while rest:
        for name in names:
            if rest.startswith(name + " ("):
                m = re.match(
                    rf"\((?P<a>{AMOUNT})(?: (?:High|Low|Hi|Lo))?\)(?:, |$)", rest[len(name) + 1 :]
                )
                if m is not None:
                    out.append((name, m["a"]))
                    rest = rest[len(name) + 1 + m.end() :]
                    break
        else:
            raise stud.fail(n, f"cannot read who won the pot: {text!r}")
    return out


def read_closing(
    lines: Sequence[str], end: int, first_line: int, scale: int, names: Sequence[str]
) -> stud.Closing:
    """The summary of a hand whose ``Summary:`` is ``lines[end]`` (raises HandError)."""
    by_length = sorted(names, key=len, reverse=True)
    closing = stud.Closing(first_line + end)
    for i in range(end + 1, len(lines)):
        n, text = first_line + i, lines[i]
        if (p := _LINES["pot"].match(text)) is not None:
            closing.pots.append(stud.parse_money(p["a"], scale, n))
            label = "main pot" if p["kind"] == "Main" else f"side pot-{p['k'] or 1}"
            for name, a in _winners(p["who"] or "", by_length, n):
                closing.collects.append(
                    stud.CollectLine(n, name, stud.parse_money(a, scale, n), label)
                )
        elif (r := _LINES["rake"].match(text)) is not None:
            closing.rake += stud.parse_money(r["a"], scale, n)
            closing.rake_line = n
        elif (s := _SEAT.match(text)) is not None:
            result = _result(s["rest"], by_length, scale, n)
            if result is not None:
                closing.results.append(result)
    closing.total = sum(closing.pots)
    return closing


def _result(rest: str, names: Sequence[str], scale: int, n: int) -> stud.SeatResult | None:
    """A player's summary line (None: a seat the hand did not list)."""
    for name in names:
        if rest.startswith(name) and (m := _LINES["result"].match(rest[len(name) :])) is not None:
            net = stud.parse_money(m["net"], scale, n) * (-1 if m["sign"] == "-" else 1)
            cards = stud.cards_of(m["cards"], n) if m["cards"] else ()
            return stud.SeatResult(n, name, net, cards)
    if any(rest.startswith(name + " (") for name in names):
        raise stud.fail(n, "cannot read the summary line of a seated player")
    return None

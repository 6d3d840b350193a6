"""The end of a KingsClub hand: each player's final stack and net, the rake, and who
won which pot (the winnings without an uncalled bet, which the room does not write).

::

    *** SUMMARY ***
    Seat 4: Player3 (2,788.28) +788.28
    Seat 5: Player4 (5,078.85) -506.32
    Rake 5
    Player3 wins pot (1,294.60)

>>> c = read_closing(["*** SUMMARY ***", "Seat 4: Player3 (2,788.28) +788.28", "Rake 5",
...                   "Player3 wins pot (1,294.60)"], 0, 0, 20, 100, ["Player3"])
>>> [(x.name, x.amount, x.pot) for x in c.collects], c.rake, c.results[0].net
([('Player3', 129460, 'pot')], 500, 78828)
"""

from __future__ import annotations

from collections.abc import Sequence

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT

__all__ = ["read_closing"]

#: A player's winnings (after the name), the rake, a seat's result (after the name).
_LINES = stud.line_table(
    r"""
    wins    ^ wins (?:the )?(?:(?P<side>side pot (?P<k>\d+) )|(?:main )?pot )?\((?P<a>{amount})\)
              (?: from (?:the )?(?:main |side )?pot(?: \d+)?)?$
    rake    ^Rake (?P<a>{amount})$
    result  ^ \((?P<stack>{amount})\) (?P<sign>[+-]?)(?P<net>{amount})$
    """,
    amount=AMOUNT,
)
_SEAT = stud.StudPatterns.summary_seat


def read_closing(
    lines: Sequence[str],
    summary: int,
    play: int,
    first_line: int,
    scale: int,
    names: Sequence[str],
) -> stud.Closing:
    """What ``lines`` say from ``*** SUMMARY ***`` (``lines[summary]``) on, and the pots
    won anywhere after the seats (``lines[play:]``)."""
    by_length = sorted(names, key=len, reverse=True)
    closing = stud.Closing(first_line + summary)
    for i in range(play, len(lines)):
        n, text = first_line + i, lines[i]
        for name in by_length:
            if text.startswith(name + " ") and (w := _LINES["wins"].match(text[len(name) :])):
                label = f"side pot-{w['k']}" if w["side"] else "pot"
                closing.collects.append(
                    stud.CollectLine(n, name, stud.parse_money(w["a"], scale, n), label)
                )
                break
        if i <= summary:
            continue
        if (r := _LINES["rake"].match(text)) is not None:
            closing.rake += stud.parse_money(r["a"], scale, n)
            closing.rake_line = n
        elif (s := _SEAT.match(text)) is not None:
            for name in by_length:
                if s["rest"].startswith(name) and (
                    m := _LINES["result"].match(s["rest"][len(name) :])
                ):
                    net = stud.parse_money(m["net"], scale, n) * (-1 if m["sign"] == "-" else 1)
                    closing.results.append(stud.SeatResult(n, name, net))
                    break
    return closing

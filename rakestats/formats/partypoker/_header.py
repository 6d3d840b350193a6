"""PartyPoker hand headers (docs/rooms.md, PartyPoker): the lines before the seats.

A hand reads::

    #Game No : 9581478205
    ***** Hand History for Game 9581478205 *****
    $0.50/$1 USD 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST 2010
    Table Table  136403 (Real Money)
    Seat 0 is the button
    Total number of players : 7/8

or, in a tournament, ``FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2
Stakes-Antes(60/120-10) - Wednesday, May 30, 14:41:43 EDT 2012``. Cash stakes are the
small and big bets; a tournament's ``Stakes-Antes(60/120-10)`` the bets and the ante.

>>> lines = ["#Game No : 9581478205", "***** Hand History for Game 9581478205 *****",
...          "$0.50/$1 USD 7 Card Stud Hi-Lo - Monday, August 30, 20:20:17 EEST 2010",
...          "Table Table  136403 (Real Money)", "Seat 0 is the button",
...          "Total number of players : 7/8"]
>>> h, n = parse_header(lines, 1)
>>> h.hand_id, h.game, h.table, h.max_seats, h.small_bet, h.big_bet, n
('9581478205', 'stud8', 'Table  136403', 8, 50, 100, 6)
>>> h.played_at.isoformat()
'2010-08-30T17:20:17+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["HEADER", "HISTORY", "STARTS", "parse_header"]

#: The first line of a hand: ``Game #N starts.``, ``#Game No : N`` or the title line.
HEADER = re.compile(
    r"^\x00*(?:(Game) #(\d+) starts\.|#(Game) No\s*:\s*(\d+)"
    r"|\*{5} Hand History [Ff]or (Game) (\d+))"
)
STARTS = re.compile(r"^\x00*Game #\d+ starts\.\s*$")
HISTORY = re.compile(r"^\*{5} Hand History [Ff]or Game (?P<id>\d+) \*{5}")
#: The stakes line of a cash game and of a tournament, and the date in either.
_LINES = stud.line_table(
    r"""
    cash     ^{stakes}(?:\s+(?P<iso>[A-Z]{3}))?\s+
               (?:(?:FL|NL|PL)\s+)?(?P<game>.+?)\s+-\s+(?P<date>.+)$
    tourney  ^(?:(?:FL|NL|PL)\s+)?(?P<game>.+?)\s+
               (?:(?P<buyin>[$€£]?[\d.,]+)\s*(?:[A-Z]{3})?\s*Buy-in\s+)?
               Trny:\s?(?P<tid>\d+)\s+Level:\s*(?P<level>\d+)\s+(?:Stakes|Blinds)(?:-Antes)?\(
               (?P<sb>[\d.,]+)\s*/(?P<bb>[\d.,]+)(?:\s*-\s*(?P<ante>[\d.,]+))?\)\s+-\s+(?P<date>.+)$
    date     \w+,\s+(?P<mon>\w{3})\w*\s+(?P<d>\d{1,2}),\s+
               (?P<h>\d{1,2}):(?P<mi>\d{2}):(?P<s>\d{2})\s+(?P<zone>[A-Z]+)\s+(?P<y>\d{4})
    """,
    stakes=stud.STAKES,
)
#: The lines between the stakes and the seats (the button's line is not read).
_BEFORE_SEATS = stud.line_table(
    r"""
    table    ^Table (?P<name>.+?)\s+\((?P<money>Real|Play) Money\)
    players  ^Total number of players\s*:\s*\d+/(?P<max>\d+)
    """
)


def parse_header(lines: Sequence[str], first_line: int) -> tuple[stud.StudHeader, int]:
    """The header of a PartyPoker hand and the index of its first seat line (raises
    HandError)."""
    i = next((k for k, t in enumerate(lines) if HISTORY.match(t)), None)
    if i is None or i + 1 >= len(lines):
        raise stud.fail(first_line, "no '***** Hand History for Game N *****' line")
    hand_id = HISTORY.match(lines[i])["id"]  # type: ignore[index]
    n = first_line + i + 1
    text = lines[i + 1].strip()
    t = _LINES["tourney"].match(text)
    c = None if t is not None else _LINES["cash"].match(text)
    m = t or c
    if m is None:
        raise stud.fail(n, f"cannot read the game and stakes {text!r}")
    k, found = stud.before_seats(lines, i + 2, _BEFORE_SEATS)
    table, players = found.get("table"), found.get("players")
    cash = t is None and not (table is not None and table["money"] == "Play")
    currency = stud.currency_of(m["cur"], m["iso"], "USD") if cash else None
    extra = {"game": m["game"], "level": t["level"] if t else None}
    extra["buy_in"] = t["buyin"] if t else None
    return (
        stud.header(
            "PartyPoker",
            hand_id,
            stud.stakes(m["sb"], m["bb"], n, currency=currency, ante=t["ante"] if t else None),
            stud.time_of(_LINES["date"].search(m["date"]), n),
            game=stud.classify_game(m["game"]),
            game_text=m["game"],
            tournament=t is not None,
            tournament_id=t["tid"] if t is not None else None,
            table=table["name"] if table is not None else None,
            max_seats=int(players["max"]) if players is not None else None,
            extra=extra,
        ),
        k,
    )

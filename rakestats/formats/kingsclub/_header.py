"""KingsClub hand headers (docs/rooms.md, KingsClub): the game and stakes, then the
date (no zone: US Eastern time) and the table.

::

    #37581152: Limit Seven Card Stud - 44/88
    2020-10-26 19:00:47
    Table 'Real Deal Mix'

A tournament's table reads ``Table 'T3537921 [2]'`` (tournament 3537921, table 2).

>>> h = parse_header(["#37581152: Limit Seven Card Stud - 44/88", "2020-10-26 19:00:47",
...                   "Table 'Real Deal Mix'"], 1)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, h.is_tournament
('37581152', 'stud', 'USD', 4400, 8800, False)
>>> h.played_at.isoformat()
'2020-10-26T23:00:47+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["HEADER", "TABLE", "parse_header"]

HEADER = re.compile(rf"^(#)(\d+):\s+(?P<game>.+?) - {stud.STAKES}\s*$")
TABLE = re.compile(r"^Table (?:ID )?'(?P<name>.*)'(?:\s+(?P<max>\d{1,9})-max)?(?P<rest>(?:\s.*)?)$")
#: A tournament's table name (``T123 [4]``), and an amount written with cents.
_LINES = stud.line_table(
    r"""
    tournament  ^T(?P<tid>\d+) \[(?P<table>[^\]]*)\]$
    cents       \d\.\d\d\b
    """
)
_NOT_FIXED_LIMIT = re.compile(r"no limit|pot limit", re.IGNORECASE)


def parse_header(lines: Sequence[str], line: int) -> stud.StudHeader:
    """The header of a KingsClub hand: the game line, the date and the table line
    (raises HandError)."""
    m = HEADER.match(lines[0]) if lines else None
    if m is None:
        raise stud.fail(line, "not a KingsClub hand header")
    k = next((i for i in range(1, min(len(lines), 4)) if TABLE.match(lines[i])), None)
    d = next((i for i in range(1, min(len(lines), 4)) if stud.DATE_TIME.fullmatch(lines[i])), None)
    if k is None or d is None:
        raise stud.fail(line + 1, "expected the date and the table line after the header")
    t, when = TABLE.match(lines[k]), stud.DATE_TIME.fullmatch(lines[d])
    assert t is not None and when is not None
    tour = _LINES["tournament"].match(t["name"])
    play = "play money" in t["rest"].lower()
    cash = tour is None and not play
    cents = cash or any(_LINES["cents"].search(x) for x in lines)
    currency = stud.currency_of(m["cur"], default="USD") if cash else None
    game = m["game"]
    return stud.header(
        "KingsClub",
        m[2],
        stud.stakes(m["sb"], m["bb"], line, currency=currency, cents=cents),
        stud.time_of(when, line + d, "ET"),
        game=None if _NOT_FIXED_LIMIT.search(game) else stud.classify_game(game),
        game_text=game,
        tournament=tour is not None,
        tournament_id=tour["tid"] if tour is not None else None,
        table=tour["table"] if tour is not None else t["name"],
        max_seats=int(t["max"]) if t["max"] else None,
        extra={"game": game, "money": "play" if play else None},
    )

"""OnGame hand headers (docs/rooms.md, OnGame): three lines and more before the seats.

::

    ***** History for hand R5-82086688-607 *****
    Start hand: Mon Sep 13 22:31:30 GMT+0100 2010
    Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)
    User: Hero
    Button: seat 1
    Players in round: 5

A tournament hand: ``***** History for hand T5-43557381-2 (TOURNAMENT: "TURBO 3", S-1556-758114,
buy-in: €3) *****`` and ``(LIMIT SEVEN_CARD_STUD 20/40, ante: 5, Chips)``.

>>> h = parse_header([
...     "***** History for hand R5-82086688-607 *****",
...     "Start hand: Mon Sep 13 22:31:30 GMT+0100 2010",
...     "Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, "
...     "Real money)"], 1)
>>> h.hand_id, h.game, h.table, h.currency, h.small_bet, h.big_bet, h.ante
('R5-82086688-607', 'stud', 'Milwaukee', 'USD', 10, 20, 2)
>>> h.played_at.isoformat()
'2010-09-13T21:31:30+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime, timedelta

from rakestats.formats import stud

__all__ = ["HEADER", "MAX_SEATS", "game_words", "parse_header"]

#: OnGame numbers the seats of every table 1-10.
MAX_SEATS = 10
#: The header line (group 1 ``hand``, group 2 the hand id), the ``Start hand:`` line,
#: the ``Table:`` line and an offset written for a zone.
_LINES = stud.line_table(
    r"""
    header  ^\*{5} History for (hand) (\S+)
              (?: \(TOURNAMENT:(?: \"(?P<tname>.*?)\",)? (?P<tid>[^,)]+)
              (?:, buy-in: (?P<buyin>[^)]*))?\))? \*{5}$
    start   ^Start hand: \w{3} (?P<mon>\w{3}) (?P<d>\d{1,2}) (?P<h>\d{1,2}):(?P<mi>\d{2}):
              (?P<s>\d{2}) (?P<zone>\S+) (?P<y>\d{4})$
    table   ^Table: (?:\[\w+\] )?(?P<table>.+?) \[(?P<tid>[^\]]*)\] \((?P<game>.+?) {stakes}
              (?:, ante: [$€£]?(?P<ante>[\d.,]+))?(?:, (?P<money>[^,()]*))?\)$
    offset  ^(?:GMT|UTC)(?P<sign>[+-])(?P<h>\d{1,2}):?(?P<m>\d{2})?$
    """,
    stakes=stud.STAKES,
)
HEADER = _LINES["header"]
_NOT_FIXED_LIMIT = re.compile(r"NO_LIMIT|POT_LIMIT|No Limit|Pot Limit", re.IGNORECASE)


def game_words(text: str) -> str:
    """The game of a ``Table:`` line, in the room's words (``LIMIT SEVEN_CARD_STUD``).

    >>> game_words("Table: T [1] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)")
    'NO_LIMIT TEXAS_HOLDEM'
    """
    m = _LINES["table"].match(text)
    return m["game"] if m is not None else "unknown"


def _utc(text: str, line: int) -> datetime:
    """The time of a ``Start hand:`` line in UTC: a zone name (``CET``, ``EEST``; an
    unknown one is refused, see ``stud.time_of``) or an offset (``GMT+0100``,
    ``GMT-05:00``)."""
    m = _LINES["start"].match(text)
    if m is None:
        raise stud.fail(line, "cannot read the time of 'Start hand:'")
    offset = _LINES["offset"].match(m["zone"])  # GMT+0100 is no zone name: read as UTC, then moved
    minutes = int(offset["h"]) * 60 + int(offset["m"] or 0) if offset is not None else 0
    sign = -1 if offset is not None and offset["sign"] == "-" else 1
    return stud.time_of(m, line) - timedelta(minutes=sign * minutes)


def parse_header(lines: Sequence[str], line: int) -> stud.StudHeader:
    """The header of an OnGame hand: the history line, ``Start hand:`` and ``Table:``
    (raises HandError)."""
    m = HEADER.match(lines[0]) if lines else None
    if m is None:
        raise stud.fail(line, "not an OnGame hand header")
    k = next((i for i in range(1, min(len(lines), 8)) if lines[i].startswith("Table: ")), None)
    s = next((i for i in range(1, min(len(lines), 8)) if lines[i].startswith("Start hand:")), None)
    if k is None or s is None:
        raise stud.fail(line + 1, "expected 'Start hand:' and 'Table:' after the header")
    t = _LINES["table"].match(lines[k])
    if t is None:
        raise stud.fail(line + k, "cannot read the game and stakes of the 'Table:' line")
    tournament = m["tid"] is not None
    money = (t["money"] or "").lower()
    cash = not tournament and "play" not in money
    currency = stud.currency_of(t["cur"]) if cash else None
    decimals = "." in t["sb"] + t["bb"] + (t["ante"] or "")
    game = t["game"]
    extra = {
        "game": game,
        "table_id": t["tid"],
        "tournament": m["tname"],
        "buy_in": m["buyin"],
        "money": t["money"],
    }
    return stud.header(
        "OnGame",
        m[2],
        stud.stakes(t["sb"], t["bb"], line + k, currency=currency, cents=decimals, ante=t["ante"]),
        _utc(lines[s], line + s),
        game=None if _NOT_FIXED_LIMIT.search(game) else stud.classify_game(game.replace("_", " ")),
        game_text=game,
        tournament=tournament,
        tournament_id=m["tid"],
        table=t["table"],
        max_seats=MAX_SEATS,
        extra=extra,
    )

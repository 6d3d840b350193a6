"""Full Tilt Poker hand headers (docs/rooms.md, Full Tilt).

Header forms (one line each)::

    Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi -
        12:18:37 ET - 2010/06/11
    Full Tilt Poker Game #N: Table Crane (6 max) - Limit Razz - $1/$2 Ante $0.20 -
        05:11:48 ET - 2014/01/06
    Full Tilt Poker Game #N: Big Game of the Week (251332389), Table 1 - 800/1600 Ante 150 -
        Limit 5 Card Stud - 18:30:57 ET - 2013/03/31
    ... - 12:52:55 CET - 2013/01/01 [12:52:55 ET - 2013/01/01]

>>> h = parse_header("Full Tilt Poker Game #21536466676: Table Hagan - $3/$6 Ante $0.50 - "
...                  "Limit Stud Hi - 12:18:37 ET - 2010/06/11", 1)
>>> h.hand_id, h.game, h.table, h.currency, h.small_bet, h.big_bet, h.ante
('21536466676', 'stud', 'Hagan', 'USD', 300, 600, 50)
>>> h.played_at.isoformat()
'2010-06-11T16:18:37+00:00'
"""

from __future__ import annotations

import re

from rakestats.formats import stud

__all__ = ["HEADER", "game_words", "parse_header"]

#: The header line (group 1 the room, group 2 the hand id, group 3 the rest), then the
#: parts of the rest: a tournament, the table, the stakes, the time (in two forms of
#: date: the clock, its zone and then the date) and the parts' dashes.
_LINES = stud.line_table(
    r"""
    header      ^(Full ?Tilt ?Poker) Game #(\d+):\s+(.*)$
    tournament  ^(?P<tname>.+?) \((?P<tid>\d+)\),\s+(?P<rest>.*)$
    table       ^(?:Table |Match )?(?P<table>.+?)(?: \((?P<attrs>[^()]*)\))?$
    stakes      ^{stakes}(?:\s+Ante\s+[$€£]?(?P<ante>[\d.,]+))?$
    clock       ^\d{1,2}:\d{2}
    date        {clock_zone}(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})
    date_words  {clock_zone}\w+,\s+(?P<mon>\w+)\s+(?P<d>\d{1,2}),\s+(?P<y>\d{4})
    dash        \s+-\s+
    """,
    stakes=stud.STAKES,
    clock_zone=r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s+(?P<zone>[A-Z]{2,5})\s+-\s+",
)
HEADER = _LINES["header"]
_MAX = re.compile(r"(\d+) max|(heads up)", re.IGNORECASE)


def _split(rest: str) -> tuple[str, str, re.Match[str]] | None:
    """``(table, game, stakes)`` of the header after the id (and the tournament): the
    stakes come before the game (``Table T - $2/$4 Ante $0.40 - Limit Stud Hi - 13:14:27
    ET - ...``) or after it (``Table T - Limit Razz - $1/$2 - ...``); a table name may
    hold `` - `` itself, so the parts are counted from the stakes."""
    parts = [p.strip() for p in _LINES["dash"].split(rest)]
    k = next((i for i, p in enumerate(parts) if i and _LINES["stakes"].match(p)), None)
    if k is None:
        return None
    stakes = _LINES["stakes"].match(parts[k])
    assert stakes is not None
    if k + 1 < len(parts) and not _LINES["clock"].match(parts[k + 1]):
        return " - ".join(parts[:k]), parts[k + 1], stakes
    return " - ".join(parts[: k - 1]), parts[k - 1], stakes


def game_words(text: str) -> str:
    """The game a header line names (for a hand that is skipped unread).

    >>> game_words("Full Tilt Poker Game #1: Table CR - tay - $1/$2 - Limit Hold'em - 1:02:03 ET")
    "Limit Hold'em"
    """
    m = HEADER.match(text)
    found = _split(m[3]) if m is not None else None
    return found[1] if found is not None and found[1] else "unknown"


def parse_header(text: str, line: int) -> stud.StudHeader:
    """The header line of a Full Tilt hand (raises HandError)."""
    m = HEADER.match(text)
    if m is None:
        raise stud.fail(line, "not a Full Tilt Poker hand header")
    t = _LINES["tournament"].match(m[3])
    found = _split(t["rest"] if t is not None else m[3])
    if found is None:
        raise stud.fail(line, "cannot read the stakes of the header")
    where, game, stakes = found
    w = _LINES["table"].match(where)
    if w is None or not game:
        raise stud.fail(line, "cannot read the table and the game of the header")
    attrs = w["attrs"] or ""
    size = _MAX.search(attrs)
    extra = {"game": game, "tournament": t["tname"] if t else None, "table_type": attrs or None}
    return stud.header(
        "Full Tilt Poker",
        m[2],
        stud.stakes(
            stakes["sb"],
            stakes["bb"],
            line,
            currency=None if t is not None else stud.currency_of(stakes["cur"]),
            ante=stakes["ante"],
        ),
        stud.preferred_time(m[3], line, _LINES["date"], _LINES["date_words"]),
        game=stud.classify_game(game),
        game_text=game or "unknown",
        tournament=t is not None,
        tournament_id=t["tid"] if t else None,
        table=w["table"],
        max_seats=(2 if size[2] else int(size[1])) if size is not None else None,
        extra=extra,
    )

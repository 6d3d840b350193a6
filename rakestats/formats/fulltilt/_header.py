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

from rakestats.formats.stud import StudHeader, classify_game, fail, parse_money, to_utc
from rakestats.formats.stud._common import CURRENCY_SYMBOLS, MONTHS

__all__ = ["HEADER", "game_words", "parse_header"]

HEADER = re.compile(r"^(Full ?Tilt ?Poker) Game #(\d+):\s+(.*)$")
_WHERE = re.compile(
    r"^(?:(?P<tname>.+?) \((?P<tid>\d+)\),\s+)?(?:Table |Match )?(?P<table>.+?)"
    r"(?: \((?P<attrs>[^()]*)\))?\s+-\s+(?P<rest>.*)$"
)
_STAKES = re.compile(
    r"^(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"
    r"(?:\s+Ante\s+[$€£]?(?P<ante>[\d.,]+))?$"
)
_TIME = re.compile(
    r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?\s+(?P<zone>[A-Z]{2,5})\s+-\s+"
    r"(?:(?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2})|\w+,\s+(?P<month>\w+)\s+(?P<day>\d{1,2}),\s+"
    r"(?P<year>\d{4}))"
)
_NOT_GAME = re.compile(r"^(?:\d{1,2}:\d{2}|\d{4}/|\w+, \w+ \d)")
_MAX = re.compile(r"(\d+) max|(heads up)", re.IGNORECASE)


def _game_of(parts: list[str]) -> str:
    """The part of the header that names the game: not the stakes, the time or the date."""
    return next((p for p in parts if not _STAKES.match(p) and not _NOT_GAME.match(p)), "")


def game_words(text: str) -> str:
    """The game a header line names (for a hand that is skipped unread).

    >>> game_words("Full Tilt Poker Game #1: Table T - $1/$2 - Limit Hold'em - 1:02:03 ET")
    "Limit Hold'em"
    """
    w = _WHERE.match(text.split(":", 1)[-1].strip())
    return (
        _game_of([p.strip() for p in re.split(r"\s+-\s+", w["rest"])]) if w else ""
    ) or "unknown"


def _played_at(text: str, line: int) -> tuple[tuple[int, int, int, int, int, int], str]:
    found = list(_TIME.finditer(text))
    if not found:
        raise fail(line, "no date in the header")
    m = next((f for f in found if f["zone"] == "ET"), found[0])
    if m["y"] is not None:
        y, mo, d = int(m["y"]), int(m["mo"]), int(m["d"])
    else:
        y, mo, d = int(m["year"]), MONTHS.get(m["month"], 0), int(m["day"])
    return (y, mo, d, int(m["h"]), int(m["mi"]), int(m["s"] or 0)), m["zone"]


def parse_header(text: str, line: int) -> StudHeader:
    """The header line of a Full Tilt hand (raises HandError)."""
    m = HEADER.match(text)
    if m is None:
        raise fail(line, "not a Full Tilt Poker hand header")
    w = _WHERE.match(m[3])
    if w is None:
        raise fail(line, "cannot read the table of the header")
    parts = [p.strip() for p in re.split(r"\s+-\s+", w["rest"])]
    stakes = next((s for p in parts if (s := _STAKES.match(p)) is not None), None)
    if stakes is None:
        raise fail(line, "cannot read the stakes of the header")
    game = _game_of(parts)
    tournament = w["tid"] is not None
    if tournament:
        currency, scale = "chips", 1
    else:
        currency = CURRENCY_SYMBOLS.get(stakes["cur"], "chips")
        scale = 1 if currency == "chips" else 100
    fields, zone = _played_at(w["rest"], line)
    attrs = w["attrs"] or ""
    size = _MAX.search(attrs)
    max_seats = (2 if size[2] else int(size[1])) if size is not None else None
    extra = {"game": game, "tournament": w["tname"], "table_type": attrs or None}
    return StudHeader(
        site="Full Tilt Poker",
        hand_id=m[2],
        game=classify_game(game),
        game_text=game or "unknown",
        is_tournament=tournament,
        tournament_id=w["tid"],
        currency=currency,
        scale=scale,
        small_bet=parse_money(stakes["sb"], scale, line),
        big_bet=parse_money(stakes["bb"], scale, line),
        played_at=to_utc(fields, zone, line),
        ante=parse_money(stakes["ante"], scale, line) if stakes["ante"] else None,
        table=w["table"],
        max_seats=max_seats,
        extra=tuple((k, v) for k, v in extra.items() if v is not None),
    )

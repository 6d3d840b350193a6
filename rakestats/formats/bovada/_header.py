"""Bovada (formerly Bodog; Ignition writes the same) hand headers (docs/rooms.md,
Bovada): the first line.

Header forms (one line each)::

    Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07
    Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed Limit - 2014-04-06 19:50:19
    Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 1 (0/0)
        - 2012-06-17 22:21:03

The header gives no stakes (the reader works them out from the bets) and, before the
2021 exports that end with ``UTC``, no time zone (US Eastern, as FPDB takes it). The
brands: Bovada, Bodog (``Bodog.com``, ``Bodog.eu``, ``Bodog UK``, ``Bodog Canada``,
``Bodog88``) and Ignition.

>>> h = parse_header("Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed Limit - "
...                  "2014-04-06 19:50:19", 1)
>>> h.hand_id, h.game, h.table, h.currency, h.is_tournament
('2844383701', 'stud8', '7794710', 'USD', False)
>>> h.played_at.isoformat()
'2014-04-06T23:50:19+00:00'
"""

from __future__ import annotations

import re

from rakestats.formats import stud

__all__ = ["HEADER", "game_words", "parse_header"]

#: The first line of a hand: group 1 the room, group 2 the hand id.
_BRANDS = r"Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?"
HEADER = re.compile(rf"^({_BRANDS})\s+Hand\s+#([A-Z]?\d+)")
_LINES = stud.line_table(
    r"""
    hand  ^(?:{brands})\s+Hand\s+#(?P<id>[A-Z]?\d+):?\s+
            (?:(?:Zone Poker ID|TBL)#(?P<table>[^\s,]+),?\s+)?
            (?P<game>.+?)\s+(?:Tournament #(?P<tid>\d+) TBL#(?P<tno>[^\s,]+),?\s+)?
            (?:1 on 1\s+)?(?P<limit>No Limit|Fixed Limit|Pot Limit)\b.*?-\s*
            {date}(?:\s+(?P<zone>UTC|GMT))?
    """,
    brands=_BRANDS,
    date=stud.DATE,
)
_GAMES = {"7CARD": "stud", "7CARD HILO": "stud8", "7CARD_HL": "stud8", "RAZZ": "razz"}


def game_words(text: str) -> str:
    """The game of a header line (for a hand that is skipped unread).

    >>> game_words("Bovada Hand #1 TBL#2 HOLDEMZonePoker No Limit - 2013-01-01 10:00:00")
    'HOLDEMZonePoker No Limit'
    """
    m = _LINES["hand"].match(text)
    return f"{m['game']} {m['limit']}" if m is not None else "unknown"


def parse_header(text: str, line: int) -> stud.StudHeader:
    """The header line of a Bovada hand; the bets are 0 until the reader works them out
    (raises HandError)."""
    m = _LINES["hand"].match(text)
    if m is None:
        raise stud.fail(line, "cannot read the Bovada header (game, limit, date)")
    game = m["game"].strip()
    kind = (
        _GAMES.get(game.upper().replace("HI/LO", "HILO")) if m["limit"] == "Fixed Limit" else None
    )
    tournament = m["tid"] is not None
    return stud.header(
        "Bovada",
        m["id"],
        stud.stakes(None, None, line, currency=None if tournament else "USD"),
        stud.time_of(m, line, "ET"),
        game=kind,
        game_text=f"{game} {m['limit']}",
        tournament=tournament,
        tournament_id=m["tid"],
        table=m["tno"] if tournament else m["table"],
        extra={"game": game, "room": text.split(" Hand", 1)[0]},
    )

"""Winning Poker Network hand headers (docs/rooms.md, Winning), in the room's two formats.

The software of 2019 on writes one line (UTC), then the table::

    Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC
    Gorham 8-max
    Game Hand #82980175 - Tournament #11212445 - 7Stud H/L(Fixed Limit) - Level 1
        (250.00/500.00)- 2019/07/25 02:31:33 UTC                     (one line)

The older software (UTF-16 files) writes the start, then the id, stakes, table and game
(local time without a zone: taken as US Eastern time)::

    Game started at: 2016/8/2 11:17:19
    Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)

>>> h = parse_header("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - "
...                  "2019/07/28 16:15:58 UTC", 1)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, h.played_at.isoformat()
('85198832', 'stud', 'USD', 4, 8, '2019-07-28T16:15:58+00:00')
>>> o = parse_old_header(["Game started at: 2016/8/2 11:17:19",
...     "Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow)"], 1)
>>> o.hand_id, o.game, o.table, o.small_bet, o.big_bet, o.played_at.isoformat()
('693975843', 'stud8', '(PRR) La Llorona - 3', 100, 200, '2016-08-02T15:17:19+00:00')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["GAME_ID", "HEADER", "OLD_HEADER", "parse_header", "parse_old_header"]

HEADER = re.compile(
    r"^(?:Game )?(Hand) #(\d+) - "
    r"(?:(?P<gtd>\S+ GTD )?Tournament #(?P<tid>\d+) - )?"
    r"(?P<game>[^()]+?)\((?P<limit>[^()]+)\) - (?:Level (?P<level>\S+) )?"
    rf"\(?{stud.STAKES}\)?\s?- (?P<date>.+)$"
)
OLD_HEADER = re.compile(
    r"^(Game started at:) ((?P<y>\d{4})/(?P<mo>\d{1,2})/(?P<d>\d{1,2}) "
    r"(?P<h>\d{1,2}):(?P<mi>\d{1,2}):(?P<s>\d{1,2}))$"
)
GAME_ID = re.compile(
    r"^Game ID: (?P<id>\d+) (?P<sb>[\d.,]+)/(?P<bb>[\d.,]+) (?P<table>.+?) "
    r"\((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?$"
)
#: An old tournament's table (``..., Table 3``); the short name of 7 Card Stud.
_LINES = stud.line_table(
    r"""
    old_tournament  , Table \d+\b
    seven_stud      \b7Stud\b
    """
)


def _stud(game: str, limit: str) -> str | None:
    """What a Winning game name is (``7Stud``, ``7Stud H/L``, ``Seven Cards Stud HiLow``),
    fixed limit only."""
    if "fixed" not in limit.lower():
        return None
    return stud.classify_game(_LINES["seven_stud"].sub("7 Card Stud", game))


def parse_header(text: str, line: int) -> stud.StudHeader:
    """The header line of a hand of Winning's current software (raises HandError)."""
    m = HEADER.match(text)
    if m is None:
        raise stud.fail(line, "not a Winning hand header")
    tournament = m["tid"] is not None
    currency = stud.currency_of(m["cur"], default="USD") if m["cur"] and not tournament else None
    decimals = "." in m["sb"] + m["bb"] and not tournament
    game = m["game"].strip()
    extra = {"game": game, "level": m["level"], "guarantee": (m["gtd"] or "").strip()}
    return stud.header(
        "Winning",
        m[2],
        stud.stakes(m["sb"], m["bb"], line, currency=currency, cents=decimals),
        stud.time_of(stud.DATE_TIME.search(m["date"]), line),
        game=_stud(game, m["limit"]),
        game_text=f"{game}({m['limit']})",
        tournament=tournament,
        tournament_id=m["tid"],
        extra=extra,
    )


def parse_old_header(lines: Sequence[str], line: int) -> stud.StudHeader:
    """The first two lines of a hand of Winning's old software (raises HandError)."""
    s = OLD_HEADER.match(lines[0]) if lines else None
    if s is None:
        raise stud.fail(line, "not a Winning hand header")
    g = GAME_ID.match(lines[1]) if len(lines) > 1 else None
    if g is None:
        raise stud.fail(line + 1, "cannot read the 'Game ID:' line")
    table = g["table"]
    tournament = _LINES["old_tournament"].search(table) is not None
    play = table.startswith("PM ")
    cash = not tournament and not play
    cents = cash or any("." in x for x in lines if x.startswith("Player "))
    return stud.header(
        "Winning",
        g["id"],
        stud.stakes(g["sb"], g["bb"], line + 1, currency="USD" if cash else None, cents=cents),
        stud.time_of(s, line, "ET"),
        game=_stud(g["game"], "fixed"),
        game_text=g["game"],
        tournament=tournament,
        table=table,
        max_seats=int(g["max"]) if g["max"] else None,
        extra={"game": g["game"], "money": "play" if play else None},
    )

"""Winamax hand headers (docs/rooms.md, Winamax): the first line and the table line.

Header forms (one line each)::

    Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed limit
        (5€/25€/50€) - 2016/11/12 22:46:27 UTC
    Winamax Poker - CashGame - HandId: #8835086-564-1465760198 - 7stud fixed limit
        (0.01/0.05/0.10) - 2016/06/12 19:36:38 UTC                  (play money)
    Winamax Poker - Tournament "Razz Party" buyIn: 4.50€ + 0.50€ level: 3 - HandId:
        #1-2-3 - Razz fixed limit (10/40/80) - 2017/01/02 20:00:00 UTC
    Winamax Poker - Go Fast "Sprint" - HandId: #...

The stakes are the ante, the small and the big bet (``(5€/25€/50€)``). The table line
says real or play money: ``Table: 'Pampelune' 6-max (real money)``.

>>> h = parse_header(["Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - "
...                   "7-Card Stud Hi/Lo fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC",
...                   "Table: 'Pampelune' 6-max (real money) "], 1)
>>> h.hand_id, h.game, h.currency, (h.ante, h.small_bet, h.big_bet), h.table, h.max_seats
('9250793-470-1478990787', 'stud8', 'EUR', (500, 2500, 5000), 'Pampelune', 6)
>>> h.played_at.isoformat()
'2016-11-12T22:46:27+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["HEADER", "TABLE", "game_name", "parse_header"]

#: The first line of every hand: group 1 the room, group 2 the hand id.
HEADER = re.compile(r"^(Winamax Poker) - (?:.*? - )?HandId: #([\d-]+) - (.*)$")
#: The table line: ``Table: 'NAME' 6-max (real money)``, ``... (play money) Seat #1 ...``.
TABLE = re.compile(r"^Table: '(?P<name>.*)' (?P<max>\d{1,9})-max\b(?P<rest>.*)$")
_LINES = stud.line_table(
    r"""
    hand        ^Winamax Poker - (?P<mode>.*?) - HandId: #
                  (?P<id>[\d-]+) - (?P<game>.+?) \((?P<stakes>[^()]*)\) - (?P<date>.+)$
    tournament  ^Tournament "(?P<name>.*)"(?: buyIn: (?P<buyin>.*?))?(?: level: (?P<level>\d+))?\s*$
    table_id    \((\d+)\)#\d+$
    """
)
_GAME = re.compile(r"^(?P<name>.+?) (?P<limit>fixed limit|no limit|pot limit)$", re.IGNORECASE)
#: Winamax's game names (FPDB's list) to the games rakestats reads.
_GAMES = {
    "7-card stud": "stud",
    "7stud": "stud",
    "7-card stud hi/lo": "stud8",
    "7stud8": "stud8",
    "razz": "razz",
}
_SYMBOLS = "€$£"


def game_name(text: str) -> str:
    """The game words of a header line (for a hand that is skipped unread).

    >>> game_name("Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (1€/2€) - x")
    'Holdem no limit'
    """
    m = _LINES["hand"].match(text)
    return m["game"] if m is not None else "unknown"


def _kind(game: str) -> str | None:
    g = _GAME.match(game)
    if g is None or g["limit"].lower() != "fixed limit":
        return None
    name = g["name"].strip().lower()
    return _GAMES[name] if name in _GAMES else stud.classify_game(name)


def _stakes(text: str, currency: str | None, cents: bool, line: int) -> stud.Stakes:
    """``(5€/25€/50€)``: the ante, the small and the big bet; or the two bets (play
    money is written with cents too: ``cents``)."""
    parts = [p.strip().strip(_SYMBOLS).strip() for p in text.split("/")]
    if len(parts) not in (2, 3) or not all(parts):
        raise stud.fail(line, f"cannot read the stakes ({text})")
    ante = parts[0] if len(parts) == 3 else None
    return stud.stakes(parts[-2], parts[-1], line, currency=currency, cents=cents, ante=ante)


def parse_header(lines: Sequence[str], line: int) -> stud.StudHeader:
    """The header of a Winamax hand: its first line, and the table line after it
    (raises HandError)."""
    m = _LINES["hand"].match(lines[0]) if lines else None
    if m is None:
        raise stud.fail(line, "cannot read the Winamax header (game, stakes, date)")
    t = _LINES["tournament"].match(m["mode"])
    table = TABLE.match(lines[1]) if len(lines) > 1 else None
    currency = None
    if t is None and not (table is not None and "play money" in table["rest"]):
        symbol = next((c for c in m["stakes"] if c in _SYMBOLS), "€")
        currency = stud.currency_of(symbol, default="EUR")
    money = _stakes(m["stakes"], currency, t is None, line)
    extra = {
        "game": m["game"],
        "mode": None if t is not None else m["mode"],
        "tournament": t["name"] if t is not None else None,
        "buy_in": t["buyin"] if t is not None else None,
        "level": t["level"] if t is not None else None,
    }
    return stud.header(
        "Winamax",
        m["id"],
        money,
        stud.time_of(stud.DATE_TIME.search(m["date"]), line),
        game=_kind(m["game"]),
        game_text=m["game"],
        tournament=t is not None,
        tournament_id=_tournament_id(table["name"]) if t is not None and table else None,
        table=table["name"] if table is not None else None,
        max_seats=int(table["max"]) if table is not None else None,
        extra=extra,
    )


def _tournament_id(table: str) -> str | None:
    """A tournament table is named ``NAME(17027463)#0``: the tournament id."""
    m = _LINES["table_id"].search(table)
    return m[1] if m is not None else None

"""iPoker network headers: the session's ``<general>`` (game, stakes, table, currency,
hero, tournament) and each ``<game>``'s code and start time.

Forms::

    <session sessioncode="2752856781">
      <general>
        <mode>real</mode>
        <gametype>7 Card Stud L $0.05/$0.10</gametype>   (L: fixed limit)
        <tablename>Labyrinth</tablename>
        <currency>USD</currency>
        <nickname>Hero</nickname>
        ... <tournamentname>$5 Limit 7 Card Stud</tournamentname> <buyin>$5+$0.50</buyin>
      </general>
      <game gamecode="2418629537">
        <general><startdate>2010-09-05 13:00:46</startdate> ...

``gametype`` names the game and the limit (``L``, ``NL``, ``PL`` ...) and, for cash
games, the small and the big bet; tournament hands give no bets (read from the hands).
Times carry no zone: they are taken as UTC, as FPDB does.

>>> s = Session(1, "7 Card Stud Hi-Lo L €0.05/€0.10", "Beignon, 826907366", "USD", "EUR",
...             "Hero", "real")
>>> h = game_header(s, "5710054735", "2014-05-10 18:02:19", 20)
>>> h.game, h.currency, h.small_bet, h.big_bet, h.played_at.isoformat()
('stud8', 'EUR', 5, 10, '2014-05-10T18:02:19+00:00')
>>> amount("1,440", 1, 1), amount("0,02€", 100, 1), amount("€1 234.50", 100, 1)
(1440, 2, 123450)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime

from rakestats.formats import stud

__all__ = ["HEADER", "Session", "amount", "game_header"]

#: The first line of an iPoker file (the XML declaration, the session) or of a hand
#: element (group 2: the hand id).
HEADER = re.compile(
    r'^(?=\s*<)\s*(?:<\?xml[^>]*\?>\s*)?(?:<(session)\b.*|<game\s+gamecode="(\d+)".*)?$',
    re.DOTALL,
)

_GAMETYPE = re.compile(
    r"^(?P<game>.*?)\s+(?P<limit>NL|SL|LZ|PL|LP|L|БЛ|No limit|Pot limit|Limit)"
    r"(?:\s+(?P<sb>[^\s/]+)\s*/\s*(?P<bb>[^\s/]+))?(?:\s+Ante\s+(?P<ante>\S+))?\s*$",
    re.IGNORECASE,
)
#: The dates iPoker writes, tried in turn, each named by the order of its groups (``y``
#: year, ``m`` month, ``b`` month name, ``d`` day).
_DATES = stud.line_table(
    r"""
    ymd  (\d{4})[-/.](\d{1,2})[-/.](\d{1,2})
    dby  (\d{1,2})-([A-Za-z]{3})-(\d{4})
    dmy  (\d{1,2})[/.](\d{1,2})[/.](\d{4})
    """
)
#: The time after the date; the tournament number in a table name.
_LINES = stud.line_table(
    r"""
    time     (\d{1,2}):(\d{2})(?::(\d{2}))?
    tour_no  \(#(\d+)\)|,\s*(\d+)\s*$
    """
)


@dataclass(frozen=True, slots=True)
class Session:
    """What a session's ``<general>`` says (``line``: where it is)."""

    line: int
    gametype: str
    tablename: str = ""
    currency: str | None = None
    tablecurrency: str | None = None
    nickname: str | None = None
    mode: str | None = None
    tournament_code: str | None = None
    tournament_name: str | None = None
    buyin: str | None = None
    uncalled_enabled: bool = False
    tablesize: int | None = None


def _plain(text: str, line: int) -> str:
    """An iPoker amount as digits and a decimal point: ``0,02€`` -> ``0.02``."""
    raw = re.sub(r"[^\d.,]", "", text)
    if "," in raw and "." not in raw and not re.fullmatch(r"\d{1,3}(?:,\d{3})+", raw):
        raw = raw.replace(",", ".")  # a decimal comma
    if not raw:
        raise stud.fail(line, f"{text!r} is not an amount")
    return raw


def amount(text: str, scale: int, line: int) -> int:
    """An iPoker amount in units: ``$0.05``, ``0,02€``, ``1,440`` (chips), ``1 500``."""
    return stud.parse_money(_plain(text, line), scale, line)


def _played_at(text: str, line: int) -> datetime:
    for order, pattern in _DATES.items():
        d = pattern.search(text)
        if d is None:
            continue
        parts = dict(zip(order, d.groups(), strict=True))
        month = stud.MONTHS.get(parts["b"].title()) if "b" in parts else int(parts["m"])
        t = _LINES["time"].search(text, d.end())
        if month is None or t is None:
            break
        try:
            local = datetime(
                int(parts["y"]), month, int(parts["d"]), int(t[1]), int(t[2]), int(t[3] or 0)
            )
        except ValueError as e:
            raise stud.fail(line, f"no such date: {e}") from None
        return local.replace(tzinfo=UTC)
    raise stud.fail(line, f"cannot read the start date {text!r}")


def _currency(s: Session, stakes: str) -> str | None:
    """The table's currency: ``<tablecurrency>``, else the stakes' sign, else
    ``<currency>``; None for play money."""
    if (s.mode or "").lower() == "play" or (s.currency or "").lower() in ("fun", "play"):
        return None
    if s.tablecurrency:
        return s.tablecurrency
    sign = next((stud.CURRENCY_SYMBOLS[c] for c in stakes if c in stud.CURRENCY_SYMBOLS), None)
    return sign or s.currency or None


def _tournament_id(s: Session) -> str | None:
    if s.tournament_code:
        return s.tournament_code
    m = _LINES["tour_no"].search(s.tablename)
    return (m[1] or m[2]) if m is not None else None


def game_header(s: Session | None, hand_id: str, startdate: str, line: int) -> stud.StudHeader:
    """The header of a ``<game>`` of the session ``s``."""
    if s is None:
        raise stud.fail(line, "no session <general> (game and stakes) before this hand")
    g = _GAMETYPE.match(s.gametype.strip())
    game_text = s.gametype.strip()
    if g is not None:
        game_text = f"{g['game']} {g['limit']}"
    fixed = g is not None and g["limit"].lower() in ("l", "limit")
    kind = stud.classify_game(g["game"]) if g is not None and fixed else None
    tournament = s.tournament_code is not None or s.tournament_name is not None
    tournament = tournament or (g is not None and g["sb"] is None)
    currency = None if tournament else _currency(s, s.gametype)
    small = big = None
    if g is not None and g["sb"] is not None and g["bb"] is not None:
        small, big = _plain(g["sb"], s.line), _plain(g["bb"], s.line)
    return stud.header(
        "iPoker",
        hand_id,
        stud.stakes(small, big, s.line, currency=currency),
        _played_at(startdate, line),
        game=kind,
        game_text=game_text if fixed or g is None else f"{game_text} (fixed limit only)",
        tournament=tournament,
        tournament_id=_tournament_id(s) if tournament else None,
        table=s.tablename,
        max_seats=s.tablesize,
        extra={"game": game_text, "buy_in": s.buyin if tournament else None},
    )

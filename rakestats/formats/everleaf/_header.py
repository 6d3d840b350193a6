"""Everleaf hand headers (docs/rooms.md, Everleaf): the lines before the seats.

A hand reads::

    Everleaf Gaming Game #295679510
    ***** Hand history for game #295679510 *****
    €0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06
    Table Harjavalta
    Total number of players: 2

The stakes are the small and big bets; a tournament's have no currency sign
(``10/20 7 Card Stud``). Skins of the network write their own first lines (Partouche:
``Partouche Poker Gibraltar``, ``*** Historique des Mains pour la partie 25324991 ***``).
Times are UTC.

>>> lines = ["Everleaf Gaming Game #295679510",
...          "***** Hand history for game #295679510 *****",
...          "€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06", "Table Harjavalta",
...          "Total number of players: 2", "Seat 5: MOURINHO_ (  € 2.50 EURO )"]
>>> h, n = parse_header(lines, 1)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, h.table, n
('295679510', 'stud', 'EUR', 5, 10, 'Harjavalta', 5)
>>> h.played_at.isoformat()
'2011-08-12T13:09:06+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["HEADER", "game_words", "hand_id", "parse_header"]

#: The first line of a hand (group 1 the room, group 2 the hand id when it has one).
HEADER = re.compile(r"^(Everleaf Gaming|Partouche Poker)\b(?:.*? Game #(\d+))?.*$")
_LINES = stud.line_table(
    r"""
    id      (?:[Gg]ame #|partie )(\d+)
    stakes  ^(?:Blinds\s+)?(?P<cur>[$€ˆ£]?)\s?(?P<sb>[\d.,]+)\s?/\s?[$€ˆ£]?\s?(?P<bb>[\d.,]+)\s+
              (?P<limit>NL |PL )?(?P<game>.+?)(?:\s+-\s+(?P<max>\d+)\s+Max)?\s+-\s+{date}
    """,
    date=stud.DATE,
)
#: The lines between the stakes and the seats.
_BEFORE_SEATS = stud.line_table(
    r"""
    table       ^Table (?P<name>.+?)\s*$
    tournament  Tournament #(\d+)
    """
)


def hand_id(lines: Sequence[str]) -> str | None:
    """The hand id: ``Game #N`` on the first or second line (``partie N`` in French)."""
    for line in lines[:2]:
        m = _LINES["id"].search(line)
        if m is not None:
            return m[1]
    return None


def game_words(lines: Sequence[str]) -> str:
    """The game a hand's stakes line names (for a hand that is skipped)."""
    m = next((s for t in lines[:4] if (s := _LINES["stakes"].match(t)) is not None), None)
    return ((m["limit"] or "") + m["game"]).strip() if m is not None else "unknown"


def parse_header(lines: Sequence[str], first_line: int) -> tuple[stud.StudHeader, int]:
    """The header of an Everleaf hand and the index of its first seat line (raises
    HandError)."""
    ident = hand_id(lines)
    k = next((i for i, t in enumerate(lines[:4]) if _LINES["stakes"].match(t)), None)
    if ident is None or k is None:
        raise stud.fail(first_line, "cannot read the Everleaf header (game number, stakes)")
    m = _LINES["stakes"].match(lines[k])
    assert m is not None
    n = first_line + k
    i, found = stud.before_seats(lines, k + 1, _BEFORE_SEATS)
    table, tournament = found.get("table"), found.get("tournament")
    currency = stud.currency_of(m["cur"].replace("ˆ", "€"))  # ˆ: how some files write €
    game = ((m["limit"] or "") + m["game"]).strip()
    return (
        stud.header(
            "Everleaf",
            ident,
            stud.stakes(m["sb"], m["bb"], n, currency=currency),
            stud.time_of(m, n),
            game=None if m["limit"] else stud.classify_game(game),
            game_text=game,
            tournament=currency is None,
            tournament_id=tournament[1] if tournament is not None else None,
            table=table["name"] if table is not None else None,
            max_seats=int(m["max"]) if m["max"] else None,
            extra={"game": game},
        ),
        i,
    )

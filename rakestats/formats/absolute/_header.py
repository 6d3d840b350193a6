"""Absolute Poker (Cereus network, also UltimateBet) hand headers (docs/rooms.md,
Absolute): the ``Stage`` line and the lines before the seats.

Header forms (one line each, then an optional table line)::

    Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)
    Stage #C282012441: Holdem  Normal $0.25/$0.50 - 2010-12-07 22:18:14 (ET)
    Stage #N: Tourney ID 123 Razz  Single Tournament Normal 20/40 - 2009-05-01 20:00:00 (ET)
    Stage #N: HORSE  Normal $2/$4 - ...         (then: Game Type: Limit Razz)
    Table: MONTEGO DR (Real Money) Seat #4 is the dealer

``Normal`` is fixed limit; the stakes are the small and big bets.

>>> h, i = parse_header(["Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - "
...                      "2009-03-18 19:10:00 (ET)", "Seat 1 - PLAYER1 ($0.17 in chips)"], 1)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, i
('1300000000', 'stud8', 'USD', 2, 4, 1)
>>> h.played_at.isoformat()
'2009-03-18T23:10:00+00:00'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats import stud

__all__ = ["HEADER", "game_words", "parse_header"]

#: The first line of a hand: group 1 the room's word, group 2 the hand id.
HEADER = re.compile(r"^(Stage) #(C?\d+):?\s+(.*)$")
_LINES = stud.line_table(
    r"""
    stage  ^Stage #(?P<id>C?\d+):?\s+(?:Tourney ID (?P<tid>\d+)\s+)?(?P<game>.+?)\s+
             (?P<kind>\(1 on 1\)\s+|Single Tournament\s+|Multi Normal Tournament\s+)?
             (?P<limit>No Limit|Pot Limit|Normal|Limit)\s+(?P<cur>\$|€|)\s?(?P<sb>[\d.,]+)
             (?:/(?:\$|€|)\s?(?P<bb>[\d.,]+))?(?:,\s*(?:\$|€|)\s?(?P<ante>[\d.,]+)\s+ante)?\s+
             (?:Turbo\s+)?(?:\(7-2\)\s+)?-\s+{date}(?:\.\d+)?{zone}
    mixed  ^(?:HORSE|HOSE|Mixed\b.*)$
    hilo   hi/?lo|\b8\b
    seven  ^(?:seven|7) card(?: stud)?\b
    """,
    flags=re.IGNORECASE,
    date=stud.DATE,
    zone=stud.ZONE,
)
#: The lines between the first line and the seats (``Seat N - NAME ...``).
_BEFORE_SEATS = stud.line_table(
    r"""
    game   ^Game Type: (?:Limit |Normal )?(?P<game>.+?)\s*$
    table  ^Table: (?P<name>.+?) \((?:Real|Play) Money\)
    """,
    flags=re.IGNORECASE,
)
_SEAT = re.compile(r"^Seat \d+ - ")


def _kind(game: str, limit: str) -> str | None:
    """Absolute's game names: ``Seven Card Hi/Lo``, ``Seven Card`` (Stud), ``Razz``."""
    if limit.lower() not in ("normal", "limit"):
        return None
    if _LINES["seven"].match(game):
        return "stud8" if _LINES["hilo"].search(game) else "stud"
    return stud.classify_game(game)


def game_words(lines: Sequence[str]) -> str:
    """The game a hand's header names (for a hand that is skipped)."""
    m = _LINES["stage"].match(lines[0]) if lines else None
    return m["game"] if m is not None else "unknown"


def parse_header(lines: Sequence[str], first_line: int) -> tuple[stud.StudHeader, int]:
    """The header of an Absolute hand and the index of its first seat line (raises
    HandError)."""
    m = _LINES["stage"].match(lines[0]) if lines else None
    if m is None:
        raise stud.fail(first_line, "cannot read the Absolute header (game, stakes, date)")
    game, mixed = m["game"].strip(), None
    i, found = stud.before_seats(lines, 1, _BEFORE_SEATS, _SEAT)
    if "game" in found and _LINES["mixed"].match(game):  # HORSE: the game dealt is on its own line
        mixed, game = game, found["game"]["game"]
    table = found.get("table")
    if m["bb"] is None:
        raise stud.fail(first_line, f"no small and big bet in {m['sb']!r}")
    tournament = m["tid"] is not None or not m["cur"]
    currency = None if tournament else stud.currency_of(m["cur"], default="USD")
    extra = {"game": game, "mixed": mixed, "table_type": (m["kind"] or "").strip()}
    return (
        stud.header(
            "Absolute",
            m["id"],
            stud.stakes(m["sb"], m["bb"], first_line, currency=currency, ante=m["ante"]),
            stud.time_of(m, first_line, "ET"),
            game=_kind(game, m["limit"]),
            game_text=f"{mixed} ({game})" if mixed else game,
            tournament=tournament,
            tournament_id=m["tid"],
            table=table["name"] if table is not None else None,
            extra=extra,
        ),
        i,
    )

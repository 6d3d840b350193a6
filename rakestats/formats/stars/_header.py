"""PokerStars hand headers: which game, which stakes, when.

Header forms (one line each)::

    PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET
    PokerStars Hand #49382949075: Tournament #2010090015, $200+$15 USD Razz Limit -
        Level IV (50/100) - 2010/09/09 18:27:23 ET       (one line)
    PokerStars Game #25381215423:  HORSE (Razz Limit, $0.10/$0.20) - 2009/02/26 15:20:19 ET
    PokerStars Home Game #1: {Club} Razz Limit (10/20) - 2012/07/15 1:45:25 ET
    ... - 2026/05/27 20:17:39 EET [2026/05/27 13:17:39 ET]

>>> h = parse_header("PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - "
...                  "2009/11/26 10:24:42 ET", 1)
>>> h.hand_id, h.game, h.game_text, h.currency, h.small_bet, h.big_bet
('35874566077', 'razz', 'Razz Limit', 'USD', 4, 8)
>>> h.played_at.isoformat()
'2009-11-26T15:24:42+00:00'
"""

from __future__ import annotations

import re
from datetime import datetime

from rakestats.formats import stud
from rakestats.formats._base import HandError

__all__ = ["HEADER", "check_game", "parse_header"]

HEADER = re.compile(
    r"^(PokerStars)(?: Home)?(?: Zoom| Rush)?(?: Game| Hand)+ #(\d+):\s+(.*)$", re.IGNORECASE
)
_TOURNAMENT = re.compile(
    r"^Tournament #(?P<tid>\d+),\s+(?P<buyin>Freeroll|\S*\d\S*(?: [A-Z]{2,4})?)?\s*"
    r"(?P<game>.*?)\s+-\s+(?:.*?\s+)?Level (?P<level>\S+) \((?P<stakes>[^)]*)\)\s+-\s+"
    r"(?P<date>.+)$",
    re.IGNORECASE,
)
#: A cash game's header after the id (the game, the stakes in brackets, the date), and
#: the stakes.
_LINES = stud.line_table(
    r"""
    cash    ^(?P<pre>[^(]*?)\s*\((?P<paren>[^)]*)\)\s+-\s+(?P<date>.+)$
    stakes  ^(?:ante [^,]*,\s*)?{stakes}(?:\s+(?P<iso>[A-Z]{3}))?$
    """,
    stakes=stud.STAKES,
)
#: Mixed games whose hands rakestats does not analyse even when the game dealt is one
#: it does (the issue counts PokerStars' Triple Stud as a variant of its own).
_SKIPPED_MIXES = re.compile(r"triple stud", re.IGNORECASE)
#: The games PokerStars deals, as its headers name them, and their limits: the three
#: rakestats analyses (Razz, 7 Card Stud, 7 Card Stud Hi/Lo), and the others, whose hands
#: are skipped. A game name is one of them, in any case, its limit after it or none.
_GAME_NAMES = (
    r"(?:Razz|7 Card Stud(?: Hi/Lo)?|5 Card Stud|2-7 Razz"
    r"|Hold'em|6\+ Hold'em|(?:[56] Card )?Omaha(?: Hi/Lo)?|Courchevel(?: Hi/Lo)?|Fusion"
    r"|5 Card Draw|(?:Single|Triple) Draw 2-7 Lowball|Triple Draw A-5 Lowball"
    r"|Badugi|Badeucey|Badacey)"
    r"(?: (?:Pot Limit Pre-Flop, No Limit Post-Flop|No Limit|Pot Limit|Fixed Limit|Limit))?"
)
#: A game text that ends with a game name (after white space, or whole): what comes
#: before it (``Split``, a prefix the reader does not split off) is left alone.
_GAME_AT_END = re.compile(rf"(?<!\S){_GAME_NAMES}$", re.IGNORECASE)
#: A game name anywhere in a header, as words.
_GAME_IN = re.compile(rf"(?<!\S){_GAME_NAMES}(?![\w'/+-])", re.IGNORECASE)


def _known_game(game: str, line: int) -> None:
    """Raise HandError when ``game`` (a header's game, as read) is no game PokerStars
    deals: a damaged header, whose hand must not pass for another game's."""
    if _GAME_AT_END.search(game) is None:
        raise stud.fail(line, f"unknown game {game!r}")


def check_game(text: str, line: int) -> None:
    """Raise HandError when a header that names no game rakestats analyses (its hand is
    skipped unread) names no game PokerStars deals either: ``unknown game 'Razy
    Limit'``. A header whose game and stakes the reader cannot split is let through
    when it names a game PokerStars deals.

    >>> check_game("PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02) - 2020/06/24 21:09 ET", 1)
    >>> check_game("PokerStars Hand #1:  Razy Limit ($0.04/$0.08 USD) - 2009/11/26 10:25 ET", 7)
    Traceback (most recent call last):
    rakestats.formats._base.HandError: line 7: unknown game 'Razy Limit'
    """
    m = HEADER.match(text)
    if m is None:
        raise stud.fail(line, f"not a PokerStars hand header: {stud.quoted(text)}")
    rest = m[3].strip()
    if rest.startswith("{") and "}" in rest:  # a Home Game's club
        rest = rest[rest.index("}") + 1 :].strip()
    try:
        game = _game_and_stakes(rest, line)[0]
    except HandError:
        if _GAME_IN.search(rest) is not None:
            return
        raise
    _known_game(game, line)


def _game_and_stakes(
    rest: str, line: int
) -> tuple[str, str, str, str | None, re.Match[str] | None]:
    """``(game, stakes, date, mixed, tournament match)`` of the header after the id."""
    t = _TOURNAMENT.match(rest)
    mixed = None
    if t is not None:
        game, stakes, date = t["game"], t["stakes"], t["date"]
    else:
        c = _LINES["cash"].match(rest)
        if c is None:
            raise stud.fail(line, "cannot read the game and stakes of the header")
        paren, date = c["paren"], c["date"]
        if "," in paren:  # HORSE (Razz Limit, $0.10/$0.20)
            game, stakes = paren.rsplit(",", 1)
            mixed = c["pre"] or None
        else:
            game, stakes = c["pre"], paren
    game = game.strip()
    if mixed is None and "(" in game and game.endswith(")"):  # 8-Game (Razz Limit)
        mixed, game = game[: game.index("(")].strip(), game[game.index("(") + 1 : -1].strip()
    return game, stakes, date, mixed, t


#: What a header says before its time (the game, the stakes, a tournament's level),
#: by that text: it repeats from hand to hand, so it is read once and only the time and
#: the hand id are read for each hand.
_BEFORE_TIME: dict[str, stud.StudHeader] = {}
#: A time that cannot change how the header's patterns split what comes before it.
_PLAIN_TIME = re.compile(r"[^\s(){}][^(){}]*")


def _another(h: stud.StudHeader, hand_id: str, when: datetime) -> stud.StudHeader:
    """``h`` for another hand: its id and time."""
    return stud.StudHeader(
        h.site, hand_id, h.game, h.game_text, h.is_tournament, h.tournament_id, h.currency,
        h.scale, h.small_bet, h.big_bet, when, h.ante, h.bring_in, h.table, h.max_seats,
        h.extra,
    )  # fmt: skip


def _plain_time(date: str) -> bool:
    return " - " not in date and _PLAIN_TIME.fullmatch(date) is not None


#: The time as PokerStars writes it once (``2010/09/09 18:27:23 ET``): what
#: :data:`stud.DATE_TIME` matches of it, whole, in groups.
_ONE_TIME = re.compile(r"(\d{4})/(\d{1,2})/(\d{1,2}) (\d{1,2}):(\d{2}):(\d{2}) ([A-Z]{2,5})")


def _time(date: str, line: int) -> datetime:
    """The time of a header (``stud.preferred_time``), read directly when it is written
    once in the common form (1.6 us against 3.3).

    >>> _time("2010/09/09 18:27:23 ET", 1) == stud.preferred_time(
    ...     "2010/09/09 18:27:23 ET", 1, stud.DATE_TIME)
    True
    """
    m = _ONE_TIME.fullmatch(date)
    if m is None or not int(m[2]):  # (month 0: the general reading says why not)
        return stud.preferred_time(date, line, stud.DATE_TIME)
    y, mo, d, h, mi, s, zone = m.groups()
    return stud.to_utc((int(y), int(mo), int(d), int(h), int(mi), int(s)), zone, line)


def parse_header(text: str, line: int) -> stud.StudHeader:
    """The header line of a PokerStars hand (raises HandError)."""
    m = HEADER.match(text)
    if m is None:
        raise stud.fail(line, f"not a PokerStars hand header: {stud.quoted(text)}")
    hand_id, rest = m[2], m[3].strip()
    cut = rest.rfind(" - ") + 3  # where the time begins (when there is one)
    if cut >= 3:
        known = _BEFORE_TIME.get(rest[:cut])
        if known is not None and _plain_time(rest[cut:]):
            return _another(known, hand_id, _time(rest[cut:], line))
    h, date = _read_header(hand_id, rest, line)
    if cut >= 3 and rest[cut:] == date and _plain_time(date):
        if len(_BEFORE_TIME) >= 10_000:
            _BEFORE_TIME.clear()
        _BEFORE_TIME[rest[:cut]] = h
    return h


def _read_header(hand_id: str, rest: str, line: int) -> tuple[stud.StudHeader, str]:
    """The header from the text after the hand id, and the text of its time."""
    club = None
    if rest.startswith("{") and "}" in rest:
        club, rest = rest[1 : rest.index("}")], rest[rest.index("}") + 1 :].strip()
    game, stakes, date, mixed, t = _game_and_stakes(rest, line)
    _known_game(game, line)
    s = _LINES["stakes"].match(stakes.strip())
    if s is None:
        raise stud.fail(line, f"cannot read the stakes {stakes!r}")
    currency = None if t is not None else stud.currency_of(s["cur"], s["iso"])
    kind = None if mixed and _SKIPPED_MIXES.search(mixed) else stud.classify_game(game)
    extra = {
        "game": game,
        "mixed": mixed,
        "level": t["level"] if t is not None else None,
        "buy_in": (t["buyin"] or None) if t is not None else None,
        "club": club,
    }
    h = stud.header(
        "PokerStars",
        hand_id,
        stud.stakes(s["sb"], s["bb"], line, currency=currency),
        stud.preferred_time(date, line, stud.DATE_TIME),
        game=kind,
        game_text=f"{mixed} ({game})" if mixed else game,
        tournament=t is not None,
        tournament_id=t["tid"] if t is not None else None,
        extra=extra,
    )
    return h, date

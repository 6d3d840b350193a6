"""PokerStars hand headers: which game, which stakes, when; and PokerStars money.

Header forms (one line each)::

    PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET
    PokerStars Hand #49382949075: Tournament #2010090015, $200+$15 USD Razz Limit -
        Level IV (50/100) - 2010/09/09 18:27:23 ET       (one line)
    PokerStars Game #25381215423:  HORSE (Razz Limit, $0.10/$0.20) - 2009/02/26 15:20:19 ET
    PokerStars Home Game #1: {Club} Razz Limit (10/20) - 2012/07/15 1:45:25 ET
    ... - 2026/05/27 20:17:39 EET [2026/05/27 13:17:39 ET]

>>> h = parse_header("PokerStars Game #35874566077:  Razz Limit ($0.04/$0.08 USD) - "
...                  "2009/11/26 10:24:42 ET", 1)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, h.played_at.isoformat()
('35874566077', 'Razz Limit', 'USD', 4, 8, '2009-11-26T15:24:42+00:00')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from rakestats.formats._base import HandError

__all__ = ["HEADER", "StarsHeader", "parse_header", "parse_money"]

HEADER = re.compile(
    r"^(PokerStars)(?: Home)?(?: Zoom| Rush)?(?: Game| Hand)+ #(\d+):\s+(.*)$", re.IGNORECASE
)
_TOURNAMENT = re.compile(
    r"^Tournament #(?P<tid>\d+),\s+(?P<buyin>Freeroll|\S*\d\S*(?: [A-Z]{2,4})?)?\s*"
    r"(?P<game>.*?)\s+-\s+(?:.*?\s+)?Level (?P<level>\S+) \((?P<stakes>[^)]*)\)\s+-\s+"
    r"(?P<date>.+)$"
)
_CASH = re.compile(r"^(?P<pre>[^(]*?)\s*\((?P<paren>[^)]*)\)\s+-\s+(?P<date>.+)$")
_STAKES = re.compile(
    r"^(?:ante [^,]*,\s*)?(?P<cur>[$€£]?)(?P<sb>[\d.,]+)/[$€£]?(?P<bb>[\d.,]+)"
    r"(?:\s+(?P<iso>[A-Z]{3}))?$"
)
_DATE = re.compile(
    r"(\d{4})/(\d{1,2})/(\d{1,2})\s*-?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*\(?([A-Z]{2,5})?\)?"
)
_ZONES = {
    "ET": "America/New_York",
    "EDT": "America/New_York",
    "EST": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "MSK": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "MT": "America/Denver",
    "AET": "Australia/Sydney",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
}
_SYMBOL_ISO = {"$": "USD", "€": "EUR", "£": "GBP"}


@dataclass(frozen=True, slots=True)
class StarsHeader:
    """What the first line of a hand says. ``scale`` turns amounts into integers: 100
    (cents) for real-money cash games, 1 for chips (tournaments, play money)."""

    site: str
    hand_id: str
    game: str
    is_razz: bool
    is_tournament: bool
    tournament_id: str | None
    currency: str
    scale: int
    small_bet: int
    big_bet: int
    played_at: datetime
    level: str | None = None
    buy_in: str | None = None
    mixed: str | None = None
    club: str | None = None


def parse_money(text: str, scale: int, line: int) -> int:
    """``$0.04`` -> 4 (scale 100); ``1,145`` -> 1145 (scale 1). Raises HandError."""
    raw = text.strip().lstrip("$€£").replace(",", "")
    try:
        value = Decimal(raw) * scale
    except InvalidOperation:
        raise HandError(line, f"line {line}: {text!r} is not an amount") from None
    if value != value.to_integral_value() or value < 0:
        raise HandError(line, f"line {line}: {text!r} is not a whole number of units")
    if value >= 10**18:  # beyond the warehouse's 64-bit amounts (and Decimal's precision)
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise HandError(line, f"line {line}: {shown!r} is too large an amount")
    return int(value)


def _played_at(text: str, line: int) -> datetime:
    found = _DATE.findall(text)
    if not found:
        raise HandError(line, f"line {line}: no date in the header")
    chosen = next((f for f in found if f[6] == "ET"), None)
    chosen = chosen or next((f for f in found if f[6] in _ZONES), found[0])
    y, mo, d, h, mi, s, zone = chosen
    tz = ZoneInfo(_ZONES.get(zone, "UTC"))
    try:
        local = datetime(int(y), int(mo), int(d), int(h), int(mi), int(s or 0), tzinfo=tz)
    except ValueError as e:  # 2010/02/30, 25:61:61
        raise HandError(line, f"line {line}: no such date in the header: {e}") from None
    return local.astimezone(UTC)


def parse_header(text: str, line: int) -> StarsHeader:
    """The header line of a PokerStars hand (raises HandError)."""
    m = HEADER.match(text)
    if m is None:
        raise HandError(line, f"line {line}: not a PokerStars hand header")
    site, hand_id, rest = "PokerStars", m[2], m[3].strip()
    club = None
    if rest.startswith("{") and "}" in rest:
        club, rest = rest[1 : rest.index("}")], rest[rest.index("}") + 1 :].strip()
    t = _TOURNAMENT.match(rest)
    mixed = None
    if t is not None:
        game, stakes, date = t["game"], t["stakes"], t["date"]
    else:
        c = _CASH.match(rest)
        if c is None:
            raise HandError(line, f"line {line}: cannot read the game and stakes of the header")
        paren, date = c["paren"], c["date"]
        if "," in paren:  # HORSE (Razz Limit, $0.10/$0.20)
            game, stakes = paren.rsplit(",", 1)
            mixed = c["pre"] or None
        else:
            game, stakes = c["pre"], paren
    game = game.strip()
    if mixed is None and "(" in game and game.endswith(")"):  # 8-Game (Razz Limit)
        mixed, game = game[: game.index("(")].strip(), game[game.index("(") + 1 : -1].strip()
    s = _STAKES.match(stakes.strip())
    if s is None:
        raise HandError(line, f"line {line}: cannot read the stakes {stakes!r}")
    is_tournament = t is not None
    if is_tournament:
        currency, scale = "chips", 1
    else:
        currency = s["iso"] or _SYMBOL_ISO.get(s["cur"], "chips")
        scale = 1 if currency == "chips" else 100
    return StarsHeader(
        site=site,
        hand_id=hand_id,
        game=game,
        is_razz=re.search(r"\brazz\b", game, re.IGNORECASE) is not None,
        is_tournament=is_tournament,
        tournament_id=t["tid"] if t is not None else None,
        currency=currency,
        scale=scale,
        small_bet=parse_money(s["sb"], scale, line),
        big_bet=parse_money(s["bb"], scale, line),
        played_at=_played_at(date, line),
        level=t["level"] if t is not None else None,
        buy_in=(t["buyin"] or None) if t is not None else None,
        mixed=mixed,
        club=club,
    )

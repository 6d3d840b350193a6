"""Merge Gaming Network headers: the file's ``<description>`` (the game and stakes) and
each ``<game>`` element's attributes (id, start time, table, mixed game).

Forms::

    <description type="7-Stud" stakes="Limit $0.50/$1"/>
    <description type="7-Stud H/L8" stakes="No Limit ($0.01/$0.02/$0.10)"/>
    <description type="HORSE" stakes="Limit $0.25/$0.50" version="2" />
    <game id="78854953-355" starttime="20140911014441" numholecards="7" gametype="75"
        seats="8" realmoney="true" multigametype="43"
        data="20140911|Pony II|78854953|78854953-355|false" version="2" >

Start times are written in Eastern Standard Time all year (UTC-5, no summer time: the
events' epoch timestamps agree).

>>> d = Description("7-Stud", "Limit $0.50/$1", 1)
>>> h = game_header(d, {"id": "31423297-107", "starttime": "20110204202244",
...     "realmoney": "true", "data": "20110204|Hudson (31423297)|31423297|31423297-107|false"}, 2)
>>> h.hand_id, h.game, h.currency, h.small_bet, h.big_bet, h.table, h.played_at.isoformat()
('31423297-107', 'stud', 'USD', 50, 100, 'Hudson (31423297)', '2011-02-05T01:22:44+00:00')
>>> game_header(Description("Razz", "Limit $1/$2", 1), {"id": "1-2", "starttime":
...     "20120101120000", "realmoney": "true", "data": "x|T|1|1-2|false"}, 2).game
'razz'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone

from rakestats.formats import stud

__all__ = ["HEADER", "NEW_RAISES", "Description", "game_header"]

#: The first line of a Merge file (its description), or of a hand element (group 2:
#: the hand id).
HEADER = re.compile(r'^\s*<(description|game)\s+(?:type="|id="([\d-]+)")')

_EST = timezone(timedelta(hours=-5))
#: From this start time on, a RAISE amount is the round total it makes (before, the
#: chips it puts in, as Merge wrote until September 2010).
NEW_RAISES = datetime(2010, 9, 8, tzinfo=_EST).astimezone(UTC)

_STAKES = re.compile(
    r"^(?P<limit>No Limit|Pot Limit|Half Pot Limit|Limit)\s*"
    r"(?:Level\s+(?P<level>\d+)\s+Blinds)?\s*\(?\s*"
    r"(?:(?P<sb>[$€£]?[\d,]*\.?\d+)\s*/\s*(?P<bb>[$€£]?[\d,]*\.?\d+)(?:\s*/\s*[^)]*)?)?\)?\s*$",
    re.IGNORECASE,
)
#: Merge's game codes (``gametype``, ``multigametype``) to the game they deal.
_GAME_CODES = {
    "38": "Seven Card Stud",
    "39": "Seven Card Stud",
    "41": "Seven Card Stud",
    "42": "Seven Card Stud",
    "43": "Seven Card Stud Hi/Lo",
    "45": "Seven Card Stud Hi/Lo",
    "46": "Razz",
    "47": "Razz",
    "49": "Razz",
    "1": "Hold'em",
    "2": "Hold'em",
    "9": "Hold'em",
    "23": "Hold'em",
    "4": "Omaha",
    "34": "Omaha Hi/Lo",
    "35": "Omaha Hi/Lo",
    "37": "Omaha Hi/Lo",
}
_MIXES = frozenset({"HA", "RASH", "HO", "SHOE", "HORSE", "HOSE", "HAR"})
_TOURNAMENT = " Tournament"


@dataclass(frozen=True, slots=True)
class Description:
    """The file's ``<description>``: the game type, the stakes, its line."""

    type: str
    stakes: str
    line: int


def _played_at(text: str, line: int) -> datetime:
    if not re.fullmatch(r"\d{14}", text):
        raise stud.fail(line, f"cannot read the start time {text!r}")
    try:
        local = datetime.strptime(text, "%Y%m%d%H%M%S").replace(tzinfo=_EST)
    except ValueError as e:
        raise stud.fail(line, f"no such date in the header: {e}") from None
    return local.astimezone(UTC)


def _game_text(desc: str, attrs: dict[str, str]) -> tuple[str, str | None]:
    """The game a hand deals and the mixed game it belongs to (None: not mixed)."""
    code = attrs.get("multigametype")
    if desc in _MIXES or code:
        dealt = _GAME_CODES.get(code or "", f"game code {code}" if code else "unknown game")
        return dealt, desc if desc in _MIXES else None
    return desc, None


def game_header(d: Description | None, attrs: dict[str, str], line: int) -> stud.StudHeader:
    """The header of a ``<game>`` element with the file's description ``d``."""
    hand_id = attrs.get("id") or ""
    if not re.fullmatch(r"\d+-\d+", hand_id):
        raise stud.fail(line, f"the game id {hand_id!r} is not Merge's NNN-NNN")
    if d is None:
        raise stud.fail(line, "no <description> (game and stakes) before this hand")
    desc = d.type.removesuffix(_TOURNAMENT).strip()
    data = attrs.get("data", "").split("|")
    tournament = d.type.endswith(_TOURNAMENT) or (len(data) > 4 and data[4] == "true")
    game, mixed = _game_text(desc, attrs)
    s = _STAKES.match(d.stakes.strip())
    if s is None:
        raise stud.fail(d.line, f"cannot read the stakes {d.stakes!r}")
    limit = s["limit"].title()
    real = attrs.get("realmoney", "true") == "true"
    currency = "USD" if real and not tournament else None
    tid = data[2].split("-")[0] if tournament and len(data) > 2 and data[2] else None
    text = f"{mixed} ({game})" if mixed else game
    return stud.header(
        "Merge",
        hand_id,
        stud.stakes(s["sb"], s["bb"], d.line, currency=currency),
        _played_at(attrs.get("starttime", ""), line),
        game=stud.classify_game(game) if limit == "Limit" else None,
        game_text=text if limit == "Limit" else f"{limit} {text} (fixed limit only)",
        tournament=tournament,
        tournament_id=tid,
        table=data[1].strip() if len(data) > 1 else None,
        max_seats=int(attrs["seats"]) if attrs.get("seats", "").isdigit() else None,
        extra={"game": game, "mixed": mixed, "level": s["level"]},
    )

"""What every room's reader needs: amounts as integers, local times to UTC, the
failure of a line.

>>> parse_money("$1,145.50", 100, 1), parse_money("1,145", 1, 1)
(114550, 1145)
>>> to_utc((2009, 11, 26, 10, 24, 42), "ET", 1).isoformat()
'2009-11-26T15:24:42+00:00'
>>> to_utc((2009, 11, 26, 10, 24, 42), "AEST", 1)
Traceback (most recent call last):
rakestats.formats._base.HandError: line 1: unknown time zone 'AEST'
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from rakestats.formats._base import FIRST_YEAR, LAST_YEAR, HandError, date_out_of_range

__all__ = ["CURRENCY_SYMBOLS", "MONTHS", "ZONES", "fail", "parse_money", "quoted", "to_utc"]

#: Time-zone abbreviations the rooms write, to IANA zones (the summer and winter
#: spellings of a zone map to the same place: the date decides the offset).
ZONES = {
    "ET": "America/New_York",
    "EDT": "America/New_York",
    "EST": "America/New_York",
    "UTC": "UTC",
    "GMT": "UTC",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "MSK": "Europe/Moscow",
    "MSKS": "Europe/Moscow",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "CT": "America/Chicago",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "MT": "America/Denver",
    "MST": "America/Denver",
    "MDT": "America/Denver",
    "AET": "Australia/Sydney",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
}

#: Month names (and their first three letters) to numbers.
MONTHS = {
    name: i
    for i, month in enumerate(
        ("January", "February", "March", "April", "May", "June", "July", "August",
         "September", "October", "November", "December"),
        1,
    )
    for name in (month, month[:3])
}  # fmt: skip

#: Currency symbols to ISO codes.
CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


def fail(line: int, reason: str) -> HandError:
    """The error of a hand whose first offending line is ``line``."""
    return HandError(line, f"line {line}: {reason}")


_amounts: dict[tuple[str, int], int] = {}  # amounts read, as they repeat (stakes, bets)


def parse_money(text: str, scale: int, line: int) -> int:
    """``$0.04`` -> 4 (scale 100); ``1,145`` -> 1145 (scale 1). Raises HandError."""
    known = _amounts.get((text, scale))
    if known is not None:
        return known
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
    if len(_amounts) > 100_000:
        _amounts.clear()
    known = _amounts[(text, scale)] = int(value)
    return known


def to_utc(fields: tuple[int, int, int, int, int, int], zone: str | None, line: int) -> datetime:
    """A local time ``(year, month, day, hour, minute, second)`` in the zone written as
    ``zone`` (an abbreviation of :data:`ZONES`; None: UTC), in UTC. Raises HandError for
    an abbreviation not in :data:`ZONES` (the time could be hours off), a year outside
    :data:`~rakestats.formats._base.FIRST_YEAR` to ``LAST_YEAR``, or no such date. A
    zone written otherwise than in letters is no abbreviation but an offset, such as
    OnGame's ``GMT+0100``, which the room's reader applies to the time read as UTC."""
    name = ZONES.get(zone) if zone else "UTC"
    if name is None and zone is not None:
        if zone.isalpha():
            raise fail(line, f"unknown time zone {zone!r}")
        name = "UTC"
    y, mo, d, h, mi, s = fields
    if not FIRST_YEAR <= y <= LAST_YEAR:
        when = f"{y:04d}/{mo:02d}/{d:02d} {h:02d}:{mi:02d}:{s:02d}"
        raise fail(line, date_out_of_range(f"{when} {zone}" if zone else when))
    try:
        local = datetime(*fields, tzinfo=ZoneInfo(name or "UTC"))
    except ValueError as e:  # 2010/02/30, 25:61:61
        raise fail(line, f"no such date in the header: {e}") from None
    return local.astimezone(UTC)


def quoted(text: str) -> str:
    """``text`` cut to 100 characters and quoted, to name a line in a reason.

    >>> quoted("x" * 120)[-6:]
    "x...'"
    """
    return repr(text if len(text) <= 100 else text[:97] + "...")

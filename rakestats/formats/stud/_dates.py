"""A header's date and time, matched by a room's pattern, in UTC.

A room's date pattern names its groups ``y``, ``mo`` (a number) or ``mon`` (a month
name), ``d``, ``h``, ``mi``, ``s`` (optional) and ``zone`` (optional); most rooms write
``2009/11/26 10:24:42 ET`` or ``2009-11-26 - 10:24:42 (ET)``: :data:`DATE` and
:data:`ZONE` (:data:`DATE_TIME` both).

>>> time_of(DATE_TIME.search("- 2009/11/26 10:24:42 ET"), 1).isoformat()
'2009-11-26T15:24:42+00:00'
>>> time_of(DATE_TIME.search("2011-08-12 - 13:09"), 1, "ET").isoformat()
'2011-08-12T17:09:00+00:00'
>>> preferred_time("2026/05/27 20:17 EET [2026/05/27 13:17 ET]", 1, DATE_TIME).isoformat()
'2026-05-27T17:17:00+00:00'
"""

from __future__ import annotations

import re
from datetime import datetime

from rakestats.formats.stud._common import MONTHS, ZONES, fail, to_utc

__all__ = ["DATE", "DATE_TIME", "ZONE", "preferred_time", "time_of"]

#: A date and a time: ``2009/11/26 10:24:42``, ``2011-08-12 - 13:09``.
DATE = (
    r"(?P<y>\d{4})[-/](?P<mo>\d{1,2})[-/](?P<d>\d{1,2})[ T-]+"
    r"(?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?"
)
#: The zone after a time, if any: `` ET``, `` (ET)``.
ZONE = r"(?:\s*\(?(?P<zone>[A-Z]{2,5})\)?)?"
DATE_TIME = re.compile(DATE + ZONE)


def time_of(m: re.Match[str] | None, line: int, zone: str = "UTC") -> datetime:
    """The time a match of a room's date pattern names, in UTC; ``zone``: the zone of a
    match that names none. Raises HandError when there is no match or no such date."""
    if m is None:
        raise fail(line, "cannot read the date of the header")
    parts = m.groupdict()
    mo = parts.get("mo")
    month = int(mo) if mo else MONTHS.get(parts.get("mon") or "", 0)
    if not month:
        raise fail(line, f"no such month in {m[0]!r}")
    y, d, h, mi, s = parts["y"], parts["d"], parts["h"], parts["mi"], parts.get("s")
    fields = (int(y), month, int(d), int(h), int(mi), int(s or 0))
    return to_utc(fields, parts.get("zone") or zone, line)


def preferred_time(text: str, line: int, *patterns: re.Pattern[str]) -> datetime:
    """The time of a header that may write it twice (the player's zone, then the room's
    in brackets), matched by any of ``patterns``: the one in ET, else the first in a
    known zone, else the first."""
    found: list[re.Match[str]] = []
    for pattern in patterns:
        found.extend(pattern.finditer(text))
    if not found:
        raise fail(line, "no date in the header")
    chosen = found[0]  # the only one, most often
    if len(found) > 1:
        et = next((f for f in found if f["zone"] == "ET"), None)
        chosen = et or next((f for f in found if f["zone"] in ZONES), chosen)
    return time_of(chosen, line)

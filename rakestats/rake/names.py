"""The names the Rake hand-history format allows (docs/hand-history-format.md, "Names").

One rule for every path: the writer refuses such a name, and the readers (the full
parser, the fast validator and ``--retry-quarantined``) quarantine a hand that has one.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME_LENGTH", "NameRefusedError", "check_name", "check_site", "name_problem"]

MAX_NAME_LENGTH = 64


class NameRefusedError(ValueError):
    """A player, table or site name the format cannot carry."""


def check_name(name: str, what: str = "player name") -> None:
    """Refuse a name the format does not allow, naming the name and the reason.

    >>> check_name("Jürgen [DE]")
    >>> check_name("Bad\\tName")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rakestats.rake.names.NameRefusedError: player name 'Bad\\tName' contains the control ...
    """
    problem = name_problem(name, what)
    if problem is not None:
        raise NameRefusedError(problem)


def name_problem(name: str, what: str = "player name") -> str | None:
    """Why the format does not allow ``name``, or None.

    >>> name_problem(" Ashua Vel ")
    "player name ' Ashua Vel ' begins or ends with a space"
    >>> name_problem("Ashua\\ufffdVel")  # what bytes that were not UTF-8 become
    "player name 'Ashua\\ufffdVel' contains U+FFFD, the mark of bytes that were not UTF-8"
    """
    for i, ch in enumerate(name):
        if unicodedata.category(ch) == "Cc":
            label = unicodedata.name(ch, _CONTROL_NAMES.get(ord(ch), "control character"))
            return (
                f"{what} {name!r} contains the control character U+{ord(ch):04X} ({label}) "
                f"at position {i}"
            )
    if not name:
        return f"{what} is empty"
    if len(name) > MAX_NAME_LENGTH:
        shown = name if len(name) <= 80 else name[:77] + "..."
        return f"{what} {shown!r} is {len(name)} characters long; at most {MAX_NAME_LENGTH} allowed"
    if name != name.strip(" "):
        return f"{what} {name!r} begins or ends with a space"
    if "\ufffd" in name:
        return f"{what} {name!r} contains U+FFFD, the mark of bytes that were not UTF-8"
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        return (
            f"{what} {name!r} contains the unprintable character U+{ord(bad):04X} "
            f"({unicodedata.name(bad, 'unnamed')}) at position {name.index(bad)}"
        )
    return None


def check_site(site: str) -> None:
    """The site (room) name: a name that does not contain `` Rake Hand #``."""
    check_name(site, "site name")
    if " Rake Hand #" in site:
        raise NameRefusedError(f"site name {site!r} contains ' Rake Hand #'")


# unicodedata.name() has no names for most C0/C1 controls.
_CONTROL_NAMES = {
    0x00: "NULL",
    0x09: "CHARACTER TABULATION",
    0x0A: "LINE FEED",
    0x0D: "CARRIAGE RETURN",
    0x1B: "ESCAPE",
    0x7F: "DELETE",
}

"""Checks on the names the hand-history format allows (docs/hand-history-format.md, "Names")."""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME_LENGTH", "NameRefusedError", "check_name", "check_site"]

MAX_NAME_LENGTH = 64


class NameRefusedError(ValueError):
    """A player, table or site name the format cannot carry."""


def check_name(name: str, what: str = "player name") -> None:
    """Refuse a name the format does not allow, naming the name and the reason.

    >>> check_name("Jürgen [DE]")
    >>> check_name("Bad\\tName")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rakestats.sim._names.NameRefusedError: player name 'Bad\\tName' contains the control ...
    """
    for i, ch in enumerate(name):
        if unicodedata.category(ch) == "Cc":
            label = unicodedata.name(ch, _CONTROL_NAMES.get(ord(ch), "control character"))
            raise NameRefusedError(
                f"{what} {name!r} contains the control character U+{ord(ch):04X} ({label}) "
                f"at position {i}"
            )
    if not name:
        raise NameRefusedError(f"{what} is empty")
    if len(name) > MAX_NAME_LENGTH:
        raise NameRefusedError(
            f"{what} {name!r} is {len(name)} characters long; at most {MAX_NAME_LENGTH} allowed"
        )
    if name != name.strip(" "):
        raise NameRefusedError(f"{what} {name!r} begins or ends with a space")
    bad = next((c for c in name if not c.isprintable()), None)
    if bad is not None:
        raise NameRefusedError(
            f"{what} {name!r} contains the unprintable character U+{ord(bad):04X} "
            f"({unicodedata.name(bad, 'unnamed')}) at position {name.index(bad)}"
        )


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

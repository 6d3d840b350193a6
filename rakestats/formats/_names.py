"""Files that are not read as histories for their name: hidden files (``.*``, an editor's
copies, ``.DS_Store``, ``__MACOSX/._*``), anything in a hidden folder (``.git``,
``.Trash``), and the notes kept beside histories (``README.md``, ``README.txt``, the
simulator's ``players.json``). A folder's walk (``rakestats.warehouse.walk``) and an
archive's members (:func:`rakestats.formats.iter_file`, the ingest's units) pass them
over alike; :mod:`rakestats.formats.files` offers these names.

>>> passed_over("README.md"), passed_over(".git", folder=True), passed_over("h.txt")
('notes, not a hand history', 'hidden folder (not walked)', None)
>>> member_passed_over("__MACOSX/s1/._h.txt"), member_passed_over("s1/h.txt")
('hidden file', None)
>>> member_passed_over("../evil.txt") is None  # an unsafe path: refused when read
True
"""

from __future__ import annotations

__all__ = [
    "HIDDEN_FILE",
    "HIDDEN_FOLDER",
    "NOTES",
    "NOTE_NAMES",
    "kept_members",
    "member_passed_over",
    "passed_over",
]

HIDDEN_FILE = "hidden file"
HIDDEN_FOLDER = "hidden folder (not walked)"
NOTES = "notes, not a hand history"
NOTE_NAMES = frozenset({"players.json", "README.md", "README.txt"})


def passed_over(name: str, folder: bool = False) -> str | None:
    """Why a folder's walk passes over the file (or folder) ``name``, or None."""
    if name.startswith("."):
        return HIDDEN_FOLDER if folder else HIDDEN_FILE
    return NOTES if not folder and name in NOTE_NAMES else None


def member_passed_over(member: str) -> str | None:
    """Why a file at the path ``member`` below a folder or in an archive is passed over,
    or None: hidden, in a hidden folder, or notes, as a folder's walk would say of it."""
    parts = member.split("/")
    if any(p.startswith(".") and p not in (".", "..") for p in parts):  # (".." is a path's)
        return HIDDEN_FILE
    return passed_over(parts[-1])


def kept_members(members: list[str]) -> tuple[list[str], list[tuple[str, str]]]:
    """An archive's members to read, and those passed over with the reason; every member
    is read when every one would be passed over (each then says what it is).

    >>> kept, passed = kept_members(["README.md", "s/h.txt", "__MACOSX/s/._h.txt"])
    >>> kept, [why for _, why in passed]
    (['s/h.txt'], ['notes, not a hand history', 'hidden file'])
    >>> kept_members(["README.md"])
    (['README.md'], [])
    """
    why = [member_passed_over(m) for m in members]
    if all(why):
        return members, []
    kept = [m for m, w in zip(members, why, strict=True) if w is None]
    return kept, [(m, w) for m, w in zip(members, why, strict=True) if w is not None]

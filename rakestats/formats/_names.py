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
    """Why an archive's member (its path in the archive) is passed over, or None: hidden,
    in a hidden folder, or notes, as a folder's walk would say of the file."""
    parts = member.split("/")
    if any(p.startswith(".") and p not in (".", "..") for p in parts):  # (".." is a path's)
        return HIDDEN_FILE
    return passed_over(parts[-1])

"""Aliases: several screen names that belong to one person, as trackers allow.

Two file formats, chosen by extension:

``.toml``::

    [aliases]
    "Captain Frey" = ["Frey", "darian_frey"]
    Crake = ["Crake: the Daemonist"]

``.csv`` (a header line, then one screen name per line)::

    screen_name,person
    Frey,Captain Frey
    darian_frey,Captain Frey

A person's own name needs no line. A screen name mapped to two different people is an
error. Statistics computed with aliases group by person; the ``player`` column then
holds the person.

>>> a = Aliases.from_mapping({"Captain Frey": ["Frey", "darian_frey"]})
>>> a.person_of("Frey"), a.person_of("Jez")
('Captain Frey', 'Jez')
"""

from __future__ import annotations

import csv
import io
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa

__all__ = ["AliasError", "Aliases", "AliasesLike", "load_aliases"]


class AliasError(ValueError):
    """An aliases file that cannot be used, with the file and the reason."""


@dataclass(frozen=True)
class Aliases:
    """Screen name → person. Use :func:`load_aliases` to read a file."""

    mapping: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, str]], origin: str = "aliases") -> Aliases:
        out: dict[str, str] = {}
        for screen, person in pairs:
            if not isinstance(screen, str) or not isinstance(person, str):
                raise AliasError(f"{origin}: names must be text, got {screen!r} → {person!r}")
            screen, person = screen.strip(), person.strip()
            if not screen or not person:
                raise AliasError(f"{origin}: empty name in {screen!r} → {person!r}")
            if out.get(screen, person) != person:
                raise AliasError(
                    f"{origin}: screen name {screen!r} is given to both "
                    f"{out[screen]!r} and {person!r}"
                )
            out[screen] = person
        return cls(out)

    @classmethod
    def from_mapping(cls, people: Mapping[str, Iterable[str] | str]) -> Aliases:
        """From ``{person: [screen names]}``; a single name may stand alone, as in a
        TOML file (it was read letter by letter).

        >>> Aliases.from_mapping({"Team": "Grist"}).person_of("Grist")
        'Team'
        """
        pairs: list[tuple[str, str]] = []
        for person, screens in people.items():
            names = [screens] if isinstance(screens, str) else screens
            if not isinstance(names, Iterable):
                raise AliasError(f"aliases: {person!r} must map to a list of screen names")
            pairs.extend((screen, person) for screen in names)
        return cls.from_pairs(pairs)

    def person_of(self, screen_name: str) -> str:
        return self.mapping.get(screen_name, screen_name)

    def table(self) -> pa.Table:
        """The mapping as an Arrow table (screen_name, person) to join in SQL."""
        return pa.table(
            {
                "screen_name": pa.array(list(self.mapping), pa.string()),
                "person": pa.array(list(self.mapping.values()), pa.string()),
            }
        )

    def __bool__(self) -> bool:
        return bool(self.mapping)


AliasesLike = Aliases | Mapping[str, Iterable[str]] | str | os.PathLike[str] | None


def load_aliases(source: AliasesLike) -> Aliases | None:
    """An :class:`Aliases` from a file path (.toml or .csv), a ``{person: [names]}``
    mapping or an existing value; None stays None."""
    if source is None or isinstance(source, Aliases):
        return source
    if isinstance(source, Mapping):
        return Aliases.from_mapping(source)
    path = Path(source)
    suffix = path.suffix.lower()
    if suffix not in (".toml", ".csv"):
        raise AliasError(f"{path}: aliases file must end in .toml or .csv")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise AliasError(f"{path}: cannot read aliases file: {exc.strerror or exc}") from None
    text = _decoded(data, str(path), spreadsheet=suffix == ".csv")
    if suffix == ".toml":
        return _from_toml(text, str(path))
    return _from_csv(text, str(path))


def _decoded(data: bytes, origin: str, *, spreadsheet: bool) -> str:
    """The text of an aliases file: UTF-8, with or without the byte-order mark that
    spreadsheets write ("CSV UTF-8"); a CSV that is not UTF-8 is read as Windows-1252,
    what a spreadsheet saves as plain "CSV" on Windows. Else the error names the line.

    >>> import codecs
    >>> _decoded(codecs.BOM_UTF8 + b"screen_name,person", "a.csv", spreadsheet=True)
    'screen_name,person'
    >>> _decoded("Jérôme".encode("cp1252"), "a.csv", spreadsheet=True)
    'Jérôme'
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if spreadsheet:
            try:
                return data.decode("cp1252")
            except UnicodeDecodeError:
                pass
        line = data[: exc.start].count(b"\n") + 1
        raise AliasError(
            f"{origin}:{line}: not UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8"
        ) from None


def _from_toml(text: str, origin: str) -> Aliases:
    try:
        doc: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AliasError(f"{origin}: {exc}") from None
    people = doc.get("aliases")
    if not isinstance(people, dict):
        raise AliasError(f"{origin}: expected an [aliases] table of person = [screen names]")
    pairs: list[tuple[str, str]] = []
    for person, screens in people.items():
        if isinstance(screens, str):
            screens = [screens]
        if not isinstance(screens, list):
            raise AliasError(f"{origin}: {person!r} must map to a list of screen names")
        pairs.extend((s, person) for s in screens)
    return Aliases.from_pairs(pairs, origin)


def _from_csv(text: str, origin: str) -> Aliases:
    """``screen_name,person`` rows; the header's separator is the file's: a comma, or
    the semicolon or tab that spreadsheets use where the comma is the decimal mark."""
    first = text.split("\n", 1)[0]
    delimiter = next((d for d in ",;\t" if d in first), ",")
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows or [c.strip().lower() for c in rows[0][:2]] != ["screen_name", "person"]:
        raise AliasError(f"{origin}: the first line must be 'screen_name,person'")
    pairs: list[tuple[str, str]] = []
    for n, row in enumerate(rows[1:], start=2):
        if not row or all(not c.strip() for c in row):
            continue
        if len(row) != 2:
            raise AliasError(f"{origin}:{n}: expected two fields, got {len(row)}")
        pairs.append((row[0], row[1]))
    return Aliases.from_pairs(pairs, origin)

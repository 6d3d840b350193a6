"""The readers under their first name: :mod:`rakestats.formats` holds them now (one
package per format, each reading and writing it). Everything public there is here too.
"""

from rakestats.formats import (
    PARSERS,
    HandError,
    HandRecord,
    ParseResult,
    QuarantineRecord,
    RakeParser,
    ReadError,
    SiteParser,
    SkipRecord,
    Stored,
    UnrecognizedFileError,
    iter_file,
    iter_text,
    scan_file,
    zip_members,
)

__all__ = [
    "PARSERS",
    "HandError",
    "HandRecord",
    "ParseResult",
    "QuarantineRecord",
    "RakeParser",
    "ReadError",
    "SiteParser",
    "SkipRecord",
    "Stored",
    "UnrecognizedFileError",
    "iter_file",
    "iter_text",
    "scan_file",
    "zip_members",
]

"""The Rake writer under its first name: it lives with its reader in
:mod:`rakestats.formats.rake`."""

from rakestats.formats.rake.writer import (
    HandMeta,
    NameRefusedError,
    check_name,
    format_fee,
    format_hand,
    write_hand,
)

__all__ = ["HandMeta", "NameRefusedError", "check_name", "format_fee", "format_hand", "write_hand"]

"""The format's name rules, which live with the Rake rules (:mod:`rakestats.rake.names`)."""

from rakestats.rake.names import MAX_NAME_LENGTH, NameRefusedError, check_name, check_site

__all__ = ["MAX_NAME_LENGTH", "NameRefusedError", "check_name", "check_site"]

"""Razz (ace-to-five low) evaluation; it lives in :mod:`rakestats.stud.low`, shared with
the low half of Stud Hi/Lo."""

from rakestats.stud.low import *  # noqa: F403
from rakestats.stud.low import __all__ as __all__

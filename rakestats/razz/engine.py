"""The Razz engine: :class:`rakestats.stud.StudHand`, whose game is Razz unless told
otherwise (the stud engine lives in :mod:`rakestats.stud.engine`)."""

from rakestats.stud.engine import *  # noqa: F403
from rakestats.stud.engine import __all__ as __all__

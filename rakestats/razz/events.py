"""What happens in a Razz hand, as typed events: the stud engine's log
(:mod:`rakestats.stud.events`)."""

from rakestats.stud.events import *  # noqa: F403
from rakestats.stud.events import __all__ as __all__

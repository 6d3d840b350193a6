"""The Razz engine: :class:`rakestats.stud.StudHand`, whose game is Razz unless told
otherwise (the stud engine lives in :mod:`rakestats.stud.engine`)."""

from rakestats.stud.engine import IllegalActionError, Phase, StudHand, StudPlayer

__all__ = ["IllegalActionError", "Phase", "StudHand", "StudPlayer"]

"""Playing styles of the simulated players: named sets of parameters.

Every parameter is a probability or a threshold in [0, 1] (bet sizes are fractions of the
pot). Hand strength, the scale the thresholds are on, is 0 for a hopeless holding and 1
for a certain winner (``rakestats.sim._bot.strength``).

>>> STYLES["rock"].entry > STYLES["maniac"].entry
True
>>> sorted(STYLES)
['calling_station', 'lag', 'maniac', 'rock', 'tag']
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["STYLES", "Style"]


@dataclass(frozen=True, slots=True)
class Style:
    """How a bot plays.

    - ``entry``: the hand strength needed to put chips in voluntarily (lower is looser:
      the VPIP tendency).
    - ``aggression``: how often a strong hand bets or raises rather than checks or calls.
    - ``bluff``: how often a weak hand bets (or raises) anyway.
    - ``fold_to_bet``: how readily a hand below its calling strength folds to a bet; the
      rest of the time it calls anyway.
    - ``face_up``: preference for taking a face-up middle card over a face-down one.
    - ``bet_min``, ``bet_max``: bet and raise sizes, as fractions of the pot.
    """

    name: str
    entry: float
    aggression: float
    bluff: float
    fold_to_bet: float
    face_up: float
    bet_min: float
    bet_max: float

    def __post_init__(self) -> None:
        for key in ("entry", "aggression", "bluff", "fold_to_bet", "face_up"):
            value = getattr(self, key)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"style {self.name!r}: {key} must be in [0, 1], got {value}")
        if not 0.0 < self.bet_min <= self.bet_max:
            raise ValueError(f"style {self.name!r}: need 0 < bet_min <= bet_max")

    def params(self) -> dict[str, float]:
        """The parameters without the name (for the truth file)."""
        out = asdict(self)
        del out["name"]
        return out


STYLES: dict[str, Style] = {
    s.name: s
    for s in (
        Style(
            "rock",
            entry=0.55,
            aggression=0.25,
            bluff=0.02,
            fold_to_bet=0.9,
            face_up=0.7,
            bet_min=0.4,
            bet_max=0.6,
        ),
        Style(
            "tag",
            entry=0.45,
            aggression=0.75,
            bluff=0.10,
            fold_to_bet=0.75,
            face_up=0.5,
            bet_min=0.5,
            bet_max=0.8,
        ),
        Style(
            "lag",
            entry=0.25,
            aggression=0.7,
            bluff=0.25,
            fold_to_bet=0.5,
            face_up=0.4,
            bet_min=0.5,
            bet_max=1.0,
        ),
        Style(
            "calling_station",
            entry=0.12,
            aggression=0.1,
            bluff=0.03,
            fold_to_bet=0.15,
            face_up=0.35,
            bet_min=0.3,
            bet_max=0.5,
        ),
        Style(
            "maniac",
            entry=0.08,
            aggression=0.9,
            bluff=0.45,
            fold_to_bet=0.2,
            face_up=0.25,
            bet_min=0.7,
            bet_max=1.5,
        ),
    )
}

"""The state of a stud hand's players; the phases and the error are the betting
engine's (:mod:`rakestats.betting`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rakestats.betting import IllegalActionError, Phase, SeatState
from rakestats.cards import StdCard

__all__ = ["IllegalActionError", "Phase", "StudPlayer"]


@dataclass(slots=True)
class StudPlayer(SeatState[StdCard]):
    """A stud player; ``cards`` in dealing order, ``is_up`` whether each is face up."""

    is_up: list[bool] = field(default_factory=list)

    @property
    def up_cards(self) -> list[StdCard]:
        return [c for c, up in zip(self.cards, self.is_up, strict=True) if up and c is not None]

"""The state of a stud hand's players, its phases and the engine's error."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from rakestats.betting import IllegalActionError, SeatState
from rakestats.cards import StdCard

__all__ = ["IllegalActionError", "Phase", "StudPlayer"]


class Phase(Enum):
    DEAL = "deal"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


@dataclass(slots=True)
class StudPlayer(SeatState[StdCard]):
    """A stud player; ``cards`` in dealing order, ``is_up`` whether each is face up."""

    is_up: list[bool] = field(default_factory=list)

    @property
    def up_cards(self) -> list[StdCard]:
        return [c for c, up in zip(self.cards, self.is_up, strict=True) if up and c is not None]

"""The stud engine as the readers use it: one place that knows how a game is played
(:class:`rakestats.stud.StudHand` with a :class:`rakestats.stud.StudGame`), how a
settlement divides each pot and how a shown hand is described.

>>> GAMES
('razz', 'stud', 'stud8')
>>> from rakestats.cards import parse_std_cards as c
>>> describe("stud8", c("7c 3s 5h Qc Kc 6d 4d"))
'HI: a straight, Three to Seven; LO: 7,6,5,4,3'
>>> describe("razz", c("2d 4s 9d 7c Ts 5s Tc")), describe("stud", c("Ad Qh 3h Kd Ah"))
('Lo: 9,7,5,4,2', 'a pair of Aces')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rakestats.cards import StdCard, parse_std_card
from rakestats.stud import (
    IllegalActionError,
    OddChips,
    Phase,
    Settlement,
    StudActionKind,
    StudGame,
    StudHand,
    eight_or_better,
    evaluate_high,
    evaluate_low,
)

__all__ = [
    "CAP_BETS",
    "GAMES",
    "STREET_NAMES",
    "HiddenBoardsHand",
    "IllegalActionError",
    "OddChips",
    "Phase",
    "Settlement",
    "StudActionKind",
    "StudHand",
    "describe",
    "new_engine",
    "pot_parts",
]

#: The games the engine plays (the readers skip the others, counted by game).
GAMES: tuple[str, ...] = tuple(g.value for g in StudGame)
#: A bet (on 3rd street: the completion) and at most three raises per street.
CAP_BETS = 4
#: Betting round 1-5 by name.
STREET_NAMES = ("3rd street", "4th street", "5th street", "6th street", "7th street")


_BLANK = (parse_std_card("2c"), parse_std_card("2d"))


class HiddenBoardsHand(StudHand):
    """The engine for a room that does not write the other players' up cards
    (PartyPoker): while a board is unknown, the room's bring-in and first player to
    act on each street are accepted (any player who may act may open), and on 4th
    street of Seven-Card Stud the big bet is allowed (an open pair cannot be ruled
    out). The rest is :class:`StudHand`'s."""

    def deal_third(
        self,
        down: Mapping[int, Sequence[StdCard | None]],
        up: Mapping[int, StdCard | None],
    ) -> None:
        if all(c is not None for c in up.values()):
            super().deal_third(down, {s: c for s, c in up.items() if c is not None})
            return
        self._expect_street(1, "deal 3rd street")
        self._check_seats(down, "down cards")
        self._check_seats(up, "up cards")
        for s in self.order:
            if len(down[s]) != 2:
                raise IllegalActionError(f"seat {s} must get two down cards")
            self._give(s, [*down[s], up[s]], (False, False, True))
        able = [s for s in self.order if self.players[s].stack > 0]
        self.bring_in_seat = able[0] if able else None
        self._start_round()

    def _start_round(self) -> None:
        live = self.live_seats
        if not any(None in self.players[s].cards for s in live):
            super()._start_round()
            return
        # every board the same for the engine's choice of who opens: all tie
        shown = 2 if self.round + 1 == 2 and self.game is StudGame.STUD else 1
        real = {s: (self.players[s].cards, self.players[s].is_up) for s in live}
        blank = _BLANK
        try:
            for s in live:
                self.players[s].cards, self.players[s].is_up = list(blank[:shown]), [True] * shown
            super()._start_round()
        finally:
            for s, (cards, is_up) in real.items():
                self.players[s].cards, self.players[s].is_up = cards, is_up
        if self.phase is Phase.BETTING and self.round_actions == 0:
            self.first_choices = {s for s in live if self.players[s].can_act} or self.first_choices


def new_engine(
    game: str,
    *,
    ante: int,
    bring_in: int | None,
    small_bet: int,
    big_bet: int,
    players: Sequence[tuple[int, str, int]],
    odd_chips: OddChips | None = None,
    hidden_boards: bool = False,
) -> StudHand:
    """A hand of ``game`` (one of :data:`GAMES`) with the antes posted
    (:class:`HiddenBoardsHand` for a room that hides the other players' up cards)."""
    cls = HiddenBoardsHand if hidden_boards else StudHand
    return cls(
        ante=ante,
        bring_in=bring_in,
        small_bet=small_bet,
        big_bet=big_bet,
        players=players,
        game=StudGame(game),
        odd_chips=odd_chips if odd_chips is not None else OddChips(),
    )


def pot_parts(s: Settlement, index: int) -> list[tuple[int, ...]]:
    """How pot ``index`` is divided: one group of winners per part (one part for a pot
    that goes to the best hand; the high and the low half of a split pot)."""
    pot = s.pots[index]
    return [part.winners for part in pot.parts] if pot.parts else [pot.winners]


def describe(game: str, cards: Sequence[StdCard]) -> str | None:
    """A shown hand (five cards or more) in PokerStars' words: ``Lo: 9,7,5,4,2`` (Razz),
    ``a pair of Aces`` (Stud), ``HI: ...; LO: 8,7,5,4,2`` (Stud Hi/Lo; ``HI: ...``
    alone without a low); None with fewer than five cards."""
    if len(cards) < 5:
        return None
    if game == "razz":
        return evaluate_low(list(cards)).description
    high = evaluate_high(list(cards)).description
    if game == "stud":
        return high
    low = eight_or_better(list(cards))
    return f"HI: {high}" + (f"; LO: {low.description[4:]}" if low is not None else "")

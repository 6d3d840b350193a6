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

from collections.abc import Sequence
from dataclasses import replace

from rakestats.cards import StdCard
from rakestats.stud import (
    IllegalActionError,
    OddChips,
    Phase,
    Settlement,
    StudActionKind,
    StudGame,
    StudHand,
    StudLegal,
    eight_or_better,
    evaluate_high,
    evaluate_low,
)

__all__ = [
    "CAP_BETS",
    "GAMES",
    "STREET_NAMES",
    "BringInRaisesHand",
    "IllegalActionError",
    "OddChips",
    "Phase",
    "Settlement",
    "StudActionKind",
    "StudHand",
    "all_in_verb",
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


class BringInRaisesHand(StudHand):
    """The engine for a room whose 3rd-street raises built on the bring-in (KingsClub's
    old software): besides the rule's totals, a raise or completion on 3rd street may go
    to the bring-in plus one small bet for each full bet made (at least one). The rest
    is :class:`StudHand`'s.

    >>> from rakestats.cards import parse_std_card as c
    >>> h = BringInRaisesHand(ante=1, bring_in=3, small_bet=4, big_bet=8,
    ...     players=[(1, "Ann", 100), (2, "Bob", 100), (3, "Cy", 100)])
    >>> h.deal_third({1: [None, None], 2: [None, None], 3: [None, None]},
    ...              {1: c("Kc"), 2: c("9d"), 3: c("2h")})
    >>> _ = h.act(StudActionKind.BRING_IN, 3); _ = h.act(StudActionKind.COMPLETE, 4)
    >>> h.legal_actions().wager_to
    (7, 8)
    """

    def legal_actions(self, seat: int | None = None) -> StudLegal:
        legal = super().legal_actions(seat)
        if self.round != 1 or self.bring_in is None or legal.wager_kind is None:
            return legal
        to = self.bring_in + self.small_bet * max(self.n_bets, 1)
        p = self.players[legal.seat]
        if to in legal.wager_to or not self.current_bet < to <= p.stack + p.round_bet:
            return legal
        return replace(legal, wager_to=tuple(sorted((*legal.wager_to, to))))


def new_engine(
    game: str,
    *,
    ante: int,
    bring_in: int | None,
    small_bet: int,
    big_bet: int,
    players: Sequence[tuple[int, str, int]],
    odd_chips: OddChips | None = None,
    raise_on_bring_in: bool = False,
) -> StudHand:
    """A hand of ``game`` (one of :data:`GAMES`) with the antes posted. Up cards a room
    does not write are dealt as None: the engine then accepts the room's bring-in and
    first player to act (``StudHand.boards_hidden``). ``raise_on_bring_in``: the room's
    3rd-street raises may build on the bring-in (:class:`BringInRaisesHand`)."""
    cls = BringInRaisesHand if raise_on_bring_in else StudHand
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


def all_in_verb(to: int, bring_in_due: bool, small_bet: int, current_bet: int) -> str:
    """The action a room's bare ``is all-in`` line makes when it takes a player's round
    bet to ``to``: the bring-in, a completion, a call, a bet or a raise.

    >>> all_in_verb(2, True, 4, 0), all_in_verb(4, False, 4, 4), all_in_verb(8, False, 4, 4)
    ('bring_in', 'call', 'raise')
    """
    if bring_in_due:
        return "bring_in" if to < small_bet else "complete"
    if to <= current_bet:
        return "call"
    return "bet" if current_bet == 0 else "raise"

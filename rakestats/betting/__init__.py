"""The betting-round machinery every game shares, in one game-neutral place: the
players' state, antes, acting order, who must act, closing a round and the uncalled bet,
pots and side pots and their splits, the hand engine's base (:class:`BettingHand`) and
the types every game's log and settlement use. The Rake and the stud engines build on it.

>>> pot_layers({1: 100, 2: 40, 3: 100, 4: 20}, live=[1, 2, 3])
[(140, (1, 2, 3)), (120, (1, 3))]
>>> split_pot(101, winners=(3, 1), order=[1, 2, 3])
(50, 51)
"""

from rakestats.betting.events import ActionKind, AntePosted, BettingAction, UncalledReturned
from rakestats.betting.hand import BettingHand, LegalView, Phase, Settled, describe_actions
from rakestats.betting.pots import Pot, pot_layers, return_uncalled, split_pot, uncalled_bet
from rakestats.betting.rules import clockwise_from, needs_to_act, seats_from_left_of_dealer
from rakestats.betting.seats import IllegalActionError, SeatState, post_antes

__all__ = [
    "ActionKind",
    "AntePosted",
    "BettingAction",
    "BettingHand",
    "IllegalActionError",
    "LegalView",
    "Phase",
    "Pot",
    "SeatState",
    "Settled",
    "UncalledReturned",
    "clockwise_from",
    "describe_actions",
    "needs_to_act",
    "post_antes",
    "pot_layers",
    "return_uncalled",
    "seats_from_left_of_dealer",
    "split_pot",
    "uncalled_bet",
]

"""The betting-round machinery every game's hand engine builds on (:class:`BettingHand`):
the players and their acting order, the antes, the pot, who acts next, closing a round
(the uncalled bet returned), the bookkeeping of an action, folds, checks and calls, the
cards seen so far and the final stacks. A game adds its deals, its wagers (what a bet or
raise may be), what ends a round and its showdown.

>>> describe_actions(True, False, 40, after=["raise to 80-500"])
'fold, call 40, raise to 80-500'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any, Generic, Protocol, TypeVar

from rakestats.betting.events import ActionKind
from rakestats.betting.pots import return_uncalled
from rakestats.betting.rules import needs_to_act
from rakestats.betting.seats import IllegalActionError, SeatState, post_antes

__all__ = ["BettingHand", "LegalView", "Phase", "Settled", "describe_actions"]


class Phase(Enum):
    """Where a hand stands. Every game deals, bets and ends ``COMPLETE``; Rake has the
    middle cards, pick-ups and the Reveal, the stud games a showdown."""

    DEAL = "deal"
    BETTING = "betting"
    MIDDLE = "middle"
    PICKUP = "pickup"
    REVEAL = "reveal"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


class LegalView(Protocol):
    """What every game's view of the legal actions tells: whose turn, and whether they
    may fold, check or call (and for how much)."""

    @property
    def seat(self) -> int: ...
    @property
    def can_fold(self) -> bool: ...
    @property
    def can_check(self) -> bool: ...
    @property
    def call_amount(self) -> int | None: ...
    def describe(self) -> str: ...


class Settled(Protocol):
    """A settlement: what each seat collected."""

    @property
    def collected(self) -> dict[int, int]: ...


def describe_actions(
    can_fold: bool,
    can_check: bool,
    call_amount: int | None,
    before: Iterable[str] = (),
    after: Iterable[str] = (),
) -> str:
    """The legal actions in words, as the engines' errors quote them: ``before`` (a
    bring-in), fold, check, call, then ``after`` (the game's bets and raises)."""
    parts = list(before)
    if can_fold:
        parts.append("fold")
    if can_check:
        parts.append("check")
    if call_amount is not None:
        parts.append(f"call {call_amount}")
    parts.extend(after)
    return ", ".join(parts)


P = TypeVar("P", bound=SeatState[Any])
S = TypeVar("S", bound=Settled)


class BettingHand(Generic[P, S]):
    """One hand's betting state, in any game. ``players`` by seat, ``order`` the acting
    order (a round's first player may start anywhere in it); antes are posted on
    construction. Subclasses call :meth:`_begin_round` when a round starts, pass the
    actor's fold, check or call to :meth:`_passive`, record chips with :meth:`_commit`,
    move on with :meth:`_advance`, and say in :meth:`_end_round` what follows a round.
    """

    log: list[Any]

    def __init__(self, players: dict[int, P], order: list[int], ante: int) -> None:
        self.players = players
        self.order = order
        self.log = []
        self.phase = Phase.DEAL
        self.round = 0
        self.current_bet = 0
        self.to_act: int | None = None
        self.settlement: S | None = None
        self._seen: set[object] = set()  # every card known so far in this hand
        self.log.extend(post_antes(players, order, ante))

    # ------------------------------------------------------------------ views
    @property
    def pot(self) -> int:
        return sum(p.invested for p in self.players.values())

    @property
    def live_seats(self) -> list[int]:
        return [s for s in self.order if not self.players[s].folded]

    @property
    def final_stacks(self) -> dict[int, int]:
        if self.settlement is None:
            raise IllegalActionError("the hand is not finished")
        collected = self.settlement.collected
        return {s: p.stack + collected[s] for s, p in self.players.items()}

    def _require(self, phase: Phase, what: str) -> None:
        if self.phase is not phase:
            raise IllegalActionError(f"cannot {what} now: the hand is at {self.phase.value}")

    def _check_new_cards(self, cards: Sequence[object | None]) -> None:
        """Refuse a card already seen in this hand; the check is all or nothing."""
        seen = self._seen
        new = [c for c in cards if c is not None]
        for i, c in enumerate(new):
            if c in seen or c in new[:i]:
                raise IllegalActionError(f"card {c} is seen twice")
        seen.update(new)

    # ------------------------------------------------------------------ a round
    def _begin_round(self, number: int) -> None:
        """Open betting round ``number``: nobody has bet or acted in it yet."""
        self.phase = Phase.BETTING
        self.round = number
        self.current_bet = 0
        for p in self.players.values():
            p.round_bet = 0
            p.acted = False
            p.may_raise = True

    def _next_needing(self, first: int) -> int | None:
        """The first player, from index ``first`` of the acting order round the table,
        who must still act; None when nobody must (or one player is left)."""
        players = self.players
        live = able = 0
        for p in players.values():
            if not p.folded:
                live += 1
                if p.stack > 0:
                    able += 1
        if live == 1:
            return None
        order = self.order
        n = len(order)
        current = self.current_bet
        for k in range(n):
            s = order[(first + k) % n]
            p = players[s]
            if needs_to_act(p.folded, p.stack, p.round_bet, p.acted, current, able):
                return s
        return None

    def _advance(self) -> None:
        """After an action: the next player to act, or the end of the round."""
        assert self.to_act is not None
        nxt = self._next_needing(self.order.index(self.to_act) + 1)
        if nxt is None:
            self._close_round()
        else:
            self.to_act = nxt

    def _close_round(self) -> None:
        """Return the bet nobody called, then let the game go on (:meth:`_end_round`)."""
        returned = return_uncalled(self.players, self.round)
        if returned is not None:
            self.log.append(returned)
        self.to_act = None
        self._end_round()

    def _end_round(self) -> None:
        """What follows a closed betting round, in the game (a deal, a showdown...)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ actions
    def _illegal(self, legal: LegalView, what: str) -> IllegalActionError:
        name = self.players[legal.seat].name
        return IllegalActionError(
            f"{name} (seat {legal.seat}) cannot {what}; legal: {legal.describe()}"
        )

    def _passive(
        self, legal: LegalView, p: P, kind: ActionKind, amount: int | None
    ) -> tuple[int, int] | None:
        """A fold, check or call of ``p``: (chips added, round total), or None for
        another action; an illegal one raises."""
        if kind is ActionKind.FOLD:
            if not legal.can_fold:
                raise self._illegal(legal, "fold")
            p.folded = True
            return 0, p.round_bet
        if kind is ActionKind.CHECK:
            if not legal.can_check:
                raise self._illegal(legal, "check")
            return 0, p.round_bet
        if kind is ActionKind.CALL:
            call = legal.call_amount
            if call is None or (amount is not None and amount != call):
                raise self._illegal(legal, "call" if amount is None else f"call {amount}")
            return call, p.round_bet + call
        return None

    def _reopen(self, aggressor: P) -> None:
        """A full bet or raise: everyone else may raise again."""
        for q in self.players.values():
            if q is not aggressor:
                q.may_raise = True

    def _commit(self, p: P, added: int, to: int) -> None:
        """``p`` put ``added`` chips in, to a round total of ``to``, and has acted."""
        p.stack -= added
        p.invested += added
        p.round_bet = to
        p.acted = True
        p.may_raise = False

"""The Rake hand engine: the single source of the rules of play.

The engine holds no randomness and does no I/O: the caller deals (a simulator from a
shuffled deck, a validator from a history, where unknown cards are ``None``) and acts.

>>> from rakestats.cards import parse_card, parse_cards
>>> h = RakeHand(ante=10, players=[(1, "Ann", 500), (2, "Bob", 500)], dealer_seat=2)
>>> h.deal_hole({1: parse_cards("As Aw 7f"), 2: parse_cards("2s 5w 9c")})
>>> h.to_act, h.legal_actions().min_bet
(1, 10)
>>> h.check(); h.bet(40); h.call()
>>> h.deal_middle(parse_cards("Af 3c"), parse_cards("Dw 8s"))
>>> h.pick(face_up=True, card=parse_card("Af")); h.pick(face_up=False, card=parse_card("8s"))
>>> h.check(); h.check()
>>> h.pick(face_up=False, card=parse_card("Dw")); h.pick(face_up=True, card=parse_card("3c"))
>>> h.check(); h.bet(100); h.call()
>>> s = h.reveal()
>>> s.collected, s.skull_ace[1].value
({1: 300, 2: 0}, 'auto_win')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rakestats.betting import BettingHand, IllegalActionError, Phase, SeatState, describe_actions
from rakestats.cards import Card
from rakestats.rake.events import (
    Action,
    ActionKind,
    Event,
    HoleDealt,
    MiddleDealt,
    PickedUp,
)
from rakestats.rake.rules import (
    HOLE_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_BETTING_ROUNDS,
    NO_FEE,
    HouseFee,
    betting_options,
    last_raise_after_bet,
    raise_reopens,
    seats_from_left_of_dealer,
)
from rakestats.rake.showdown import Settlement, settle

__all__ = ["IllegalActionError", "LegalActions", "Phase", "PlayerState", "RakeHand"]


@dataclass(slots=True)
class PlayerState(SeatState[Card]):
    @property
    def all_in(self) -> bool:
        return self.stack == 0 and not self.folded


@dataclass(frozen=True, slots=True)
class LegalActions:
    """What the player to act may do. Amounts are chips; raises are "to" round totals."""

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int | None
    min_bet: int | None
    max_bet: int | None
    min_raise_to: int | None
    max_raise_to: int | None

    def describe(self) -> str:
        wagers = []
        if self.min_bet is not None:
            wagers.append(f"bet {self.min_bet}-{self.max_bet}")
        if self.min_raise_to is not None:
            wagers.append(f"raise to {self.min_raise_to}-{self.max_raise_to}")
        return describe_actions(self.can_fold, self.can_check, self.call_amount, after=wagers)


class RakeHand(BettingHand[PlayerState, Settlement]):
    """One hand of Rake, from the antes to the Reveal.

    ``players`` are ``(seat, name, stack)``; antes are posted on construction (a player
    with less than the ante posts what they have and is all-in).
    """

    def __init__(
        self,
        ante: int,
        players: Sequence[tuple[int, str, int]],
        dealer_seat: int,
        house_fee: HouseFee = NO_FEE,
    ) -> None:
        if ante <= 0:
            raise ValueError(f"the ante must be positive, got {ante}")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ValueError(f"Rake is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {len(players)}")
        seats = [p[0] for p in players]
        if len(set(seats)) != len(seats):
            raise ValueError(f"two players in one seat: {seats}")
        names = [p[1] for p in players]
        if len(set(names)) != len(names):
            raise ValueError("two players with the same name")
        for seat, name, stack in players:
            if stack <= 0:
                raise ValueError(f"{name!r} in seat {seat} has no chips ({stack})")
        self.ante = ante
        self.house_fee = house_fee
        self.dealer_seat = dealer_seat
        self.pickup_no = 0
        self.last_raise = 0
        self.middle_up: list[Card] = []
        self.middle_down: list[Card | None] = []
        self._pick_queue: list[int] = []
        self.log: list[Event]
        states = {s: PlayerState(s, n, st, st) for s, n, st in players}
        super().__init__(states, seats_from_left_of_dealer(seats, dealer_seat), ante)

    # ------------------------------------------------------------------ views
    def known_cards(self) -> list[Card]:
        out = [c for p in self.players.values() for c in p.cards if c is not None]
        out += self.middle_up + [c for c in self.middle_down if c is not None]
        return out

    # ------------------------------------------------------------------ dealing
    def deal_hole(self, hole: Mapping[int, Sequence[Card | None]]) -> None:
        """Three cards face down to each player (``None`` for a card the log does not show)."""
        self._require(Phase.DEAL, "deal")
        if set(hole) != set(self.players):
            raise IllegalActionError(f"hole cards must go to seats {sorted(self.players)}")
        for s in self.order:
            cards = tuple(hole[s])
            if len(cards) != HOLE_CARDS:
                raise IllegalActionError(f"seat {s} must get {HOLE_CARDS} cards, got {len(cards)}")
            self._check_new_cards(cards)
            self.players[s].cards.extend(cards)
            self.log.append(HoleDealt(s, cards))
        self._start_round(1)

    def deal_middle(self, up: Sequence[Card], down: Sequence[Card | None]) -> None:
        """One card face up and one face down for each player dealt in."""
        self._require(Phase.MIDDLE, "deal the middle cards")
        n = len(self.players)
        if len(up) != n or len(down) != n:
            raise IllegalActionError(
                f"the middle holds {n} up and {n} down cards, got {len(up)} and {len(down)}"
            )
        self._check_new_cards([*up, *down])
        self.middle_up = list(up)
        self.middle_down = list(down)
        self.log.append(MiddleDealt(tuple(up), tuple(down)))
        self._start_pickup(1)

    # ------------------------------------------------------------------ pick-ups
    def _start_pickup(self, number: int) -> None:
        self.phase = Phase.PICKUP
        self.pickup_no = number
        self._pick_queue = list(self.live_seats)
        self.to_act = self._pick_queue[0]

    def pick(self, face_up: bool, card: Card | None = None) -> None:
        """The player to act takes one middle card: a named face-up card, or a face-down
        card (``card`` names it when the log shows it)."""
        self._require(Phase.PICKUP, "pick up")
        seat = self._pick_queue[0]
        if face_up:
            if card is None or card not in self.middle_up:
                raise IllegalActionError(
                    f"seat {seat} must pick one of the face-up cards "
                    f"{' '.join(map(str, self.middle_up))}, not {card}"
                )
            self.middle_up.remove(card)
        else:
            if not self.middle_down:
                raise IllegalActionError("no face-down card is left")
            if card is not None and card in self.middle_down:
                self.middle_down.remove(card)
            elif None in self.middle_down:
                if card is not None:
                    self._check_new_cards([card])
                self.middle_down.remove(None)
            else:
                raise IllegalActionError(
                    f"seat {seat} picked {card} face down, but the face-down cards are "
                    f"{' '.join(map(str, self.middle_down))}"
                )
        self.players[seat].cards.append(card)
        self.log.append(PickedUp(self.pickup_no, seat, face_up, card))
        self._pick_queue.pop(0)
        if self._pick_queue:
            self.to_act = self._pick_queue[0]
        else:
            self._start_round(self.pickup_no + 1)

    # ------------------------------------------------------------------ betting
    def _start_round(self, number: int) -> None:
        self._begin_round(number)
        self.last_raise = self.ante
        self.to_act = self._next_needing(0)  # from left of the dealer
        if self.to_act is None:
            self._close_round()

    def _end_round(self) -> None:
        if len(self.live_seats) == 1:
            self._finish(reached_pickup=self.round > 1)
        elif self.round == 1:
            self.phase = Phase.MIDDLE
        elif self.round < N_BETTING_ROUNDS:
            self._start_pickup(self.round)
        else:
            self.phase = Phase.REVEAL

    def legal_actions(self) -> LegalActions:
        self._require(Phase.BETTING, "bet")
        assert self.to_act is not None
        p = self.players[self.to_act]
        # A raise needs someone left to answer it: not when every other player still in
        # is all-in (the raise would only be returned as uncalled).
        others_can_act = self.current_bet > p.round_bet and any(
            q.stack > 0 and not q.folded for q in self.players.values() if q is not p
        )
        o = betting_options(
            self.ante, self.current_bet, self.last_raise, p.round_bet, p.stack,
            p.may_raise, others_can_act,
        )  # fmt: skip
        facing = o.call is not None
        return LegalActions(
            p.seat, facing, not facing, o.call, o.min_bet, o.max_bet, o.min_raise_to,
            o.max_raise_to,
        )  # fmt: skip

    def act(self, kind: ActionKind, amount: int | None = None) -> Action:
        """Apply an action of the player to act. ``amount``: chips for a bet, the round
        total for a raise; for a call it is checked when given."""
        legal = self.legal_actions()
        p = self.players[legal.seat]
        done = self._passive(legal, p, kind, amount)
        if done is not None:
            added, to = done
        elif kind is ActionKind.BET:
            added = to = self._bet(legal, p, amount)
        elif kind is ActionKind.RAISE:
            added, to = self._raise(legal, p, amount)
        else:
            raise self._illegal(legal, kind.value.replace("_", " "))
        self._commit(p, added, to)
        action = Action(self.round, p.seat, kind, added, to, p.stack == 0 and added > 0)
        self.log.append(action)
        self._advance()
        return action

    def _bet(self, legal: LegalActions, p: PlayerState, amount: int | None) -> int:
        if legal.min_bet is None or legal.max_bet is None or amount is None:
            raise self._illegal(legal, f"bet {amount}")
        if not (legal.min_bet <= amount <= legal.max_bet) and amount != p.stack:
            raise self._illegal(legal, f"bet {amount}")
        if amount <= 0 or amount > p.stack:
            raise self._illegal(legal, f"bet {amount}")
        self.last_raise = last_raise_after_bet(amount, self.ante)
        self.current_bet = amount
        self._reopen(p)
        return amount

    def _raise(self, legal: LegalActions, p: PlayerState, amount: int | None) -> tuple[int, int]:
        if legal.min_raise_to is None or legal.max_raise_to is None or amount is None:
            raise self._illegal(legal, f"raise to {amount}")
        if not legal.min_raise_to <= amount <= legal.max_raise_to:
            raise self._illegal(legal, f"raise to {amount}")
        increment = amount - self.current_bet
        if raise_reopens(increment, self.last_raise):
            self.last_raise = increment
            self._reopen(p)
        self.current_bet = amount
        return amount - p.round_bet, amount

    def fold(self) -> None:
        self.act(ActionKind.FOLD)

    def check(self) -> None:
        self.act(ActionKind.CHECK)

    def call(self) -> None:
        self.act(ActionKind.CALL)

    def bet(self, amount: int) -> None:
        self.act(ActionKind.BET, amount)

    def raise_to(self, amount: int) -> None:
        self.act(ActionKind.RAISE, amount)

    # ------------------------------------------------------------------ the Reveal
    def reveal(self, shown: Mapping[int, Sequence[Card]] | None = None) -> Settlement:
        """Show the hands of the players still in and settle the pots.

        ``shown`` gives the cards shown at the Reveal where the log did not know them all;
        shown cards must agree with every card already known for that player.
        """
        self._require(Phase.REVEAL, "reveal")
        hands: dict[int, tuple[Card, ...]] = {}
        # Check every seat before filling in any card, so a refused Reveal changes nothing.
        seen = set(self._seen)
        for s in self.live_seats:
            p = self.players[s]
            known = [c for c in p.cards if c is not None]
            cards = tuple(known)
            if shown is not None and s in shown:
                cards = tuple(shown[s])
                if len(cards) != 5 or len(set(cards)) != 5:
                    raise IllegalActionError(f"seat {s} must show five different cards")
                missing = [c for c in known if c not in cards]
                if missing:
                    raise IllegalActionError(
                        f"seat {s} shows {' '.join(map(str, cards))} but holds "
                        f"{' '.join(map(str, missing))}"
                    )
                new = [c for c in cards if c not in known]
                if len(new) != p.cards.count(None):
                    raise IllegalActionError(f"seat {s} shows cards it cannot hold")
                for c in new:
                    if c in seen:
                        raise IllegalActionError(f"card {c} is seen twice")
                    seen.add(c)
            elif None in p.cards:
                raise IllegalActionError(f"seat {s} reaches the Reveal with unknown cards")
            hands[s] = cards
        self._seen = seen
        for s, cards in hands.items():
            p = self.players[s]
            fill = iter([c for c in cards if c not in p.cards])
            p.cards = [c if c is not None else next(fill) for c in p.cards]
            hands[s] = tuple(c for c in p.cards if c is not None)
        return self._finish(reached_pickup=True, hands=hands)

    def _finish(
        self, reached_pickup: bool, hands: Mapping[int, Sequence[Card]] | None = None
    ) -> Settlement:
        folded = {s for s, p in self.players.items() if p.folded}
        self.settlement = settle(
            {s: p.invested for s, p in self.players.items()},
            folded,
            hands or {},
            self.dealer_seat,
            self.house_fee,
            reached_pickup,
        )
        self.phase = Phase.COMPLETE
        return self.settlement

"""The fixed-limit seven-card stud engine for Razz, Seven-Card Stud and Stud Hi/Lo: the
single source of their rules of play (what differs by game is in :mod:`rakestats.stud.rules`).

The engine holds no randomness and does no I/O: the caller deals (a validator from a
history, where unseen cards are ``None``) and acts. Streets are betting rounds 1-5 (3rd to
7th street); the small bet is used on 3rd and 4th street, the big bet on 5th to 7th.

>>> from rakestats.cards import parse_std_card as c, parse_std_cards as cs
>>> h = StudHand(ante=1, bring_in=2, small_bet=4, big_bet=8,
...              players=[(1, "Ann", 100), (3, "Bob", 100), (5, "Cy", 100)])
>>> h.deal_third({1: cs("2c 3c"), 3: cs("4d 5d"), 5: [None, None]},
...              {1: c("Kh"), 3: c("6s"), 5: c("7d")})
>>> h.to_act, h.legal_actions().describe()
(1, 'bring in 2, complete to 4')
>>> h.act(StudActionKind.BRING_IN, 2).kind.value, h.to_act
('bring_in', 3)
>>> h.act(StudActionKind.COMPLETE, 4).amount
4
>>> _ = h.act(StudActionKind.FOLD); _ = h.act(StudActionKind.FOLD)
>>> h.phase.value, h.settlement.collected
('complete', {1: 0, 3: 7, 5: 0})

The same hand of Seven-Card Stud: the lowest up card (the 6s) brings in.

>>> h = StudHand(ante=1, bring_in=2, small_bet=4, big_bet=8, game=StudGame.STUD,
...              players=[(1, "Ann", 100), (3, "Bob", 100), (5, "Cy", 100)])
>>> h.deal_third({1: cs("2c 3c"), 3: cs("4d 5d"), 5: [None, None]},
...              {1: c("Kh"), 3: c("6s"), 5: c("7d")})
>>> h.to_act
3
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rakestats.betting import BettingHand
from rakestats.cards import StdCard
from rakestats.stud._legal import StudLegal, full_targets, legal_for
from rakestats.stud._state import IllegalActionError, Phase, StudPlayer
from rakestats.stud.events import CardsDealt, Event, StudAction, StudActionKind
from rakestats.stud.rules import (
    CAP_BETS,
    DECK_SIZE,
    N_STREETS,
    StudGame,
    bring_in_seat,
    check_setup,
    first_boards,
    has_open_pair,
)
from rakestats.stud.showdown import DEFAULT_ODD_CHIPS, OddChips, Settlement, settle_stud

__all__ = ["IllegalActionError", "Phase", "StudHand", "StudPlayer"]

_K = StudActionKind


class StudHand(BettingHand[StudPlayer, Settlement]):
    """One hand of fixed-limit stud (``game``: Razz by default, Seven-Card Stud or Stud
    Hi/Lo) from the antes to the showdown.

    ``players`` are ``(seat, name, stack)``; antes are posted on construction (a player
    with less posts what they have). ``bring_in`` ``None`` accepts any bring-in below the
    small bet (a history that does not state it). ``odd_chips``: the room's odd-chip rule
    for split pots (:class:`rakestats.stud.OddChips`).
    """

    def __init__(
        self,
        *,
        ante: int,
        bring_in: int | None,
        small_bet: int,
        big_bet: int,
        players: Sequence[tuple[int, str, int]],
        cap: int = CAP_BETS,
        game: StudGame = StudGame.RAZZ,
        odd_chips: OddChips = DEFAULT_ODD_CHIPS,
    ) -> None:
        check_setup(ante, bring_in, small_bet, big_bet, players, game)
        self.game, self.odd_chips = game, odd_chips
        self.ante, self.bring_in, self.cap = ante, bring_in, cap
        self.small_bet, self.big_bet = small_bet, big_bet
        self.n_bets = 0
        self.level = 0  # the round total that full bets and raises build on
        self.open_pair = False  # 4th street of Stud with a pair showing: big bets allowed
        self.doubled = False  # ... and someone bet or raised the big bet there
        self.bring_in_due = False
        self.bring_in_open = False  # the door cards are hidden: the room names the bring-in
        self.bring_in_seat: int | None = None
        self.first_choices: set[int] = set()
        self.round_actions = 0
        self.dealt = 0
        self.community: StdCard | None = None
        self.community_dealt = False
        self.log: list[Event]
        states = {s: StudPlayer(s, n, st, st) for s, n, st in players}
        super().__init__(states, sorted(states), ante)

    # ------------------------------------------------------------------ views
    @property
    def unit(self) -> int:
        """The size of a bet or raise now (the small one on an open-pair 4th street)."""
        return self.small_bet if self.round <= 2 and not self.doubled else self.big_bet

    @property
    def units(self) -> tuple[int, ...]:
        """The sizes a bet or raise may take now: both on an open-pair 4th street in Stud
        until someone makes it the big bet."""
        if self.open_pair and not self.doubled:
            return (self.small_bet, self.big_bet)
        return (self.unit,)

    @property
    def needs_community(self) -> bool:
        """Whether 7th street must be one community card (the deck cannot give everyone one)."""
        return DECK_SIZE - self.dealt < len(self.live_seats)

    def boards_hidden(self) -> bool:
        """Whether an up card of a player still in is unknown (a room that does not write
        the other players' boards): whoever the room names may then bring in and act
        first, and on 4th street of Seven-Card Stud the big bet is allowed (an open pair
        cannot be ruled out)."""
        for s in self.live_seats:
            p = self.players[s]
            if any(c is None and up for c, up in zip(p.cards, p.is_up, strict=True)):
                return True
        return False

    def known_cards(self) -> list[StdCard]:
        out = [c for p in self.players.values() for c in p.cards if c is not None]
        return out + ([self.community] if self.community is not None else [])

    def cards_of(self, seat: int) -> list[StdCard | None]:
        """A player's cards in dealing order, with the community card if there is one."""
        own = list(self.players[seat].cards)
        return [*own, self.community] if self.community_dealt else own

    # ------------------------------------------------------------------ dealing
    def _give(self, seat: int, cards: Sequence[StdCard | None], up: Sequence[bool]) -> None:
        p = self.players[seat]
        self._check_new_cards(cards)
        p.cards.extend(cards)
        p.is_up.extend(up)
        self.dealt += len(cards)
        self.log.append(CardsDealt(self.round + 1, seat, tuple(cards), tuple(up)))

    def _expect_street(self, street: int, what: str) -> None:
        self._require(Phase.DEAL, what)
        if self.round + 1 != street:
            raise IllegalActionError(f"cannot {what}: the next deal is street {self.round + 1}")

    def _check_seats(self, given: Mapping[int, object], what: str) -> None:
        live = set(self.live_seats)
        if set(given) != live:
            raise IllegalActionError(f"{what} must go to seats {sorted(live)}, got {sorted(given)}")

    def deal_third(
        self, down: Mapping[int, Sequence[StdCard | None]], up: Mapping[int, StdCard | None]
    ) -> None:
        """Two cards down and one up to each player. An up card is ``None`` where the
        room does not write the other players' boards: the room's bring-in and first to
        act are then accepted (see :meth:`boards_hidden`)."""
        self._expect_street(1, "deal 3rd street")
        self._check_seats(down, "down cards")
        self._check_seats(up, "up cards")
        for s in self.order:
            if len(down[s]) != 2:
                raise IllegalActionError(f"seat {s} must get two down cards")
            self._give(s, [*down[s], up[s]], (False, False, True))
        able = {s: c for s in self.order if self.players[s].stack > 0 and (c := up[s])}
        self.bring_in_open = len(able) < sum(1 for p in self.players.values() if p.stack > 0)
        self.bring_in_seat = (
            bring_in_seat(able, self.game) if able and not self.bring_in_open else None
        )
        self._start_round()

    def deal_up(self, up: Mapping[int, StdCard | None]) -> None:
        """One card face up to each player still in (4th to 6th street)."""
        self._require(Phase.DEAL, "deal")
        if not 1 <= self.round <= 3:
            raise IllegalActionError(f"street {self.round + 1} is not dealt face up")
        self._check_seats(up, "up cards")
        for s in self.live_seats:
            self._give(s, [up[s]], (True,))
        self._start_round()

    def deal_seventh(self, down: Mapping[int, StdCard | None]) -> None:
        """The last card, face down, to each player still in."""
        self._expect_street(5, "deal 7th street")
        if self.needs_community:
            raise IllegalActionError("the deck is short: 7th street is one community card")
        self._check_seats(down, "7th-street cards")
        for s in self.live_seats:
            self._give(s, [down[s]], (False,))
        self._start_round()

    def deal_community(self, card: StdCard | None) -> None:
        """7th street as one community card face up, when the deck cannot give everyone one."""
        self._expect_street(5, "deal the community card")
        if not self.needs_community:
            raise IllegalActionError("the deck has a 7th card for everyone: no community card")
        self._check_new_cards([card])
        self.community, self.community_dealt = card, True
        self.dealt += 1
        self.log.append(CardsDealt(5, 0, (card,), (True,)))
        self._start_round()

    # ------------------------------------------------------------------ betting
    def _start_round(self) -> None:
        self._begin_round(self.round + 1)
        self.n_bets = self.round_actions = self.level = 0
        self.open_pair = self.doubled = False
        live = self.live_seats
        if self.round == 1:
            self.bring_in_due = self.bring_in_seat is not None or self.bring_in_open
            starts = [self.bring_in_seat] if self.bring_in_seat is not None else live
        elif self.boards_hidden():
            self.bring_in_due = False
            starts = live  # no board to say who opens: the room's choice
            self.open_pair = self.round == 2 and self.game.open_pair_rule
        else:
            self.bring_in_due = False
            boards = {s: self.players[s].up_cards for s in live}
            if self.community_dealt and self.community is not None:
                boards = {s: [*b, self.community] for s, b in boards.items()}
            starts = first_boards(boards, self.game)
            self.open_pair = self.round == 2 and self.game.open_pair_rule and has_open_pair(boards)
        firsts = [self._next_needing(self.order.index(s)) for s in starts]
        self.first_choices = {s for s in firsts if s is not None}
        self.to_act = next((s for s in firsts if s is not None), None)
        if self.to_act is None:
            self._close_round()

    def _end_round(self) -> None:
        self.first_choices = set()
        if len(self.live_seats) == 1:
            self._finish({})
        elif self.round == N_STREETS:
            self.phase = Phase.SHOWDOWN
        else:
            self.phase = Phase.DEAL

    def full_targets(self) -> list[int]:
        """The round totals of a full bet, raise or completion now (more than one when a
        short all-in left the betting between two levels)."""
        return full_targets(self)

    def legal_actions(self, seat: int | None = None) -> StudLegal:
        """What the player to act (or ``seat``, when it may act first) may do."""
        self._require(Phase.BETTING, "bet")
        who = self.to_act if seat is None else seat
        assert who is not None
        return legal_for(self, self.players[who])

    def act(
        self, kind: StudActionKind, amount: int | None = None, seat: int | None = None
    ) -> StudAction:
        """Apply an action. ``amount``: the round total for a bet, raise or complete; the
        chips for a bring-in or call (checked when given). ``seat`` names the actor: it
        must be the player to act, or, for the first action of a street where boards tie,
        one of the tied players."""
        self._require(Phase.BETTING, "act")
        if seat is not None and seat != self.to_act:
            self._take_turn(seat)
        legal = self.legal_actions()
        p = self.players[legal.seat]
        facing = self.current_bet > p.round_bet
        done = self._passive(legal, p, kind, amount)
        if done is not None:
            added, to = done
        elif kind is _K.BRING_IN:
            added = to = self._bring_in(legal, amount)
        else:
            added, to = self._wager(legal, p, kind, amount)
        self._commit(p, added, to)
        self.round_actions += 1
        action = StudAction(self.round, p.seat, kind, added, to, p.stack == 0 and added > 0, facing)
        self.log.append(action)
        self._advance()
        return action

    def _take_turn(self, seat: int) -> None:
        """``seat`` acts first on a street where boards tie (the room's choice)."""
        if self.round_actions > 0 or seat not in self.first_choices:
            name = self.players[seat].name if seat in self.players else f"seat {seat}"
            assert self.to_act is not None
            raise IllegalActionError(
                f"{name} acts out of turn: {self.players[self.to_act].name} is to act"
            )
        self.to_act = seat

    def _bring_in(self, legal: StudLegal, amount: int | None) -> int:
        if legal.bring_in is None or amount is None:
            raise self._illegal(legal, "bring in")
        lo, hi = legal.bring_in
        if not lo <= amount <= hi:
            raise self._illegal(legal, f"bring in {amount}")
        self.current_bet = amount
        self.bring_in_due = False
        return amount

    def _wager(
        self, legal: StudLegal, p: StudPlayer, kind: StudActionKind, amount: int | None
    ) -> tuple[int, int]:
        """A bet, raise or complete to the round total ``amount``."""
        word = kind.value if kind is not _K.RAISE else "raise to"
        if kind is not legal.wager_kind or amount is None or not legal.wager_ok(amount):
            raise self._illegal(legal, f"{word} {amount}")
        increment = amount - self.current_bet
        if amount >= self.full_targets()[0] or 2 * increment >= self.unit:
            self.n_bets += 1
            if self.open_pair and not self.doubled and amount > self.level + self.small_bet:
                self.doubled = True
            self.level += self.unit
            self._reopen(p)
        self.current_bet = amount
        self.bring_in_due = False
        return amount - p.round_bet, amount

    # ------------------------------------------------------------------ showdown
    def showdown(self, shown: Mapping[int, Sequence[StdCard]]) -> Settlement:
        """Show the hands in ``shown`` (their whole holdings, community card optional) and
        settle; players still in who do not show have mucked and cannot win."""
        self._require(Phase.SHOWDOWN, "show down")
        hands: dict[int, list[StdCard | None]] = {}
        for s, cards in shown.items():
            if s not in self.live_seats:
                raise IllegalActionError(f"seat {s} shows but is not in the hand")
            hands[s] = self.reveal(s, cards)
            if None in hands[s]:
                raise IllegalActionError(f"the community card of {self.players[s].name} is unknown")
        return self._finish({s: [c for c in h if c is not None] for s, h in hands.items()})

    def reveal(self, seat: int, shown: Sequence[StdCard]) -> list[StdCard | None]:
        """A player shows all the cards they hold now (at the showdown, or after winning
        uncontested): unknown cards are filled in; returns their cards (with the
        community card)."""
        p = self.players[seat]
        own = [c for c in shown if c != self.community]
        if len(set(own)) != len(own) or len(own) != len(p.cards):
            raise IllegalActionError(
                f"{p.name} shows {len(own)} cards but holds {len(p.cards)}"
                + (f" and the community card {self.community}" if self.community_dealt else "")
            )
        missing = [c for c in p.cards if c is not None and c not in own]
        if missing:
            held = " ".join(map(str, missing))
            raise IllegalActionError(f"{p.name} shows {' '.join(map(str, shown))} but holds {held}")
        new = [c for c in own if c not in p.cards]
        self._check_new_cards(new)
        fill = iter(new)
        p.cards = [c if c is not None else next(fill) for c in p.cards]
        return self.cards_of(seat)

    def _finish(self, hands: Mapping[int, Sequence[StdCard]]) -> Settlement:
        folded = {s for s, p in self.players.items() if p.folded}
        contributions = {s: p.invested for s, p in self.players.items()}
        try:
            self.settlement = settle_stud(contributions, folded, hands, self.game, self.odd_chips)
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        self.phase = Phase.COMPLETE
        return self.settlement

"""Validation of a parsed stud hand (any room) by replaying it through the stud engine.

Every line is checked against what the engine computes: antes, the order and amounts of
the actions (bring-in, completes, the cap, all-ins), the cards (none seen twice, each
street's earlier cards as dealt), the uncalled bets, the shown hands and their
descriptions. The end of the hand is checked by :mod:`rakestats.formats.stud._settle`.
The first disagreement raises :class:`HandError`.
"""

from __future__ import annotations

from rakestats.betting import AntePosted
from rakestats.cards import StdCard
from rakestats.formats.stud._common import fail as _fail
from rakestats.formats.stud._engine import (
    CAP_BETS,
    STREET_NAMES,
    IllegalActionError,
    Phase,
    Settlement,
    StudActionKind,
    StudHand,
    all_in_verb,
    describe,
    new_engine,
)
from rakestats.formats.stud._model import (
    ActLine,
    AnteLine,
    CappedLine,
    CollectLine,
    DealtLine,
    MuckLine,
    ParsedStudHand,
    ShowLine,
    StreetLine,
    SummarySeat,
    TotalLine,
    UncalledLine,
)
from rakestats.formats.stud._record import action_record
from rakestats.formats.stud._settle import check_end
from rakestats.records import ActionRecord, PotRecord
from rakestats.stud import bring_in_seat
from rakestats.stud.rules import clockwise_from

__all__ = ["StudReplay"]

_K = StudActionKind
_SIMPLE = {"check": _K.CHECK, "fold": _K.FOLD, "call": _K.CALL, "bring_in": _K.BRING_IN}


def _text(cards: tuple[StdCard, ...] | list[StdCard]) -> str:
    return " ".join(map(str, cards))


class StudReplay:
    """Replays one parsed hand; after :meth:`run` the engine and the records collected
    here describe the validated hand."""

    def __init__(self, hand: ParsedStudHand) -> None:
        self.hand = hand
        self.actions: list[ActionRecord] = []
        self.folded_round: dict[int, int] = {}
        self.shown: dict[int, tuple[StdCard, ...]] = {}
        self.collects: list[CollectLine] = []
        self.uncalled: list[UncalledLine] = []
        self.summary: list[SummarySeat] = []
        self.total: TotalLine | None = None
        self.hero: str | None = None
        self.collected: dict[int, int] = {}
        self.reveal: list[tuple[str, str]] = []  # the showdown: (name, "show" | "muck")
        self.pots: tuple[PotRecord, ...] = ()
        self.seat_of = {s.name: s.seat for s in hand.seats}
        self.engine = self._start()
        self.showdown_line: int | None = None

    def _start(self) -> StudHand:
        hand = self.hand
        antes = [it for it in hand.items if isinstance(it, AnteLine)]
        dealt3: set[str] = set()
        for it in hand.items:
            if isinstance(it, StreetLine) and it.street > 1:
                break
            if isinstance(it, DealtLine):
                dealt3.add(it.name)
        playing = {a.name for a in antes} | dealt3
        seats = [s for s in hand.seats if s.name in playing]
        prev = 0
        for s in hand.seats:
            if not prev < s.seat <= hand.max_seats:
                raise _fail(s.line, f"seat {s.seat} is out of order or beyond {hand.max_seats}")
            prev = s.seat
        bring_ins = [it for it in hand.items if isinstance(it, ActLine) and it.verb == "bring_in"]
        bring_in = bring_ins[0].amount if bring_ins and not bring_ins[0].all_in else None
        h = hand.header
        ante = max((a.amount for a in antes), default=0)
        if h.game is None:
            raise _fail(hand.first_line, f"no stud engine for {h.game_text!r}")
        try:
            engine = new_engine(
                h.game,
                ante=ante,
                bring_in=bring_in,
                small_bet=h.small_bet,
                big_bet=h.big_bet,
                players=[(s.seat, s.name, s.stack) for s in seats],
                raise_on_bring_in=hand.room.raise_on_bring_in,
            )
        except ValueError as e:
            raise _fail(hand.seats[0].line, str(e)) from None
        by_name = {a.name: a for a in antes}
        for ev in engine.log:
            if not isinstance(ev, AntePosted) or ev.amount == 0:
                continue
            name = engine.players[ev.seat].name
            a = by_name.get(name)
            if a is None:
                raise _fail(seats[-1].line, f"{name} posts no ante (expected {ev.amount})")
            if a.amount != ev.amount or a.all_in != ev.all_in:
                tail = " and is all-in" if ev.all_in else ""
                raise _fail(a.line, f"expected '{name}: posts the ante {ev.amount}{tail}'")
        return engine

    # ------------------------------------------------------------------ the walk
    def run(self) -> Settlement:
        items = self.hand.items
        k = 0
        while k < len(items):
            it = items[k]
            k += 1
            if isinstance(it, StreetLine) and it.street <= 5:
                deals = []
                while k < len(items) and isinstance(items[k], DealtLine):
                    deals.append(items[k])
                    k += 1
                self._street(it, [d for d in deals if isinstance(d, DealtLine)])
            elif isinstance(it, StreetLine):
                self._section(it)
            elif isinstance(it, ActLine):
                self._act(it)
            elif isinstance(it, CappedLine):
                if self.engine.n_bets < CAP_BETS or not self.actions:
                    raise _fail(it.line, "betting is not capped here")
            elif isinstance(it, UncalledLine):
                self.uncalled.append(it)
            elif isinstance(it, ShowLine):
                self._show(it)
            elif isinstance(it, MuckLine):
                self._muck(it)
            elif isinstance(it, CollectLine):
                if self.engine.phase is not Phase.SHOWDOWN:  # shows may follow: settled later
                    self._finish(it.line)
                self.collects.append(it)
            elif isinstance(it, TotalLine):
                self.total = it
            elif isinstance(it, SummarySeat):
                self.summary.append(it)
            elif isinstance(it, DealtLine):
                raise _fail(it.line, "cards dealt outside the start of a street")
        last = items[-1].line if items else self.hand.first_line
        self._finish(last)
        settlement = self.engine.settlement
        assert settlement is not None
        check_end(self, settlement)
        return settlement

    def _section(self, it: StreetLine) -> None:
        if it.street == 6:
            if self.engine.phase is not Phase.SHOWDOWN:
                raise _fail(it.line, f"no showdown now: {self._where()}")
            self.showdown_line = it.line
        else:
            self._finish(it.line)

    def _where(self) -> str:
        e = self.engine
        if e.phase is Phase.BETTING and e.to_act is not None:
            return f"{e.players[e.to_act].name} is to act on {STREET_NAMES[e.round - 1]}"
        if e.phase is Phase.DEAL:
            return f"{STREET_NAMES[e.round]} is still to be dealt"
        return f"the hand is at {e.phase.value}"

    def _finish(self, line: int) -> None:
        e = self.engine
        if e.phase is Phase.SHOWDOWN:
            shown = {s: c for s, c in self.shown.items() if s in e.live_seats}
            try:
                e.showdown(shown)
            except IllegalActionError as err:
                raise _fail(self.showdown_line or line, str(err)) from None
        if e.phase is not Phase.COMPLETE:
            raise _fail(line, f"the hand is not over: {self._where()}")

    # ------------------------------------------------------------------ dealing
    def _street(self, it: StreetLine, deals: list[DealtLine]) -> None:
        e = self.engine
        if e.phase is not Phase.DEAL or e.round + 1 != it.street:
            raise _fail(it.line, f"{STREET_NAMES[it.street - 1]} begins but {self._where()}")
        got: dict[int, DealtLine] = {}
        seen = set(e.known_cards())
        for d in deals:
            for c in d.new:
                if c in seen:
                    raise _fail(d.line, f"card {c} is seen twice")
                seen.add(c)
            seat = self.seat_of[d.name]
            if seat not in e.players or e.players[seat].folded or seat in got:
                raise _fail(d.line, f"cards dealt to {d.name}, who is not in the hand")
            got[seat] = d
        try:
            if it.street == 1:
                self._third(it, got)
            elif it.street < 5:
                self._check_before(got)
                missing = [e.players[s].name for s in e.live_seats if s not in got]
                if missing and self.hand.room.up_cards_shown:
                    where = STREET_NAMES[it.street - 1]
                    raise _fail(it.line, f"no card dealt to {', '.join(missing)} on {where}")
                up = {s: self._one(got[s]) if s in got else None for s in e.live_seats}
                e.deal_up(up)
            else:
                self._check_before(got)
                if e.needs_community:
                    e.deal_community(it.cards[0] if it.cards else None)
                else:
                    e.deal_seventh(
                        {s: self._one(got[s]) if s in got else None for s in e.live_seats}
                    )
        except IllegalActionError as err:
            raise _fail(it.line, str(err)) from None

    def _one(self, d: DealtLine) -> StdCard:
        if len(d.new) != 1:
            raise _fail(d.line, f"one new card expected for {d.name}, got {_text(d.new)}")
        return d.new[0]

    def _third(self, it: StreetLine, got: dict[int, DealtLine]) -> None:
        e = self.engine
        down: dict[int, list[StdCard | None]] = {}
        for s in e.order:
            d = got.get(s)
            if d is None and not self.hand.room.up_cards_shown:
                down[s] = [None, None]
                continue
            if d is None:
                raise _fail(it.line, f"no cards dealt to {e.players[s].name} on 3rd street")
            new = d.before + d.new if len(d.before) == 2 and len(d.new) == 1 else d.new
            if len(new) == 3:
                if self.hero is not None:
                    raise _fail(d.line, "two players' down cards are shown")
                self.hero = d.name
                down[s] = list(new[:2])
            elif len(d.new) == 1 and not d.before:
                down[s] = [None, None]
            else:
                raise _fail(d.line, f"3rd street deals one up card (three to the hero) to {d.name}")
        up = {s: got[s].new[-1] if s in got else None for s in e.order}
        e.deal_third(down, up)

    def _check_before(self, got: dict[int, DealtLine]) -> None:
        for s, d in got.items():
            if not d.before and not self.hand.room.up_cards_shown:
                continue  # a room that writes the new card only
            p = self.engine.players[s]
            known = [c for c in p.cards if c is not None]
            expected = known if d.name == self.hero else p.up_cards
            if list(d.before) != expected:
                raise _fail(d.line, f"{d.name} holds [{_text(expected)}], not [{_text(d.before)}]")

    # ------------------------------------------------------------------ betting
    def _act(self, it: ActLine) -> None:
        e = self.engine
        seat = self.seat_of[it.name]
        if seat not in e.players:
            raise _fail(it.line, f"{it.name} acts but is not in the hand")
        if e.phase is not Phase.BETTING:
            raise _fail(it.line, f"{it.name} acts but no betting round is open: {self._where()}")
        if e.round == 1 and e.round_actions == 0 and seat != e.to_act:
            self._bring_in_left_of_all_in(seat)
        verb, to = self._verb(it, seat), it.to
        amount = it.amount if it.amount is not None or verb == "call" else it.added
        if to is None and it.added is not None:
            to = e.players[seat].round_bet + it.added
        kind = _SIMPLE.get(verb)
        if kind is None:
            first_3rd = e.round == 1 and e.n_bets == 0
            if verb == "bet":
                if e.current_bet > 0 and not e.bring_in_due:
                    raise _fail(it.line, f"{it.name} bets, but there is a bet of {e.current_bet}")
                kind = _K.COMPLETE if first_3rd else _K.BET
                amount = to if to is not None else amount
            else:
                kind = _K.COMPLETE if first_3rd else _K.RAISE
                amount = to
                p = e.players[seat]
                if (
                    verb == "raise"
                    and it.amount is not None
                    and it.amount != (to or 0) - e.current_bet
                ):
                    raise _fail(
                        it.line,
                        f"{it.name} raises by {(to or 0) - e.current_bet} "
                        f"(to {to} over {e.current_bet}), not {it.amount}"
                        + (f"; {p.name} has {p.round_bet} in" if p.round_bet else ""),
                    )
        try:
            action = e.act(kind, amount, seat=seat)
        except IllegalActionError as err:
            raise _fail(it.line, str(err)) from None
        if action.all_in != it.all_in:
            state = "is all-in" if action.all_in else "is not all-in"
            raise _fail(it.line, f"{it.name} {state} after this action")
        if kind is _K.FOLD:
            self.folded_round[seat] = action.round
        self.actions.append(action_record(len(self.actions) + 1, it.name, action))

    def _verb(self, it: ActLine, seat: int) -> str:
        """The verb of a line; a room's bare ``is all-in`` for ``added`` chips is the
        bring-in, call, bet, completion or raise those chips make."""
        if it.verb != "all_in":
            return it.verb
        e = self.engine
        p = e.players[seat]
        to = p.round_bet + (it.added if it.added is not None else it.amount or 0)
        return all_in_verb(to, e.bring_in_due, e.small_bet, e.current_bet)

    def _muck(self, it: MuckLine) -> None:
        """A player gives up at the showdown; cards the room writes all the same are
        checked as shown ones are."""
        e = self.engine
        seat = self.seat_of[it.name]
        if it.cards and seat in e.players:
            try:
                e.reveal(seat, it.cards)
            except IllegalActionError as err:
                raise _fail(it.line, str(err)) from None
        self._at_showdown(it.name, "muck")

    def _bring_in_left_of_all_in(self, seat: int) -> None:
        """Accept the bring-in of ``seat`` when the lowest door card (highest in Razz)
        is a player's who went all-in on the ante and ``seat`` is the next player to
        their left who has chips (PokerStars' rule; the engine's is the lowest card
        among the players with chips)."""
        e = self.engine
        door = {s: e.players[s].up_cards[0] for s in e.order if e.players[s].up_cards}
        if len(door) != len(e.order) or not e.bring_in_due:
            return
        low = bring_in_seat(door, e.game)
        if e.players[low].stack > 0:
            return
        left = next((s for s in clockwise_from(e.order, low)[1:] if e.players[s].stack > 0), None)
        if left == seat:
            e.bring_in_seat = e.to_act = seat
            e.first_choices = {seat}

    # ------------------------------------------------------------------ showing
    def _at_showdown(self, name: str, what: str) -> None:
        """Note a show or a muck of a player still in, at the showdown, in its order."""
        e = self.engine
        seat = self.seat_of.get(name)
        if e.phase is not Phase.SHOWDOWN or seat not in e.live_seats:
            return
        if all(n != name for n, _ in self.reveal):
            self.reveal.append((name, what))

    def _show(self, it: ShowLine) -> None:
        e = self.engine
        seat = self.seat_of[it.name]
        if seat not in e.players or e.players[seat].folded:
            raise _fail(it.line, f"{it.name} shows cards but is not in the hand")
        try:
            cards = e.reveal(seat, it.cards)
        except IllegalActionError as err:
            raise _fail(it.line, str(err)) from None
        self.shown[seat] = it.cards
        self._at_showdown(it.name, "show")
        known = [c for c in cards if c is not None]
        game = self.hand.header.game
        if it.description is not None and game is not None and self.hand.room.check_descriptions:
            actual = describe(game, known)
            if actual is not None and actual != it.description:
                raise _fail(it.line, f"{_text(known)} make {actual}, not {it.description}")

"""Validation of a parsed Rake hand by replaying it through the rules engine.

Every line is checked against what :class:`rakestats.rake.RakeHand` computes: the order
and amounts of the antes and actions, the cards (none seen twice), the uncalled bets, the
hand descriptions and Ace of Skulls lines at the Reveal, the pots collected and the
summary. The first disagreement raises :class:`HandError` naming its line.
"""

from __future__ import annotations

from rakestats.cards import Card
from rakestats.formats._base import HandError
from rakestats.formats.rake._fast import card_text, holding_category
from rakestats.formats.rake._model import (
    ActionLine,
    DealtLine,
    MiddleLine,
    ParsedHand,
    PickLine,
    SectionBlock,
    ShowLine,
    SkullLine,
    UncalledLine,
)
from rakestats.formats.rake._settle import check_collected, check_summary
from rakestats.rake.engine import IllegalActionError, Phase, RakeHand
from rakestats.rake.events import ActionKind, AntePosted, UncalledReturned
from rakestats.rake.showdown import Settlement, SkullAceOutcome
from rakestats.records import ActionRecord, PickupRecord

__all__ = ["Replay"]

_FOLD, _CALL, _BET, _RAISE = ActionKind.FOLD, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE
_BETTING, _PICKUP = Phase.BETTING, Phase.PICKUP
_ROUND_OF_SECTION = {1: 1, 4: 2, 6: 3}
_OUTCOME_WORD = {SkullAceOutcome.AUTO_WIN: "win", SkullAceOutcome.AUTO_LOSS: "loss"}


def _fail(line: int, reason: str) -> HandError:
    return HandError(line, f"line {line}: {reason}")


class Replay:
    """Replays one parsed hand; after :meth:`run` the engine and the collected records
    describe the validated hand."""

    def __init__(self, hand: ParsedHand) -> None:
        self.hand = hand
        self.engine = self._start()
        self.seat_of = {s.name: s.seat for s in hand.seats}
        self.actions: list[ActionRecord] = []
        self.pickups: list[PickupRecord] = []
        self.folded_round: dict[int, int] = {}
        self.shown: dict[int, tuple[Card, ...]] = {}
        self.hole_known: dict[int, bool] = {}
        self.revealed = False
        self.middle_up: tuple[Card, ...] = ()
        self.middle_down: tuple[Card, ...] | None = None  # None: the log does not show them
        self.category: dict[int, str] = {}  # of the known holdings, by seat

    def _start(self) -> RakeHand:
        hand = self.hand
        prev = 0
        for s in hand.seats:
            if not prev < s.seat <= hand.max_seats:
                raise _fail(s.line, f"seat {s.seat} is out of order or beyond {hand.max_seats}")
            prev = s.seat
        if not 1 <= hand.dealer_seat <= hand.max_seats:
            line = hand.first_line + 1
            raise _fail(line, f"dealer seat {hand.dealer_seat} is not a seat of the table")
        try:
            h = RakeHand(
                hand.ante,
                [(s.seat, s.name, s.stack) for s in hand.seats],
                hand.dealer_seat,
                hand.house_fee,
            )
        except ValueError as e:
            raise _fail(hand.seats[0].line, str(e)) from None
        posted = [e for e in h.log if isinstance(e, AntePosted)]
        antes = hand.antes
        for a, ev in zip(antes, posted, strict=False):
            p = h.players[ev.seat]
            if a.name != p.name or a.amount != ev.amount or a.all_in != ev.all_in:
                tail = " and is all-in" if ev.all_in else ""
                raise _fail(a.line, f"expected '{p.name}: posts the ante {ev.amount}{tail}'")
        if len(antes) != len(posted):
            if len(antes) > len(posted):
                raise _fail(antes[len(posted)].line, "one ante line too many")
            missing = h.players[posted[len(antes)].seat].name
            line = antes[-1].line if antes else hand.seats[-1].line
            raise _fail(line, f"hand ends before the ante of {missing}")
        return h

    def run(self) -> Settlement:
        hand = self.hand
        sections = hand.sections
        assert hand.total is not None
        for k, block in enumerate(sections):
            end = sections[k + 1].line if k + 1 < len(sections) else hand.total.line
            sec = block.section
            if sec == 0:
                self._deal(block)
            elif sec in _ROUND_OF_SECTION:
                self._betting(block, _ROUND_OF_SECTION[sec], end)
            elif sec == 2:
                self._middle(block, end)
            elif sec in (3, 5):
                self._pickup(block, (sec - 1) // 2, end)
            elif sec == 7:
                self._reveal(block)
            else:
                self._require_finished(block.line)
                assert self.engine.settlement is not None
                check_collected(self, block.items)
        s = self.engine.settlement
        assert s is not None
        check_summary(self, s)
        return s

    # ------------------------------------------------------------------ sections
    def _require_finished(self, line: int) -> None:
        h = self.engine
        if h.settlement is not None:
            return
        if h.phase is _BETTING:
            raise _fail(line, f"betting round {h.round} is not over")
        if h.phase is Phase.MIDDLE:
            raise _fail(line, "hand ends before the middle cards")
        if h.phase is _PICKUP:
            raise _fail(line, f"pick-up {h.pickup_no} is not over")
        raise _fail(line, "hand ends before the Reveal")

    def _not_over(self, block: SectionBlock) -> None:
        if self.engine.settlement is not None:
            raise _fail(block.line, f"no {block.section.title} after the hand is won")

    @staticmethod
    def _card_error(
        items: list[tuple[int, tuple[Card | None, ...]]], prior: list[Card], e: Exception
    ) -> int:
        """The line of the first card seen twice (``prior``: the cards known before),
        else the first line."""
        if "twice" in str(e):
            seen = set(prior)
            for line, cards in items:
                for c in cards:
                    if c is not None:
                        if c in seen:
                            return line
                        seen.add(c)
        return items[0][0]

    def _deal(self, block: SectionBlock) -> None:
        h = self.engine
        hand = self.hand
        dealt = [it for it in block.items if isinstance(it, DealtLine)]
        want = [h.players[s].name for s in h.order] if hand.hero is None else [hand.hero]
        for it, name in zip(dealt, want, strict=False):
            if it.name != name:
                raise _fail(it.line, f"expected the cards dealt to {name}, not to {it.name}")
        if len(dealt) != len(want):
            if len(dealt) > len(want):
                raise _fail(dealt[len(want)].line, "one 'Dealt to' line too many")
            line = dealt[-1].line if dealt else block.line
            raise _fail(line, f"hand ends before the cards dealt to {want[len(dealt)]}")
        unknown: tuple[Card | None, ...] = (None, None, None)
        hole = {s: unknown for s in h.order}
        for it in dealt:
            hole[self.seat_of[it.name]] = it.cards
        try:
            h.deal_hole(hole)
        except IllegalActionError as e:
            line = self._card_error([(it.line, it.cards) for it in dealt], [], e)
            raise _fail(line, str(e)) from None

    def _betting(self, block: SectionBlock, k: int, end: int) -> None:
        self._not_over(block)
        h = self.engine
        if h.round != k:
            raise _fail(block.line, f"section out of order: the hand is at {h.phase.value}")
        start = len(h.log)
        uncalled: list[UncalledLine] = []
        actions = self.actions
        for it in block.items:
            if isinstance(it, UncalledLine):
                uncalled.append(it)
                continue
            assert isinstance(it, ActionLine)
            if uncalled or h.phase is not _BETTING or h.round != k:
                raise _fail(it.line, f"{it.name} acts after the betting round is over")
            seat = h.to_act
            assert seat is not None
            p = h.players[seat]
            if p.name != it.name:
                raise _fail(it.line, f"{it.name} acts out of turn: {p.name} is to act")
            facing = h.current_bet > p.round_bet
            kind = it.kind
            arg: int | None = None
            if kind is _RAISE:
                assert it.to is not None
                if it.to - h.current_bet != it.amount:
                    raise _fail(
                        it.line,
                        f"a raise of {it.amount} to {it.to} does not fit the bet of "
                        f"{h.current_bet}",
                    )
                arg = it.to
            elif kind is _BET or kind is _CALL:
                arg = it.amount
            try:
                a = h.act(kind, arg)
            except IllegalActionError as e:
                raise _fail(it.line, str(e)) from None
            if a.all_in != it.all_in:
                said = "says" if it.all_in else "does not say"
                raise _fail(it.line, f"{said} 'and is all-in', but {it.name} has {p.stack} left")
            if kind is _FOLD:
                self.folded_round[seat] = k
            seq = len(actions) + 1
            actions.append(
                ActionRecord(seq, k, it.name, kind.value, a.amount, a.to, a.all_in, facing)
            )
        if h.phase is _BETTING and h.round == k:
            assert h.to_act is not None
            name = h.players[h.to_act].name
            raise _fail(end, f"the betting round ends while {name} is to act")
        returned = [e for e in h.log[start:] if isinstance(e, UncalledReturned)]
        for u, ev in zip(uncalled, returned, strict=False):
            want = f"Uncalled bet ({ev.amount}) returned to {h.players[ev.seat].name}"
            if u.amount != ev.amount or u.name != h.players[ev.seat].name:
                raise _fail(u.line, f"expected '{want}'")
        if len(uncalled) > len(returned):
            raise _fail(uncalled[len(returned)].line, "no bet is uncalled")
        if len(uncalled) < len(returned):
            ev = returned[len(uncalled)]
            want = f"Uncalled bet ({ev.amount}) returned to {h.players[ev.seat].name}"
            raise _fail(end, f"missing '{want}'")

    def _middle(self, block: SectionBlock, end: int) -> None:
        self._not_over(block)
        h = self.engine
        if h.phase is not Phase.MIDDLE:
            raise _fail(block.line, f"section out of order: the hand is at {h.phase.value}")
        item = block.items[0] if block.items else None
        if not isinstance(item, MiddleLine) or item.line_down == 0:
            raise _fail(end, "hand ends before the middle cards' lines")
        down: tuple[Card | None, ...]
        if self.hand.view == "server":
            if item.down is None:
                raise _fail(item.line_down, "a server log shows the face-down cards")
            down = item.down
        else:
            if item.down is not None:
                raise _fail(item.line_down, "a player's log does not show the face-down cards")
            if item.down_count != len(h.players):  # before building a tuple that long
                n = len(h.players)
                raise _fail(
                    item.line_down, f"the middle holds {n} down cards, not {item.down_count}"
                )
            down = (None,) * item.down_count
        try:
            h.deal_middle(item.up, down)
        except IllegalActionError as e:
            cards: list[tuple[int, tuple[Card | None, ...]]] = [
                (item.line_up, tuple(item.up)),
                (item.line_down, down),
            ]
            raise _fail(self._card_error(cards, h.known_cards(), e), str(e)) from None
        self.middle_up, self.middle_down = item.up, item.down

    def _pickup(self, block: SectionBlock, k: int, end: int) -> None:
        self._not_over(block)
        h = self.engine
        if h.phase is not _PICKUP or h.pickup_no != k:
            raise _fail(block.line, f"section out of order: the hand is at {h.phase.value}")
        server = self.hand.view == "server"
        hero = self.hand.hero
        for it in block.items:
            assert isinstance(it, PickLine)
            if h.phase is not _PICKUP or h.pickup_no != k:
                raise _fail(it.line, f"{it.name} picks after the pick-up is over")
            seat = h.to_act
            assert seat is not None
            p = h.players[seat]
            if p.name != it.name:
                raise _fail(it.line, f"{it.name} picks out of turn: {p.name} is to pick")
            if not it.face_up:
                if it.card is None and (server or it.name == hero):
                    raise _fail(it.line, "the face-down card picked is not named")
                if it.card is not None and not server and it.name != hero:
                    raise _fail(it.line, f"a player's log shows {it.name}'s face-down card")
            before = after = None
            if server or it.name == hero:
                before = self.category.get(seat) or holding_category(p.cards)
            try:
                h.pick(it.face_up, it.card)
            except IllegalActionError as e:
                raise _fail(it.line, str(e)) from None
            if before is not None:
                after = self.category[seat] = holding_category(p.cards)
            card = card_text(it.card) if it.card is not None else None
            self.pickups.append(PickupRecord(k, it.name, it.face_up, card, before, after))
        if h.phase is _PICKUP and h.pickup_no == k:
            assert h.to_act is not None
            raise _fail(end, f"the pick-up ends before {h.players[h.to_act].name} picks")

    def _reveal(self, block: SectionBlock) -> None:
        self._not_over(block)
        h = self.engine
        if h.phase is not Phase.REVEAL:
            raise _fail(block.line, f"section out of order: the hand is at {h.phase.value}")
        shows = [it for it in block.items if isinstance(it, ShowLine)]
        server = self.hand.view == "server"
        fresh: list[tuple[int, tuple[Card | None, ...]]] = []  # cards first seen in a show
        live = h.live_seats
        for it, seat in zip(shows, live, strict=False):
            p = h.players[seat]
            if it.name != p.name:
                raise _fail(it.line, f"{it.name} shows out of turn: {p.name} is to show")
            if len(set(it.cards)) != 5:
                raise _fail(it.line, "a card is shown twice")
            held = [c for c in p.cards if c is not None and c not in it.cards]
            if held:
                raise _fail(it.line, f"{it.name} holds {held[0]}, not shown")
            self.shown[seat] = it.cards
            cards = p.cards
            if not server:
                fresh.append((it.line, tuple(c for c in it.cards if c not in cards)))
            self.hole_known[seat] = not (None in cards[:3] and None in cards[3:])
        if len(shows) != len(live):
            if len(shows) > len(live):
                raise _fail(shows[len(live)].line, "one 'shows' line too many")
            missing = h.players[live[len(shows)]].name
            raise _fail(block.line, f"{missing} does not show at the Reveal")
        prior = h.known_cards() if not server else []
        try:
            s = h.reveal(self.shown)
        except IllegalActionError as e:
            line = self._card_error(fresh, prior, e) if fresh else block.line
            raise _fail(line, str(e)) from None
        self.revealed = True
        for it, seat in zip(shows, live, strict=True):
            want = s.values[seat].description
            if it.description != want:
                raise _fail(it.line, f"the hand is '{want}', not '{it.description}'")
        skulls = [it for it in block.items if isinstance(it, SkullLine)]
        if s.skull_ace is None:
            if skulls:
                raise _fail(skulls[0].line, "nobody at the Reveal holds the Ace of Skulls")
            return
        seat, outcome = s.skull_ace
        want = f"{h.players[seat].name}: automatic {_OUTCOME_WORD[outcome]} with the Ace of Skulls"
        if not skulls:
            raise _fail(block.line, f"missing '{want}'")
        sk = skulls[0]
        if sk.name != h.players[seat].name or sk.win != (outcome is SkullAceOutcome.AUTO_WIN):
            raise _fail(sk.line, f"expected '{want}'")
        if len(skulls) > 1:
            raise _fail(skulls[1].line, "one Ace of Skulls line too many")
        if sk.line < next(sh.line for sh in shows if sh.name == sk.name):
            raise _fail(sk.line, "the Ace of Skulls line comes before the holder shows")

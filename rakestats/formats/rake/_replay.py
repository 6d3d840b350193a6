"""Validation of a parsed Rake hand by replaying it through the rules engine.

What the text says happened (the cards dealt, the actions, the middle cards, the
pick-ups, the cards shown) is played on :class:`rakestats.rake.RakeHand`, which refuses
what the rules do not allow; every line the rules decide (the antes, the uncalled bets,
the Ace of Skulls, the pots collected, the summary) is rendered by :mod:`._text` from
the engine's record and compared with the text (:func:`._settle.compare`). The first
disagreement raises :class:`HandError` naming its line, with what was expected.
"""

from __future__ import annotations

from rakestats.cards import Card
from rakestats.formats._base import HandError
from rakestats.formats.rake import _model as m
from rakestats.formats.rake import _text as t
from rakestats.formats.rake._fast import card_text, holding_category
from rakestats.formats.rake._grammar import unexpected
from rakestats.formats.rake._patterns import RakePatterns
from rakestats.formats.rake._settle import (
    check_summary,
    collected_lines,
    compare,
    fail,
    in_pot_order,
    same,
)
from rakestats.rake.engine import IllegalActionError, Phase, RakeHand
from rakestats.rake.events import ActionKind, AntePosted, UncalledReturned
from rakestats.rake.showdown import Settlement, SkullAceOutcome
from rakestats.records import ActionRecord, PickupRecord

__all__ = ["Replay"]

_FOLD, _CALL, _BET, _RAISE = ActionKind.FOLD, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE
_BETTING, _PICKUP = Phase.BETTING, Phase.PICKUP
_ROUND_OF_SECTION = {1: 1, 4: 2, 6: 3}
_TITLE = {sec: text.strip("* ").lower() for text, sec in RakePatterns.section_headers.items()}


class Replay:
    """Replays one parsed hand; after :meth:`run` the engine and the collected records
    describe the validated hand."""

    def __init__(self, hand: m.ParsedHand) -> None:
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
                raise fail(s.line, f"seat {s.seat} is out of order or beyond {hand.max_seats}")
            prev = s.seat
        if not 1 <= hand.dealer_seat <= hand.max_seats:
            line = hand.first_line + 1
            raise fail(line, f"dealer seat {hand.dealer_seat} is not a seat of the table")
        try:
            h = RakeHand(
                hand.ante,
                [(s.seat, s.name, s.stack) for s in hand.seats],
                hand.dealer_seat,
                hand.house_fee,
            )
        except ValueError as e:
            raise fail(hand.seats[0].line, str(e)) from None
        antes = [
            t.ante(h.players[e.seat].name, e.amount, e.all_in)
            for e in h.log
            if isinstance(e, AntePosted)
        ]
        first = hand.sections[0].line if hand.sections else hand.summary_line
        compare(hand.antes, antes, first)
        return h

    def run(self) -> Settlement:
        hand = self.hand
        sections = hand.sections
        for k, block in enumerate(sections):
            end = sections[k + 1].line if k + 1 < len(sections) else hand.summary_line
            sec = block.section
            if sec == 0:
                self._deal(block)
            elif sec in _ROUND_OF_SECTION:
                self._betting(block, _ROUND_OF_SECTION[sec], end)
            elif sec == 2:
                self._middle(block, end)
            elif sec in (3, 5):
                self._pickup(block, (sec - 1) // 2, end)
            else:
                self._reveal(block, end)
        self._require_finished(hand.summary_line)
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
            raise fail(line, f"betting round {h.round} is not over")
        if h.phase is Phase.MIDDLE:
            raise fail(line, "hand ends before the middle cards")
        if h.phase is _PICKUP:
            raise fail(line, f"pick-up {h.pickup_no} is not over")
        raise fail(line, "hand ends before the Reveal")

    def _enter(self, block: m.SectionBlock, in_order: bool) -> None:
        """The hand goes on to this section, which comes where the hand is."""
        h = self.engine
        if h.settlement is not None:
            raise fail(block.line, f"no {_TITLE[block.section]} after the hand is won")
        if not in_order:
            raise fail(block.line, f"section out of order: the hand is at {h.phase.value}")

    def _ends_while_to_act(self, end: int, what: str) -> HandError:
        assert self.engine.to_act is not None
        return fail(end, what.format(self.engine.players[self.engine.to_act].name))

    def _tail(self, items: list[m.Item], before: list[str], end: int) -> None:
        """The lines after a section's last decision: ``before`` (what the rules say
        comes first), then the pots collected when the hand is over."""
        for it in items:
            if isinstance(it, m.ActionLine):
                raise fail(it.line, f"{it.name} acts after the betting round is over")
            if isinstance(it, m.ShowLine):
                raise fail(it.line, "one 'shows' line too many")
        texts = [it for it in items if isinstance(it, m.TextLine)]
        if self.engine.settlement is None:
            if len(texts) > len(before):
                extra = texts[len(before)]
                why = f"the hand is not over (next: {self.engine.phase.value}); unexpected line"
                raise unexpected(extra.line, extra.text, why)
            compare(texts, before, end)
            return
        pots = collected_lines(self)
        texts = in_pot_order(texts, len(before), pots)
        compare(texts, before + [line for pot in pots for line in pot], end)

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

    def _deal(self, block: m.SectionBlock) -> None:
        h = self.engine
        hand = self.hand
        dealt = [it for it in block.items if isinstance(it, m.DealtLine)]
        want = [h.players[s].name for s in h.order] if hand.hero is None else [hand.hero]
        for it, name in zip(dealt, want, strict=False):
            if it.name != name:
                raise fail(it.line, f"expected the cards dealt to {name}, not to {it.name}")
        if len(dealt) != len(want):
            if len(dealt) > len(want):
                raise fail(dealt[len(want)].line, "one 'Dealt to' line too many")
            line = dealt[-1].line if dealt else block.line
            raise fail(line, f"hand ends before the cards dealt to {want[len(dealt)]}")
        unknown: tuple[Card | None, ...] = (None, None, None)
        hole = {s: unknown for s in h.order}
        for it in dealt:
            hole[self.seat_of[it.name]] = it.cards
        try:
            h.deal_hole(hole)
        except IllegalActionError as e:
            line = self._card_error([(it.line, it.cards) for it in dealt], [], e)
            raise fail(line, str(e)) from None

    def _betting(self, block: m.SectionBlock, k: int, end: int) -> None:
        h = self.engine
        self._enter(block, h.round == k)
        start = len(h.log)
        items = block.items
        done = 0
        while h.phase is _BETTING and h.round == k:
            if done == len(items):
                raise self._ends_while_to_act(end, "the betting round ends while {} is to act")
            it = items[done]
            if not isinstance(it, m.ActionLine):
                break
            self._act(it, k)
            done += 1
        if h.phase is _BETTING and h.round == k:
            other = items[done]
            assert h.to_act is not None and isinstance(other, m.TextLine)
            why = f"{h.players[h.to_act].name} is to act; unexpected line"
            raise unexpected(other.line, other.text, why)
        want = [
            t.uncalled(e.amount, h.players[e.seat].name)
            for e in h.log[start:]
            if isinstance(e, UncalledReturned)
        ]
        self._tail(items[done:], want, end)

    def _act(self, it: m.ActionLine, k: int) -> None:
        h = self.engine
        seat = h.to_act
        assert seat is not None
        p = h.players[seat]
        if p.name != it.name:
            raise fail(it.line, f"{it.name} acts out of turn: {p.name} is to act")
        facing = h.current_bet > p.round_bet
        kind = it.kind
        arg: int | None = None
        if kind is _RAISE:
            assert it.to is not None
            if it.to - h.current_bet != it.amount:
                raise fail(
                    it.line,
                    f"a raise of {it.amount} to {it.to} does not fit the bet of {h.current_bet}",
                )
            arg = it.to
        elif kind is _BET or kind is _CALL:
            arg = it.amount
        try:
            a = h.act(kind, arg)
        except IllegalActionError as e:
            raise fail(it.line, str(e)) from None
        if a.all_in != it.all_in:
            said = "says" if it.all_in else "does not say"
            raise fail(it.line, f"{said} 'and is all-in', but {it.name} has {p.stack} left")
        if kind is _FOLD:
            self.folded_round[seat] = k
        seq = len(self.actions) + 1
        self.actions.append(
            ActionRecord(seq, k, it.name, kind.value, a.amount, a.to, a.all_in, facing)
        )

    def _middle(self, block: m.SectionBlock, end: int) -> None:
        h = self.engine
        self._enter(block, h.phase is Phase.MIDDLE)
        item = block.items[0] if block.items else None
        if not isinstance(item, m.MiddleLine) or item.line_down == 0:
            raise fail(end, "hand ends before the middle cards' lines")
        down: tuple[Card | None, ...]
        if self.hand.view == "server":
            if item.down is None:
                raise fail(item.line_down, "a server log shows the face-down cards")
            down = item.down
        else:
            if item.down is not None:
                raise fail(item.line_down, "a player's log does not show the face-down cards")
            if item.down_count != len(h.players):  # before building a tuple that long
                n = len(h.players)
                raise fail(
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
            raise fail(self._card_error(cards, h.known_cards(), e), str(e)) from None
        self.middle_up, self.middle_down = item.up, item.down

    def _pickup(self, block: m.SectionBlock, k: int, end: int) -> None:
        h = self.engine
        self._enter(block, h.phase is _PICKUP and h.pickup_no == k)
        for it in block.items:
            assert isinstance(it, m.PickLine)
            if h.phase is not _PICKUP or h.pickup_no != k:
                raise fail(it.line, f"{it.name} picks after the pick-up is over")
            self._pick(it, k)
        if h.phase is _PICKUP and h.pickup_no == k:
            raise self._ends_while_to_act(end, "the pick-up ends before {} picks")

    def _pick(self, it: m.PickLine, k: int) -> None:
        h = self.engine
        server = self.hand.view == "server"
        hero = self.hand.hero
        seat = h.to_act
        assert seat is not None
        p = h.players[seat]
        if p.name != it.name:
            raise fail(it.line, f"{it.name} picks out of turn: {p.name} is to pick")
        if not it.face_up:
            if it.card is None and (server or it.name == hero):
                raise fail(it.line, "the face-down card picked is not named")
            if it.card is not None and not server and it.name != hero:
                raise fail(it.line, f"a player's log shows {it.name}'s face-down card")
        before = after = None
        if server or it.name == hero:
            before = self.category.get(seat) or holding_category(p.cards)
        try:
            h.pick(it.face_up, it.card)
        except IllegalActionError as e:
            raise fail(it.line, str(e)) from None
        if before is not None:
            after = self.category[seat] = holding_category(p.cards)
        card = card_text(it.card) if it.card is not None else None
        self.pickups.append(PickupRecord(k, it.name, it.face_up, card, before, after))

    def _reveal(self, block: m.SectionBlock, end: int) -> None:
        h = self.engine
        self._enter(block, h.phase is Phase.REVEAL)
        live = h.live_seats
        shows = [it for it in block.items if isinstance(it, m.ShowLine)]
        for it, seat in zip(shows, live, strict=False):
            self._show(it, seat)
        if len(shows) > len(live):
            raise fail(shows[len(live)].line, "one 'shows' line too many")
        if len(shows) != len(live):
            missing = h.players[live[len(shows)]].name
            raise fail(end, f"{missing} does not show at the Reveal")
        s = self._settle(block, shows)
        for it, seat in zip(shows, live, strict=True):
            want = s.values[seat].description
            if it.description != want:
                raise fail(it.line, f"the hand is '{want}', not '{it.description}'")
        skull: list[str] = []
        holder = ""
        if s.skull_ace is not None:
            seat, outcome = s.skull_ace
            holder = h.players[seat].name
            skull.append(t.skull(holder, outcome is SkullAceOutcome.AUTO_WIN))
        rest, taken = _after_shows(block.items, skull, holder)
        self._tail(rest, [] if taken else skull, end)

    def _show(self, it: m.ShowLine, seat: int) -> None:
        p = self.engine.players[seat]
        if it.name != p.name:
            raise fail(it.line, f"{it.name} shows out of turn: {p.name} is to show")
        if len(set(it.cards)) != 5:
            raise fail(it.line, "a card is shown twice")
        held = [c for c in p.cards if c is not None and c not in it.cards]
        if held:
            raise fail(it.line, f"{it.name} holds {held[0]}, not shown")
        self.shown[seat] = it.cards
        cards = p.cards
        self.hole_known[seat] = not (None in cards[:3] and None in cards[3:])

    def _settle(self, block: m.SectionBlock, shows: list[m.ShowLine]) -> Settlement:
        """The Reveal: the engine settles the hand with the cards shown."""
        h = self.engine
        server = self.hand.view == "server"
        prior = h.known_cards() if not server else []
        fresh: list[tuple[int, tuple[Card | None, ...]]] = [
            (it.line, tuple(c for c in it.cards if c not in h.players[self.seat_of[it.name]].cards))
            for it in shows
        ]
        try:
            s = h.reveal(self.shown)
        except IllegalActionError as e:
            line = self._card_error(fresh, prior, e) if not server else block.line
            raise fail(line, str(e)) from None
        self.revealed = True
        return s


def _after_shows(items: list[m.Item], skull: list[str], holder: str) -> tuple[list[m.Item], bool]:
    """The Reveal's lines after the shows, and whether the Ace of Skulls line (``skull``:
    the line, when the rules call for one) came among the shows, after the holder's."""
    rest: list[m.Item] = []
    holder_shown = taken = False
    for it in items:
        if rest:
            if isinstance(it, m.ShowLine):
                first = rest[0]
                assert isinstance(first, m.TextLine)
                if skull and same(first.text, skull[0]):
                    raise fail(first.line, "the Ace of Skulls line comes before the holder shows")
                raise unexpected(first.line, first.text, "unexpected line before the last show:")
            rest.append(it)
        elif isinstance(it, m.ShowLine):
            holder_shown = holder_shown or it.name == holder
        elif (
            isinstance(it, m.TextLine)
            and skull
            and not taken
            and holder_shown
            and same(it.text, skull[0])
        ):
            taken = True
        else:
            rest.append(it)
    return rest, taken

"""The stud fast path's replay: the hand's lines (:mod:`._lean_text`) played on plain
state, by the stud engine's rules.

The state is what :class:`rakestats.stud.StudHand` holds (chips, cards as numbers, the
betting round), and each step does what the engine does: the antes
(:func:`~rakestats.betting.post_antes`' rule), the setup check
(:func:`~rakestats.stud.rules.check_setup`), the bring-in and who acts first from 4th
street (:mod:`._lean_rules`: the engine's orders and board values, cached), the betting
(:mod:`._lean_bet`) and the settlement (:func:`~rakestats.stud.settle_stud`). Every
line is checked as
:class:`~rakestats.formats.stud._replay.StudReplay` checks it; where that replay would
refuse the hand, or where the hand needs what the fast path leaves to it (a community
card), :class:`~._lean_base.Unhandled` is raised.
"""

from __future__ import annotations

from typing import Any, Final

from rakestats.formats.stud import _lean_base as kinds
from rakestats.formats.stud._engine import pot_parts
from rakestats.formats.stud._lean_base import STD, Item, Unhandled
from rakestats.formats.stud._lean_bet import (
    BETTING,
    COMPLETE,
    DEAL,
    SHOWDOWN,
    LeanBetting,
    LeanPlayer,
)
from rakestats.formats.stud._lean_rules import board_of, bring_in_keys, shown_hand
from rakestats.formats.stud._lean_text import LeanRead
from rakestats.formats.stud._model import RoomRules
from rakestats.stud import StudGame, settle_stud
from rakestats.stud.rules import CAP_BETS, DECK_SIZE, check_setup

__all__ = ["LeanStud"]

_STD: Final = STD  # (compiled: a static, where the imported name is looked up)


class LeanStud(LeanBetting):
    """One hand replayed (:meth:`run`); afterwards its state, its actions (as the
    records hold them) and what the end checks need."""

    def __init__(
        self, game: str, small_bet: int, big_bet: int, read: LeanRead, room: RoomRules
    ) -> None:
        super().__init__(game, small_bet, big_bet)
        self.room = room
        self.check_descriptions = room.check_descriptions
        self.up_shown = room.up_cards_shown
        self.bring_in_open = False  # an up card is not written: the room names the bring-in
        self.razz = self.game is StudGame.RAZZ
        self.read = read
        self.table, self.max_seats = read.table, read.max_seats
        self.dealt = 0
        self.seen = 0  # the cards known so far, as a bit mask
        self.hero: str | None = None
        self.shown: dict[LeanPlayer, tuple[int, ...]] = {}
        self.reveal: list[tuple[str, str]] = []
        # the settlement: each pot (gross) with its parts' winners, what each seat won
        self.pots: list[tuple[int, list[tuple[int, ...]]]] = []
        self.paid: dict[int, int] = {}
        self.showdown = False
        self.seat_of = {s[2]: s[1] for s in read.seats}
        if len(self.seat_of) != len(read.seats):
            raise Unhandled("two seats of one name")
        self.players = self._setup()
        self.by_name = {p.name: p for p in self.players}
        self.n_live = len(self.players)
        self.n_able = sum(1 for p in self.players if p.stack > 0)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> list[LeanPlayer]:
        """The players in the hand (an ante posted or cards dealt on 3rd street), the
        antes checked against the lines (``StudReplay._start``)."""
        read = self.read
        playing = {a[2] for a in read.antes} | read.dealt3
        prev = 0
        for s in read.seats:
            if not prev < s[1] <= self.max_seats:
                raise Unhandled("seats out of order")
            prev = s[1]
        first = read.bring_in
        self.bring_in = None if first is None or first[3] else first[1]
        self.ante = ante = max([a[3][0] for a in read.antes], default=0)
        entrants = [(s[1], s[2], s[3]) for s in read.seats if s[2] in playing]
        try:
            check_setup(ante, self.bring_in, self.small_bet, self.big_bet, entrants, self.game)
        except ValueError:
            raise Unhandled("the players or stakes") from None
        players = [
            LeanPlayer(i, seat, name, stack) for i, (seat, name, stack) in enumerate(entrants)
        ]
        posted = {a[2]: a[3] for a in read.antes}
        for p in players:
            amount = min(ante, p.stack)
            if amount:
                p.stack -= amount
                p.invested = amount
                if posted.get(p.name) != (amount, p.stack == 0):
                    raise Unhandled("antes")
        return players

    # ------------------------------------------------------------------ the walk
    def run(self) -> tuple[list[Item], list[Item], list[Item], list[Item]]:
        """Replay the hand; returns the lines the end checks read: (uncalled bets,
        collected, pot lines, summary seats)."""
        items = self.read.items
        ACT, STREET, DEALT, SEAT, COLLECT = (
            kinds.ACT,
            kinds.STREET,
            kinds.DEALT,
            kinds.SEAT,
            kinds.COLLECT,
        )
        SHOW, UNCALLED, TOTAL, MUCK, CAPPED = (
            kinds.SHOW,
            kinds.UNCALLED,
            kinds.TOTAL,
            kinds.MUCK,
            kinds.CAPPED,
        )
        uncalled: list[Item] = []
        collects: list[Item] = []
        totals: list[Item] = []
        summary: list[Item] = []
        k, n = 0, len(items)
        while k < n:
            it = items[k]
            kind = it[0]
            k += 1
            if kind == ACT:
                self.act(it[2], it[3])
            elif kind == STREET:
                street = it[3][0]
                if street <= 5:
                    j = k
                    while k < n and items[k][0] == DEALT:
                        k += 1
                    self.street(street, items[j:k])
                elif street == 6:
                    if self.phase != SHOWDOWN:
                        raise Unhandled("a showdown out of turn")
                else:
                    self.finish()
            elif kind == SEAT:
                summary.append(it)
            elif kind == COLLECT:
                if self.phase != SHOWDOWN:
                    self.finish()
                collects.append(it)
            elif kind == SHOW:
                self.show(it[2], it[3])
            elif kind == UNCALLED:
                uncalled.append(it)
            elif kind == TOTAL:
                totals.append(it)
            elif kind == MUCK:
                self.muck(it[2], it[3][1])
            elif kind == CAPPED:
                if self.n_bets < CAP_BETS or not self.actions:
                    raise Unhandled("betting is not capped")
            elif kind == DEALT:
                raise Unhandled("cards dealt outside a street")
        self.finish()
        return uncalled, collects, totals, summary

    def finish(self) -> None:
        if self.phase == SHOWDOWN:
            hands = {}
            for p, cards in self.shown.items():
                if not p.folded:
                    hands[p.seat] = [_STD[c] for c in self.reveal_cards(p, cards)]
            self.settle(hands)
        if self.phase != COMPLETE:
            raise Unhandled("the hand is not over")

    def settle(self, hands: dict[int, list[Any]]) -> None:
        """Award the pots as :func:`~rakestats.stud.settle_stud` does: with side pots by
        that function; a hand won uncontested is one pot of every chip put in, to the
        player left; one pot (the players left put in as much) goes to the best hands
        shown, the high and the low half in Stud Hi/Lo when a low qualifies."""
        self.phase = COMPLETE
        players = self.players
        live = [p for p in players if not p.folded]
        if len(live) == 1:
            total = sum([p.invested for p in players])
            self.pots = [(total, [(live[0].seat,)])]
            self.paid = {p.seat: 0 for p in players}
            self.paid[live[0].seat] = total
            return
        if len({p.invested for p in live}) == 1:
            shown = [p for p in live if p.seat in hands]
            if not shown:
                raise Unhandled("the settlement")
            self.pots = [(sum([p.invested for p in players]), self.parts(shown))]
            self.showdown = True
            return
        contributions = {p.seat: p.invested for p in players}
        folded = {p.seat for p in players if p.folded}
        try:
            s = settle_stud(contributions, folded, hands, self.game)
        except ValueError:
            raise Unhandled("the settlement") from None
        self.pots = [(pot.amount, pot_parts(s, i)) for i, pot in enumerate(s.pots)]
        self.paid = s.collected
        self.showdown = s.showdown

    def parts(self, shown: list[LeanPlayer]) -> list[tuple[int, ...]]:
        """The winners of each part of one pot among the hands ``shown`` (seat order):
        ``_parts`` of :mod:`rakestats.stud.showdown`, odd chips in seat order."""
        game = self.game_text
        values = [shown_hand(game, p.cards) for p in shown]
        ranked = [v[2] for v in values]
        best = min(ranked) if self.razz else max(ranked)
        # (compiled: indexing, where zip with strict= parses a keyword a call)
        high = tuple([shown[i].seat for i in range(len(shown)) if ranked[i] == best])
        lows = [(shown[i].seat, values[i][3]) for i in range(len(shown)) if values[i][3] >= 0]
        if self.game is not StudGame.STUD8 or not lows:
            return [high]
        lowest = min([low for _, low in lows])
        return [high, tuple([seat for seat, low in lows if low == lowest])]

    # ------------------------------------------------------------------ dealing
    def give(self, p: LeanPlayer, c: int, up: bool) -> None:
        """One card to ``p`` (-1: not shown); a card seen before is refused."""
        if c >= 0:
            if self.seen >> c & 1:
                raise Unhandled("a card seen twice")
            self.seen |= 1 << c
            if up:
                p.board.append(c)
        elif up:
            p.hidden = True
        p.cards.append(c)
        p.up.append(up)
        self.dealt += 1

    def street(self, street: int, deals: list[Item]) -> None:
        if self.phase != DEAL or self.round + 1 != street:
            raise Unhandled("a street out of turn")
        got: dict[LeanPlayer, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        by_name = self.by_name
        for d in deals:
            p = by_name.get(d[2])
            if p is None or p.folded or p in got:
                raise Unhandled("cards dealt to a player not in the hand")
            got[p] = d[3]
        if street == 1:
            self.third(got)
            return
        hero = self.hero
        for p, (before, _) in got.items():
            if not before and not self.up_shown:
                continue  # a room that writes the new card only
            if list(before) != ([c for c in p.cards if c >= 0] if p.name == hero else p.board):
                raise Unhandled("the cards held")
        live = [p for p in self.players if not p.folded]
        up = street < 5  # 4th to 6th street face up, 7th face down
        if up and len(got) != len(live) and self.up_shown:
            raise Unhandled("a player dealt no card")
        if not up and DECK_SIZE - self.dealt < len(live):
            raise Unhandled("a community card")
        for p in live:
            dealt = got.get(p)
            if dealt is not None and len(dealt[1]) != 1:
                raise Unhandled("one new card expected")
            self.give(p, -1 if dealt is None else dealt[1][0], up)
        self.start_round()

    def third(self, got: dict[LeanPlayer, tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
        for p in self.players:
            d = got.get(p)
            if d is None:
                if self.up_shown:
                    raise Unhandled("no cards dealt on 3rd street")
                self.give(p, -1, False)
                self.give(p, -1, False)
                self.give(p, -1, True)
                continue
            before, new = d
            cards = before + new if len(before) == 2 and len(new) == 1 else new
            if len(cards) == 3:
                if self.hero is not None:
                    raise Unhandled("two players' down cards")
                self.hero = p.name
                self.give(p, cards[0], False)
                self.give(p, cards[1], False)
            elif len(new) == 1 and not before:
                self.give(p, -1, False)
                self.give(p, -1, False)
            else:
                raise Unhandled("3rd street's cards")
            self.give(p, new[-1], True)
        able = [p for p in self.players if p.stack > 0 and p.cards[2] >= 0]
        self.bring_in_open = len(able) < sum(1 for p in self.players if p.stack > 0)
        keys = bring_in_keys(self.game)
        self.bring_in_player = None
        if able and not self.bring_in_open:
            self.bring_in_player = max(able, key=lambda p: keys[p.cards[2]])
        self.start_round()

    # ------------------------------------------------------------------ rounds
    def start_round(self) -> None:
        self.round += 1
        self.phase = BETTING
        self.current_bet = self.n_bets = self.round_actions = self.level = 0
        self.open_pair = self.doubled = False
        for q in self.players:
            q.round_bet = 0
            q.acted = False
            q.may_raise = True
        if self.round == 1:
            self.bring_in_due = self.bring_in_player is not None or self.bring_in_open
            if self.bring_in_player is not None:
                starts = [self.bring_in_player]
            else:
                starts = [p for p in self.players if not p.folded]
        else:
            self.bring_in_due = False
            starts = [p for p in self.players if not p.folded]
            if any(p.hidden for p in starts):  # ``boards_hidden``: the room's choice
                self.open_pair = self.round == 2 and self.game.open_pair_rule
            else:
                starts = self.first_boards()
        firsts = [self.next_needing(p.index) for p in starts]
        self.first_choices = [p for p in firsts if p is not None]
        self.to_act = self.first_choices[0] if self.first_choices else None
        if self.to_act is None:
            self.close_round()

    def first_boards(self) -> list[LeanPlayer]:
        """Who may act first from 4th street: the lowest board in Razz, the highest in
        Stud (``first_boards``); on 4th street of Stud, whether a pair shows."""
        razz = self.razz
        live = [p for p in self.players if not p.folded]
        values = [board_of(razz, p.board) for p in live]
        best = min(values) if razz else max(values)
        if self.round == 2 and self.game.open_pair_rule:
            self.open_pair = any(p.board[0] >> 2 == p.board[1] >> 2 for p in live)
        return [live[i] for i in range(len(live)) if values[i] == best]

    # ------------------------------------------------------------------ showing
    def reveal_cards(self, p: LeanPlayer, shown: tuple[int, ...]) -> list[int]:
        """``StudHand.reveal``: a player shows every card they hold; unknown ones are
        filled in. Returns their cards in dealing order."""
        cards = p.cards
        if len(set(shown)) != len(shown) or len(shown) != len(cards):
            raise Unhandled("the cards shown")
        for c in cards:
            if c >= 0 and c not in shown:
                raise Unhandled("the cards shown")
        new = [c for c in shown if c not in cards]
        if new:
            for c in new:
                if self.seen >> c & 1:
                    raise Unhandled("a card seen twice")
                self.seen |= 1 << c
            fill = iter(new)
            p.cards = cards = [c if c >= 0 else next(fill) for c in cards]
            if p.hidden:
                up = p.up
                if len(up) != len(cards):
                    raise Unhandled("the cards shown")
                p.board = [cards[i] for i in range(len(cards)) if up[i]]
                p.hidden = False
        return cards

    def at_showdown(self, p: LeanPlayer, what: str) -> None:
        if self.phase != SHOWDOWN or p.folded:
            return
        if all(n != p.name for n, _ in self.reveal):
            self.reveal.append((p.name, what))

    def show(self, name: str, said: tuple[tuple[int, ...], str | None]) -> None:
        cards, description = said
        p = self.by_name.get(name)
        if p is None or p.folded:
            raise Unhandled("cards shown by a player not in the hand")
        self.reveal_cards(p, cards)
        self.shown[p] = cards
        self.at_showdown(p, "show")
        if (
            description is not None
            and self.check_descriptions
            and len(p.cards) >= 5
            and shown_hand(self.game_text, p.cards)[0] != description
        ):
            raise Unhandled("the description of a shown hand")

    def muck(self, name: str, cards: tuple[int, ...]) -> None:
        p = self.by_name.get(name)
        if p is None:
            return
        if cards:
            self.reveal_cards(p, cards)
        self.at_showdown(p, "muck")

"""The stud fast path's replay: the hand's lines (:mod:`._lean_text`) played on plain
state, by the stud engine's rules.

The state is what :class:`rakestats.stud.StudHand` holds (chips, cards as numbers, the
betting round), and each step does what the engine does: the antes
(:func:`~rakestats.betting.post_antes`' rule), the setup check
(:func:`~rakestats.stud.rules.check_setup`), the bring-in
(:func:`~rakestats.stud.bring_in_seat`), who acts first from 4th street (the boards'
values from :func:`~rakestats.stud.rules.board_value` and
:func:`~rakestats.stud.evaluate_high`, cached by ranks), the options of a player to act
(``legal_for``: calls short of chips, all-in wagers, the cover raise, the open pair),
who must act (:func:`~rakestats.betting.needs_to_act`), the uncalled bet
(:func:`~rakestats.betting.uncalled_bet`) and the settlement
(:func:`~rakestats.stud.settle_stud`). Every line is checked as
:class:`~rakestats.formats.stud._replay.StudReplay` checks it; where that replay would
refuse the hand, or where the hand needs what the fast path leaves to it (a room that
hides the up cards, a community card), :class:`~._lean_base.Unhandled` is raised.
"""

from __future__ import annotations

from typing import Any, Final

from rakestats.betting import needs_to_act, uncalled_bet
from rakestats.formats.stud._engine import describe, pot_parts
from rakestats.formats.stud._lean_base import (
    ACT,
    CAPPED,
    COLLECT,
    DEALT,
    MUCK,
    SEAT,
    SHOW,
    STD,
    STREET,
    TOTAL,
    UNCALLED,
    Unhandled,
)
from rakestats.formats.stud._lean_text import Read
from rakestats.stud import StudGame, bring_in_seat, evaluate_high, evaluate_low, settle_stud
from rakestats.stud.rules import (
    CAP_BETS,
    DECK_SIZE,
    board_value,
    bring_in_key,
    check_setup,
    clockwise_from,
)

__all__ = ["DEAL", "SHOWDOWN", "LeanPlayer", "LeanStud", "board_of", "shown_hand"]

DEAL, BETTING, SHOWDOWN, COMPLETE = range(4)
_PASSIVE: Final = frozenset(("fold", "check", "call", "bring_in"))
_boards: dict[tuple[bool, tuple[int, ...]], int] = {}
_hands: dict[tuple[str, tuple[int, ...]], tuple[str | None, str]] = {}
_bring_in_keys: dict[StudGame, list[tuple[int, int]]] = {}


def bring_in_keys(game: StudGame) -> list[tuple[int, int]]:
    """:func:`~rakestats.stud.rules.bring_in_key` of every card, by number: the largest
    door card brings in."""
    keys = _bring_in_keys.get(game)
    if keys is None:
        keys = _bring_in_keys[game] = [bring_in_key(card, game) for card in STD]
    return keys


def board_of(razz: bool, up: list[int]) -> int:
    """The value of an up board (one to four cards) that decides who acts first: its
    low (Razz: lower acts first) or its high value (Stud: higher acts first). It depends
    on the ranks only, and is computed once per set of ranks."""
    key = (razz, tuple(sorted([(c >> 2) + 2 if not razz or c < 48 else 1 for c in up])))
    value = _boards.get(key)
    if value is None:
        cards = [STD[c] for c in up]
        value = board_value(cards) if razz else evaluate_high(cards).value
        if len(_boards) > 50_000:
            _boards.clear()
        _boards[key] = value
    return value


def shown_hand(game: str, cards: list[int]) -> tuple[str | None, str]:
    """A shown hand of five cards or more: its description in PokerStars' words
    (``describe``) and the name of its category (the low's in Razz, else the high
    hand's), as the records give them. A low depends on the ranks only: Razz hands are
    computed once per set of ranks, others once per set of cards."""
    if game == "razz":
        key = (game, tuple(sorted([(c >> 2) + 2 if c < 48 else 1 for c in cards])))
    else:
        key = (game, tuple(sorted(cards)))
    found = _hands.get(key)
    if found is None:
        std = [STD[c] for c in cards]
        value = evaluate_low(std) if game == "razz" else evaluate_high(std)
        found = (describe(game, std), value.category.name)
        if len(_hands) > 50_000:
            _hands.clear()
        _hands[key] = found
    return found


class LeanPlayer:
    """A player's state: chips as the engine's ``StudPlayer`` holds them; ``cards`` as
    numbers (-1: not shown), ``up`` whether each is face up."""

    __slots__ = (
        "acted",
        "board",
        "cards",
        "folded",
        "index",
        "invested",
        "may_raise",
        "name",
        "round_bet",
        "seat",
        "stack",
        "start",
        "up",
    )  # fmt: skip

    def __init__(self, index: int, seat: int, name: str, stack: int) -> None:
        self.index = index
        self.seat = seat
        self.name = name
        self.start = stack
        self.stack = stack
        self.invested = 0
        self.round_bet = 0
        self.folded = False
        self.acted = False
        self.may_raise = True
        self.cards: list[int] = []
        self.up: list[bool] = []
        self.board: list[int] = []  # the up cards (every one is known: see ``give``)


class LeanStud:
    """One hand replayed (:meth:`run`); afterwards its state, its actions (as the
    records hold them) and what the end checks need."""

    def __init__(
        self, game: str, small_bet: int, big_bet: int, read: Read, check_descriptions: bool
    ) -> None:
        self.game = StudGame(game)
        self.check_descriptions = check_descriptions
        self.razz = self.game is StudGame.RAZZ
        self.small_bet, self.big_bet = small_bet, big_bet
        self.table, self.max_seats, self.seats, self.items = read
        self.phase = DEAL
        self.round = 0
        self.current_bet = self.n_bets = self.level = self.round_actions = self.dealt = 0
        self.open_pair = self.doubled = self.bring_in_due = False
        self.to_act: LeanPlayer | None = None
        self.bring_in_player: LeanPlayer | None = None
        self.first_choices: list[LeanPlayer] = []
        self.seen = 0  # the cards known so far, as a bit mask
        self.hero: str | None = None
        self.actions: list[tuple[int, int, str, str, int, int, bool, bool]] = []
        self.folded_round: dict[int, int] = {}
        self.uncalled_events: list[tuple[int, int]] = []  # (seat, chips)
        self.shown: dict[LeanPlayer, tuple[int, ...]] = {}
        self.reveal: list[tuple[str, str]] = []
        # the settlement: each pot (gross) with its parts' winners, what each seat won
        self.pots: list[tuple[int, list[tuple[int, ...]]]] = []
        self.paid: dict[int, int] = {}
        self.showdown = False
        self.showdown_line = 0
        self.seat_of = {s[2]: s[1] for s in self.seats}
        if len(self.seat_of) != len(self.seats):
            raise Unhandled("two seats of one name")
        self.ante, self.bring_in, self.players = self._setup()
        self.by_name = {p.name: p for p in self.players}
        # players not folded, and those of them with chips (``_next_needing``'s counts)
        self.n_live = len(self.players)
        self.n_able = sum(1 for p in self.players if p.stack > 0)

    # ------------------------------------------------------------------ setup
    def _setup(self) -> tuple[int, int | None, list[LeanPlayer]]:
        """The players in the hand (an ante posted or cards dealt on 3rd street), the
        antes checked against the lines (``StudReplay._start``)."""
        antes = [it for it in self.items if it[0] == 0]
        dealt3 = set()
        for it in self.items:
            if it[0] == STREET and it[3][0] > 1:
                break
            if it[0] == DEALT:
                dealt3.add(it[2])
        playing = {a[2] for a in antes} | dealt3
        prev = 0
        for s in self.seats:
            if not prev < s[1] <= self.max_seats:
                raise Unhandled("seats out of order")
            prev = s[1]
        first_bring_in = next(
            (it for it in self.items if it[0] == ACT and it[3][0] == "bring_in"), None
        )
        bring_in = None if first_bring_in is None or first_bring_in[3][3] else first_bring_in[3][1]
        ante = max([a[3][0] for a in antes], default=0)
        entrants = [(s[1], s[2], s[3]) for s in self.seats if s[2] in playing]
        try:
            check_setup(ante, bring_in, self.small_bet, self.big_bet, entrants, self.game)
        except ValueError:
            raise Unhandled("the players or stakes") from None
        players = [
            LeanPlayer(i, seat, name, stack) for i, (seat, name, stack) in enumerate(entrants)
        ]
        by_name = {a[2]: a[3] for a in antes}
        for p in players:
            amount = min(ante, p.stack)
            p.stack -= amount
            p.invested += amount
            if amount == 0:
                continue
            posted = by_name.get(p.name)
            if posted is None or posted != (amount, p.stack == 0):
                raise Unhandled("antes")
        return ante, bring_in, players

    # ------------------------------------------------------------------ the walk
    def run(self) -> tuple[list[tuple[int, int, str, Any]], ...]:
        """Replay the hand; returns the lines the end checks read: (uncalled bets,
        collected, pot lines, summary seats)."""
        items = self.items
        uncalled: list[tuple[int, int, str, Any]] = []
        collects: list[tuple[int, int, str, Any]] = []
        totals: list[tuple[int, int, str, Any]] = []
        summary: list[tuple[int, int, str, Any]] = []
        k, n = 0, len(items)
        while k < n:
            it = items[k]
            kind = it[0]
            k += 1
            if kind == ACT:
                self.act(it[1], it[2], it[3])
            elif kind == STREET:
                street = it[3][0]
                if street <= 5:
                    j = k
                    while k < n and items[k][0] == DEALT:
                        k += 1
                    self.street(it[1], street, items[j:k])
                elif street == 6:
                    if self.phase != SHOWDOWN:
                        raise Unhandled("a showdown out of turn")
                    self.showdown_line = it[1]
                else:
                    self.finish()
            elif kind == CAPPED:
                if self.n_bets < CAP_BETS or not self.actions:
                    raise Unhandled("betting is not capped")
            elif kind == UNCALLED:
                uncalled.append(it)
            elif kind == SHOW:
                self.show(it[2], it[3])
            elif kind == MUCK:
                self.muck(it[2], it[3][1])
            elif kind == COLLECT:
                if self.phase != SHOWDOWN:
                    self.finish()
                collects.append(it)
            elif kind == TOTAL:
                totals.append(it)
            elif kind == SEAT:
                summary.append(it)
            elif kind == DEALT:
                raise Unhandled("cards dealt outside a street")
        self.finish()
        return uncalled, collects, totals, summary

    def finish(self) -> None:
        if self.phase == SHOWDOWN:
            hands = {}
            for p, cards in self.shown.items():
                if not p.folded:
                    hands[p.seat] = [STD[c] for c in self.reveal_cards(p, cards)]
            self.settle(hands)
        if self.phase != COMPLETE:
            raise Unhandled("the hand is not over")

    def settle(self, hands: dict[int, list[Any]]) -> None:
        """Award the pots (:func:`~rakestats.stud.settle_stud`; a hand won uncontested is
        one pot of every chip put in, to the player left)."""
        self.phase = COMPLETE
        if self.n_live == 1:
            winner = next(p for p in self.players if not p.folded)
            total = sum(p.invested for p in self.players)
            self.pots = [(total, [(winner.seat,)])]
            self.paid = {p.seat: 0 for p in self.players}
            self.paid[winner.seat] = total
            return
        contributions = {p.seat: p.invested for p in self.players}
        folded = {p.seat for p in self.players if p.folded}
        try:
            s = settle_stud(contributions, folded, hands, self.game)
        except ValueError:
            raise Unhandled("the settlement") from None
        self.pots = [(pot.amount, pot_parts(s, i)) for i, pot in enumerate(s.pots)]
        self.paid = s.collected
        self.showdown = s.showdown

    # ------------------------------------------------------------------ dealing
    def give(self, p: LeanPlayer, cards: list[int], up: list[bool]) -> None:
        seen = self.seen
        for c in cards:
            if c >= 0:
                if seen >> c & 1:
                    raise Unhandled("a card seen twice")
                seen |= 1 << c
        self.seen = seen
        p.cards.extend(cards)
        p.up.extend(up)
        for c, face_up in zip(cards, up, strict=True):
            if face_up:
                if c < 0:
                    raise Unhandled("an up card not shown")
                p.board.append(c)
        self.dealt += len(cards)

    def street(self, line: int, street: int, deals: list[tuple[int, int, str, Any]]) -> None:
        if self.phase != DEAL or self.round + 1 != street:
            raise Unhandled("a street out of turn")
        got: dict[LeanPlayer, tuple[tuple[int, ...], tuple[int, ...]]] = {}
        seen = self.seen
        for d in deals:
            for c in d[3][1]:
                if seen >> c & 1:
                    raise Unhandled("a card seen twice")
                seen |= 1 << c
            p = self.by_name.get(d[2])
            if p is None or p.folded or p in got:
                raise Unhandled("cards dealt to a player not in the hand")
            got[p] = d[3]
        if street == 1:
            self.third(got)
            return
        hero = self.hero
        for p, (before, _) in got.items():
            known = [c for c in p.cards if c >= 0] if p.name == hero else p.board
            if list(before) != known:
                raise Unhandled("the cards held")
        live = [p for p in self.players if not p.folded]
        if street < 5:
            if len(got) != len(live):
                raise Unhandled("a player dealt no card")
            for p in live:
                self.give(p, [_one(got[p][1])], [True])
        else:
            if DECK_SIZE - self.dealt < len(live):
                raise Unhandled("a community card")
            for p in live:
                self.give(p, [_one(got[p][1]) if p in got else -1], [False])
        self.start_round()

    def third(self, got: dict[LeanPlayer, tuple[tuple[int, ...], tuple[int, ...]]]) -> None:
        for p in self.players:
            d = got.get(p)
            if d is None:
                raise Unhandled("no cards dealt on 3rd street")
            before, new = d
            cards = before + new if len(before) == 2 and len(new) == 1 else new
            if len(cards) == 3:
                if self.hero is not None:
                    raise Unhandled("two players' down cards")
                self.hero = p.name
                down = [cards[0], cards[1]]
            elif len(new) == 1 and not before:
                down = [-1, -1]
            else:
                raise Unhandled("3rd street's cards")
            self.give(p, [*down, new[-1]], [False, False, True])
        able = [p for p in self.players if p.stack > 0]
        keys = bring_in_keys(self.game)
        self.bring_in_player = max(able, key=lambda p: keys[p.cards[2]]) if able else None
        self.start_round()

    def by_seat(self, seat: int) -> LeanPlayer:
        return next(p for p in self.players if p.seat == seat)

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
        live = [p for p in self.players if not p.folded]
        if self.round == 1:
            self.bring_in_due = self.bring_in_player is not None
            starts = [self.bring_in_player] if self.bring_in_player is not None else live
        else:
            self.bring_in_due = False
            starts = self.first_boards(live)
        firsts = [self.next_needing(p.index) for p in starts]
        self.first_choices = [p for p in firsts if p is not None]
        self.to_act = self.first_choices[0] if self.first_choices else None
        if self.to_act is None:
            self.close_round()

    def first_boards(self, live: list[LeanPlayer]) -> list[LeanPlayer]:
        """Who may act first from 4th street: the lowest board in Razz, the highest in
        Stud (``first_boards``); on 4th street of Stud, whether a pair shows."""
        razz = self.razz
        values = []
        pair = False
        for p in live:
            up = p.board
            values.append(board_of(razz, up))
            if not pair and self.round == 2:
                pair = up[0] >> 2 == up[1] >> 2
        best = min(values) if razz else max(values)
        self.open_pair = pair and self.game.open_pair_rule
        return [p for p, v in zip(live, values, strict=True) if v == best]

    def next_needing(self, first: int) -> LeanPlayer | None:
        if self.n_live == 1:
            return None
        players = self.players
        able = self.n_able
        n = len(players)
        current = self.current_bet
        for k in range(n):
            q = players[(first + k) % n]
            if needs_to_act(q.folded, q.stack, q.round_bet, q.acted, current, able):
                return q
        return None

    def close_round(self) -> None:
        found = uncalled_bet([q.round_bet for q in self.players])
        if found is not None:
            top, extra = self.players[found[0]], found[1]
            if top.stack == 0 and not top.folded:
                self.n_able += 1
            top.round_bet -= extra
            top.invested -= extra
            top.stack += extra
            self.uncalled_events.append((top.seat, extra))
        self.to_act = None
        self.first_choices = []
        if self.n_live == 1:
            self.settle({})
        elif self.round == 5:
            self.phase = SHOWDOWN
        else:
            self.phase = DEAL

    # ------------------------------------------------------------------ acting
    def act(
        self, line: int, name: str, said: tuple[str, int | None, int | None, bool, int | None]
    ) -> None:
        verb, written, to, all_in, added = said
        p = self.by_name.get(name)
        if p is None or self.phase != BETTING:
            raise Unhandled("an action out of turn")
        if self.round == 1 and self.round_actions == 0 and p is not self.to_act:
            self.bring_in_left_of_all_in(p)
        if verb == "all_in":
            verb = self.all_in_verb(p, written, added)
        amount = written if written is not None or verb == "call" else added
        if to is None and added is not None:
            to = p.round_bet + added
        if verb in _PASSIVE:
            kind = verb
        else:
            first_3rd = self.round == 1 and self.n_bets == 0
            if verb == "bet":
                if self.current_bet > 0 and not self.bring_in_due:
                    raise Unhandled("a bet over a bet")
                kind = "complete" if first_3rd else "bet"
                amount = to if to is not None else amount
            else:
                kind = "complete" if first_3rd else "raise"
                amount = to
                if (
                    verb == "raise"
                    and written is not None
                    and written != (to or 0) - self.current_bet
                ):
                    raise Unhandled("a raise's increment")
        chips, total, facing = self.engine_act(p, kind, amount)
        went_all_in = p.stack == 0 and chips > 0
        if went_all_in != all_in:
            raise Unhandled("all-in")
        if kind == "fold":
            self.folded_round[p.seat] = self.round
        seq = len(self.actions) + 1
        self.actions.append((seq, self.round, name, kind, chips, total, went_all_in, facing))

    def all_in_verb(self, p: LeanPlayer, written: int | None, added: int | None) -> str:
        """A bare ``is all-in`` line: the action the chips make (``StudReplay._verb``)."""
        to = p.round_bet + (added if added is not None else written or 0)
        if self.bring_in_due:
            return "bring_in" if to < self.small_bet else "complete"
        if to <= self.current_bet:
            return "call"
        return "bet" if self.current_bet == 0 else "raise"

    def bring_in_left_of_all_in(self, p: LeanPlayer) -> None:
        """PokerStars' bring-in left of a player all-in on the ante
        (``StudReplay._bring_in_left_of_all_in``)."""
        door = {q.seat: STD[q.board[0]] for q in self.players if q.board}
        if len(door) != len(self.players) or not self.bring_in_due:
            return
        low = self.by_seat(bring_in_seat(door, self.game))
        if low.stack > 0:
            return
        order = [q.seat for q in self.players]
        left = next(
            (s for s in clockwise_from(order, low.seat)[1:] if self.by_seat(s).stack > 0), None
        )
        if left == p.seat:
            self.bring_in_player = self.to_act = p
            self.first_choices = [p]

    def engine_act(self, p: LeanPlayer, kind: str, amount: int | None) -> tuple[int, int, bool]:
        """``StudHand.act``: (chips put in, the round total, whether a bet was faced)."""
        if p is not self.to_act:
            if self.round_actions > 0 or p not in self.first_choices:
                raise Unhandled("an action out of turn")
            self.to_act = p
        to_call = self.current_bet - p.round_bet
        facing = to_call > 0
        if kind == "fold":
            if self.bring_in_due:
                raise Unhandled("a fold before the bring-in")
            p.folded = True
            self.n_live -= 1
            if p.stack > 0:
                self.n_able -= 1
            chips, total = 0, p.round_bet
        elif kind == "check":
            if to_call != 0 or self.bring_in_due:
                raise Unhandled("a check facing a bet")
            chips, total = 0, p.round_bet
        elif kind == "call":
            if to_call <= 0 or self.bring_in_due:
                raise Unhandled("a call of nothing")
            chips = min(to_call, p.stack)
            if amount is not None and amount != chips:
                raise Unhandled("a call's amount")
            total = p.round_bet + chips
        elif kind == "bring_in":
            if not self.bring_in_due or amount is None:
                raise Unhandled("a bring-in out of turn")
            if self.bring_in is not None:
                lo = hi = min(self.bring_in, p.stack)
            else:
                lo, hi = 1, min(self.small_bet - 1, p.stack)
            if not lo <= amount <= hi:
                raise Unhandled("the bring-in's amount")
            self.current_bet = amount
            self.bring_in_due = False
            chips = total = amount
        else:
            chips, total = self.wager(p, kind, amount)
        if chips and chips == p.stack:
            self.n_able -= 1
        p.stack -= chips
        p.invested += chips
        p.round_bet = total
        p.acted = True
        p.may_raise = False
        self.round_actions += 1
        nxt = self.next_needing(p.index + 1)
        if nxt is None:
            self.close_round()
        else:
            self.to_act = nxt
        return chips, total, facing

    def units(self) -> tuple[int, ...]:
        if self.open_pair and not self.doubled:
            return (self.small_bet, self.big_bet)
        return (self.unit(),)

    def unit(self) -> int:
        return self.small_bet if self.round <= 2 and not self.doubled else self.big_bet

    def full_targets(self) -> list[int]:
        if self.round == 1 and self.n_bets == 0:
            return [self.small_bet]
        cur = self.current_bet
        targets = {base + u for base in (self.level, cur) for u in self.units()}
        return sorted(t for t in targets if t > cur)

    def wager(self, p: LeanPlayer, kind: str, amount: int | None) -> tuple[int, int]:
        """A bet, raise or completion to the round total ``amount`` (``legal_for`` and
        ``StudHand._wager``)."""
        total = p.stack + p.round_bet
        cur = self.current_bet
        others = [q for q in self.players if q is not p and not q.folded and q.stack > 0]
        if not (p.may_raise and self.n_bets < CAP_BETS and others and total > cur):
            raise Unhandled("a wager not allowed")
        if self.round == 1 and self.n_bets == 0:
            allowed = "complete"
        else:
            allowed = "bet" if cur == 0 else "raise"
        if kind != allowed or amount is None:
            raise Unhandled("a wager of another kind")
        full = self.full_targets()
        ok = (amount in full and amount <= total) or (amount == total and total < full[-1])
        if not ok:
            most = max(q.stack + q.round_bet for q in others)
            if cur < most < full[0] and most < total:
                ok = most <= amount <= min(full[0] - 1, total)
        if not ok:
            raise Unhandled("a wager's amount")
        if amount >= full[0] or 2 * (amount - cur) >= self.unit():
            self.n_bets += 1
            if self.open_pair and not self.doubled and amount > self.level + self.small_bet:
                self.doubled = True
            self.level += self.unit()
            for q in self.players:
                if q is not p:
                    q.may_raise = True
        self.current_bet = amount
        self.bring_in_due = False
        return amount - p.round_bet, amount

    # ------------------------------------------------------------------ showing
    def reveal_cards(self, p: LeanPlayer, shown: tuple[int, ...]) -> list[int]:
        """``StudHand.reveal``: a player shows every card they hold; unknown ones are
        filled in. Returns their cards in dealing order."""
        if len(set(shown)) != len(shown) or len(shown) != len(p.cards):
            raise Unhandled("the cards shown")
        for c in p.cards:
            if c >= 0 and c not in shown:
                raise Unhandled("the cards shown")
        new = [c for c in shown if c not in p.cards]
        seen = self.seen
        for c in new:
            if seen >> c & 1:
                raise Unhandled("a card seen twice")
            seen |= 1 << c
        self.seen = seen
        if new:
            fill = iter(new)
            p.cards = [c if c >= 0 else next(fill) for c in p.cards]
        return p.cards

    def at_showdown(self, p: LeanPlayer, what: str) -> None:
        if self.phase != SHOWDOWN or p.folded:
            return
        if all(n != p.name for n, _ in self.reveal):
            self.reveal.append((p.name, what))

    def show(self, name: str, said: tuple[tuple[int, ...], str | None]) -> LeanPlayer:
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
            and shown_hand(self.game.value, p.cards)[0] != description
        ):
            raise Unhandled("the description of a shown hand")
        return p

    def muck(self, name: str, cards: tuple[int, ...]) -> None:
        p = self.by_name.get(name)
        if p is None:
            return
        if cards:
            self.reveal_cards(p, cards)
        self.at_showdown(p, "muck")


def _one(new: tuple[int, ...]) -> int:
    if len(new) != 1:
        raise Unhandled("one new card expected")
    return new[0]

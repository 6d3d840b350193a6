"""The stud fast path's betting round: the state of a hand's betting and the options
of the player to act, by the engine's rules (:class:`rakestats.stud.StudHand` with
``legal_for``: the bring-in, calls short of chips, all-in wagers, the cover raise, the
open pair, the cap; who must act by :func:`~rakestats.betting.needs_to_act`, the
uncalled bet by :func:`~rakestats.betting.uncalled_bet`). Every betting line is checked
as :class:`~rakestats.formats.stud._replay.StudReplay` checks it; where that replay
would refuse the hand, :class:`~._lean_base.Unhandled` is raised.
"""

from __future__ import annotations

from typing import Any, Final

from rakestats.betting.pots import uncalled_bet
from rakestats.betting.rules import needs_to_act
from rakestats.formats.stud._engine import all_in_verb
from rakestats.formats.stud._lean_base import STD, Unhandled
from rakestats.stud import StudGame, bring_in_seat
from rakestats.stud.rules import CAP_BETS, clockwise_from

__all__ = ["BETTING", "COMPLETE", "DEAL", "SHOWDOWN", "LeanBetting", "LeanPlayer"]

DEAL: Final = 0
BETTING: Final = 1
SHOWDOWN: Final = 2
COMPLETE: Final = 3


class LeanPlayer:
    """A player's state: chips as the engine's ``StudPlayer`` holds them; ``cards`` as
    numbers (-1: not shown), ``up`` whether each is face up, ``board`` the up cards."""

    __slots__ = (
        "acted", "board", "cards", "folded", "hidden", "index", "invested", "may_raise",
        "name", "round_bet", "seat", "stack", "start", "up",
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
        self.board: list[int] = []
        self.hidden = False  # an up card the room does not write


#: The games by their text: a dict lookup, where ``StudGame(text)`` and ``game.value``
#: are Python calls from compiled code.
_GAMES: Final = {g.value: g for g in StudGame}


class LeanBetting:
    """A hand's betting: the players (set by the subclass, which deals and settles),
    the round and the actions as the records hold them."""

    def __init__(self, game: str, small_bet: int, big_bet: int) -> None:
        member = _GAMES.get(game)
        if member is None:
            raise ValueError(f"{game!r} is not a StudGame")
        self.game = member
        self.game_text = game  # ``game.value``
        self.small_bet, self.big_bet = small_bet, big_bet
        self.players: list[LeanPlayer] = []
        self.by_name: dict[str, LeanPlayer] = {}
        self.n_live = self.n_able = 0  # players not folded, and those with chips
        self.ante = 0
        self.bring_in: int | None = None  # the first bring-in line's, when not all-in
        self.phase = DEAL
        self.round = 0
        self.current_bet = self.n_bets = self.level = self.round_actions = 0
        self.open_pair = self.doubled = self.bring_in_due = False
        self.to_act: LeanPlayer | None = None
        self.bring_in_player: LeanPlayer | None = None
        self.first_choices: list[LeanPlayer] = []
        # the actions as the records hold them, and the index of the player
        self.actions: list[tuple[int, int, str, str, int, int, bool, bool, int]] = []
        self.folded_round: dict[int, int] = {}
        self.uncalled_events: list[tuple[int, int]] = []  # (seat, chips)

    def settle(self, hands: dict[int, list[Any]]) -> None:
        """Award the pots (the subclass)."""
        raise NotImplementedError

    def next_needing(self, first: int) -> LeanPlayer | None:
        if self.n_live == 1:
            return None
        players = self.players
        able = self.n_able
        n = len(players)
        current = self.current_bet
        for k in range(first, first + n):
            q = players[k % n]
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

    def act(self, name: str, said: tuple[str, int | None, int | None, bool, int | None]) -> None:
        """A betting line: ``StudReplay._act`` and ``StudHand.act``."""
        verb, written, to, all_in, added = said
        p = self.by_name.get(name)
        if p is None or self.phase != BETTING:
            raise Unhandled("an action out of turn")
        if p is not self.to_act:
            if self.round == 1 and self.round_actions == 0:
                self.bring_in_left_of_all_in(p)
            if p is not self.to_act:
                if self.round_actions > 0 or p not in self.first_choices:
                    raise Unhandled("an action out of turn")
                self.to_act = p
        if verb == "all_in":
            verb = self.all_in_verb(p, written, added)
        amount = written if written is not None or verb == "call" else added
        if to is None and added is not None:
            to = p.round_bet + added
        facing = self.current_bet > p.round_bet
        if verb == "fold":
            if self.bring_in_due:
                raise Unhandled("a fold before the bring-in")
            p.folded = True
            self.n_live -= 1
            if p.stack > 0:
                self.n_able -= 1
            chips, total = 0, p.round_bet
            self.folded_round[p.seat] = self.round
        elif verb == "check":
            if facing or self.bring_in_due:
                raise Unhandled("a check facing a bet")
            chips, total = 0, p.round_bet
        elif verb == "call":
            if not facing or self.bring_in_due:
                raise Unhandled("a call of nothing")
            chips = min(self.current_bet - p.round_bet, p.stack)
            if amount is not None and amount != chips:
                raise Unhandled("a call's amount")
            total = p.round_bet + chips
        elif verb == "bring_in":
            chips = total = self.bring_in_of(p, amount)
        else:
            verb, amount = self.wager_kind(verb, amount, written, to)
            chips, total = self.wager(p, verb, amount)
        if chips:
            if chips == p.stack:
                self.n_able -= 1
            p.stack -= chips
            p.invested += chips
        p.round_bet = total
        p.acted = True
        p.may_raise = False
        went_all_in = p.stack == 0 and chips > 0
        if went_all_in != all_in:
            raise Unhandled("all-in")
        actions = self.actions
        seq = len(actions) + 1
        actions.append((seq, self.round, name, verb, chips, total, went_all_in, facing, p.index))
        self.round_actions += 1
        nxt = self.next_needing(p.index + 1)
        if nxt is None:
            self.close_round()
        else:
            self.to_act = nxt

    def bring_in_of(self, p: LeanPlayer, amount: int | None) -> int:
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
        return amount

    def wager_kind(
        self, verb: str, amount: int | None, written: int | None, to: int | None
    ) -> tuple[str, int | None]:
        """The engine's kind and round total of a bet, raise or completion line."""
        first_3rd = self.round == 1 and self.n_bets == 0
        if verb == "bet":
            if self.current_bet > 0 and not self.bring_in_due:
                raise Unhandled("a bet over a bet")
            return ("complete" if first_3rd else "bet"), (to if to is not None else amount)
        if verb == "raise" and written is not None and written != (to or 0) - self.current_bet:
            raise Unhandled("a raise's increment")
        return ("complete" if first_3rd else "raise"), to

    def all_in_verb(self, p: LeanPlayer, written: int | None, added: int | None) -> str:
        """A bare ``is all-in`` line: the action the chips make (``StudReplay._verb``)."""
        to = p.round_bet + (added if added is not None else written or 0)
        return all_in_verb(to, self.bring_in_due, self.small_bet, self.current_bet)

    def bring_in_left_of_all_in(self, p: LeanPlayer) -> None:
        """PokerStars' bring-in left of a player all-in on the ante
        (``StudReplay._bring_in_left_of_all_in``)."""
        door = {q.seat: STD[q.board[0]] for q in self.players if q.board}
        if len(door) != len(self.players) or not self.bring_in_due:
            return
        by_seat = {q.seat: q for q in self.players}
        low = by_seat[bring_in_seat(door, self.game)]
        if low.stack > 0:
            return
        left = next(
            (s for s in clockwise_from(by_seat, low.seat)[1:] if by_seat[s].stack > 0), None
        )
        if left == p.seat:
            self.bring_in_player = self.to_act = p
            self.first_choices = [p]

    def unit(self) -> int:
        return self.small_bet if self.round <= 2 and not self.doubled else self.big_bet

    def full_targets(self) -> list[int]:
        """``full_targets``: the round totals of a full bet, raise or completion."""
        if self.round == 1 and self.n_bets == 0:
            return [self.small_bet]
        cur = self.current_bet
        units: tuple[int, ...] = (self.unit(),)
        if self.open_pair and not self.doubled:
            units = (self.small_bet, self.big_bet)
        elif self.level == cur:
            return [cur + units[0]]  # every bet made in full: one next level
        targets = {base + u for base in (self.level, cur) for u in units}
        return sorted([t for t in targets if t > cur])

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
            most = max([q.stack + q.round_bet for q in others])
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

"""Replaying the ``actions`` of a PHH Razz hand (variant ``FR``) through the stud engine.

PHH action strings: ``d dh pN CARDS`` deals cards to player N (three on 3rd street: two
down, then the door card; one card on each later street, the 7th down), ``d db CARD`` a
community card, ``pN pb`` the bring-in, ``pN cbr X`` a completion, bet or raise *to* X,
``pN cc`` a check or call, ``pN f`` a fold, ``pN sm CARDS`` shows (no cards: mucks).
Unknown cards are written ``??``. A ``#`` starts a comment.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.cards import CardError, StdCard, parse_std_cards
from rakestats.formats.stud import action_record
from rakestats.razz.engine import IllegalActionError, Phase, StudHand
from rakestats.razz.events import StudActionKind
from rakestats.records import ActionRecord

__all__ = ["PhhError", "PhhReplay"]

_K = StudActionKind
_ACTION = re.compile(
    r"^(?:d (?P<deal>dh|db)(?: p(?P<dp>\d+))? (?P<cards>\S+)"
    r"|p(?P<p>\d+) (?P<verb>pb|cbr|cc|f|sm)(?: (?P<arg>\S+))?)$"
)


class PhhError(Exception):
    """A PHH hand that does not follow the rules: ``index`` is the 0-based action."""

    def __init__(self, index: int | None, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.reason = reason


def _cards(text: str) -> list[StdCard | None]:
    if len(text) % 2:
        raise ValueError(f"cards {text!r} are not pairs of characters")
    out: list[StdCard | None] = []
    for i in range(0, len(text), 2):
        tok = text[i : i + 2]
        out.append(None if tok == "??" else parse_std_cards(tok)[0])
    return out


class PhhReplay:
    """Runs the actions; afterwards ``engine``, ``actions``, ``folded_round`` and
    ``shown`` describe the validated hand."""

    def __init__(self, engine: StudHand, actions: Sequence[str]) -> None:
        self.engine = engine
        self.raw = [a.split("#", 1)[0].strip() for a in actions]
        self.actions: list[ActionRecord] = []
        self.folded_round: dict[int, int] = {}
        self.shown: dict[int, list[StdCard]] = {}
        self.mucked: set[int] = set()
        self.reveal: list[tuple[str, str]] = []  # the showdown: (name, "show" | "muck")
        self.pending: list[tuple[int, int, list[StdCard | None]]] = []  # (index, seat, cards)
        self.unknown_cards = False

    def run(self) -> None:
        for i, text in enumerate(self.raw):
            m = _ACTION.match(text)
            if m is None:
                raise PhhError(i, f"cannot read the action {text!r}")
            try:
                if m["deal"]:
                    self._deal(i, m)
                else:
                    self._flush()
                    self._act(i, int(m["p"]), m["verb"], m["arg"])
            except (IllegalActionError, CardError, ValueError) as e:
                raise PhhError(i, f"{text!r}: {e}") from None
        try:
            self._flush()
            if self.engine.phase is Phase.SHOWDOWN:
                live = self.engine.live_seats
                self.engine.showdown({s: c for s, c in self.shown.items() if s in live})
        except IllegalActionError as e:
            raise PhhError(len(self.raw) - 1, str(e)) from None
        if self.engine.phase is not Phase.COMPLETE:
            raise PhhError(None, f"the hand is not over: it is at {self.engine.phase.value}")

    def _seat(self, n: str | int) -> int:
        seat = int(n)
        if seat not in self.engine.players:
            raise ValueError(f"there is no player p{seat}")
        return seat

    def _deal(self, i: int, m: re.Match[str]) -> None:
        cards = _cards(m["cards"])
        self.unknown_cards = self.unknown_cards or None in cards
        if m["deal"] == "db":
            self._flush()
            self.engine.deal_community(cards[0] if len(cards) == 1 else None)
            return
        if m["dp"] is None:
            raise ValueError("a hole-card deal names no player")
        self.pending.append((i, self._seat(m["dp"]), cards))

    def _flush(self) -> None:
        if not self.pending:
            return
        e = self.engine
        got = {seat: cards for _, seat, cards in self.pending}
        if len(got) != len(self.pending):
            raise ValueError("two deals to one player on one street")
        self.pending = []
        if e.round == 0:
            for seat, cards in got.items():
                if len(cards) != 3 or cards[2] is None:
                    raise ValueError(f"p{seat} must get three cards with a known door card")
            up = {s: c[2] for s, c in got.items() if c[2] is not None}
            e.deal_third({s: c[:2] for s, c in got.items()}, up)
            return
        for seat, cards in got.items():
            if len(cards) != 1:
                raise ValueError(f"p{seat} must get one card on this street")
        if e.round < 4:
            up = {s: c[0] for s, c in got.items() if c[0] is not None}
            if len(up) != len(got):
                raise ValueError("a face-up card is unknown")
            e.deal_up(up)
        else:
            e.deal_seventh({s: c[0] for s, c in got.items()})

    def _act(self, i: int, n: int, verb: str, arg: str | None) -> None:
        e = self.engine
        seat = self._seat(n)
        if verb == "sm":
            if e.phase is Phase.SHOWDOWN and seat in e.live_seats and seat not in self.shown:
                self.reveal.append((e.players[seat].name, "show" if arg else "muck"))
            if not arg:
                self.mucked.add(seat)
                return
            shown = [c for c in _cards(arg) if c is not None]
            e.reveal(seat, shown)
            self.shown[seat] = shown
            return
        if e.phase is not Phase.BETTING:
            raise ValueError(f"p{seat} acts, but no betting round is open ({e.phase.value})")
        amount: int | None = None
        if verb == "pb":
            kind = _K.BRING_IN
            legal = e.legal_actions(seat)
            amount = legal.bring_in[0] if legal.bring_in else None
        elif verb == "f":
            kind = _K.FOLD
        elif verb == "cc":
            to_call = e.current_bet - e.players[seat].round_bet
            kind = _K.CALL if to_call > 0 else _K.CHECK
        else:
            if arg is None or not arg.isdigit():
                raise ValueError("cbr needs an amount")
            amount = int(arg)
            if e.round == 1 and e.n_bets == 0:
                kind = _K.COMPLETE
            else:
                kind = _K.BET if e.current_bet == 0 else _K.RAISE
        action = e.act(kind, amount, seat=seat)
        if kind is _K.FOLD:
            self.folded_round[seat] = action.round
        self.actions.append(action_record(len(self.actions) + 1, e.players[seat].name, action))

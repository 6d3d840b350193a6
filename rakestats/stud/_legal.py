"""What the player to act may do in fixed-limit stud: the :class:`StudLegal` view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rakestats.betting import describe_actions
from rakestats.stud.events import StudActionKind

if TYPE_CHECKING:
    from rakestats.stud.engine import StudHand, StudPlayer

__all__ = ["StudLegal", "full_targets", "legal_for"]


@dataclass(frozen=True, slots=True)
class StudLegal:
    """The legal actions of the player to act. Amounts are chips; wagers are round totals.

    ``bring_in``: the bring-in due (``(lo, hi)``: amounts accepted, equal when known).
    ``wager_kind``: what a wager is called here (bet, raise or complete), ``None`` when
    the player may not wager (the cap, nobody left to answer, or no chips beyond a call);
    ``wager_to``: the accepted totals (full bets, and the player's all-in for less);
    ``cover_from``: a total from which a smaller raise is accepted because it covers what
    every opponent has left (``None`` if no such raise exists).
    """

    seat: int
    name: str
    can_fold: bool
    can_check: bool
    call_amount: int | None
    bring_in: tuple[int, int] | None
    wager_kind: StudActionKind | None
    wager_to: tuple[int, ...]
    cover_from: int | None
    cover_to: int | None

    def wager_ok(self, to: int) -> bool:
        if self.wager_kind is None:
            return False
        if to in self.wager_to:
            return True
        return (
            self.cover_from is not None
            and self.cover_to is not None
            and self.cover_from <= to <= self.cover_to
        )

    def describe(self) -> str:
        bring_in = []
        if self.bring_in is not None:
            lo, hi = self.bring_in
            bring_in.append(f"bring in {lo}" if lo == hi else f"bring in {lo}-{hi}")
        wager = []
        if self.wager_kind is not None:
            word = {"bet": "bet", "raise": "raise to", "complete": "complete to"}
            targets = "/".join(str(t) for t in self.wager_to)
            text = f"{word[self.wager_kind.value]} {targets}"
            if self.cover_from is not None:
                text += f" (or {self.cover_from}-{self.cover_to}, covering every opponent)"
            wager.append(text)
        text = describe_actions(self.can_fold, self.can_check, self.call_amount, bring_in, wager)
        return text or "nothing"


def full_targets(h: StudHand) -> list[int]:
    """Round totals of a full wager: the completion on 3rd street, else the next level of
    bets, or the current bet plus one bet after a short all-in (both accepted); on an
    open-pair 4th street in Stud, with the small or the big bet."""
    if h.round == 1 and h.n_bets == 0:
        return [h.small_bet]
    targets = {base + u for base in (h.level, h.current_bet) for u in h.units}
    return sorted(t for t in targets if t > h.current_bet)


def legal_for(h: StudHand, p: StudPlayer) -> StudLegal:
    """The legal actions of player ``p`` in hand ``h`` (at a betting round)."""
    to_call = h.current_bet - p.round_bet
    total = p.stack + p.round_bet
    bring_in = None
    if h.bring_in_due:
        if h.bring_in is not None:
            amount = min(h.bring_in, p.stack)
            bring_in = (amount, amount)
        else:
            bring_in = (1, min(h.small_bet - 1, p.stack))
    others = [q for q in h.players.values() if q is not p and q.can_act]
    kind: StudActionKind | None = None
    targets: list[int] = []
    cover_from = cover_to = None
    if p.may_raise and h.n_bets < h.cap and others and total > h.current_bet:
        if h.round == 1 and h.n_bets == 0:
            kind = StudActionKind.COMPLETE
        else:
            kind = StudActionKind.BET if h.current_bet == 0 else StudActionKind.RAISE
        full = full_targets(h)
        targets = [t for t in full if t <= total]
        if total < full[-1] and total not in targets:
            targets.append(total)
        most = max(q.stack + q.round_bet for q in others)
        if h.current_bet < most < full[0] and most < total:
            cover_from, cover_to = most, min(full[0] - 1, total)
    calling = to_call > 0 and not h.bring_in_due
    return StudLegal(
        seat=p.seat,
        name=p.name,
        can_fold=not h.bring_in_due,
        can_check=to_call == 0 and not h.bring_in_due,
        call_amount=min(to_call, p.stack) if calling else None,
        bring_in=bring_in,
        wager_kind=kind,
        wager_to=tuple(sorted(targets)),
        cover_from=cover_from,
        cover_to=cover_to,
    )

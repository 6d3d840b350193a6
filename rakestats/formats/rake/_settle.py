"""Checks of the end of a Rake hand against the settlement: pots collected and summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rakestats.formats._base import HandError
from rakestats.formats.rake._fast import cards_text
from rakestats.formats.rake._model import CollectLine, Item
from rakestats.rake.showdown import Settlement

if TYPE_CHECKING:
    from rakestats.formats.rake._replay import Replay

__all__ = ["check_collected", "check_summary"]

_ROUND_WORD = {1: "first", 2: "second", 3: "third"}


def _fail(line: int, reason: str) -> HandError:
    return HandError(line, f"line {line}: {reason}")


def _pot_label(index: int, single: bool) -> str:
    if single:
        return "pot"
    return "main pot" if index == 0 else f"side pot-{index}"


def check_collected(replay: Replay, items: Sequence[Item]) -> None:
    """The "collected" lines are exactly the settlement's shares, main pot first."""
    h = replay.engine
    s = h.settlement
    assert s is not None
    single = len(s.pots) == 1
    expected = [
        (pot.index, h.players[w].name, share)
        for pot in s.pots
        for w, share in zip(pot.winners, pot.shares, strict=True)
        if share > 0
    ]
    left = list(expected)
    last_pot = 0
    collects = [it for it in items if isinstance(it, CollectLine)]
    for it in collects:
        label = _pot_label(it.pot, it.single)
        if it.single != single or it.pot >= len(s.pots):
            want = ", ".join(_pot_label(p.index, single) for p in s.pots)
            raise _fail(it.line, f"no {label} in this hand (pots: {want})")
        if it.pot < last_pot:
            raise _fail(it.line, f"the {label} comes after a later pot")
        last_pot = it.pot
        key = (it.pot, it.name, it.amount)
        if key not in left:
            shares = [f"{n} {a}" for i, n, a in expected if i == it.pot] or ["nobody"]
            raise _fail(
                it.line,
                f"{it.name} did not collect {it.amount} from the {label}; "
                f"the {label} goes to {', '.join(shares)}",
            )
        left.remove(key)
    if left:
        i, name, amount = left[0]
        line = collects[-1].line if collects else replay.hand.last_line
        raise _fail(line, f"missing '{name} collected {amount} from {_pot_label(i, single)}'")


def _outcome_text(replay: Replay, s: Settlement, seat: int) -> str:
    p = replay.engine.players[seat]
    dealer = " (dealer)" if seat == replay.hand.dealer_seat else ""
    head = f"Seat {seat}: {p.name}{dealer} "
    if p.folded:
        return head + f"folded in the {_ROUND_WORD[replay.folded_round[seat]]} betting round"
    if not replay.revealed:
        return head + f"collected ({s.collected[seat]})"
    cards = cards_text(replay.shown[seat])
    desc = s.values[seat].description
    if s.collected[seat] > 0:
        return head + f"showed [{cards}] and won ({s.collected[seat]}) with {desc}"
    return head + f"showed [{cards}] and lost with {desc}"


def check_summary(replay: Replay, s: Settlement) -> None:
    """The total pot, the pots before the fee, the fee, and every seat's outcome."""
    hand = replay.hand
    t = hand.total
    assert t is not None
    if t.total != s.total_pot:
        raise _fail(t.line, f"the total pot is {s.total_pot}, not {t.total}")
    if t.house_fee != s.house_fee:
        raise _fail(t.line, f"the house fee is {s.house_fee}, not {t.house_fee}")
    pots: tuple[int, ...] = ()
    if len(s.pots) > 1:
        pots = (s.pots[0].amount + s.house_fee, *(p.amount for p in s.pots[1:]))
    if t.pots != pots:
        want = " ".join(map(str, pots)) if pots else "a single pot"
        got = " ".join(map(str, t.pots)) if t.pots else "a single pot"
        raise _fail(t.line, f"the pots are {want}, not {got}")
    outcomes = hand.outcomes
    seats = hand.seats
    players = replay.engine.players
    dealer = hand.dealer_seat
    folded_round = replay.folded_round
    shown = replay.shown
    for o, seat_line in zip(outcomes, seats, strict=False):
        seat = seat_line.seat
        p = players[seat]
        won = s.collected[seat]
        if o.seat != seat or o.dealer != (seat == dealer):
            ok = False
        elif p.folded:
            ok = o.kind == "folded" and o.folded_round == folded_round[seat]
        elif not replay.revealed:
            ok = o.kind == "collected" and o.amount == won
        else:
            value = s.values[seat]
            ok = (
                o.cards == shown[seat]
                and o.description == value.description
                and (o.kind == "won" and o.amount == won if won > 0 else o.kind == "lost")
            )
        if not ok:
            want = _outcome_text(replay, s, seat)
            raise _fail(o.line, f"expected {want!r}")
    if len(outcomes) != len(seats):
        if len(outcomes) > len(seats):
            raise _fail(outcomes[len(seats)].line, "one summary seat line too many")
        missing = seats[len(outcomes)].name
        raise _fail(hand.last_line, f"hand ends before the summary line of {missing}")

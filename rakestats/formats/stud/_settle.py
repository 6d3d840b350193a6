"""Checks of the end of a stud hand against the engine's settlement: uncalled bets, the
pots collected after the room's rake, the total pot and the summary.

The rake is the room's: it is taken from the pot before it is awarded, so with one pot
the winners share ``pot - rake`` (a split pot in halves, the odd chip to either half;
odd chips to any of the tied winners: the room's choice is accepted). With side pots
the room does not say which pot the rake came from; each player must then collect at
most their gross share, winners only, and the shortfall must equal the rake.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rakestats.betting import UncalledReturned, split_pot
from rakestats.formats.stud._common import fail as _fail
from rakestats.formats.stud._engine import Settlement, pot_parts
from rakestats.formats.stud._model import CollectLine, TotalLine
from rakestats.records import PotRecord

if TYPE_CHECKING:
    from rakestats.formats.stud._replay import StudReplay

__all__ = ["check_end", "shares_fit"]


def shares_fit(got: Mapping[int, int], parts: Sequence[tuple[int, ...]], net: int) -> bool:
    """Whether the winners of ``parts`` (one group, or the high and the low half) can
    have collected ``got`` from a pot of ``net`` chips after the rake: each part its
    share (the odd chip of two halves to either), each winner of a part an equal share
    of it, odd chips to any of them.

    >>> shares_fit({1: 5, 2: 4}, [(1, 2)], 9), shares_fit({1: 3, 2: 6}, [(1, 2)], 9)
    (True, False)
    >>> shares_fit({1: 5, 2: 4}, [(1,), (2,)], 9), shares_fit({1: 4, 2: 5}, [(1,), (2,)], 9)
    (True, True)
    """
    halves = (
        [(net,)] if len(parts) == 1 else [(net - net // 2, net // 2), (net // 2, net - net // 2)]
    )
    winners = {w for part in parts for w in part}
    for amounts in halves:
        base = dict.fromkeys(winners, 0)
        odd_parts = dict.fromkeys(winners, 0)
        odd = 0
        for amount, part in zip(amounts, parts, strict=True):
            for w in part:
                base[w] += amount // len(part)
                odd_parts[w] += 1 if amount % len(part) else 0
            odd += amount % len(part)
        extra = {w: got.get(w, 0) - base[w] for w in winners}
        if all(0 <= x <= odd_parts[w] for w, x in extra.items()) and sum(extra.values()) == odd:
            return True
    return False


def _check_uncalled(r: StudReplay) -> None:
    e = r.engine
    expected = [(ev.seat, ev.amount) for ev in e.log if isinstance(ev, UncalledReturned)]
    for i, u in enumerate(r.uncalled):
        if i >= len(expected):
            raise _fail(u.line, f"no bet of {u.name} is uncalled")
        seat, amount = expected[i]
        if (r.seat_of[u.name], u.amount) != (seat, amount):
            who = e.players[seat].name
            raise _fail(u.line, f"the uncalled bet is {amount}, returned to {who}")
    if len(r.uncalled) < len(expected):
        seat, amount = expected[len(r.uncalled)]
        line = r.collects[0].line if r.collects else r.hand.first_line
        raise _fail(line, f"missing: Uncalled bet ({amount}) returned to {e.players[seat].name}")


def _best(r: StudReplay, s: Settlement) -> str:
    names = []
    for pot in s.pots:
        for w in pot.winners:
            v = s.values.get(w)
            names.append(f"{r.engine.players[w].name}" + (f" ({v.description})" if v else ""))
    return ", ".join(dict.fromkeys(names))


def _check_collected(r: StudReplay, s: Settlement, rake: int, line: int) -> dict[int, int]:
    e = r.engine
    got: dict[int, int] = dict.fromkeys(e.players, 0)
    for c in r.collects:
        seat = r.seat_of[c.name]
        if seat not in got:
            raise _fail(c.line, f"{c.name} collects but is not in the hand")
        got[seat] += c.amount
    winners = {w for i in range(len(s.pots)) for part in pot_parts(s, i) for w in part}
    for seat, amount in got.items():
        if amount and seat not in winners:
            at = next(c.line for c in r.collects if r.seat_of[c.name] == seat)
            raise _fail(
                at, f"{e.players[seat].name} collects {amount}, but the pot goes to {_best(r, s)}"
            )
    if len(s.pots) == 1:
        pot = s.pots[0]
        parts = pot_parts(s, 0)
        if not shares_fit(got, parts, pot.amount - rake):
            net = pot.amount - rake
            halves = [net] if len(parts) == 1 else [net - net // 2, net // 2]
            want = [
                x for h, part in zip(halves, parts, strict=True) for x in split_pot(h, part, part)
            ]
            shares = ", ".join(str(x) for x in sorted(want, reverse=True))
            raise _fail(
                line, f"the pot of {pot.amount} less rake {rake} is {shares} to {_best(r, s)}"
            )
    else:
        for seat, amount in got.items():
            if amount > s.collected[seat]:
                name = e.players[seat].name
                raise _fail(
                    line, f"{name} collects {amount}, more than the share {s.collected[seat]}"
                )
        if sum(s.collected.values()) - sum(got.values()) != rake:
            raise _fail(line, f"the pots collected and the rake {rake} do not add up")
    return got


def _check_summary(r: StudReplay, got: dict[int, int]) -> None:
    e = r.engine
    for it in r.summary:
        seat = r.seat_of[it.name]
        if seat != it.seat:
            raise _fail(it.line, f"{it.name} sits in seat {seat}, not {it.seat}")
        if seat not in e.players:
            continue
        if it.outcome in ("collected", "won") and it.amount != got[seat]:
            raise _fail(it.line, f"{it.name} collected {got[seat]}, not {it.amount}")
        if it.outcome == "lost" and got[seat]:
            raise _fail(it.line, f"{it.name} collected {got[seat]}; the summary says lost")
        if it.outcome == "folded" and r.folded_round.get(seat) != it.fold_round:
            raise _fail(it.line, f"{it.name} did not fold on that street")
        if it.outcome in ("won", "lost") and it.cards and tuple(it.cards) != r.shown.get(seat):
            raise _fail(it.line, f"{it.name} did not show these cards")
        if it.outcome == "mucked" and it.cards:
            try:
                e.reveal(seat, it.cards)
            except ValueError as err:
                raise _fail(it.line, str(err)) from None


def _pot_index(label: str) -> int:
    """0 for ``pot`` and ``main pot``, k for ``side pot-k`` (``side pot``: 1)."""
    if not label.startswith("side"):
        return 0
    return int(label.rsplit("-", 1)[1]) if "-" in label else 1


def _pots(r: StudReplay, s: Settlement, t: TotalLine) -> tuple[PotRecord, ...]:
    """The pots as the history writes them: each pot's amount (the summary's, before the
    rake; the settlement's where the summary gives none) and the collected lines."""
    shares: dict[int, dict[str, int]] = {}
    for c in r.collects:
        mine = shares.setdefault(_pot_index(c.pot), {})
        mine[c.name] = mine.get(c.name, 0) + c.amount
    n = max(len(s.pots), max(shares, default=0) + 1)
    written = t.pots if len(t.pots) == n else ((t.total,) if n == 1 else ())
    out = []
    for i in range(n):
        amount = written[i] if written else (s.pots[i].amount if i < len(s.pots) else 0)
        out.append(PotRecord(i, amount, tuple(shares.get(i, {}).items())))
    return tuple(out)


def _unwritten_uncalled(r: StudReplay) -> None:
    """A room that writes no uncalled bets counts the bet returned in the winnings of
    the player it goes back to: their collected lines are taken less it."""
    e = r.engine
    for ev in e.log:
        if not isinstance(ev, UncalledReturned):
            continue
        name = e.players[ev.seat].name
        k = next((i for i, c in enumerate(r.collects) if c.name == name), None)
        if k is not None and r.collects[k].amount >= ev.amount:
            c = r.collects[k]
            r.collects[k] = CollectLine(c.line, c.name, c.amount - ev.amount, c.pot)


def _derived_total(r: StudReplay) -> TotalLine:
    """The pot line of a room that writes none: the pot the players put in, the rake
    what was not collected of it."""
    pot = r.engine.pot
    collected = sum(c.amount for c in r.collects)
    line = r.collects[-1].line if r.collects else r.hand.items[-1].line
    if collected > pot:
        raise _fail(line, f"the players collect {collected}, more than the pot {pot}")
    return TotalLine(line, pot, pot - collected, ())


def check_end(r: StudReplay, s: Settlement) -> None:
    """The end of the hand agrees with the settlement (raises HandError)."""
    room = r.hand.room
    if room.writes_uncalled:
        _check_uncalled(r)
    else:
        _unwritten_uncalled(r)
    if r.total is None and not room.states_rake:
        r.total = _derived_total(r)
    if r.total is None:
        raise _fail(r.hand.items[-1].line, "the summary has no 'Total pot' line")
    t = r.total
    if t.total != r.engine.pot:
        raise _fail(t.line, f"total pot {t.total}, but the players put in {r.engine.pot}")
    collected = sum(c.amount for c in r.collects)
    if collected + t.rake != t.total:
        raise _fail(
            t.line, f"collected {collected} and rake {t.rake} do not make the pot {t.total}"
        )
    got = _check_collected(r, s, t.rake, t.line)
    _check_summary(r, got)
    r.collected = got
    r.pots = _pots(r, s, t)

"""The play of a hand on the fast path (:mod:`._lean`): the betting rounds, the middle
cards and the pick-ups, read and replayed on a :class:`LeanHand`.

The betting follows :mod:`rakestats.rake.betting_rules`, as the engine does; lines are
compared with the renderer's (:mod:`._text`) or sliced with its literal pieces
(:data:`._patterns.PIECES`).
"""

from __future__ import annotations

from typing import Final

from rakestats.betting.pots import uncalled_bet
from rakestats.formats.rake._fast import category_of_indices
from rakestats.formats.rake._lean_state import (
    ACTION,
    ACTION_FIELDS,
    CARD,
    CARD_TEXT,
    MIDDLE_CARDS,
    PICK_UP,
    SHORT,
    UNCALLED,
    LeanHand,
    between,
    cards,
    number,
)
from rakestats.formats.rake._patterns import PIECES
from rakestats.formats.rake._text import (
    MIDDLE,
    betting_round,
    face_down,
    pickup,
    uncalled,
)
from rakestats.formats.rake._unhandled import Unhandled
from rakestats.rake.betting_rules import (
    betting_bounds,
    last_raise_after_bet,
    needs_to_act,
    raise_reopens,
)
from rakestats.rake.events import ActionKind
from rakestats.rake.rules import MAX_PLAYERS

__all__ = ["play_middle", "play_pickup", "play_round"]

_FOLD: Final = PIECES.fold
_CHECK: Final = PIECES.check
_CALL: Final = PIECES.call
_BET: Final = PIECES.bet
_RAISE: Final = PIECES.raise_by
_ALL_IN: Final = PIECES.all_in
_UP: Final = PIECES.face_up
_DOWN: Final = PIECES.face_down
_PICK: Final = PIECES.pick
_HIDDEN: Final = PIECES.pick_hidden
_FOLDS: Final = ActionKind.FOLD.value
_CHECKS: Final = ActionKind.CHECK.value
_CALLS: Final = ActionKind.CALL.value
_BETS: Final = ActionKind.BET.value
_RAISES: Final = ActionKind.RAISE.value
_FACE_DOWN_COUNT_OF: Final = [face_down(None, k) for k in range(MAX_PLAYERS + 1)]


def play_round(h: LeanHand) -> None:
    """Betting round ``h.rnd``: its header; each action line, checked against the
    betting options and played; the uncalled bet. (One function: the hottest loop of
    the fast path, with the players' lists and the round's bet as locals.)"""
    h.why = ACTION
    h.expect(betting_round(h.rnd))
    n, ante, rnd, lines, end = h.n, h.ante, h.rnd, h.lines, h.end
    name, folded, stack, invested = h.name, h.folded, h.stack, h.invested
    round_bet, acted, may_raise = h.round_bet, h.acted, h.may_raise
    for j in range(n):
        round_bet[j] = 0
        acted[j] = False
        may_raise[j] = True
    current_bet, last_raise = 0, ante
    able = 0  # players who can still bet (compiled: a native count, where sum was a call)
    for j in range(n):
        if not folded[j] and stack[j] > 0:
            able += 1
    last = -1
    actions = h.actions
    while h.live > 1:
        # the next player to act (one without chips cannot act, as needs_to_act says)
        for k in range(n):
            j = (last + 1 + k) % n
            if folded[j] or not stack[j]:
                continue
            if needs_to_act(folded[j], stack[j], round_bet[j], acted[j], current_bet, able):
                break
        else:
            break  # nobody: the round is over
        last = j
        i = h.i
        if i >= end:
            raise Unhandled(SHORT)
        h.i = i + 1
        line, who = lines[i], name[j]
        if not line.startswith(who):
            raise Unhandled(ACTION)
        rest = line[len(who) :]
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: len(rest) - len(_ALL_IN)]
        rb = round_bet[j]
        facing = current_bet > rb
        # another player with chips (the one to act has some)
        call, min_bet, max_bet, min_raise_to, max_raise_to = betting_bounds(
            ante, current_bet, last_raise, rb, stack[j], may_raise[j], facing and able > 1
        )
        if rest == _FOLD and not all_in:
            if call is None:
                raise Unhandled(ACTION)
            kind, added, to = _FOLDS, 0, rb
            folded[j] = True
            h.folded_round[j] = rnd
            h.live -= 1
            able -= 1  # the player to act has chips
        elif rest == _CHECK and not all_in:
            if call is not None:
                raise Unhandled(ACTION)
            kind, added, to = _CHECKS, 0, rb
        elif rest.startswith(_CALL):
            kind = _CALLS
            added = number(rest[len(_CALL) :], ACTION)
            if call is None or added != call:
                raise Unhandled(ACTION)
            to = rb + added
        elif rest.startswith(_BET):
            kind = _BETS
            added = to = number(rest[len(_BET) :], ACTION)
            if min_bet is None or max_bet is None or not min_bet <= added <= max_bet:
                raise Unhandled(ACTION)
            last_raise = last_raise_after_bet(added, ante)
            current_bet = added
            _reopen(may_raise, j)
        else:
            kind = _RAISES
            to = _raise_to(rest, current_bet, min_raise_to, max_raise_to)
            increment = to - current_bet
            if raise_reopens(increment, last_raise):
                last_raise = increment
                _reopen(may_raise, j)
            current_bet = to
            added = to - rb
        left = stack[j] = stack[j] - added
        invested[j] += added
        round_bet[j] = to
        acted[j] = True
        may_raise[j] = False
        if all_in != (left == 0 and added > 0):
            raise Unhandled(ACTION)
        if all_in:
            able -= 1
        seq = len(actions) // ACTION_FIELDS + 1
        actions.extend((j, seq, rnd, kind, added, to, all_in, facing))  # ACTION_FIELDS
    _return_uncalled(h)


def _return_uncalled(h: LeanHand) -> None:
    """The round closes: a bet nobody called goes back."""
    found = uncalled_bet(h.round_bet)
    if found is not None:
        j, extra = found
        h.round_bet[j] -= extra
        h.invested[j] -= extra
        h.stack[j] += extra
        h.why = UNCALLED
        h.expect(uncalled(extra, h.name[j]))


def _raise_to(rest: str, current_bet: int, lo: int | None, hi: int | None) -> int:
    """A raise's round total (``rest``: the line after the name, without the all-in),
    checked: the increment as written, within ``[lo, hi]``."""
    head, mid, tail = _RAISE
    if not rest.startswith(head) or tail:
        raise Unhandled(ACTION)
    parts = rest[len(head) :].split(mid)
    if len(parts) != 2:
        raise Unhandled(ACTION)
    by, to = number(parts[0], ACTION), number(parts[1], ACTION)
    if by != to - current_bet or lo is None or hi is None or not lo <= to <= hi:
        raise Unhandled(ACTION)
    return to


def _reopen(may_raise: list[bool], j: int) -> None:
    """A full bet or raise by ``j``: everyone else may raise again."""
    for q in range(len(may_raise)):
        may_raise[q] = q != j


def play_middle(h: LeanHand) -> None:
    """The middle cards."""
    h.why = MIDDLE_CARDS
    h.expect(MIDDLE)
    n = h.n
    text = between(h.line(), _UP[0], _UP[1], h.why)
    h.middle_up = cards(text, n, h.why)
    h.middle_up_text = text
    if h.server:
        text = between(h.line(), _DOWN[0], _DOWN[1], h.why)
        h.middle_down = list(cards(text, n, h.why))
        h.middle_down_text = text
    else:
        h.expect(_FACE_DOWN_COUNT_OF[n])
        h.middle_down = [None] * n
    fresh = [c for c in (*h.middle_up, *h.middle_down) if c is not None]
    size = len(h.seen)
    h.seen.update(fresh)
    if len(h.seen) != size + len(fresh):
        raise Unhandled(h.why)


def play_pickup(h: LeanHand) -> None:
    """Pick-up ``h.rnd``."""
    h.why = PICK_UP
    pick_no = h.rnd
    h.expect(pickup(pick_no))
    lines = iter(h.take(h.live))
    category, held = h.category, h.cards
    for j in range(h.n):
        if h.folded[j]:
            continue
        card, face_up = _picked(h, j, next(lines))
        known = h.known[j]
        before = after = None
        if known:
            before = category[j] or category_of_indices(held[j])  # type: ignore[arg-type]
        held[j].append(card)
        if known:
            after = category[j] = category_of_indices(held[j])  # type: ignore[arg-type]
        text = CARD_TEXT[card] if card is not None else None
        h.pickups.extend((j, pick_no, face_up, text, before, after))  # PICKUP_FIELDS


def _picked(h: LeanHand, j: int, line: str) -> tuple[int | None, bool]:
    """The card the player at ``j`` picks (``line``; None: the card is not shown) and
    whether face up."""
    who = h.name[j]
    known = h.known[j]
    middle_up, middle_down = h.middle_up, h.middle_down
    if line.endswith(_HIDDEN) and len(line) == len(who) + len(_HIDDEN) and line.startswith(who):
        if known or None not in middle_down:
            raise Unhandled(h.why)
        middle_down.remove(None)
        return None, False
    head, up_tail, down_tail = _PICK
    face_up = line.endswith(up_tail)
    tail = up_tail if face_up else down_tail
    # (compiled: find with a start is native, startswith with one a Python call)
    at_head = line.find(head, len(who)) == len(who)
    if not (line.startswith(who) and at_head and line.endswith(tail)):
        raise Unhandled(h.why)
    card = CARD.get(line[len(who) + len(head) : len(line) - len(tail)])
    if card is None:
        raise Unhandled(h.why)
    if face_up:
        if card not in middle_up:
            raise Unhandled(h.why)
        middle_up.remove(card)
    elif not known:
        raise Unhandled(h.why)
    elif card in middle_down:
        middle_down.remove(card)
    elif None in middle_down and card not in h.seen:
        h.seen.add(card)
        middle_down.remove(None)
    else:
        raise Unhandled(h.why)
    return card, face_up

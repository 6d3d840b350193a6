"""Render a finished :class:`~rakestats.rake.RakeHand` as hand-history text.

The format is docs/hand-history-format.md. The writer reads only the engine's ``log``
events and its ``settlement``; a :class:`HandMeta` carries what the engine does not know
(site, hand id, time, table) and the view: the server log, or one player's log.

>>> from datetime import datetime, timezone
>>> from rakestats.cards import parse_cards
>>> from rakestats.rake import RakeHand
>>> h = RakeHand(ante=10, players=[(1, "Ann", 500), (2, "Bob", 500)], dealer_seat=2)
>>> h.deal_hole({1: parse_cards("As Aw 7f"), 2: parse_cards("2s 5w 9c")})
>>> h.bet(40); h.fold()
>>> meta = HandMeta("Sim", "0123456789ab-0001-000001",
...                 datetime(2026, 1, 5, tzinfo=timezone.utc), "Ketty Jay", 6)
>>> print(format_hand(h, meta), end="")
Sim Rake Hand #0123456789ab-0001-000001: No Limit (ante 10) - 2026/01/05 00:00:00 UTC
Table 'Ketty Jay' 6-max Seat #2 is the dealer
House fee: none
View: server
Seat 1: Ann (500 in chips)
Seat 2: Bob (500 in chips)
Ann: posts the ante 10
Bob: posts the ante 10
*** DEAL ***
Dealt to Ann [As Aw 7f]
Dealt to Bob [2s 5w 9c]
*** FIRST BETTING ROUND ***
Ann: bets 40
Bob: folds
Uncalled bet (40) returned to Ann
Ann collected 20 from pot
*** SUMMARY ***
Total pot 20 | House fee 0
Seat 1: Ann collected (20)
Seat 2: Bob (dealer) folded in the first betting round
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import TextIO

from rakestats.formats.rake import _text as t
from rakestats.formats.rake._fast import cards_text
from rakestats.formats.rake._text import format_fee
from rakestats.rake.engine import Phase, RakeHand
from rakestats.rake.events import (
    Action,
    ActionKind,
    AntePosted,
    HoleDealt,
    MiddleDealt,
    PickedUp,
    UncalledReturned,
)
from rakestats.rake.names import NameRefusedError, check_name, check_site
from rakestats.rake.rules import NO_FEE, HouseFee
from rakestats.rake.showdown import Settlement, SkullAceOutcome

__all__ = [
    "HandMeta",
    "NameRefusedError",
    "check_name",
    "format_fee",
    "format_hand",
    "write_hand",
]

_ACCEPTED: set[tuple[str, str]] = set()


@dataclass(frozen=True, slots=True)
class HandMeta:
    """What the hand history states beyond the engine's record of play.

    ``hero`` is ``None`` for the server log, or the name of the player whose log it is.
    ``house_fee`` must be the fee the hand was played with.
    """

    site: str
    hand_id: str
    played_at: datetime
    table: str
    max_seats: int
    house_fee: HouseFee = NO_FEE
    hero: str | None = None

    @property
    def view(self) -> str:
        return "server" if self.hero is None else "player"


def _check_name_once(name: str, what: str = "player name") -> None:
    """``check_name`` remembering the names already accepted (a name repeats every hand)."""
    if (name, what) in _ACCEPTED:
        return
    check_name(name, what)
    if len(_ACCEPTED) < 4096:
        _ACCEPTED.add((name, what))


def _check(hand: RakeHand, meta: HandMeta) -> None:
    if hand.phase is not Phase.COMPLETE or hand.settlement is None:
        raise ValueError(f"hand {meta.hand_id} is not finished (at {hand.phase.value})")
    if meta.house_fee != hand.house_fee:
        raise ValueError(
            f"hand {meta.hand_id}: meta says house fee {format_fee(meta.house_fee)}, "
            f"the hand was played with {format_fee(hand.house_fee)}"
        )
    if (meta.site, "site name") not in _ACCEPTED:
        check_site(meta.site)
        _ACCEPTED.add((meta.site, "site name"))
    _check_name_once(meta.table, "table name")
    for p in hand.players.values():
        _check_name_once(p.name)
    if meta.hero is not None and meta.hero not in {p.name for p in hand.players.values()}:
        raise ValueError(f"hand {meta.hand_id}: hero {meta.hero!r} is not at the table")
    if max(hand.players) > meta.max_seats:
        raise ValueError(f"hand {meta.hand_id}: seat {max(hand.players)} on a {meta.max_seats}-max")


def format_hand(hand: RakeHand, meta: HandMeta) -> str:
    """One finished hand as text: its lines, each ending with a newline."""
    _check(hand, meta)
    return "\n".join(_lines(hand, meta)) + "\n"


def write_hand(out: TextIO, hand: RakeHand, meta: HandMeta) -> None:
    """Append a hand to a history file, followed by the two blank lines between hands."""
    out.write(format_hand(hand, meta))
    out.write("\n\n")


def _lines(hand: RakeHand, meta: HandMeta) -> list[str]:
    settlement = hand.settlement
    assert settlement is not None
    names = {s: p.name for s, p in hand.players.items()}
    out = [
        t.header(meta.site, meta.hand_id, hand.ante, t.played_at(meta.played_at)),
        t.table(meta.table, meta.max_seats, hand.dealer_seat),
        t.house_fee(format_fee(meta.house_fee)),
        t.view(meta.hero),
    ]
    out += [t.seat(s, names[s], hand.players[s].starting_stack) for s in sorted(names)]
    folded_in = _play(hand, names, meta.hero, out)
    shown = _reveal(hand, settlement, names, out)
    out += _collected(settlement, names)
    out.append(t.SUMMARY)
    pots: list[int] = []
    if len(settlement.pots) > 1:
        pots = [settlement.pots[0].amount + settlement.house_fee]
        pots += [p.amount for p in settlement.pots[1:]]
    out.append(t.total(settlement.total_pot, pots, settlement.house_fee))
    for s in sorted(names):
        cards = shown.get(s)
        hand_name = settlement.values[s].description if cards is not None else ""
        won = settlement.collected[s]
        out.append(
            t.outcome(
                s, names[s], s == hand.dealer_seat, folded_in.get(s, 0), won, cards, hand_name
            )
        )
    return out


def _play(
    hand: RakeHand, names: dict[int, str], hero: str | None, out: list[str]
) -> dict[int, int]:
    """The lines of the engine's log, from the antes to the last betting round, into
    ``out``; the round each folding seat folded in."""
    folded_in: dict[int, int] = {}
    current_bet = 0
    prev: object = None
    for ev in hand.log:
        if isinstance(prev, HoleDealt) and not isinstance(ev, HoleDealt):
            out.append(t.betting_round(1))
            current_bet = 0
        if isinstance(prev, PickedUp) and not (
            isinstance(ev, PickedUp) and ev.pickup == prev.pickup
        ):
            out.append(t.betting_round(prev.pickup + 1))
            current_bet = 0
        if isinstance(ev, Action):
            by = ev.to - current_bet if ev.kind is ActionKind.RAISE else ev.amount
            out.append(t.action(names[ev.seat], ev.kind.value, by, ev.to, ev.all_in))
            if ev.kind is ActionKind.FOLD:
                folded_in[ev.seat] = ev.round
            current_bet = max(current_bet, ev.to)
        else:
            _event(ev, prev, names, hero, out)
        prev = ev
    if isinstance(prev, HoleDealt):
        out.append(t.betting_round(1))
    elif isinstance(prev, PickedUp):
        out.append(t.betting_round(prev.pickup + 1))
    return folded_in


def _event(
    ev: object, prev: object, names: dict[int, str], hero: str | None, out: list[str]
) -> None:
    """The lines of an event of the log other than an action."""
    server = hero is None
    if isinstance(ev, AntePosted):
        out.append(t.ante(names[ev.seat], ev.amount, ev.all_in))
    elif isinstance(ev, HoleDealt):
        if not isinstance(prev, HoleDealt):
            out.append(t.DEAL)
        if server or names[ev.seat] == hero:
            out.append(t.dealt(names[ev.seat], cards_text(ev.cards)))
    elif isinstance(ev, UncalledReturned):
        out.append(t.uncalled(ev.amount, names[ev.seat]))
    elif isinstance(ev, MiddleDealt):
        out.append(t.MIDDLE)
        out.append(t.face_up(cards_text(ev.up)))
        out.append(t.face_down(cards_text(ev.down) if server else None, len(ev.down)))
    elif isinstance(ev, PickedUp):
        if not (isinstance(prev, PickedUp) and prev.pickup == ev.pickup):
            out.append(t.pickup(ev.pickup))
        who = names[ev.seat]
        seen = ev.face_up or server or who == hero
        card = cards_text([ev.card]) if seen and ev.card is not None else None
        out.append(t.pick(who, card, ev.face_up))


def _reveal(
    hand: RakeHand, settlement: Settlement, names: dict[int, str], out: list[str]
) -> dict[int, str]:
    """The Reveal's lines into ``out``; the cards each seat showed."""
    shown: dict[int, str] = {}
    if not settlement.values:
        return shown
    out.append(t.REVEAL)
    for s in hand.live_seats:
        shown[s] = cards_text(hand.players[s].cards)
        out.append(t.shows(names[s], shown[s], settlement.values[s].description))
    if settlement.skull_ace is not None:
        holder, outcome = settlement.skull_ace
        out.append(t.skull(names[holder], outcome is SkullAceOutcome.AUTO_WIN))
    return shown


def _collected(settlement: Settlement, names: dict[int, str]) -> list[str]:
    single = len(settlement.pots) == 1
    return [
        t.collected(names[s], share, pot.index, single)
        for pot in settlement.pots
        for s, share in zip(pot.winners, pot.shares, strict=True)
        if share > 0
    ]

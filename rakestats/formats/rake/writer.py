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

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TextIO

from rakestats.cards import DECK, Card
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
from rakestats.rake.showdown import SkullAceOutcome

__all__ = [
    "HandMeta",
    "NameRefusedError",
    "check_name",
    "format_fee",
    "format_hand",
    "write_hand",
]

_ORDINAL = {1: "FIRST", 2: "SECOND", 3: "THIRD"}
_CARD_TEXT = {id(c): str(c) for c in DECK}
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


def format_fee(fee: HouseFee) -> str:
    """The ``House fee:`` header value.

    >>> format_fee(HouseFee.from_percent("2.5", cap=20)), format_fee(HouseFee(1000))
    ('2.5% capped at 20', '10% uncapped')
    """
    if fee.basis_points == 0:
        return "none"
    whole, frac = divmod(fee.basis_points, 100)
    pct = str(whole) if frac == 0 else f"{whole}.{frac:02d}".rstrip("0")
    return f"{pct}% uncapped" if fee.cap is None else f"{pct}% capped at {fee.cap}"


def _format_time(at: datetime) -> str:
    offset = at.utcoffset()
    if offset is None:
        raise ValueError(f"played_at must be timezone-aware, got {at.isoformat()}")
    if offset == timedelta(0):
        tz = "UTC"
    else:
        minutes = int(offset.total_seconds()) // 60
        sign = "-" if minutes < 0 else "+"
        tz = f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    return f"{at:%Y/%m/%d %H:%M:%S} {tz}"


def _cards(cards: Iterable[Card | None]) -> str:
    text = _CARD_TEXT
    return "[" + " ".join(text.get(id(c)) or str(c) for c in cards) + "]"


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
    hero = meta.hero
    server = hero is None
    out = [
        f"{meta.site} Rake Hand #{meta.hand_id}: No Limit (ante {hand.ante}) - "
        f"{_format_time(meta.played_at)}",
        f"Table '{meta.table}' {meta.max_seats}-max Seat #{hand.dealer_seat} is the dealer",
        f"House fee: {format_fee(meta.house_fee)}",
        "View: server" if server else f"View: player {hero}",
    ]
    out += [
        f"Seat {s}: {names[s]} ({hand.players[s].starting_stack} in chips)" for s in sorted(names)
    ]
    folded_in: dict[int, int] = {}
    current_bet = 0
    prev: object = None
    for ev in hand.log:
        if isinstance(prev, HoleDealt) and not isinstance(ev, HoleDealt):
            out.append("*** FIRST BETTING ROUND ***")
            current_bet = 0
        if isinstance(prev, PickedUp) and not (
            isinstance(ev, PickedUp) and ev.pickup == prev.pickup
        ):
            out.append(f"*** {_ORDINAL[prev.pickup + 1]} BETTING ROUND ***")
            current_bet = 0
        if isinstance(ev, AntePosted):
            tail = " and is all-in" if ev.all_in else ""
            out.append(f"{names[ev.seat]}: posts the ante {ev.amount}{tail}")
        elif isinstance(ev, HoleDealt):
            if not isinstance(prev, HoleDealt):
                out.append("*** DEAL ***")
            if server or names[ev.seat] == hero:
                out.append(f"Dealt to {names[ev.seat]} {_cards(ev.cards)}")
        elif isinstance(ev, Action):
            out.append(_action(names[ev.seat], ev, current_bet))
            if ev.kind is ActionKind.FOLD:
                folded_in[ev.seat] = ev.round
            current_bet = max(current_bet, ev.to)
        elif isinstance(ev, UncalledReturned):
            out.append(f"Uncalled bet ({ev.amount}) returned to {names[ev.seat]}")
        elif isinstance(ev, MiddleDealt):
            out.append("*** MIDDLE CARDS ***")
            out.append(f"Face up: {_cards(ev.up)}")
            out.append(
                f"Face down: {_cards(ev.down)}" if server else f"Face down: {len(ev.down)} cards"
            )
        else:
            if not (isinstance(prev, PickedUp) and prev.pickup == ev.pickup):
                out.append(f"*** {_ORDINAL[ev.pickup]} PICK-UP ***")
            who = names[ev.seat]
            if ev.face_up:
                out.append(f"{who}: picks up {_cards([ev.card])} face up")
            elif server or who == hero:
                out.append(f"{who}: picks up {_cards([ev.card])} face down")
            else:
                out.append(f"{who}: picks up a card face down")
        prev = ev
    if isinstance(prev, HoleDealt):
        out.append("*** FIRST BETTING ROUND ***")
    elif isinstance(prev, PickedUp):
        out.append(f"*** {_ORDINAL[prev.pickup + 1]} BETTING ROUND ***")

    live = hand.live_seats
    shown: dict[int, str] = {}
    if settlement.values:
        out.append("*** REVEAL ***")
        for s in live:
            shown[s] = _cards(hand.players[s].cards)
            out.append(f"{names[s]}: shows {shown[s]} ({settlement.values[s].description})")
        if settlement.skull_ace is not None:
            holder, outcome = settlement.skull_ace
            word = "win" if outcome is SkullAceOutcome.AUTO_WIN else "loss"
            out.append(f"{names[holder]}: automatic {word} with the Ace of Skulls")
    many = len(settlement.pots) > 1
    for pot in settlement.pots:
        label = "pot" if not many else ("main pot" if pot.index == 0 else f"side pot-{pot.index}")
        for s, share in zip(pot.winners, pot.shares, strict=True):
            if share > 0:
                out.append(f"{names[s]} collected {share} from {label}")
    out.append("*** SUMMARY ***")
    if many:
        main = settlement.pots[0].amount + settlement.house_fee
        sides = "".join(f" Side pot-{p.index} {p.amount}." for p in settlement.pots[1:])
        out.append(
            f"Total pot {settlement.total_pot} Main pot {main}.{sides} "
            f"| House fee {settlement.house_fee}"
        )
    else:
        out.append(f"Total pot {settlement.total_pot} | House fee {settlement.house_fee}")
    for s in sorted(names):
        dealer = " (dealer)" if s == hand.dealer_seat else ""
        won = settlement.collected[s]
        if s in folded_in:
            result = f"folded in the {_ORDINAL[folded_in[s]].lower()} betting round"
        elif s not in shown:
            result = f"collected ({won})"
        elif won > 0:
            result = f"showed {shown[s]} and won ({won}) with {settlement.values[s].description}"
        else:
            result = f"showed {shown[s]} and lost with {settlement.values[s].description}"
        out.append(f"Seat {s}: {names[s]}{dealer} {result}")
    return out


def _action(name: str, ev: Action, current_bet: int) -> str:
    tail = " and is all-in" if ev.all_in else ""
    kind = ev.kind
    if kind is ActionKind.FOLD:
        return f"{name}: folds"
    if kind is ActionKind.CHECK:
        return f"{name}: checks"
    if kind is ActionKind.CALL:
        return f"{name}: calls {ev.amount}{tail}"
    if kind is ActionKind.BET:
        return f"{name}: bets {ev.amount}{tail}"
    return f"{name}: raises {ev.to - current_bet} to {ev.to}{tail}"

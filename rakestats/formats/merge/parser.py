"""The reader of Merge Gaming Network hand histories (Carbon Poker and its skins):
Seven-Card Stud, Stud Hi/Lo and Razz, also inside mixed games (HORSE ...), on the
shared stud reader (docs/rooms.md, Merge).

Merge writes XML: a ``<description>`` of the game and stakes, then one ``<game>``
element a hand. Players are named by seat (0-based: seat N is written N-1), rounds
hold events (``ANTE``, ``BRING_IN``, ``CALL``, ``BET``, ``COMPLETE``, ``RAISE``,
``ALL_IN`` ...) and the cards each player holds after the street (``null`` for a card
hidden; the hero's as ``HOLE``), the showdown's ``SHOWN`` and ``MUCKED`` cards, and the
``<winner>`` elements: the pot less the rake, an uncalled bet as ``uncalled="true"``
(older files count it in the winnings). Amounts: a call, bet, completion or all-in
is the chips put in; a raise the round total it makes (the chips put in before
September 2010).
"""

from __future__ import annotations

import re
from typing import ClassVar

from rakestats.cards import CardError, StdCard, parse_std_card
from rakestats.formats import stud
from rakestats.formats.merge._header import HEADER, NEW_RAISES, Description, game_header
from rakestats.formats.stud import StudHeader, fail, parse_money
from rakestats.formats.xmlstud import (
    Act,
    Cards,
    EventHand,
    Node,
    Player,
    Show,
    Win,
    chips_put,
)
from rakestats.formats.xmlstud.reader import XmlStudReader

__all__ = ["MergeParser"]

#: A ``<round>``'s ``id`` to its street (0: the antes).
_STREET = stud.street_table(
    """
    0 BLINDS
    1 BRING_IN
    1 THIRD_STREET
    2 FOURTH_STREET
    3 FIFTH_STREET
    4 SIXTH_STREET
    5 SEVENTH_STREET
    """
)
_VERBS = {
    "ANTE": "ante",
    "BRING_IN": "bring_in",
    "CALL": "call",
    "BET": "bet",
    "COMPLETE": "complete",
    "RAISE": "raise",
    "ALL_IN": "all_in",
    "CHECK": "check",
    "FOLD": "fold",
    "SIT_OUT": "fold",
}
#: Events that move no chips and change nothing in the hand.
_PASSED = frozenset(
    {"SHOW", "MUCK", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "CHAT", "SIT_IN"}
)
_DEAL = frozenset({"DRAW_DRAWN_CARDS", "HOLE"})


def _card(text: str, line: int) -> StdCard | None:
    text = text.strip()
    if text in ("", "null"):
        return None
    try:
        return parse_std_card(text.replace("10", "T"))
    except CardError as e:
        raise fail(line, f"cannot read the card {text!r}: {e.reason}") from None


class _Hand:
    """A ``<game>`` element read into events."""

    def __init__(self, root: Node, header: StudHeader) -> None:
        self.root, self.header = root, header
        self.names: dict[str, str] = {}  # Merge's seat number -> name
        self.players: list[Player] = []
        self.events: list[Act | Cards | Show | Win] = []
        self.hero: str | None = None
        self.community: StdCard | None = None
        self.raise_to = header.played_at >= NEW_RAISES
        self.sit_outs: set[int] = set()  # events of players sitting out (a fold if in)

    def money(self, text: str, line: int) -> int:
        if not text:
            raise fail(line, "an amount is missing")
        return parse_money(text, self.header.scale, line)

    def name(self, node: Node) -> str:
        seat = node.get("player", "")
        if seat not in self.names:
            raise fail(node.line, f"seat {seat} is not among the players")
        return self.names[seat]

    def seats(self) -> None:
        players = self.root.first("players")
        if players is None:
            raise fail(self.root.line, "no <players>")
        for p in players.all("player"):
            seat, name = p.get("seat", ""), p.get("nickname", "")
            if not seat.isdigit() or not name:
                raise fail(p.line, "a player without a seat number or a nickname")
            stack = self.money(p.get("balance"), p.line)
            self.names[seat] = name
            self.players.append(
                Player(p.line, int(seat) + 1, name, stack, p.get("dealtin") == "false")
            )
        self.players.sort(key=lambda p: p.seat)

    def rounds(self) -> None:
        for r in self.root.all("round"):
            street = _STREET.get(r.get("id", ""))
            for node in r.children:
                if node.tag == "event":
                    self.event(node, street)
                elif node.tag == "cards":
                    self.cards(node, street)
                elif node.tag == "winner":
                    self.winner(node)

    def event(self, node: Node, street: int | None) -> None:
        kind = node.get("type", "")
        verb = _VERBS.get(kind)
        if kind == "GAME_CANCELLED":
            raise fail(node.line, "the room cancelled this game")
        if verb is None:
            if kind in _PASSED or "amount" not in node.attrs:
                return
            raise fail(node.line, f"unknown event {kind!r} with an amount")
        if street is None or (street == 0 and verb != "ante"):
            if verb == "fold":  # sitting out before the deal, or leaving after the betting
                return
            if street is None:
                raise fail(node.line, f"a {kind} event after the betting")
            street = 1
        if kind == "SIT_OUT":
            self.sit_outs.add(len(self.events))
        amount = None if verb in ("check", "fold") else self.money(node.get("amount"), node.line)
        means = "to" if verb == "complete" or (verb == "raise" and self.raise_to) else "added"
        self.events.append(Act(node.line, street, self.name(node), verb, amount, means))

    def cards(self, node: Node, street: int | None) -> None:
        kind = node.get("type", "")
        cards = tuple(_card(c, node.line) for c in node.get("cards", "").split(","))
        if kind == "COMMUNITY":
            self.community = cards[-1] if cards else None
            return
        name = self.name(node)
        if kind in _DEAL and street:
            if kind == "HOLE":
                self.hero = name
            self.events.append(Cards(node.line, street, name, cards))
        elif kind in ("SHOWN", "MUCKED"):
            known = tuple(c for c in cards if c is not None)
            self.events.append(Show(node.line, name, known, kind == "MUCKED"))

    def winner(self, node: Node) -> None:
        pot = node.get("potnumber", "1")
        index = int(pot) - 1 if pot.isdigit() and int(pot) > 0 else 0
        uncalled = node.get("uncalled") == "true"
        amount = self.money(node.get("amount"), node.line)
        self.events.append(Win(node.line, self.name(node), amount, index, uncalled))

    def dealt_in(self) -> list[Act | Cards | Show | Win]:
        """The events, a player's sitting out a fold only when they are in the hand."""
        playing = {e.name for e in self.events if isinstance(e, Cards)}
        playing |= {e.name for e in self.events if isinstance(e, Act) and e.verb == "ante"}
        return [
            e
            for k, e in enumerate(self.events)
            if k not in self.sit_outs or (isinstance(e, Act) and e.name in playing)
        ]

    def tournament_stacks(self) -> None:
        """In tournaments Merge writes the balance after the ante and the bring-in
        (FPDB's reading), unless a player all-in put in exactly their balance."""
        posted: dict[str, int] = {}
        for e in self.events:
            if isinstance(e, Act) and e.verb in ("ante", "bring_in"):
                posted[e.name] = posted.get(e.name, 0) + (e.amount or 0)
        put = chips_put([e for e in self.events if isinstance(e, Act)])
        all_in = {e.name for e in self.events if isinstance(e, Act) and e.verb == "all_in"}
        if any(put.get(p.name) == p.stack for p in self.players if p.name in all_in):
            return
        self.players = [
            Player(p.line, p.seat, p.name, p.stack + posted.get(p.name, 0), p.sitting_out)
            for p in self.players
        ]


class MergeParser(XmlStudReader[Description]):
    """Merge hand histories; stud hands are read, other games skipped."""

    format_name = "merge"
    site = "Merge"
    header_pattern = HEADER
    context_element: ClassVar[re.Pattern[str]] = re.compile(r"<description\b[^>]*>")

    def read_context(self, node: Node, line: int) -> Description | None:
        if "type" not in node.attrs:
            return None
        return Description(node.get("type"), node.get("stakes"), line)

    def read_game(self, root: Node) -> StudHeader:
        return game_header(self.context, root.attrs, root.line)

    def read_events(self, root: Node, header: StudHeader, first: int, last: int) -> EventHand:
        hand = _Hand(root, header)
        hand.seats()
        hand.rounds()
        if header.is_tournament:
            hand.tournament_stacks()
        seats = max((p.seat for p in hand.players), default=0)
        return EventHand(
            header=header,
            first_line=first,
            last_line=last,
            max_seats=max(header.max_seats or 8, seats),
            players=hand.players,
            events=hand.dealt_in(),
            hero=hand.hero,
            wins_include_uncalled=True,
            community=hand.community,
        )

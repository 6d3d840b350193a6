"""The reader of iPoker network hand histories (XML, the network's many skins): Seven-Card
Stud and Stud Hi-Lo (and Razz in the same words), cash and tournaments, on the shared
stud reader (docs/rooms.md, iPoker).

A file is a ``<session>``: its ``<general>`` names the game, the stakes, the table, the
currency and the hero (``<nickname>``); each ``<game>`` element is a hand: the
players with their chips and what each won (``win``, after the rake), then rounds
(``no="0"`` the antes, ``no="2"`` 3rd street ... ``no="6"`` 7th) holding the new cards of
each player (``X`` for a card not seen; the players at the showdown with all their
cards) and the actions, written player by player and ordered by their ``no``. Action
types: 15 ante, 16 bring-in, 3 call, 5 bet (on 3rd street the completion), 23 raise
to a total, 6 raise by an amount, 7 all-in (chips put in), 4 check, 0 fold, 9 sitting
out. Winnings count a bet nobody called unless the session says
``<uncalled_bet_enabled>true``.
"""

from __future__ import annotations

import re
from typing import ClassVar

from rakestats.cards import CardError, StdCard, parse_std_card
from rakestats.formats import stud
from rakestats.formats.ipoker._header import HEADER, Session, amount, game_header
from rakestats.formats.stud import StudHeader, fail
from rakestats.formats.xmlstud import Act, Cards, EventHand, Node, Player, Win
from rakestats.formats.xmlstud.reader import XmlStudReader

__all__ = ["IPokerParser"]

#: A ``<round>``'s ``type`` (in lower case) to its street.
_STREETS = stud.street_table(
    """
    1 third street
    2 fourth street
    3 fifth street
    4 sixth street
    5 seventh street
    5 river
    """
)
_VERBS = {
    "15": ("ante", "added"),
    "16": ("bring_in", "added"),
    "3": ("call", "added"),
    "5": ("bet", "added"),
    "23": ("raise", "to"),
    "6": ("raise", "by"),
    "7": ("all_in", "added"),
    "4": ("check", "added"),
    "0": ("fold", "added"),
    "9": ("fold", "added"),  # sitting out
}
_NO_ACTION = frozenset({"8"})  # joined the table, no action this hand
_GENERAL = re.compile(r"<general\b.*?</general\s*>", re.DOTALL)


def _card(token: str, line: int) -> StdCard | None:
    """``H8`` (suit, then rank; ``S10`` the ten), ``X`` for a card not seen."""
    t = token.strip().upper()
    if t in ("X", ""):
        return None
    if t[0] in "SHDC":
        t = t[1:] + t[0]
    try:
        return parse_std_card(t.replace("10", "T")[:-1] + t[-1].lower())
    except CardError as e:
        raise fail(line, f"cannot read the card {token!r}: {e.reason}") from None


def session_of(general: Node, line: int) -> Session:
    """The session's ``<general>`` element read."""

    def text(tag: str) -> str | None:
        return general.child_text(tag) or None

    size = text("tablesize") or ""
    return Session(
        line=line,
        gametype=text("gametype") or "",
        tablename=text("tablename") or "",
        currency=text("currency"),
        tablecurrency=text("tablecurrency") or text("tournamentcurrency"),
        nickname=text("nickname"),
        mode=text("mode"),
        tournament_code=text("tournamentcode") or text("tourcode"),
        tournament_name=text("tournamentname"),
        buyin=text("buyin"),
        uncalled_enabled=(text("uncalled_bet_enabled") or "").lower() == "true",
        tablesize=int(size) if size.isdigit() else None,
    )


class _Hand:
    """A ``<game>`` element read into events."""

    def __init__(self, root: Node, header: StudHeader) -> None:
        self.root, self.header = root, header
        self.players: list[Player] = []
        self.wins: list[Win] = []
        self.events: list[Act | Cards | Win] = []
        self.held: dict[str, list[StdCard | None]] = {}
        self.seats_listed = 0

    def money(self, text: str, line: int) -> int:
        return amount(text, self.header.scale, line)

    def seats(self) -> None:
        general = self.root.first("general")
        players = general.first("players") if general is not None else None
        if players is None:
            raise fail(self.root.line, "no <players>")
        for p in players.all("player"):
            seat, name = p.get("seat"), p.get("name").strip()
            if not seat.isdigit():
                raise fail(p.line, f"a player without a seat number: {seat!r}")
            self.seats_listed = max(self.seats_listed, int(seat))
            if not name:
                continue  # an empty seat
            self.players.append(Player(p.line, int(seat), name, self.money(p.get("chips"), p.line)))
            won = self.money(p.get("win", "0"), p.line)
            if won:
                self.wins.append(Win(p.line, name, won))
        self.players.sort(key=lambda p: p.seat)

    def rounds(self) -> None:
        names = {p.name for p in self.players}
        for r in self.root.all("round"):
            no = r.get("no")
            if not no.isdigit():
                raise fail(r.line, f"a round numbered {no!r}")
            street = 0 if no == "0" else max(int(no) - 1, 1)
            actions: list[tuple[int, Node]] = []
            for node in r.children:
                if node.tag == "cards":
                    self.cards(node, street, names)
                elif node.tag == "action":
                    number = node.get("no")
                    actions.append((int(number) if number.isdigit() else 0, node))
            for _, node in sorted(actions, key=lambda a: a[0]):
                self.action(node, street, names)

    def cards(self, node: Node, street: int, names: set[str]) -> None:
        name = node.get("player")
        if name not in names:
            raise fail(node.line, f"cards of {name!r}, who is not seated")
        street = _STREETS.get(node.get("type").lower(), street)
        new = [_card(t, node.line) for t in node.text.split()]
        held = self.held.setdefault(name, [])
        held.extend(new)
        self.events.append(Cards(node.line, street, name, tuple(held)))

    def action(self, node: Node, street: int, names: set[str]) -> None:
        kind, name = node.get("type"), node.get("player")
        if kind in _NO_ACTION:
            return
        if kind not in _VERBS:
            raise fail(node.line, f"unknown action type {kind!r}")
        if name not in names:
            raise fail(node.line, f"{name!r} acts but is not seated")
        verb, means = _VERBS[kind]
        if kind == "9" and name not in self.held:
            return  # sitting out, not dealt in
        if verb == "ante":
            street = 0
        elif street == 0:
            street = 1
        chips = None if verb in ("check", "fold") else self.money(node.get("sum"), node.line)
        self.events.append(Act(node.line, street, name, verb, chips, means))


class IPokerParser(XmlStudReader[Session]):
    """iPoker hand histories; stud hands are read, other games skipped."""

    format_name = "ipoker"
    site = "iPoker"
    header_pattern = HEADER
    context_element: ClassVar[re.Pattern[str]] = _GENERAL

    def read_context(self, node: Node, line: int) -> Session:
        return session_of(node, line)

    def read_game(self, root: Node) -> StudHeader:
        general = root.first("general")
        start = (general.child_text("startdate") if general is not None else None) or ""
        return game_header(self.context, root.get("gamecode"), start, root.line)

    def read_events(self, root: Node, header: StudHeader, first: int, last: int) -> EventHand:
        hand = _Hand(root, header)
        hand.seats()
        hand.rounds()
        s = self.context
        listed = max(hand.seats_listed, max((p.seat for p in hand.players), default=0))
        return EventHand(
            header=header,
            first_line=first,
            last_line=last,
            max_seats=max(header.max_seats or 0, listed, 2),
            players=hand.players,
            events=[*hand.events, *hand.wins],
            hero=s.nickname if s is not None else None,
            wins_include_uncalled=not (s is not None and s.uncalled_enabled),
            reveal_known=True,
        )

"""Reading a Bovada hand's lines into the shared stud model.

Bovada's text is far from PokerStars': players are named by their seat (``Seat+3``) or
position, the hero marked ``[ME]``; every line reads ``NAME : what``; the cards of every
player are written (``Seat+1 : Card dealt to a spot [7h 8c Jc]``: two down, one up, then
one card a street); the older files write no street lines (a street begins with its
deal); the summary names seats, not players. Bovada sometimes writes a line twice in a
row: the copy is passed over.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from rakestats.cards import StdCard
from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT

__all__ = ["HERO", "BodyReader", "read_seat"]

#: The name the hero (``[ME]``) is stored under: Bovada's names are seats and positions.
HERO = "Hero"
#: The seat lines (``Seat+1: ...``, ``Seat 1: ...``), a player's line (``NAME : what``)
#: and its ``(timeout)``; ``must``: the words of a line that must be read (one that
#: matched nothing is quarantined).
_LINES = stud.line_table(
    r"""
    seat_plus  ^(?P<name>Seat\+(?P<seat>\d{1,9})){me}: (?P<stack>{amount}) in chips
    seat_name  ^Seat (?P<seat>\d{1,9}): (?P<name>.+?){me} \((?P<stack>{amount}) in chips\)
    player     ^(?P<who>[^:]+?){me} : (?P<rest>.*?)\s*$
    timeout    \s?\(timeout\)
    must       ^(?:Ante|Card dealt|Bring|Big blind|Calls?\b|Checks?\b|Folds?\b|D bets|Double|
                 [Bb]ets|[Rr]aises|All-in|Return uncalled|Showdown|Mucks|Does not show|
                 Hand [Rr]esult)
    """,
    me=r"(?P<me> ?\[ME\])?",
    amount=AMOUNT,
)
#: The betting lines (after ``NAME : ``), then the others: deals, shows, pots.
_VERBS: tuple[tuple[str, re.Pattern[str]], ...] = (
    *stud.action_table(
        """
        ante      Ante chip {a}
        bring_in  (?:Bring_in chip|Big blind/Bring in|Bring in) {a}
        call      Calls? {a}
        check     Checks?
        fold      Folds?
        bet       [Bb]ets {a}
        raise     [Rr]aises {a}(?: to {to})?
        all_in    All-in {a}
        """,
        before="",
    ),
    *stud.line_table(
        r"""
        deal          ^Card dealt to a spot \[(?P<cards>[^\]]*)\]$
        double        ^(?:D bets|Double bets) {a}$
        all_in_raise  ^All-in\(raise(?:-timeout)?\) {a}(?: to (?P<to>{amount}))?$
        uncalled      ^Return uncalled portion of bet {a}$
        show          ^Showdown \[(?P<cards>[^\]]*)\]
        muck          ^(?:Mucks|Does not show) \[(?P<cards>[^\]]*)\]
        collect       ^Hand [Rr]esult(?P<side>-Side [Pp]ot)? {a}$
        """,
        a=rf"(?P<a>{AMOUNT})",
        amount=AMOUNT,
    ).items(),
)


def read_seat(text: str) -> re.Match[str] | None:
    """A seat line (``Seat+1: $0.57 in chips`` or ``Seat 1: UTG+1 ($10 in chips)``)."""
    return _LINES["seat_plus"].match(text) or _LINES["seat_name"].match(text)


@dataclass
class BodyReader:
    """Reads the lines after the seats, line by line, into items; works out the streets
    from the deals and keeps the chips put in (for the all-ins Bovada writes as chips or
    as a total)."""

    header: stud.StudHeader
    seats: Sequence[stud.SeatLine]
    hero_raw: str | None
    items: list[stud.Item] = field(default_factory=list)
    street: int = 0
    dealt_now: set[str] = field(default_factory=set)
    dealing: bool = False
    held: dict[str, list[StdCard | None]] = field(default_factory=dict)
    up: dict[str, list[StdCard]] = field(default_factory=dict)
    doubled: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.names = {s.name for s in self.seats}
        self.ledger = stud.Ledger(self.seats)

    def name(self, who: str, me: bool) -> str | None:
        if me or who == self.hero_raw:
            return HERO
        return who if who in self.names else None

    def add(self, it: stud.Item) -> None:
        self.items.append(it)
        self.ledger.take(it)

    def money(self, text: str, n: int) -> int:
        return stud.parse_money(text, self.header.scale, n)

    def line(self, text: str, n: int) -> None:
        """Read one line of the hand's body (before the summary)."""
        p = _LINES["player"].match(text)
        if p is None:
            return  # *** HOLE CARDS ***, *** 3RD STREET ***: the deals tell the streets
        name = self.name(p["who"], p["me"] is not None)
        rest = _LINES["timeout"].sub("", p["rest"]).replace(" chip info", "")
        if name is None:
            return  # a seat that is not in the hand ('Dealer : Set dealer/Bring in spot')
        for verb, pattern in _VERBS:
            m = pattern.match(rest)
            if m is not None:
                self.dealing = verb == "deal" and self.dealing
                self.verb(verb, name, m, n)
                return
        if _LINES["must"].match(rest):
            raise stud.fail(n, f"cannot read the action {rest!r} of {name}")

    def verb(self, verb: str, name: str, m: re.Match[str], n: int) -> None:
        g = m.groupdict()
        a = self.money(g["a"], n) if g.get("a") else None
        to = self.money(g["to"], n) if g.get("to") else None
        if verb == "deal":
            self.deal(name, m["cards"], n)
        elif verb == "ante" or (verb == "all_in" and self.street == 0):
            self.add(stud.AnteLine(n, name, a or 0, verb == "all_in"))
        elif verb in ("bring_in", "call", "check", "fold"):
            self.add(stud.ActLine(n, name, verb, a, None, False))
        elif verb in ("bet", "double"):
            if verb == "double":
                self.doubled.add(n)
            self.add(stud.ActLine(n, name, "bet", None, a, False))
        elif verb == "raise":  # 'Raises $7.50 to $10': chips, then the total; 'Raises 60': total
            self.add(stud.ActLine(n, name, "raise", None, to if to is not None else a, False))
        elif verb in ("all_in", "all_in_raise"):
            self.all_in(name, a or 0, to, n)
        elif verb == "uncalled":
            self.add(stud.UncalledLine(n, name, a or 0))
        elif verb == "collect":
            self.add(stud.CollectLine(n, name, a or 0, "side pot" if g.get("side") else "pot"))
        else:
            self.shown(verb, name, m["cards"], n)

    def all_in(self, name: str, a: int, to: int | None, n: int) -> None:
        """``All-in 245`` is the chips put in, ``All-in(raise) 22`` too, or the round
        total: whichever puts in the player's last chips."""
        if to is not None:  # 'All-in(raise) $X to $Y'
            self.add(stud.ActLine(n, name, "raise", None, to, True))
            return
        left, in_round = self.ledger.left(name), self.ledger.round_bet.get(name, 0)
        chips = a - in_round if a != left and a - in_round == left else a
        self.add(stud.ActLine(n, name, "all_in", None, None, True, chips))

    def deal(self, name: str, text: str, n: int) -> None:
        """A card dealt: the first of a run of deals (or a second card to a player in the
        run) begins a street. ``X`` is a card not written."""
        cards = [
            None if t.upper() in ("X", "XX", "??") else stud.cards_of(t, n)[0] for t in text.split()
        ]
        if not self.dealing or name in self.dealt_now:
            self.street += 1
            self.dealt_now = set()
            self.add(stud.StreetLine(n, self.street))
        self.dealing = True
        self.dealt_now.add(name)
        if self.street == 1:
            if len(cards) != 3 or cards[2] is None or (name == HERO and None in cards):
                raise stud.fail(n, f"3rd street deals two cards down and one up to {name}: {text}")
            self.held[name], self.up[name] = cards, [cards[2]]
            known = tuple(c for c in cards if c is not None)
            self.add(stud.DealtLine(n, name, (), known if name == HERO else known[-1:]))
            return
        if len(cards) != 1 or (cards[0] is None and self.street < 5):
            raise stud.fail(n, f"one card a street after 3rd street, not [{text}] to {name}")
        held = self.held.setdefault(name, [])
        before = [c for c in held if c is not None] if name == HERO else self.up.get(name, [])
        held.append(cards[0])
        if cards[0] is not None:
            self.add(stud.DealtLine(n, name, tuple(before), (cards[0],)))
        if self.street < 5 and cards[0] is not None:
            self.up.setdefault(name, []).append(cards[0])

    def shown(self, verb: str, name: str, cards_text: str, n: int) -> None:
        """``Showdown [Js Jd Ac Td 9d] (One pair)``: the best five (and five low) of the
        player's cards, all of which were dealt face up in the history."""
        held = tuple(c for c in self.held.get(name, ()) if c is not None)
        shown = stud.cards_of(cards_text, n)
        if len(held) < len(self.held.get(name, ())) or not set(shown) <= set(held):
            raise stud.fail(n, f"{name} shows {cards_text}, not among the cards dealt")
        if verb == "show":
            self.add(stud.ShowLine(n, name, held, None))
        else:
            self.add(stud.MuckLine(n, name, "mucks", held))

    def reveal_down_cards(self) -> list[stud.Item]:
        """The items, with the others' down cards (written with the up card on 3rd
        street) shown right after the 3rd-street deal."""
        out: list[stud.Item] = []
        dealt3 = False
        for it in self.items:
            if dealt3 and not isinstance(it, stud.DealtLine):
                out.extend(
                    stud.MuckLine(d.line, d.name, "dealt", tuple(c for c in down if c is not None))
                    for d in self.items
                    if isinstance(d, stud.DealtLine)
                    and len(d.new) == 1
                    and not d.before
                    and None not in (down := self.held[d.name][:3])
                )
                dealt3 = False
            if isinstance(it, stud.StreetLine) and it.street == 1:
                dealt3 = True
            out.append(it)
        return out

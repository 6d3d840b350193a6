"""A stud hand written as events (the XML rooms: Merge, iPoker) turned into the shared
stud reader's model (:class:`~rakestats.formats.stud._model.ParsedStudHand`), so that
the same replay and end checks validate it.

The rooms write what happened, not the text a person reads: the cards each player
holds after each street, the betting actions with the chips they put in (or the round
total they make), who showed, and who won how much. The room's reader turns its XML
into :class:`EventHand`; :func:`build` follows the chips to say which action puts a
player all-in and what round total each bet or raise makes, deals each street's cards
as the shared reader expects them (the hero's down cards, the other players' up cards;
the down cards of the others are shown at the showdown), and writes the winnings, the
uncalled bet and the showdown.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from rakestats.cards import StdCard
from rakestats.formats import stud

__all__ = ["Act", "Cards", "EventHand", "Player", "Show", "Win", "build", "chips_put", "infer_bets"]

_STREETS = ("3rd street", "4th street", "5th street", "6th street", "7th street")


@dataclass(frozen=True, slots=True)
class Player:
    line: int
    seat: int
    name: str
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class Cards:
    """The cards a player holds after the deal of ``street`` (1-5: 3rd to 7th), in
    dealing order; None for a card the room hides."""

    line: int
    street: int
    name: str
    cards: tuple[StdCard | None, ...]


@dataclass(frozen=True, slots=True)
class Act:
    """A betting action on ``street`` (0: the antes). ``verb``: ante, bring_in, call,
    bet, complete, raise, check, fold, all_in. ``amount``: as ``means`` says, the
    chips the action puts in (``added``), the round total it makes (``to``) or, for a
    raise, how much it raises the highest total (``by``)."""

    line: int
    street: int
    name: str
    verb: str
    amount: int | None = None
    means: str = "added"


@dataclass(frozen=True, slots=True)
class Show:
    """A player's cards at the showdown (``muck``: given up, the cards written all the
    same)."""

    line: int
    name: str
    cards: tuple[StdCard, ...]
    muck: bool = False


@dataclass(frozen=True, slots=True)
class Win:
    """Chips a player takes: from pot ``pot`` (0 the main pot, k the k-th side pot), or
    an ``uncalled`` bet returned."""

    line: int
    name: str
    amount: int
    pot: int = 0
    uncalled: bool = False


Event = Cards | Act | Show | Win


@dataclass(slots=True)
class EventHand:
    """A hand as the room's events. ``hero``: the player whose down cards are dealt
    face up to the history. ``wins_include_uncalled``: a player's winnings include
    the uncalled bet returned to them (when the room writes no :class:`Win` for it).
    ``reveal_known``: at the showdown, every player still in whose cards are all
    written shows them (a room that writes no show). ``community``: the card dealt
    to all on 7th street when the deck runs short. ``bets_known``: False when the
    small and big bet are a stand-in (a tournament level no hand of it showed)."""

    header: stud.StudHeader
    first_line: int
    last_line: int
    max_seats: int
    players: list[Player]
    events: list[Event] = field(default_factory=list)
    hero: str | None = None
    wins_include_uncalled: bool = True
    reveal_known: bool = False
    community: StdCard | None = None
    bets_known: bool = True

    @property
    def table(self) -> str:
        """The table the header names (empty when it names none)."""
        return self.header.table or ""


def _total(a: Act, have: int, top: int) -> int:
    """The round total an action makes, from what the player has in and the highest
    total of the round."""
    amount = a.amount or 0
    if a.means == "to":
        return amount
    if a.means == "by":
        return top + amount
    return have + amount


class _Chips:
    """The chips of each player as the actions put them in."""

    def __init__(self, hand: EventHand) -> None:
        self.left = {p.name: p.stack for p in hand.players}
        self.put = dict.fromkeys(self.left, 0)
        self.round: dict[str, int] = {}
        self.street = 0
        self.small_bet = hand.header.small_bet

    def seated(self, a: Act) -> None:
        if a.name not in self.left:
            raise stud.fail(a.line, f"{a.name!r} acts but is not seated")

    def total(self, a: Act) -> int:
        """The round total a bet, completion or raise makes."""
        have = self.round.get(a.name, 0)
        total = _total(a, have, max(self.round.values(), default=0))
        if a.verb in ("bet", "complete") and a.street == 1 and have:
            # the bring-in completing: the room's amount is the chips put in or the
            # total; whichever makes the completion is meant
            amount = a.amount or 0
            other = have + amount if a.means == "to" else amount
            if total != self.small_bet and other == self.small_bet:
                total = other
        if total <= have:
            raise stud.fail(
                a.line, f"{a.name} {a.verb}s to {total}, no more than {have} in already"
            )
        return total

    def put_in(self, a: Act, chips: int) -> bool:
        """Put ``chips`` of the player in; whether they are all-in now."""
        if chips > self.left[a.name]:
            raise stud.fail(a.line, f"{a.name} puts in {chips} but has {self.left[a.name]} left")
        self.left[a.name] -= chips
        self.put[a.name] += chips
        self.round[a.name] = self.round.get(a.name, 0) + chips
        return self.left[a.name] == 0

    def act(self, a: Act) -> stud.Item:
        self.seated(a)
        if a.street != self.street:
            self.street, self.round = a.street, {}
        if a.verb == "ante":
            chips = a.amount or 0
            return stud.AnteLine(a.line, a.name, chips, self.put_in(a, chips))
        if a.verb in ("check", "fold"):
            return stud.ActLine(a.line, a.name, a.verb, None, None, False)
        if a.verb in ("bring_in", "call"):
            chips = a.amount or 0
            return stud.ActLine(a.line, a.name, a.verb, chips, None, self.put_in(a, chips))
        if a.verb == "all_in":
            chips = a.amount or 0
            return stud.ActLine(a.line, a.name, "all_in", None, None, self.put_in(a, chips), chips)
        if a.verb not in ("bet", "complete", "raise"):
            raise stud.fail(a.line, f"unknown action {a.verb!r}")
        total = self.total(a)
        all_in = self.put_in(a, total - self.round.get(a.name, 0))
        # a bet on 3rd street is the completion (over the bring-in, or in its place)
        verb = "complete" if a.verb == "bet" and a.street == 1 else a.verb
        return stud.ActLine(a.line, a.name, verb, None, total, all_in)

    def uncalled(self) -> tuple[str, int] | None:
        """The bet no one called: what the player who put in most put in more than
        anyone else."""
        ranked = sorted(self.put.items(), key=lambda kv: kv[1], reverse=True)
        if len(ranked) < 2 or ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0], ranked[0][1] - ranked[1][1]


def _dealt(c: Cards, hero: str | None) -> stud.DealtLine | None:
    """The line of the shared reader for a player's cards after a street: the hero's
    cards held and the new one (all three on 3rd street), another player's up cards
    held and the new up card (nothing on 7th street, dealt face down)."""
    s, cards = c.street, c.cards
    if len(cards) != s + 2:
        raise stud.fail(c.line, f"{c.name} holds {len(cards)} cards on {_STREETS[s - 1]}")
    if c.name == hero and all(x is not None for x in cards):
        known = tuple(x for x in cards if x is not None)
        return (
            stud.DealtLine(c.line, c.name, (), known)
            if s == 1
            else stud.DealtLine(c.line, c.name, known[:-1], known[-1:])
        )
    if s == 5:
        return None
    ups = cards[2:]
    if any(x is None for x in ups):
        raise stud.fail(c.line, f"an up card of {c.name} is not written")
    up = tuple(x for x in ups if x is not None)
    return stud.DealtLine(c.line, c.name, up[:-1], up[-1:])


def _street_items(
    hand: EventHand, street: int, events: Sequence[Event], chips: _Chips, folded: set[str]
) -> list[stud.Item]:
    """A street's deal and its betting: cards dealt to players still in (a player's
    cards written twice count once), then the actions."""
    last = {e.name: e for e in events if isinstance(e, Cards)}
    deals = [
        e for e in events if isinstance(e, Cards) and e.name not in folded and last[e.name] is e
    ]
    acts = [e for e in events if isinstance(e, Act)]
    if not deals and not acts:  # only the cards of players out already (the hero's)
        return []
    line = min(e.line for e in events)
    board = (hand.community,) if street == 5 and hand.community is not None else ()
    items: list[stud.Item] = [stud.StreetLine(line, street, board)]
    for c in deals:
        d = _dealt(c, hand.hero)
        if d is not None:
            items.append(d)
    for a in acts:
        items.append(chips.act(a))
        if a.verb == "fold":
            folded.add(a.name)
    return items


def _showdown(hand: EventHand, live: list[str], held: dict[str, Cards]) -> list[stud.Item]:
    shows = [e for e in hand.events if isinstance(e, Show)]
    if hand.reveal_known:
        shows += [
            Show(held[n].line, n, tuple(c for c in held[n].cards if c is not None))
            for n in live
            if n in held and len(held[n].cards) == 7 and None not in held[n].cards
        ]
    shows = [s for s in shows if s.name in live]
    if len(live) < 2 or not shows:
        return []
    items: list[stud.Item] = [stud.StreetLine(shows[0].line, 6)]
    for s in shows:
        if s.muck:
            items.append(stud.MuckLine(s.line, s.name, "mucks", s.cards))
        else:
            items.append(stud.ShowLine(s.line, s.name, s.cards, None))
    return items


def _wins(hand: EventHand, chips: _Chips) -> tuple[list[stud.Item], bool]:
    """The winnings and uncalled bets, and whether the hand now states its uncalled
    bet (else the winnings include it)."""
    wins = [e for e in hand.events if isinstance(e, Win)]
    items: list[stud.Item] = []
    for w in wins:
        if w.name not in chips.left:
            raise stud.fail(w.line, f"{w.name!r} wins but is not seated")
        if w.uncalled:
            items.append(stud.UncalledLine(w.line, w.name, w.amount))
        else:
            label = "pot" if w.pot == 0 else f"side pot-{w.pot}"
            items.append(stud.CollectLine(w.line, w.name, w.amount, label))
    if any(w.uncalled for w in wins):
        return items, True
    if hand.wins_include_uncalled:
        return items, False
    back = chips.uncalled()
    if back is not None:
        items.insert(0, stud.UncalledLine(wins[0].line if wins else hand.last_line, *back))
    return items, True


def build(hand: EventHand) -> stud.ParsedStudHand:
    """The hand in the shared reader's model (raises HandError)."""
    parsed = stud.ParsedStudHand(hand.header, hand.first_line, hand.table, hand.max_seats)
    parsed.seats = [
        stud.SeatLine(p.line, p.seat, p.name, p.stack, p.sitting_out) for p in hand.players
    ]
    names = {p.name for p in hand.players}
    for e in hand.events:
        if isinstance(e, (Cards, Show)) and e.name not in names:
            raise stud.fail(e.line, f"cards of {e.name!r}, who is not seated")
    chips = _Chips(hand)
    acts = [e for e in hand.events if isinstance(e, Act)]
    items: list[stud.Item] = [chips.act(a) for a in acts if a.street == 0]
    folded: set[str] = set()
    held: dict[str, Cards] = {}
    for street in range(1, 6):
        events = [e for e in hand.events if isinstance(e, (Cards, Act)) and e.street == street]
        if events:
            items += _street_items(hand, street, events, chips, folded)
        for e in events:
            if isinstance(e, Cards):
                held[e.name] = e
    dealt = {e.name for e in hand.events if isinstance(e, Cards)}
    anted = {a.name for a in acts if a.street == 0}
    live = [p.name for p in hand.players if p.name in dealt | anted and p.name not in folded]
    items += _showdown(hand, live, held)
    wins, states_uncalled = _wins(hand, chips)
    items += wins
    parsed.items = items
    parsed.room = stud.RoomRules(
        check_descriptions=False,
        states_rake=False,
        writes_uncalled=states_uncalled,
        up_cards_shown=True,
    )
    return parsed


def _walk(acts: Sequence[Act]) -> Iterator[tuple[Act, int, int, int]]:
    """Each action with what its player had in the round before it, the round's highest
    total before it and the round total it makes (a check or fold: what they had)."""
    rounds: dict[str, int] = {}
    street = -1
    for a in acts:
        if a.street != street:
            street, rounds = a.street, {}
        have = rounds.get(a.name, 0)
        top = max(rounds.values(), default=0)
        total = have if a.verb in ("check", "fold") else _total(a, have, top)
        rounds[a.name] = total
        yield a, have, top, total


def chips_put(acts: Sequence[Act]) -> dict[str, int]:
    """The chips each player's actions put in (as if no stack ran out).

    >>> chips_put([Act(1, 0, "A", "ante", 5), Act(2, 1, "A", "bring_in", 10),
    ...            Act(3, 1, "B", "bet", 50), Act(4, 1, "A", "raise", 100, "to")])
    {'A': 105, 'B': 50}
    """
    put: dict[str, int] = {}
    for a, have, _, total in _walk(acts):
        put[a.name] = put.get(a.name, 0) + total - have
    return put


def infer_bets(
    acts: Sequence[Act], stacks: dict[str, int], *, small_on_4th: bool = True
) -> tuple[int, int] | None:
    """The small and big bet of a hand whose header does not state them (a tournament
    level), from its full bets (none all-in): the completion on 3rd street is the small
    bet, the first bet on 5th street or later the big bet (twice the small one), a
    raise over a full bet the size of its street's bet; a bet on 4th street is the
    small bet unless ``small_on_4th`` is False (Seven-Card Stud with a pair showing).
    None when the hand has no such bet (everyone folded to the bring-in, or only
    all-ins).

    >>> a = [Act(1, 1, "A", "bring_in", 15), Act(2, 1, "B", "bet", 60)]
    >>> infer_bets(a, {"A": 500, "B": 500})
    (60, 120)
    >>> infer_bets([Act(1, 3, "A", "bet", 160)], {"A": 500, "B": 500})
    (80, 160)
    """
    left = dict(stacks)
    street = -1
    clean = False  # the round's highest total was made by a full bet (not all-in)
    sizes: dict[int, int] = {}  # street kind (1: small, 3: big) -> the bet seen
    for a, have, top, total in _walk(acts):
        if a.street != street:
            street, clean = a.street, False
        left[a.name] = left.get(a.name, 0) - (total - have)
        if total <= top:
            continue
        full = a.verb in ("bet", "complete", "raise") and left[a.name] > 0
        kind = 1 if street == 1 or (street == 2 and small_on_4th) else 3 if street >= 3 else 0
        if full and kind and kind not in sizes:
            if a.verb != "raise" and not have:
                sizes[kind] = total  # the completion, or the first bet
            elif a.verb == "raise" and clean:
                sizes[kind] = total - top
        clean = full and a.verb != "bring_in"
    if 1 in sizes:
        return sizes[1], 2 * sizes[1]
    if 3 in sizes and sizes[3] % 2 == 0:
        return sizes[3] // 2, sizes[3]
    return None

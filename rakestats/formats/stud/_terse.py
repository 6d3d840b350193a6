"""What a room that writes less than PokerStars leaves out, worked out from what it
does write (OnGame, KingsClub and Winning use these): the cards a player holds already
when a street deals only the new one, completions written as bets, calls written as the
round total, the chips put in and the uncalled bets nobody writes.

The replay then checks the hand as it checks any other: nothing here decides who may do
what, it only puts the room's words into the neutral model's meaning.

>>> from rakestats.cards import parse_std_cards as c
>>> from rakestats.formats.stud._model import ActLine, AnteLine, DealtLine, StreetLine
>>> items = [AnteLine(1, "Ann", 1, False), AnteLine(2, "Bob", 1, False),
...          StreetLine(3, 1), DealtLine(4, "Ann", (), c("2c 3c 4c")),
...          DealtLine(5, "Bob", (), c("Kd")), ActLine(6, "Bob", "bring_in", 2, None, False),
...          ActLine(7, "Ann", "bet", 4, None, False), ActLine(8, "Bob", "fold", None, None, False),
...          StreetLine(9, 2), DealtLine(10, "Ann", (), c("5c"))]
>>> t = Terse(items, ["Ann", "Bob"])
>>> t.items[6].verb, t.items[6].to, t.items[-1].before == c("2c 3c 4c")
('complete', 4, True)
>>> t.put_in, t.uncalled
(8, [('Ann', 2)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rakestats.betting import uncalled_bet
from rakestats.cards import StdCard
from rakestats.formats._base import ParseResult
from rakestats.formats.stud import _model
from rakestats.formats.stud._common import fail
from rakestats.formats.stud.reader import StudReader
from rakestats.records import HandRecord, SkipRecord

__all__ = ["Closing", "SeatResult", "Terse", "TerseReader", "third_street_opened"]


def third_street_opened(items: list[_model.Item], renumber: bool) -> list[_model.Item]:
    """The items of a room that writes no section before the cards of 3rd street
    (KingsClub until 2022, Winning's old software): a 3rd-street section before the
    first cards; ``renumber``: the room's later sections are named one street early
    (its ``3RD STREET`` opens 4th street) and are moved on by one. A hand whose first
    cards follow a section is left as it is."""
    first = next(
        (i for i, x in enumerate(items) if isinstance(x, (_model.DealtLine, _model.StreetLine))),
        None,
    )
    if first is None or isinstance(items[first], _model.StreetLine):
        return items
    out: list[_model.Item] = []
    for k, it in enumerate(items):
        if k == first:
            out.append(_model.StreetLine(it.line, 1))
        if renumber and isinstance(it, _model.StreetLine) and it.street <= 4:
            it = replace(it, street=it.street + 1)
        out.append(it)
    return out


class Terse:
    """A hand's items (``items``, in order) with what the room left unwritten filled in:

    - ``DealtLine.before``: the cards dealt to the player on earlier streets (the
      hero's all, the others' up cards), for rooms that write the new card only; a
      deal of hidden cards only (``[X]``) is dropped, and a street's cards written a
      line each are one deal;
    - a ``bet`` on 3rd street is the completion (``to`` the amount);
    - a ``call`` that gives only ``to`` (the round total after it) gets its ``amount``.

    ``put_in``: every chip the players put in (antes included, uncalled bets not taken
    back); ``uncalled``: the bets nobody called, ``(name, chips)`` per betting round in
    order, as the engine returns them (the top round total less the next one).
    """

    def __init__(self, items: Sequence[_model.Item], names: Sequence[str]) -> None:
        self.names = list(names)
        self.put_in = 0
        self.uncalled: list[tuple[str, int]] = []
        self._held: dict[str, list[StdCard]] = {n: [] for n in names}
        self._round: dict[str, int] = dict.fromkeys(names, 0)
        self._street = 0
        self._dealt_at: dict[str, int] = {}  # the street's deal of each player, in items
        self.items: list[_model.Item] = []
        for it in items:
            new = self._item(it)
            if new is not None:
                self.items.append(new)
        self._close_round()

    def _item(self, it: _model.Item) -> _model.Item | None:
        if isinstance(it, _model.StreetLine) and it.street != 6:
            self._close_round()
            self._street = it.street
            self._dealt_at = {}
        elif isinstance(it, _model.AnteLine):
            self.put_in += it.amount
        elif isinstance(it, _model.DealtLine):
            return self._dealt(it)
        elif isinstance(it, _model.ActLine):
            return self._act(it)
        return it

    def _dealt(self, it: _model.DealtLine) -> _model.DealtLine | None:
        if not it.new and not it.before:
            return None  # hidden cards only
        held = self._held.setdefault(it.name, [])
        k = self._dealt_at.get(it.name)
        if k is not None and not it.before:  # a card a line: one deal of the street
            first = self.items[k]
            assert isinstance(first, _model.DealtLine)
            self.items[k] = replace(first, new=first.new + it.new)
            held.extend(it.new)
            return None
        if not it.before and held:
            it = replace(it, before=tuple(held))
        held.extend(it.new)
        self._dealt_at[it.name] = len(self.items)
        return it

    def _act(self, it: _model.ActLine) -> _model.ActLine:
        now = self._round.get(it.name, 0)
        top = max(self._round.values(), default=0)
        if it.verb == "bet" and self._street == 1:
            it = replace(it, verb="complete", to=it.to if it.to is not None else it.amount)
            it = replace(it, amount=None)
        if it.verb == "call" and it.amount is None and it.to is not None:
            it = replace(it, amount=it.to - now, to=None)
        after = self._total_after(it, now, top)
        self._round[it.name] = max(after, now)
        self.put_in += max(after - now, 0)
        return it

    @staticmethod
    def _total_after(it: _model.ActLine, now: int, top: int) -> int:
        """The player's round total after the line (as written; the replay checks it)."""
        if it.verb in ("check", "fold"):
            return now
        if it.verb in ("bring_in", "call"):
            chips = it.amount if it.amount is not None else it.added
            return now + (chips if chips is not None else max(top - now, 0))
        if it.to is not None:
            return it.to
        if it.added is not None:
            return now + it.added
        return now + (it.amount or 0) if it.verb == "all_in" else it.amount or now

    def _close_round(self) -> None:
        names = list(self._round)
        found = uncalled_bet([self._round[n] for n in names])
        if found is not None:
            self.uncalled.append((names[found[0]], found[1]))
        self._round = dict.fromkeys(self.names, 0)


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A summary line about one player: the net of the hand when the room writes it,
    the cards it shows."""

    line: int
    name: str
    net: int | None
    cards: tuple[StdCard, ...] = ()


@dataclass(slots=True)
class Closing:
    """What a terse room's summary says: the pots taken (``collects``), the rake (with
    the line that states it), the pot before the rake when written (and the main and
    side pots), and each player's result. ``line``: the summary's first line."""

    line: int
    collects: list[_model.CollectLine] = field(default_factory=list)
    rake: int = 0
    rake_line: int | None = None
    total: int | None = None
    pots: list[int] = field(default_factory=list)
    results: list[SeatResult] = field(default_factory=list)

    def items(self, terse: Terse) -> list[_model.Item]:
        """The hand's items for the replay: the play, the cards shown in the summary
        (a show for a player still in at a showdown, else only checked against the
        cards dealt), the uncalled bets (when the room writes none), the summary, the
        pots taken and the pot line.

        A room that counts an uncalled bet in the winnings and the pot (their sum and
        the rake make every chip put in) has it taken off both."""
        body = list(terse.items)
        at = next(
            (i for i, x in enumerate(body) if isinstance(x, _model.StreetLine) and x.street == 7),
            None,
        )
        top = body[at] if at is not None else _model.StreetLine(self.line, 7)
        body = body[:at] if at is not None else body
        written = any(isinstance(x, _model.UncalledLine) for x in body)
        uncalled = [] if written else terse.uncalled
        returned = sum(a for _, a in uncalled)
        collects = list(self.collects)
        taken = sum(c.amount for c in collects) + self.rake
        if returned and taken == terse.put_in:
            collects = _less_uncalled(collects, uncalled)
        total = self.total if self.total is not None else terse.put_in - returned
        if returned and total == terse.put_in:
            total -= returned
        where = self.rake_line or (collects[-1].line if collects else self.line)
        return [
            *body,
            *self._shows(body),
            *(_model.UncalledLine(self.line, name, a) for name, a in uncalled),
            top,
            *collects,
            _model.TotalLine(
                where, total, self.rake, tuple(self.pots) if sum(self.pots) == total else ()
            ),
        ]

    def _shows(self, body: Sequence[_model.Item]) -> list[_model.Item]:
        dealt = {x.name for x in body if isinstance(x, (_model.AnteLine, _model.DealtLine))}
        folded = {x.name for x in body if isinstance(x, _model.ActLine) and x.verb == "fold"}
        shown = {x.name for x in body if isinstance(x, _model.ShowLine)}
        live = dealt - folded
        out: list[_model.Item] = []
        for r in self.results:
            if not r.cards or r.name in shown:
                continue
            if r.name in live and len(live) > 1:
                out.append(_model.ShowLine(r.line, r.name, r.cards, None))
            else:
                out.append(_model.MuckLine(r.line, r.name, "shown in the summary", r.cards))
        return out

    def check_nets(self, rec: HandRecord) -> None:
        """Each player's net as the summary writes it is the replay's (raises HandError)."""
        nets = {p.player: p.net for p in rec.players}
        for r in self.results:
            if r.net is not None and r.name in nets and nets[r.name] != r.net:
                raise fail(r.line, f"{r.name} nets {nets[r.name]} in this hand, not {r.net}")


def _less_uncalled(
    collects: list[_model.CollectLine], uncalled: Sequence[tuple[str, int]]
) -> list[_model.CollectLine]:
    out = list(collects)
    for name, amount in uncalled:
        k = next((i for i, c in enumerate(out) if c.name == name and c.amount >= amount), None)
        if k is not None:
            c = out[k]
            out[k] = _model.CollectLine(c.line, c.name, c.amount - amount, c.pot)
    return out


class TerseReader(StudReader):
    """A room's reader whose :meth:`parse_lines` reads the summary into ``closing``:
    the nets the summary writes are checked against the validated hand. A room whose
    game is named on a later line than the first (``game_line``) has the hands of other
    games skipped unread, as ``stud_words`` does for the first line."""

    closing: Closing | None = None

    def game_line(self, lines: Sequence[str]) -> str | None:
        """The line that names the game, when it is not the first (None: the first)."""
        return None

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        line = self.game_line(lines)
        if line is not None and StudReader.stud_words.search(line) is None:
            hand_id = self.hand_id_of(lines)
            return SkipRecord(source_file, first_line, self.game_text(lines), hand_id)
        return super().parse_hand(lines, first_line, source_file)

    def record(
        self, header: _model.StudHeader, parsed: _model.ParsedStudHand, source_file: str
    ) -> HandRecord:
        rec = super().record(header, parsed, source_file)
        if self.closing is not None:
            self.closing.check_nets(rec)
        return rec

"""The stud fast path's reading of a hand's lines: the same decisions as the shared
grammar (:func:`~rakestats.formats.stud._grammar.read_seats` and
:class:`~rakestats.formats.stud._grammar.LineReader`, with the room's patterns), made
cheaper, into plain tuples (:data:`~._lean_base.Item`).

- A pattern that begins with literal text (``*** ``, ``Uncalled bet (``, ``Total pot``)
  is tried only on lines that begin with it (:func:`literal_prefix`).
- What follows a player's name (``: calls $0.02``, ``: folds``) is read by the
  grammar's own :meth:`LineReader.player_item` once per room and stake unit, then looked
  up (these texts repeat from hand to hand); so are a summary seat's outcome, the pot
  line, sections and amounts.
- Cards are looked up as numbers.

A line the grammar would refuse raises :class:`~._lean_base.Unhandled`: the full reader
then names the line and the reason.

>>> import re
>>> literal_prefix(re.compile(r"^\\*\\*\\* (?P<name>[^*]+?) \\*"))
'*** '
>>> literal_prefix(re.compile("^ab?c"))
'a'
>>> literal_prefix(re.compile(r"^Total pot \\| x")), literal_prefix(re.compile("^ab|cd"))
('Total pot | x', '')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from rakestats.formats._base import HandError
from rakestats.formats.stud import _model as m
from rakestats.formats.stud._common import parse_money
from rakestats.formats.stud._grammar import LineReader
from rakestats.formats.stud._lean_base import (
    ACT,
    ANTE,
    CACHE_LIMIT,
    CAPPED,
    CARD_OF,
    COLLECT,
    DEALT,
    MUCK,
    SEAT,
    SHOW,
    STD,
    STREET,
    TOTAL,
    UNCALLED,
    Item,
    Unhandled,
)
from rakestats.formats.stud._model import ParsedStudHand, StudHeader
from rakestats.formats.stud._patterns import StudPatterns

__all__ = ["LeanRead", "LeanText", "Plan", "from_parsed", "literal_prefix", "plan_of", "read_hand"]


def bounded(cache: dict[Any, Any]) -> dict[Any, Any]:
    """``cache``, emptied once it holds more than a bounded number of entries (here,
    compiled with its callers: a call from compiled code to Python costs more than it)."""
    if len(cache) > CACHE_LIMIT:
        cache.clear()
    return cache


_META: Final = frozenset(".^$*+?{}[]()|\\")
_QUANTIFIERS: Final = frozenset("*+?{")
_NO_MATCH: Final = (-1, None)  # a memo of a text the grammar reads as no line
_REFUSED: Final = (-2, None)  # ... and of one it refuses (the hand is quarantined)


def _top_level_bar(src: str) -> bool:
    """Whether a regex source has an alternation outside any group."""
    depth, i, n = 0, 0, len(src)
    while i < n:
        ch = src[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            i += 2 if src[i + 1 : i + 2] in ("]", "^") else 1
            while i < n and src[i] != "]":
                i += 2 if src[i] == "\\" else 1
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "|" and depth == 0:
            return True
        i += 1
    return False


def literal_prefix(pattern: re.Pattern[str]) -> str:
    """The text every match of ``pattern`` (with ``match``) begins with: its leading
    literal characters ("" when it has none, or when flags make them inexact)."""
    if pattern.flags & (re.IGNORECASE | re.VERBOSE) or _top_level_bar(pattern.pattern):
        return ""
    src = pattern.pattern
    i = 1 if src.startswith("^") else 0
    out: list[str] = []
    while i < len(src):
        ch = src[i]
        if ch == "\\":
            nxt = src[i + 1 : i + 2]
            if not nxt or nxt.isalnum() or nxt == "_":
                break
            lit, step = nxt, 2
        elif ch in _META:
            break
        else:
            lit, step = ch, 1
        if src[i + step : i + step + 1] in _QUANTIFIERS and i + step < len(src):
            break
        out.append(lit)
        i += step
    return "".join(out)


_CARD_OF: Final = CARD_OF  # (compiled: a static, where the imported name is looked up)


def _cards(text: str) -> tuple[int, ...]:
    """Cards written as ``As 2d`` (commas allowed), as numbers (the grammar's
    ``cards_of``); a text that is no cards is refused."""
    out = []
    for token in text.replace(",", " ").split():
        c = _CARD_OF.get(token)
        if c is None:
            raise Unhandled("cards")
        out.append(c)
    return tuple(out)


_NUMBER: Final = {id(c): i for i, c in enumerate(STD)}


def _numbers(cards: Sequence[Any]) -> tuple[int, ...]:
    """Cards of the model (:class:`~rakestats.cards.StdCard`) as numbers."""
    try:
        return tuple([_NUMBER.get(id(c)) or CARD_OF[str(c)] for c in cards])
    except KeyError:
        raise Unhandled("cards") from None


def _said(item: object) -> tuple[int, Any]:
    """What a player's line read by the grammar says, without the line and the name."""
    if isinstance(item, m.ActLine):
        return ACT, (item.verb, item.amount, item.to, item.all_in, item.added)
    if isinstance(item, m.AnteLine):
        return ANTE, (item.amount, item.all_in)
    if isinstance(item, m.ShowLine):
        return SHOW, (_numbers(item.cards), item.description)
    if isinstance(item, m.MuckLine):
        return MUCK, (item.words, _numbers(item.cards))
    if isinstance(item, m.CollectLine):
        return COLLECT, (item.amount, item.pot)
    raise Unhandled("a player's line of another kind")


class Plan:
    """A room's patterns prepared for the fast path (one per reader class), with the
    memos of texts read once."""

    def __init__(self, p: StudPatterns) -> None:
        self.p = p
        self.table_line = p.table_line
        self.seat_line = p.seat_line.match
        self.sitting_out = p.sitting_out.search
        self.section = p.section.match
        self.section_prefix = literal_prefix(p.section)
        self.streets = p.streets
        self.other_sections = p.other_sections
        self.dealt_prefix = p.dealt_prefix
        self.dealt = p.dealt.match
        self.capped = p.capped.match
        self.capped_prefix = literal_prefix(p.capped)
        self.uncalled = p.uncalled.match
        self.uncalled_prefix = literal_prefix(p.uncalled)
        self.action_words = p.action_words.match
        self.total = p.total.match
        self.total_prefix = literal_prefix(p.total)
        self.side_pots = p.side_pots.findall
        self.summary_seat = p.summary_seat.match
        self.summary_prefix = literal_prefix(p.summary_seat)
        self.summary_tags = p.summary_tags
        prefixes = (self.section_prefix, p.dealt_prefix, self.capped_prefix, self.uncalled_prefix)
        #: the first characters of lines that are no player's (None: any may be)
        self.lead = None if "" in prefixes else frozenset(x[0] for x in prefixes)
        self.tables: dict[str, tuple[str, str | None] | None] = {}
        self.sections: dict[str, tuple[int, Any]] = {}
        self.dealts: dict[str, Any] = {}  # what follows a name in a line of cards dealt
        # by the unit of amounts (cents or chips): text -> what it reads as
        self.money: dict[int, dict[str, int]] = {}
        self.said: dict[int, dict[str, tuple[int, Any, bool]]] = {}
        self.outcomes: dict[int, dict[str, tuple[int, Any]]] = {}
        self.totals: dict[int, dict[str, tuple[int, Any]]] = {}


_plans: Final[dict[type, Plan]] = {}


def plan_of(reader: StudPatterns) -> Plan:
    """The prepared patterns of ``reader``'s class."""
    plan = _plans.get(type(reader))
    if plan is None:
        plan = _plans[type(reader)] = Plan(reader)
    return plan


class LeanText:
    """Reads the lines of one hand after its header (:func:`read_hand`)."""

    def __init__(self, plan: Plan, header: StudHeader) -> None:
        self.plan = plan
        self.header = header
        self.scale = scale = header.scale
        self.names: list[str] = []
        self.by_first: dict[str, list[str]] = {}  # names by their first character
        self.money_memo = bounded(plan.money.setdefault(scale, {}))
        self.said = bounded(plan.said.setdefault(scale, {}))
        self.outcomes = bounded(plan.outcomes.setdefault(scale, {}))
        self.totals = bounded(plan.totals.setdefault(scale, {}))
        self.grammar: LineReader | None = None

    def _grammar(self) -> LineReader:
        if self.grammar is None:
            self.grammar = LineReader(self.plan.p, self.header, self.names)
        return self.grammar

    def money(self, text: str) -> int:
        value = self.money_memo.get(text)
        if value is None:
            try:
                value = self.money_memo[text] = parse_money(text, self.scale, 0)
            except HandError:
                raise Unhandled("amount") from None
        return value

    def read(self, lines: Sequence[str], start: int, first_line: int, out: LeanRead) -> None:
        """The items of ``lines[start:]`` into ``out``, with what the replay's setup
        reads of them: the antes, the first bring-in, the players dealt 3rd street."""
        items = out.items
        lead = self.plan.lead
        third = True
        # a list (as blocks hold their lines): compiled, indexing it is then native
        rows: list[str] = lines if isinstance(lines, list) else list(lines)
        k, n = start, len(rows)
        while k < n:
            text = rows[k]
            k += 1
            if lead is None or text[:1] in lead:
                it = self.item(text, first_line + k - 1)
            else:
                it = self.player_line(text, first_line + k - 1)
            if it is None:
                continue
            items.append(it)
            kind = it[0]
            if kind == STREET:
                if it[3][0] == 7:
                    break
                if it[3][0] > 1:
                    third = False
            elif kind == ACT:
                if out.bring_in is None and it[3][0] == "bring_in":
                    out.bring_in = it[3]
            elif kind == ANTE:
                out.antes.append(it)
            elif kind == DEALT and third:
                out.dealt3.add(it[2])
        while k < n:  # (compiled: a method called directly, not through a bound alias)
            it = self.summary(rows[k], first_line + k)
            k += 1
            if it is not None:
                items.append(it)

    def set_names(self, names: list[str]) -> None:
        """The players seated, tried longest first as the grammar tries them."""
        self.names = sorted(names, key=len, reverse=True)
        self.by_first = {}
        for name in self.names:
            self.by_first.setdefault(name[:1], []).append(name)

    def item(self, text: str, n: int) -> Item | None:
        plan = self.plan
        if text.startswith(plan.section_prefix):
            said = plan.sections.get(text)
            if said is None:
                said = bounded(plan.sections)[text] = self._section(text)
            if said[0] == STREET:
                return STREET, n, "", said[1]
            if said is not _NO_MATCH:
                return None  # a section passed over
        if text.startswith(plan.dealt_prefix):
            return self.dealt(text[len(plan.dealt_prefix) :], n)
        if text.startswith(plan.capped_prefix) and plan.capped(text):
            return CAPPED, n, "", None
        if text.startswith(plan.uncalled_prefix):
            u = plan.uncalled(text)
            if u is not None:
                if u["name"] not in self.names:
                    raise Unhandled("uncalled bet of nobody seated")
                return UNCALLED, n, u["name"], self.money(u["a"])
        return self.player_line(text, n)

    def _section(self, text: str) -> tuple[int, Any]:
        plan = self.plan
        m = plan.section(text)
        if m is None:
            return _NO_MATCH
        street = plan.streets.get(m["name"].strip())
        if street is None:
            if m["name"].strip() in plan.other_sections:
                return (-3, None)
            raise Unhandled("section")
        rest = m["rest"].strip()
        cards = _cards(rest.strip("[]")) if rest.startswith("[") else ()
        return STREET, (street, cards)

    def dealt(self, text: str, n: int) -> Item | None:
        memo = self.plan.dealts
        names = self.by_first.get(text[:1], ())
        for name in names:
            if text.startswith(name):
                rest = text[len(name) :]
                said = memo.get(rest)
                if said is None:
                    said = bounded(memo)[rest] = self._dealt(rest)
                if said is not _NO_MATCH:
                    return DEALT, n, name, said
        if any(text.startswith(name + " ") for name in names):
            raise Unhandled("cards dealt")
        return None

    def _dealt(self, rest: str) -> Any:
        d = self.plan.dealt(rest)
        if d is None:
            return _NO_MATCH
        b = d.groupdict().get("b")
        if b is None:
            return (), _cards(d["a"])
        return _cards(d["a"]), _cards(b)

    def player_line(self, text: str, n: int) -> Item | None:
        unread = False
        said = self.said
        for name in self.by_first.get(text[:1], ()):
            if not text.startswith(name):
                continue
            rest = text[len(name) :]
            memo = said.get(rest)
            if memo is None:
                memo = said[rest] = self._player_item(name, rest)
            kind, what, action_words = memo
            if kind >= 0:
                return kind, n, name, what
            if kind == -2:
                raise Unhandled("a player's line")
            unread = unread or action_words
        if unread:
            raise Unhandled("an action that cannot be read")
        return None  # "NAME: is sitting out", chat and the like

    def _player_item(self, name: str, rest: str) -> tuple[int, Any, bool]:
        try:
            item = self._grammar().player_item(name, rest, 0)
        except HandError:
            return -2, None, False
        if item is None:
            return -1, None, self.plan.action_words(rest) is not None
        kind, what = _said(item)
        return kind, what, False

    def summary(self, text: str, n: int) -> Item | None:
        plan = self.plan
        if text.startswith(plan.total_prefix):
            memo = self.totals.get(text)
            if memo is None:
                memo = self.totals[text] = self._total(text)
            if memo[0] == TOTAL:
                return TOTAL, n, "", memo[1]
            if memo is _REFUSED:
                raise Unhandled("the pot line")
        if not text.startswith(plan.summary_prefix):
            return None
        m = plan.summary_seat(text)
        if m is None:
            return None
        # the groups typed as text: compiled, their slices and tests are then native
        rest: str = m["rest"]
        seat: str = m["seat"]
        for name in self.by_first.get(rest[:1], ()):
            if rest.startswith(name + " "):
                break
        else:
            raise Unhandled("the summary names a player who is not seated")
        rest = rest[len(name) + 1 :]
        for tag in plan.summary_tags:
            rest = rest.removeprefix(tag)
        said = self.outcomes.get(rest)
        if said is None:
            said = self.outcomes[rest] = self._outcome(name, rest)
        if said[0] < 0:
            raise Unhandled("a summary line")
        return SEAT, n, name, (int(seat), said[1])

    def _total(self, text: str) -> tuple[int, Any]:
        t = self.plan.total(text)
        if t is None:
            return _NO_MATCH
        try:
            pots = tuple(self.money(a) for a in self.plan.side_pots(t["pots"] or ""))
            return TOTAL, (self.money(t["total"]), self.money(t["rake"]), pots)
        except Unhandled:
            return _REFUSED

    def _outcome(self, name: str, rest: str) -> tuple[int, Any]:
        try:
            s: m.SummarySeat = self._grammar().summary_outcome(0, name, rest, 0)
        except HandError:
            return _REFUSED
        return SEAT, (s.outcome, s.amount, _numbers(s.cards), s.fold_round, s.description)


class LeanRead:
    """A hand's table, seats (``(line, seat, name, stack, sitting out)``) and items,
    with what the replay's setup reads of them (``StudReplay._start``): the ante lines,
    the first bring-in line's fields, the names dealt cards on 3rd street."""

    __slots__ = ("antes", "bring_in", "dealt3", "items", "max_seats", "seats", "table")

    def __init__(self, table: str, max_seats: int) -> None:
        self.table = table
        self.max_seats = max_seats
        self.seats: list[tuple[int, int, str, int, bool]] = []
        self.items: list[Item] = []
        self.antes: list[Item] = []
        self.bring_in: tuple[str, int | None, int | None, bool, int | None] | None = None
        self.dealt3: set[str] = set()


def read_hand(
    reader: StudPatterns, header: StudHeader, lines: Sequence[str], first_line: int
) -> LeanRead:
    """The table, the seats and the lines of a hand whose header is read, as
    :func:`~rakestats.formats.stud._grammar.read_seats` reads them (raises
    :class:`Unhandled` where it raises)."""
    plan = plan_of(reader)
    i = 1
    table, max_seats = header.table, header.max_seats
    if plan.table_line is not None:
        if len(lines) < 2:
            raise Unhandled("no table line")
        if lines[1] in plan.tables:
            memo = plan.tables[lines[1]]
        else:
            t = plan.table_line.match(lines[1])
            memo = bounded(plan.tables)[lines[1]] = None if t is None else (t["name"], t["max"])
        if memo is None:
            raise Unhandled("no table line")
        table = memo[0]
        max_seats = int(memo[1]) if memo[1] else max_seats
        i = 2
    out = LeanRead(table or "", max_seats or 8)
    seats = out.seats
    seat_line: Callable[[str], re.Match[str] | None] = plan.seat_line
    text = LeanText(plan, header)
    while i < len(lines) and (s := seat_line(lines[i])) is not None:
        seat: str = s["seat"]
        name: str = s["name"]
        stack: str = s["stack"]
        away = plan.sitting_out(s["tail"] or "") is not None
        seats.append((first_line + i, int(seat), name, text.money(stack), away))
        i += 1
    if not seats:
        raise Unhandled("no seat lines")
    text.set_names([s[2] for s in seats])
    text.read(lines, i, first_line, out)
    return out


def _item(it: object) -> Item:
    """One item of the shared model as the fast path's tuple."""
    if isinstance(it, m.StreetLine):
        return STREET, it.line, "", (it.street, _numbers(it.cards))
    if isinstance(it, m.DealtLine):
        return DEALT, it.line, it.name, (_numbers(it.before), _numbers(it.new))
    if isinstance(it, m.CappedLine):
        return CAPPED, it.line, "", None
    if isinstance(it, m.UncalledLine):
        return UNCALLED, it.line, it.name, it.amount
    if isinstance(it, m.TotalLine):
        return TOTAL, it.line, "", (it.total, it.rake, it.pots)
    if isinstance(it, m.SummarySeat):
        said = (it.outcome, it.amount, _numbers(it.cards), it.fold_round, it.description)
        return SEAT, it.line, it.name, (it.seat, said)
    if isinstance(it, m.ActLine | m.AnteLine | m.ShowLine | m.MuckLine | m.CollectLine):
        kind, what = _said(it)
        return kind, it.line, it.name, what
    raise Unhandled("a line of another kind")


def from_parsed(parsed: ParsedStudHand) -> LeanRead:
    """A hand read by a room's own ``parse_lines``, as :func:`read_hand` gives it."""
    out = LeanRead(parsed.table, parsed.max_seats)
    out.seats = [(s.line, s.seat, s.name, s.stack, s.sitting_out) for s in parsed.seats]
    third = True
    for it in parsed.items:
        item = _item(it)
        out.items.append(item)
        kind = item[0]
        if kind == STREET and item[3][0] > 1:
            third = False
        elif kind == ACT and out.bring_in is None and item[3][0] == "bring_in":
            out.bring_in = item[3]
        elif kind == ANTE:
            out.antes.append(item)
        elif kind == DEALT and third:
            out.dealt3.add(item[2])
    return out

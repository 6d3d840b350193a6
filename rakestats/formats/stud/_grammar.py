"""Reading the lines of one stud hand into a :class:`ParsedStudHand`, with a room's
patterns (:class:`StudPatterns`).

Player names are declared by the seat lines and may hold spaces and brackets
(``PC [Mittel]``); every other line about a player is matched against the declared
names, longest first, and the room's patterns. Lines about nobody seated and lines that
are not part of the game (chat, ``joins the table``, ``is disconnected`` ...) are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.cards import CardError, StdCard, parse_std_cards
from rakestats.formats.stud import _model
from rakestats.formats.stud._common import fail, parse_money
from rakestats.formats.stud._patterns import StudPatterns

__all__ = ["LineReader", "cards_of", "read_seats"]


def cards_of(text: str, line: int) -> tuple[StdCard, ...]:
    """Cards written as ``As 2d`` (commas allowed); raises HandError."""
    try:
        return parse_std_cards(text.replace(",", " "))
    except CardError as e:
        raise fail(line, str(e)) from None


class LineReader:
    """Reads a hand's lines after the seats, with the room's patterns ``p``."""

    def __init__(self, p: StudPatterns, header: _model.StudHeader, names: Sequence[str]) -> None:
        self.p = p
        self.scale = header.scale
        self.names = sorted(names, key=len, reverse=True)

    def money(self, text: str, line: int) -> int:
        return parse_money(text, self.scale, line)

    def amount(self, text: str | None, line: int) -> int | None:
        return None if text is None else parse_money(text, self.scale, line)

    def who(self, text: str, sep: str) -> tuple[str, str] | None:
        """The declared name that ``text`` begins with, followed by ``sep``; and the rest."""
        for name in self.names:
            if text.startswith(name + sep):
                return name, text[len(name) + len(sep) :]
        return None

    def read(self, lines: Sequence[str], start: int, first_line: int) -> list[_model.Item]:
        """The items of ``lines[start:]`` (``first_line``: the file line of lines[0])."""
        items: list[_model.Item] = []
        summary = False
        for k in range(start, len(lines)):
            item = self.item(lines[k], first_line + k, summary)
            if isinstance(item, _model.StreetLine) and item.street == 7:
                summary = True
            if item is not None:
                items.append(item)
        return items

    def item(self, text: str, n: int, summary: bool) -> _model.Item | None:
        p = self.p
        if summary:
            return self.summary_item(text, n)
        m = p.section.match(text)
        if m is not None:
            return self.section(m["name"].strip(), m["rest"], n)
        if text.startswith(p.dealt_prefix):
            return self.dealt(text[len(p.dealt_prefix) :], n)
        if p.capped.match(text):
            return _model.CappedLine(n)
        u = p.uncalled.match(text)
        if u is not None:
            if u["name"] not in self.names:
                raise fail(n, f"uncalled bet returned to {u['name']!r}, who is not seated")
            return _model.UncalledLine(n, u["name"], self.money(u["a"], n))
        return self.player_line(text, n)

    def section(self, name: str, rest: str, n: int) -> _model.Item | None:
        street = self.p.streets.get(name)
        if street is None:
            if name in self.p.other_sections:
                return None
            raise fail(n, f"unknown section {name!r}")
        rest = rest.strip()
        cards = cards_of(rest.strip("[]"), n) if rest.startswith("[") else ()
        return _model.StreetLine(n, street, cards)

    def dealt(self, text: str, n: int) -> _model.Item | None:
        for name in self.names:
            if text.startswith(name):
                d = self.p.dealt.match(text[len(name) :])
                if d is None:
                    continue
                b = d.groupdict().get("b")
                if b is None:
                    return _model.DealtLine(n, name, (), cards_of(d["a"], n))
                return _model.DealtLine(n, name, cards_of(d["a"], n), cards_of(b, n))
        if any(text.startswith(name + " ") for name in self.names):
            raise fail(n, "cannot read the cards dealt")
        return None

    def player_line(self, text: str, n: int) -> _model.Item | None:
        """A line that begins with a declared name: the longest name whose rest matches
        one of the room's patterns."""
        unread = None
        for name in self.names:
            if not text.startswith(name):
                continue
            rest = text[len(name) :]
            item = self.player_item(name, rest, n)
            if item is not None:
                return item
            if unread is None and self.p.action_words.match(rest):
                unread = (name, rest)
        if unread is not None:
            raise fail(n, f"cannot read the action {unread[1].strip(': ')!r} of {unread[0]}")
        return None  # "NAME: is sitting out", chat and the like

    def player_item(self, name: str, rest: str, n: int) -> _model.Item | None:
        p = self.p
        for verb, pattern in p.actions:
            m = pattern.match(rest)
            if m is None:
                continue
            g = m.groupdict()
            all_in = g.get("allin") is not None
            amount = self.amount(g.get("a"), n)
            to = self.amount(g.get("to"), n)
            added = self.amount(g.get("added"), n)
            if verb == "ante":
                return _model.AnteLine(
                    n, name, amount if amount is not None else added or 0, all_in
                )
            return _model.ActLine(n, name, verb, amount, to, all_in, added)
        if (s := p.show.match(rest)) is not None:
            return _model.ShowLine(n, name, cards_of(s["cards"], n), s["desc"] or None)
        if (k := p.muck.match(rest)) is not None:
            cards = k.groupdict().get("cards")
            return _model.MuckLine(n, name, rest.strip(": "), cards_of(cards, n) if cards else ())
        if (c := p.collect.match(rest)) is not None:
            pot = re.sub(r"(?:\s+#?|#)(\d+)$", r"-\1", (c.groupdict().get("pot") or "pot").strip())
            return _model.CollectLine(n, name, self.money(c["a"], n), pot)
        return None

    def summary_item(self, text: str, n: int) -> _model.Item | None:
        p = self.p
        t = p.total.match(text)
        if t is not None:
            pots = tuple(self.money(a, n) for a in p.side_pots.findall(t["pots"] or ""))
            return _model.TotalLine(n, self.money(t["total"], n), self.money(t["rake"], n), pots)
        m = p.summary_seat.match(text)
        if m is None:
            return None
        hit = self.who(m["rest"], " ")
        if hit is None:
            raise fail(n, "the summary names a player who is not seated")
        name, rest = hit
        for tag in p.summary_tags:
            rest = rest.removeprefix(tag)
        return self.summary_outcome(int(m["seat"]), name, rest, n)

    def summary_outcome(self, seat: int, name: str, rest: str, n: int) -> _model.SummarySeat:
        p = self.p
        if f := p.folded.match(rest):
            fold_round = 5 if f["river"] else int(f["street"]) - 2
            return _model.SummarySeat(n, seat, name, "folded", fold_round=fold_round)
        if c := p.collected.match(rest):
            return _model.SummarySeat(n, seat, name, "collected", self.money(c["a"], n))
        if s := p.showed.match(rest):
            amount = self.money(s["a"], n) if s["a"] else None
            outcome = "lost" if s["lost"] else "won"
            cards = cards_of(s["cards"], n)
            return _model.SummarySeat(n, seat, name, outcome, amount, cards, None, s["desc"])
        if k := p.mucked.match(rest):
            cards = cards_of(k["cards"], n) if k["cards"] else ()
            return _model.SummarySeat(n, seat, name, "mucked", cards=cards)
        return _model.SummarySeat(n, seat, name, "other")


def read_seats(
    p: StudPatterns, header: _model.StudHeader, lines: Sequence[str], first_line: int
) -> _model.ParsedStudHand:
    """The table line (when the room writes one) and the seat lines after the header;
    then every other line (raises HandError)."""
    i = 1
    table, max_seats = header.table, header.max_seats
    if p.table_line is not None:
        if len(lines) < 2:
            raise fail(first_line, "the hand ends after its header")
        t = p.table_line.match(lines[1])
        if t is None:
            raise fail(first_line + 1, "expected the table line: Table 'NAME' N-max")
        table = t["name"]
        max_seats = int(t["max"]) if t["max"] else max_seats
        i = 2
    hand = _model.ParsedStudHand(header, first_line, table or "", max_seats or 8)
    hand.room = _model.RoomRules(
        p.check_descriptions, p.states_rake, p.writes_uncalled, p.up_cards_shown
    )
    while i < len(lines) and (s := p.seat_line.match(lines[i])) is not None:
        n = first_line + i
        stack = parse_money(s["stack"], header.scale, n)
        out = p.sitting_out.search(s["tail"] or "") is not None
        hand.seats.append(_model.SeatLine(n, int(s["seat"]), s["name"], stack, out))
        i += 1
    if not hand.seats:  # at the first line that is not one, or the hand's last line
        raise fail(first_line + min(i, len(lines) - 1), "expected the seat lines")
    reader = LineReader(p, header, [s.name for s in hand.seats])
    hand.items = reader.read(lines, i, first_line)
    return hand

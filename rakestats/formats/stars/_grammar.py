"""Reading the lines of one PokerStars Razz hand into a :class:`ParsedStarsHand`.

Player names are declared by the seat lines and may hold spaces and brackets
(``PC [Mittel]``); every other line about a player is matched against the declared
names, longest first. Lines about nobody seated and lines that are not part of the game
(chat ``NAME said, "..."``, ``joins the table``, ``is disconnected`` ...) are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.cards import CardError, StdCard, parse_std_cards
from rakestats.formats._base import HandError
from rakestats.formats.stars._header import StarsHeader, parse_money
from rakestats.formats.stars._model import (
    ActLine,
    AnteLine,
    CappedLine,
    CollectLine,
    DealtLine,
    Item,
    MuckLine,
    ParsedStarsHand,
    SeatLine,
    ShowLine,
    StreetLine,
    SummarySeat,
    TotalLine,
    UncalledLine,
)

__all__ = ["parse_lines"]

_AMT = r"[$€£]?[\d,]+(?:\.\d+)?"
_TABLE = re.compile(r"^Table '(?P<name>.*)'(?:\s+(?P<max>\d{1,9})-max)?(?:\s.*)?$")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d{{1,9}}): (?P<name>.+?) \((?P<stack>{_AMT}) in chips(?:, [^)]*)?\)"
    r"(?P<tail>.*)$"
)
_STREETS = {"3rd STREET": 1, "4th STREET": 2, "5th STREET": 3, "6th STREET": 4, "RIVER": 5}
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*(?P<rest>.*)$")
_ALLIN = r"(?P<allin> and is all-in)?"
_ACTIONS = [
    ("ante", re.compile(rf"^posts the ante (?P<a>{_AMT}){_ALLIN}$")),
    ("bring_in", re.compile(rf"^brings[ -]in(?: low)? for (?P<a>{_AMT}){_ALLIN}$")),
    ("bet", re.compile(rf"^bets (?P<a>{_AMT}){_ALLIN}$")),
    ("call", re.compile(rf"^calls (?P<a>{_AMT}){_ALLIN}$")),
    ("raise", re.compile(rf"^raises (?P<a>{_AMT}) to (?P<to>{_AMT}){_ALLIN}$")),
    ("complete", re.compile(rf"^completes it to (?P<to>{_AMT}){_ALLIN}$")),
    ("check", re.compile(r"^checks$")),
    ("fold", re.compile(r"^folds(?: \[[^\]]*\])?$")),
]
_VERBS = re.compile(r"^(posts|brings|bets|calls|raises|completes|checks|folds|shows|mucks)\b")
_SHOW = re.compile(r"^shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$")
_MUCK = re.compile(r"^(mucks hand|doesn't show hand|mucks)$")
_DEALT = re.compile(r"^\[(?P<a>[^\]]*)\](?: \[(?P<b>[^\]]*)\])?$")
_UNCALLED = re.compile(rf"^Uncalled bet \((?P<a>{_AMT})\) returned to (?P<rest>.+)$")
_COLLECT = re.compile(rf"^ collected (?P<a>{_AMT}) from (?P<pot>(?:main |side )?pot(?:-\d+)?)$")
_TOTAL = re.compile(
    rf"^Total pot (?P<total>{_AMT})(?P<pots>.*?) \| Rake (?P<rake>{_AMT})(?:\s.*)?$"
)
_SIDE = re.compile(rf"(?:Main|Side) pot(?:-\d+)? (?P<a>{_AMT})\.")
_SUMMARY_SEAT = re.compile(r"^Seat (?P<seat>\d{1,9}): (?P<rest>.+)$")
_FOLDED = re.compile(r"^folded (?:on the (?P<street>\d)\w\w Street|on the (?P<river>River))")
_COLLECTED = re.compile(rf"^collected \((?P<a>{_AMT})\)")
_SHOWED = re.compile(
    rf"^showed \[(?P<cards>[^\]]*)\] and "
    rf"(?:won \((?P<a>{_AMT})\)|(?P<lost>lost))(?: with (?P<d>.*))?$"
)
_MUCKED = re.compile(r"^mucked(?: \[(?P<cards>[^\]]*)\])?$")


def _fail(line: int, reason: str) -> HandError:
    return HandError(line, f"line {line}: {reason}")


def _cards(text: str, line: int) -> tuple[StdCard, ...]:
    try:
        return parse_std_cards(text)
    except CardError as e:
        raise _fail(line, str(e)) from None


class _Reader:
    def __init__(self, header: StarsHeader, names: Sequence[str]) -> None:
        self.scale = header.scale
        self.names = sorted(names, key=len, reverse=True)

    def money(self, text: str, line: int) -> int:
        return parse_money(text, self.scale, line)

    def who(self, text: str, sep: str) -> tuple[str, str] | None:
        """The declared name that ``text`` begins with, followed by ``sep``; and the rest."""
        for name in self.names:
            if text.startswith(name + sep):
                return name, text[len(name) + len(sep) :]
        return None

    def item(self, text: str, n: int, summary: bool) -> Item | None:
        if summary:
            return self.summary_item(text, n)
        m = _SECTION.match(text)
        if m is not None:
            name = m["name"]
            if name in _STREETS:
                rest = m["rest"].strip().strip("[]")
                return StreetLine(n, _STREETS[name], _cards(rest, n) if rest else ())
            if name == "SHOW DOWN":
                return StreetLine(n, 6)
            if name == "SUMMARY":
                return StreetLine(n, 7)
            raise _fail(n, f"unknown section {name!r}")
        if text.startswith("Dealt to "):
            hit = self.who(text[9:], " [")
            if hit is None:
                return None
            d = _DEALT.match("[" + hit[1])
            if d is None:
                raise _fail(n, "cannot read the cards dealt")
            if d["b"] is None:
                return DealtLine(n, hit[0], (), _cards(d["a"], n))
            return DealtLine(n, hit[0], _cards(d["a"], n), _cards(d["b"], n))
        if text == "Betting is capped":
            return CappedLine(n)
        u = _UNCALLED.match(text)
        if u is not None:
            if u["rest"] not in self.names:
                raise _fail(n, f"uncalled bet returned to {u['rest']!r}, who is not seated")
            return UncalledLine(n, u["rest"], self.money(u["a"], n))
        hit = self.who(text, ": ")
        if hit is not None:
            return self.player_item(hit[0], hit[1], n)
        hit = self.who(text, " collected ")
        if hit is not None:
            c = _COLLECT.match(" collected " + hit[1])
            if c is None:
                raise _fail(n, "cannot read the collected line")
            return CollectLine(n, hit[0], self.money(c["a"], n), c["pot"])
        return None  # chat, people joining, leaving, disconnecting ...

    def player_item(self, name: str, rest: str, n: int) -> Item | None:
        for verb, pattern in _ACTIONS:
            m = pattern.match(rest)
            if m is None:
                continue
            all_in = m["allin"] is not None if "allin" in pattern.groupindex else False
            amount = self.money(m["a"], n) if "a" in pattern.groupindex else None
            to = self.money(m["to"], n) if "to" in pattern.groupindex else None
            if verb == "ante":
                assert amount is not None
                return AnteLine(n, name, amount, all_in)
            return ActLine(n, name, verb, amount, to, all_in)
        s = _SHOW.match(rest)
        if s is not None:
            return ShowLine(n, name, _cards(s["cards"], n), s["desc"])
        if _MUCK.match(rest):
            return MuckLine(n, name, rest)
        if _VERBS.match(rest):
            raise _fail(n, f"cannot read the action {rest!r} of {name}")
        return None  # "NAME: is sitting out" and the like

    def summary_item(self, text: str, n: int) -> Item | None:
        t = _TOTAL.match(text)
        if t is not None:
            pots = tuple(self.money(a, n) for a in _SIDE.findall(t["pots"]))
            return TotalLine(n, self.money(t["total"], n), self.money(t["rake"], n), pots)
        m = _SUMMARY_SEAT.match(text)
        if m is None:
            return None
        hit = self.who(m["rest"], " ")
        if hit is None:
            raise _fail(n, "the summary names a player who is not seated")
        name, rest = hit
        for tag in ("(button) ", "(bring-in) ", "(bring in) "):
            rest = rest.removeprefix(tag)
        seat = int(m["seat"])
        if f := _FOLDED.match(rest):
            fold_round = 5 if f["river"] else int(f["street"]) - 2
            return SummarySeat(n, seat, name, "folded", fold_round=fold_round)
        if c := _COLLECTED.match(rest):
            return SummarySeat(n, seat, name, "collected", self.money(c["a"], n))
        if s := _SHOWED.match(rest):
            amount = self.money(s["a"], n) if s["a"] else None
            outcome = "lost" if s["lost"] else "won"
            return SummarySeat(n, seat, name, outcome, amount, _cards(s["cards"], n), None, s["d"])
        if k := _MUCKED.match(rest):
            cards = _cards(k["cards"], n) if k["cards"] else ()
            return SummarySeat(n, seat, name, "mucked", cards=cards)
        return SummarySeat(n, seat, name, "other")


def parse_lines(header: StarsHeader, lines: Sequence[str], first_line: int) -> ParsedStarsHand:
    """The typed lines of one hand whose header is already read (raises HandError)."""
    if len(lines) < 2:
        raise _fail(first_line, "the hand ends after its header")
    t = _TABLE.match(lines[1])
    if t is None:
        raise _fail(first_line + 1, "expected the table line: Table 'NAME' N-max")
    hand = ParsedStarsHand(header, first_line, t["name"], int(t["max"] or 8))
    i = 2
    while i < len(lines) and (s := _SEAT.match(lines[i])) is not None:
        n = first_line + i
        stack = parse_money(s["stack"], header.scale, n)
        hand.seats.append(SeatLine(n, int(s["seat"]), s["name"], stack, "sitting out" in s["tail"]))
        i += 1
    if not hand.seats:  # at the first line that is not one, or the hand's last line
        raise _fail(first_line + min(i, len(lines) - 1), "expected the seat lines")
    reader = _Reader(header, [s.name for s in hand.seats])
    summary = False
    for k in range(i, len(lines)):
        item = reader.item(lines[k], first_line + k, summary)
        if isinstance(item, StreetLine) and item.street == 7:
            summary = True
        if item is not None:
            hand.items.append(item)
    return hand

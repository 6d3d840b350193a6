"""The Rake hand-history grammar: line patterns, and lines to a :class:`ParsedHand`.

Lines are dispatched on their prefix (``*** `` section headers, ``Seat ``, ``Dealt to ``,
``Face ``, ``Uncalled bet (``, ``Total pot ``, else a declared player name, longest
first); one precompiled pattern then reads the rest of the line. The grammar is in
docs/hand-history-format.md; nothing here checks the rules of play (see _rake_replay).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from rakestats.cards import DECK, Card
from rakestats.formats._base import HandError
from rakestats.formats.rake._model import (
    ActionLine,
    AnteLine,
    CollectLine,
    DealtLine,
    Item,
    MiddleLine,
    OutcomeLine,
    ParsedHand,
    PickLine,
    SeatLine,
    Section,
    SectionBlock,
    ShowLine,
    SkullLine,
    TotalLine,
    UncalledLine,
)
from rakestats.formats.rake._patterns import RakePatterns
from rakestats.rake.events import ActionKind
from rakestats.rake.rules import NO_FEE, HouseFee

__all__ = ["RakePatterns", "parse_lines", "unexpected"]

_CARD_BY_TEXT: dict[str, Card] = {str(c): c for c in DECK}
_ROUND_OF_WORD = {"first": 1, "second": 2, "third": 3}
_DIGITS = re.compile("[0-9]+")
_KIND_OF_WORD = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
}
_SIMPLE_ACTIONS = {": folds": ActionKind.FOLD, ": checks": ActionKind.CHECK}
_TZ_CACHE: dict[str, tzinfo] = {"UTC": UTC}
_FEE_CACHE: dict[str, HouseFee] = {"House fee: none": NO_FEE}
_DEAL, _MIDDLE, _REVEAL, _COLLECT, _SUMMARY = 0, 2, 7, 8, 9
_BETTING = frozenset((1, 4, 6))
_PLAYER_SECTIONS = frozenset((3, 5))  # the pick-ups
_RAISE = ActionKind.RAISE


def unexpected(lineno: int, text: str, why: str = "unexpected line") -> HandError:
    shown = text if len(text) <= 100 else text[:97] + "..."
    return HandError(lineno, f"line {lineno}: {why} {shown!r}")


def _cards(text: str, n: int, lineno: int) -> tuple[Card, ...]:
    toks = text.split(" ")
    try:
        cards = tuple([_CARD_BY_TEXT[t] for t in toks])
    except KeyError:
        bad = next(t for t in toks if t not in _CARD_BY_TEXT)
        raise HandError(lineno, f"line {lineno}: bad card {bad!r} in [{text}]") from None
    if n and len(cards) != n:
        raise HandError(lineno, f"line {lineno}: expected {n} cards, got [{text}]")
    return cards


def _tz(text: str) -> tzinfo:
    tz = _TZ_CACHE.get(text)
    if tz is None:
        sign = -1 if text[0] == "-" else 1
        delta = timedelta(hours=int(text[1:3]), minutes=int(text[4:6]))
        tz = _TZ_CACHE[text] = timezone(sign * delta)
    return tz


def _fee(line: str, m: re.Match[str]) -> HouseFee:
    fee = _FEE_CACHE.get(line)
    if fee is None:
        cap = int(m[2]) if m[2] is not None else None
        fee = _FEE_CACHE[line] = HouseFee.from_percent(m[1], cap)
    return fee


def _header(p: type[RakePatterns], lines: Sequence[str], first: int) -> ParsedHand:
    if len(lines) < 4:
        raise HandError(first + len(lines) - 1, "hand ends before the seat lines")
    m = p.header_pattern.match(lines[0])
    if m is None:
        raise unexpected(first, lines[0], "not a Rake hand header:")
    y, mo, d, h, mi, s = (int(m[i]) for i in range(4, 10))
    try:
        played_at = datetime(y, mo, d, h, mi, s, tzinfo=_tz(m[10])).astimezone(UTC)
    except ValueError as e:
        raise HandError(first, f"line {first}: bad date: {e}") from None
    t = p.table_pattern.match(lines[1])
    if t is None:
        raise unexpected(first + 1, lines[1])
    f = p.fee_pattern.match(lines[2])
    if f is None:
        raise unexpected(first + 2, lines[2])
    view_line = lines[3]
    if view_line == "View: server":
        view, hero = "server", None
    elif view_line.startswith("View: player ") and len(view_line) > 13:
        view, hero = "player", view_line[13:]
    else:
        raise unexpected(first + 3, view_line)
    try:
        fee = _fee(lines[2], f)
    except ValueError as e:
        raise HandError(first + 2, f"line {first + 2}: {e}") from None
    return ParsedHand(
        first_line=first,
        last_line=first + len(lines) - 1,
        site=m[1],
        hand_id=m[2],
        ante=int(m[3]),
        played_at=played_at,
        table=t[1],
        max_seats=int(t[2]),
        dealer_seat=int(t[3]),
        house_fee=fee,
        view=view,
        hero=hero,
    )


def parse_lines(p: type[RakePatterns], lines: Sequence[str], first: int) -> ParsedHand:
    """Parse one hand's lines (``first`` is the file line of ``lines[0]``)."""
    hand = _header(p, lines, first)
    n = len(lines)
    i = 4
    seat_pattern = p.seat_pattern
    while i < n and lines[i].startswith("Seat "):
        m = seat_pattern.match(lines[i])
        if m is None:
            raise unexpected(first + i, lines[i])
        hand.seats.append(SeatLine(first + i, int(m[1]), m[2], int(m[3])))
        i += 1
    if not hand.seats:
        if i == n:
            raise HandError(first + n - 1, "hand ends before the seat lines")
        raise unexpected(first + i, lines[i])
    name_set = frozenset(s.name for s in hand.seats)
    if hand.hero is not None and hand.hero not in name_set:
        raise HandError(first + 3, f"line {first + 3}: the hero {hand.hero!r} has no seat")
    ante_pattern = p.ante_pattern
    while i < n and not lines[i].startswith("*** "):
        line = lines[i]
        k = line.rfind(": ")
        m = ante_pattern.match(line, k) if k > 0 and line[:k] in name_set else None
        if m is None:
            raise unexpected(first + i, line)
        hand.antes.append(AnteLine(first + i, line[:k], int(m[1]), m[2] is not None))
        i += 1
    _body(p, hand, lines, i, name_set)
    return hand


def _body(
    p: type[RakePatterns],
    hand: ParsedHand,
    lines: Sequence[str],
    i: int,
    name_set: frozenset[str],
) -> None:
    first = hand.first_line
    n = len(lines)
    headers = p.section_headers
    block: SectionBlock | None = None
    items: list[Item] = []
    sec = -1
    collect_pattern = p.collect_pattern
    while i < n:
        line = lines[i]
        lineno = first + i
        i += 1
        if line.startswith("*** "):
            new = headers.get(line)
            if new is not None:
                if new == _SUMMARY:
                    if sec != _COLLECT:
                        raise unexpected(lineno, line, "no 'collected' line before")
                    _summary(p, hand, lines, i)
                    return
                if new != sec + 1:
                    raise unexpected(lineno, line, "section out of order:")
                block = SectionBlock(new, lineno)
                items = block.items
                hand.sections.append(block)
                sec = new
                continue
        if block is None:
            raise unexpected(lineno, line)
        if sec in _PLAYER_SECTIONS:
            item = _player_line(p, line, lineno, name_set, sec)
            if item is None:
                raise unexpected(lineno, line)
            items.append(item)
        elif sec == _DEAL:
            j = line.rfind(" [")
            if not line.startswith("Dealt to ") or j < 0 or line[-1] != "]":
                raise unexpected(lineno, line)
            name = line[9:j]
            if name not in name_set:
                raise unexpected(lineno, line, "unknown player in")
            items.append(DealtLine(lineno, name, _cards(line[j + 2 : -1], 3, lineno)))
        elif sec == _MIDDLE:
            _middle(p, block, line, lineno)
        else:  # betting rounds, the Reveal, the collected pots
            if sec != _COLLECT:
                item = _player_line(p, line, lineno, name_set, sec)
                if item is not None:
                    items.append(item)
                    continue
                if sec != _REVEAL and line.startswith("Uncalled bet ("):
                    m = p.uncalled_pattern.match(line)
                    if m is not None and m[2] in name_set:
                        items.append(UncalledLine(lineno, int(m[1]), m[2]))
                        continue
            j = line.rfind(" collected ")
            m = collect_pattern.match(line, j) if j > 0 and line[:j] in name_set else None
            if m is None:
                raise unexpected(lineno, line)
            if sec != _COLLECT:
                block = SectionBlock(Section.COLLECT, lineno)
                items = block.items
                hand.sections.append(block)
                sec = _COLLECT
            pot = 0 if m[3] is None else int(m[3])
            items.append(CollectLine(lineno, line[:j], int(m[1]), pot, m[2] is not None))
    raise HandError(first + n - 1, f"hand ends before the summary (line {first + n - 1})")


def _player_line(
    p: type[RakePatterns], line: str, lineno: int, name_set: frozenset[str], sec: int
) -> ActionLine | PickLine | ShowLine | SkullLine | None:
    """An action, pick-up, show or Ace of Skulls line of the section, or None.

    The text after a player's name never holds ": ", so the name is what comes before
    the last ": " (the longest declared name that fits, as the format requires).
    """
    k = line.rfind(": ")
    if k <= 0:
        return None
    name = line[:k]
    if name not in name_set:
        return None
    if sec in _BETTING:
        simple = _SIMPLE_ACTIONS.get(line[k:])
        if simple is not None:
            return ActionLine(lineno, name, simple, 0, None, False)
        m = p.action_pattern.match(line, k)
        if m is None:
            return None
        if m[1] is not None:
            return ActionLine(lineno, name, _KIND_OF_WORD[m[1]], 0, None, False)
        if m[2] is not None:
            return ActionLine(lineno, name, _KIND_OF_WORD[m[2]], int(m[3]), None, m[4] is not None)
        return ActionLine(lineno, name, _RAISE, int(m[5]), int(m[6]), m[7] is not None)
    if sec == _REVEAL:
        m = p.show_pattern.match(line, k)
        if m is not None:
            return ShowLine(lineno, name, _cards(m[1], 5, lineno), m[2])
        m = p.skull_pattern.match(line, k)
        if m is not None:
            return SkullLine(lineno, name, m[1] == "win")
        return None
    m = p.pick_pattern.match(line, k)
    if m is None:
        return None
    if m[1] is None:
        return PickLine(lineno, name, False, None)
    return PickLine(lineno, name, m[2] == "up", _cards(m[1], 1, lineno)[0])


def _middle(p: type[RakePatterns], block: SectionBlock, line: str, lineno: int) -> None:
    items = block.items
    if line.startswith("Face up: [") and line[-1] == "]" and not items:
        up = _cards(line[10:-1], 0, lineno)
        items.append(MiddleLine(lineno, up, 0, None, 0))
        return
    last = items[0] if items else None
    if isinstance(last, MiddleLine) and last.line_down == 0:
        if line.startswith("Face down: [") and line[-1] == "]":
            last.down = _cards(line[12:-1], 0, lineno)
            last.down_count = len(last.down)
            last.line_down = lineno
            return
        m = p.face_down_count_pattern.match(line)
        if m is not None:
            last.down_count = int(m[1])
            last.line_down = lineno
            return
    raise unexpected(lineno, line)


def _summary(p: type[RakePatterns], hand: ParsedHand, lines: Sequence[str], i: int) -> None:
    first = hand.first_line
    n = len(lines)
    if i == n:
        raise HandError(first + n - 1, "hand ends before the summary's total pot line")
    m = p.total_pattern.match(lines[i])
    if m is None:
        raise unexpected(first + i, lines[i])
    pots: tuple[int, ...] = ()
    if m[2] is not None:
        sides = p.side_pot_pattern.findall(m[3])
        if [int(k) for k, _ in sides] != list(range(1, len(sides) + 1)):
            raise unexpected(first + i, lines[i], "side pots out of order:")
        pots = (int(m[2]), *(int(a) for _, a in sides))
    hand.total = TotalLine(first + i, int(m[1]), pots, int(m[4]))
    outcome_pattern = p.outcome_pattern
    name_of = {s.seat: s.name for s in hand.seats}
    for j in range(i + 1, n):
        line = lines[j]
        lineno = first + j
        k = line.find(": ")
        if not line.startswith("Seat ") or not 5 < k <= 23 or not _DIGITS.fullmatch(line, 5, k):
            raise unexpected(lineno, line)
        seat = int(line[5:k])
        name = name_of.get(seat)
        o = None
        if name is not None and line.startswith(name, k + 2):
            o = outcome_pattern.match(line, k + 2 + len(name))
        if o is None or name is None:
            raise unexpected(lineno, line)
        hand.outcomes.append(_outcome(o, lineno, seat, name, line))


def _outcome(o: re.Match[str], lineno: int, seat: int, name: str, line: str) -> OutcomeLine:
    dealer = o[1] is not None
    if o[2] is not None:
        return OutcomeLine(lineno, seat, name, dealer, "folded", line, _ROUND_OF_WORD[o[2]])
    if o[3] is not None:
        return OutcomeLine(lineno, seat, name, dealer, "collected", line, amount=int(o[3]))
    cards = _cards(o[4], 5, lineno)
    if o[5] is not None:
        return OutcomeLine(lineno, seat, name, dealer, "won", line, None, int(o[5]), cards, o[6])
    return OutcomeLine(lineno, seat, name, dealer, "lost", line, None, None, cards, o[6])

"""The Rake hand-history grammar: a hand's lines to a :class:`ParsedHand`.

The header and seat lines are read with the patterns of :mod:`._patterns` (made from
the renderer, :mod:`._text`); the section headers split the rest. In each section the
lines that carry what happened are read into values — a player line belongs to the
longest declared name it begins with whose line pattern fits — and every other line is
kept as text for the checker (:mod:`._replay`), which compares it with the renderer's.
Nothing here checks the rules of play.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from rakestats.cards import DECK, Card
from rakestats.formats._base import FIRST_YEAR, LAST_YEAR, HandError, date_out_of_range
from rakestats.formats.rake import _text as t
from rakestats.formats.rake._model import (
    ActionLine,
    DealtLine,
    Item,
    MiddleLine,
    ParsedHand,
    PickLine,
    SeatLine,
    Section,
    SectionBlock,
    ShowLine,
    TextLine,
)
from rakestats.formats.rake._patterns import RakePatterns, read_fee
from rakestats.rake.events import ActionKind

__all__ = ["RakePatterns", "parse_lines", "unexpected"]

_CARD_BY_TEXT: dict[str, Card] = {str(c): c for c in DECK}
_TZ_CACHE: dict[str, tzinfo] = {t.UTC_NAME: UTC}
_BETTING = frozenset((Section.ROUND1, Section.ROUND2, Section.ROUND3))
_PICKUPS = frozenset((Section.PICKUP1, Section.PICKUP2))
_AMOUNTS = (
    ("call_pattern", ActionKind.CALL),
    ("bet_pattern", ActionKind.BET),
    ("raise_pattern", ActionKind.RAISE),
)


def unexpected(lineno: int, text: str, why: str = "unexpected line") -> HandError:
    shown = text if len(text) <= 100 else text[:97] + "..."
    return HandError(lineno, f"line {lineno}: {why} {shown!r}")


def _cards(text: str, n: int, lineno: int) -> tuple[Card, ...]:
    toks = text.split(" ")
    try:
        cards = tuple([_CARD_BY_TEXT[tok] for tok in toks])
    except KeyError:
        bad = next(tok for tok in toks if tok not in _CARD_BY_TEXT)
        raise HandError(lineno, f"line {lineno}: bad card {bad!r} in [{text}]") from None
    if n and len(cards) != n:
        raise HandError(lineno, f"line {lineno}: expected {n} cards, got [{text}]")
    return cards


def _tz(text: str) -> tzinfo:
    tz = _TZ_CACHE.get(text)
    if tz is None:
        tz = _TZ_CACHE[text] = timezone(timedelta(seconds=t.zone_seconds(text)))
    return tz


def _header(p: type[RakePatterns], lines: Sequence[str], first: int) -> ParsedHand:
    if len(lines) < 4:
        raise HandError(first + len(lines) - 1, "hand ends before the seat lines")
    m = p.header_pattern.match(lines[0])
    if m is None:
        raise unexpected(first, lines[0], "not a Rake hand header:")
    y, mo, d, h, mi, s = (int(m[k]) for k in "YmdHMS")
    if not FIRST_YEAR <= y <= LAST_YEAR:
        when = lines[0][m.start("Y") : m.end("zone")]
        raise HandError(first, f"line {first}: {date_out_of_range(when)}")
    try:
        tz = _tz(m["zone"])
    except ValueError as e:  # an offset that is none
        raise HandError(first, f"line {first}: {e}") from None
    try:
        played_at = datetime(y, mo, d, h, mi, s, tzinfo=tz).astimezone(UTC)
    except ValueError as e:
        raise HandError(first, f"line {first}: bad date: {e}") from None
    tab = p.table_pattern.match(lines[1])
    if tab is None:
        raise unexpected(first + 1, lines[1])
    try:
        fee = read_fee(lines[2])
    except ValueError as e:
        fee_error: ValueError | None = e
        fee = None
    else:
        fee_error = None
        if fee is None:
            raise unexpected(first + 2, lines[2])
    view_line = lines[3]
    if view_line == p.server_view:
        view, hero = "server", None
    elif view_line.startswith(p.player_view) and len(view_line) > len(p.player_view):
        view, hero = "player", view_line[len(p.player_view) :]
    else:
        raise unexpected(first + 3, view_line)
    if fee is None:
        raise HandError(first + 2, f"line {first + 2}: {fee_error}")
    return ParsedHand(
        first_line=first,
        last_line=first + len(lines) - 1,
        site=m["site"],
        hand_id=m["hand_id"],
        ante=int(m["ante"]),
        played_at=played_at,
        table=tab["table"],
        max_seats=int(tab["max_seats"]),
        dealer_seat=int(tab["dealer"]),
        house_fee=fee,
        view=view,
        hero=hero,
    )


def parse_lines(p: type[RakePatterns], lines: Sequence[str], first: int) -> ParsedHand:
    """Parse one hand's lines (``first`` is the file line of ``lines[0]``)."""
    hand = _header(p, lines, first)
    n = len(lines)
    i = 4
    while i < n and lines[i].startswith(p.seat_prefix):
        m = p.seat_pattern.match(lines[i])
        if m is None:
            raise unexpected(first + i, lines[i])
        hand.seats.append(SeatLine(first + i, int(m["seat"]), m["name"], int(m["chips"])))
        i += 1
    if not hand.seats:
        if i == n:
            raise HandError(first + n - 1, "hand ends before the seat lines")
        raise unexpected(first + i, lines[i])
    names = sorted({s.name for s in hand.seats}, key=len, reverse=True)
    if hand.hero is not None and hand.hero not in names:
        raise HandError(first + 3, f"line {first + 3}: the hero {hand.hero!r} has no seat")
    while i < n and not lines[i].startswith(p.section_prefix):
        if _player(p.ante_pattern, lines[i], names) is None:
            raise unexpected(first + i, lines[i])
        hand.antes.append(TextLine(first + i, lines[i]))
        i += 1
    _body(p, hand, lines, i, names)
    return hand


def _body(
    p: type[RakePatterns], hand: ParsedHand, lines: Sequence[str], i: int, names: list[str]
) -> None:
    first = hand.first_line
    n = len(lines)
    headers = p.section_headers
    block: SectionBlock | None = None
    for j in range(i, n):
        line = lines[j]
        lineno = first + j
        new = headers.get(line)
        if new is not None:
            if new is Section.SUMMARY and block is not None:
                hand.summary_line = lineno
                hand.summary = [TextLine(first + k, lines[k]) for k in range(j + 1, n)]
                return
            if new != (-1 if block is None else block.section) + 1:
                raise unexpected(lineno, line, "section out of order:")
            block = SectionBlock(new, lineno)
            hand.sections.append(block)
        elif block is None:
            raise unexpected(lineno, line)
        elif block.section is Section.MIDDLE:
            _middle(p, block, line, lineno)
        else:
            block.items.append(_item(p, block.section, line, lineno, names))
    raise HandError(first + n - 1, f"hand ends before the summary (line {first + n - 1})")


def _item(p: type[RakePatterns], sec: Section, line: str, lineno: int, names: list[str]) -> Item:
    """A line of a section (the middle cards aside): what it reads as, or its text."""
    item: Item | None
    if sec in _BETTING:
        item = _action(p, line, lineno, names) or _decided(p, line, lineno, names, False)
    elif sec is Section.REVEAL:
        item = _show(p, line, lineno, names) or _decided(p, line, lineno, names, True)
    elif sec is Section.DEAL:
        item = _dealt(p, line, lineno, names)
    else:
        item = _pick(p, line, lineno, names)
    if item is None:
        raise unexpected(lineno, line)
    return item


def _player(pattern: re.Pattern[str], line: str, names: list[str]) -> str | None:
    """The longest declared name that begins ``line`` and is followed by what
    ``pattern`` matches, or None."""
    for name in names:
        if line.startswith(name) and pattern.match(line, len(name)) is not None:
            return name
    return None


def _decided(
    p: type[RakePatterns], line: str, lineno: int, names: list[str], reveal: bool
) -> TextLine | None:
    """A line the rules decide that may come in the section (an uncalled bet in a
    betting round, the Ace of Skulls at the Reveal; the pots collected at the end), kept
    as text; None for any other line."""
    if reveal:
        ok = _player(p.skull_pattern, line, names) is not None
    else:
        m = p.uncalled_pattern.match(line)
        ok = m is not None and m["name"] in names
    if ok or any(_player(c, line, names) is not None for c in p.collect_patterns):
        return TextLine(lineno, line)
    return None


def _dealt(p: type[RakePatterns], line: str, lineno: int, names: list[str]) -> DealtLine:
    m = p.dealt_pattern.match(line)
    if m is None:
        raise unexpected(lineno, line)
    if m["name"] not in names:
        raise unexpected(lineno, line, "unknown player in")
    return DealtLine(lineno, m["name"], _cards(m["cards"], 3, lineno))


def _action(p: type[RakePatterns], line: str, lineno: int, names: list[str]) -> ActionLine | None:
    """An action of a declared player, or None."""
    for name in names:
        if not line.startswith(name):
            continue
        k = len(name)
        if line[k:] == p.fold_tail:
            return ActionLine(lineno, name, ActionKind.FOLD, 0, None, False)
        if line[k:] == p.check_tail:
            return ActionLine(lineno, name, ActionKind.CHECK, 0, None, False)
        for attr, kind in _AMOUNTS:
            m: re.Match[str] | None = getattr(p, attr).match(line, k)
            if m is not None:
                to = int(m["to"]) if kind is ActionKind.RAISE else None
                return ActionLine(lineno, name, kind, int(m["amount"]), to, m["all_in"] is not None)
    return None


def _pick(p: type[RakePatterns], line: str, lineno: int, names: list[str]) -> PickLine | None:
    for name in names:
        if not line.startswith(name):
            continue
        if line[len(name) :] == p.pick_hidden_tail:
            return PickLine(lineno, name, False, None)
        m = p.pick_pattern.match(line, len(name))
        if m is not None:
            card = _cards(m["cards"], 1, lineno)[0]
            return PickLine(lineno, name, m["face_up"] is not None, card)
    return None


def _show(p: type[RakePatterns], line: str, lineno: int, names: list[str]) -> ShowLine | None:
    for name in names:
        m = p.show_pattern.match(line, len(name)) if line.startswith(name) else None
        if m is not None:
            return ShowLine(lineno, name, _cards(m["cards"], 5, lineno), m["description"])
    return None


def _middle(p: type[RakePatterns], block: SectionBlock, line: str, lineno: int) -> None:
    """The middle cards' two lines, read into the block's one :class:`MiddleLine`."""
    items = block.items
    m = p.face_up_pattern.match(line)
    if m is not None and not items:
        items.append(MiddleLine(lineno, _cards(m["cards"], 0, lineno), 0, None, 0))
        return
    last = items[0] if items else None
    if isinstance(last, MiddleLine) and last.line_down == 0:
        m = p.face_down_pattern.match(line)
        if m is not None:
            last.down = _cards(m["cards"], 0, lineno)
            last.down_count = len(last.down)
            last.line_down = lineno
            return
        m = p.face_down_count_pattern.match(line)
        if m is not None:
            last.down_count = int(m["count"])
            last.line_down = lineno
            return
    raise unexpected(lineno, line)

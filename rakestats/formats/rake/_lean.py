"""The lean validation path of the Rake parser: one pass from lines to columns.

A well-formed hand is parsed and replayed in a single pass over its lines, one function
per section of the hand over a small state object (the players' state in plain lists:
:class:`~rakestats.formats.rake._lean_state.LeanHand`), and appended to a
:class:`~rakestats.columns.HandColumns` batch without building records. The rules come
from the same functions the engine uses (:mod:`rakestats.rake.betting_rules` for the
betting, :func:`rakestats.rake.showdown.settle` for the pots, the house fee and the Ace
of Skulls); every line the rules determine (antes, uncalled bets, hand descriptions,
pots collected, the summary) is compared with the text of the renderer
(:mod:`rakestats.formats.rake._text`), and the other lines are sliced with the literal
pieces made from it (:data:`rakestats.formats.rake._patterns.PIECES`).

The lean path only vouches for hands it accepts. On anything else — a broken hand, or
a form it does not follow (it is stricter than the grammar: lines must be in the order
rakestats writes them) — it raises :class:`Unhandled` with the reason, and the full
parser (:mod:`rakestats.formats.rake._grammar` and :mod:`rakestats.formats.rake._replay`)
decides, naming the line and the reason when the hand is bad. A test checks on simulated
and broken corpora that both paths accept the same hands and give the same rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Final

from rakestats.betting.rules import seats_from_left_of_dealer
from rakestats.cards import DECK
from rakestats.columns import HandColumns
from rakestats.formats._base import FIRST_YEAR, LAST_YEAR
from rakestats.formats._base import UNSAFE as _UNSAFE
from rakestats.formats.rake._lean_play import play_middle, play_pickup, play_round
from rakestats.formats.rake._lean_state import (
    ACTION_FIELDS,
    ANTES,
    HEADER,
    LONG,
    POTS,
    SEATS,
    SHORT,
    THE_DEAL,
    THE_REVEAL,
    THE_SUMMARY,
    LeanHand,
    append_hand,
    between,
    cards,
    number,
)
from rakestats.formats.rake._patterns import PIECES, RakePatterns, read_fee
from rakestats.formats.rake._text import (
    DEAL,
    REVEAL,
    SUMMARY,
    TIME_FORMAT,
    UTC_NAME,
    ante,
    collected,
    outcome,
    shows,
    skull,
    total,
    zone_seconds,
)
from rakestats.formats.rake._unhandled import Unhandled, internal, note
from rakestats.rake.names import MAX_NAME_LENGTH
from rakestats.rake.rules import MAX_PLAYERS, MIN_PLAYERS, HouseFee
from rakestats.rake.showdown import Settlement, SkullAceOutcome, settle

__all__ = ["Unhandled", "lean_hand"]

_HEADER: Final = RakePatterns.header_pattern.match
_TABLE: Final = RakePatterns.table_pattern.match
_UNSAFE_AT: Final = _UNSAFE.search
_DECK: Final = DECK
_MIN_PLAYERS: Final = MIN_PLAYERS
_MAX_PLAYERS: Final = MAX_PLAYERS
_MAX_NAME: Final = MAX_NAME_LENGTH
_SEAT_PIECES: Final = PIECES.seat
_HEADER_FIELDS: Final = tuple(
    RakePatterns.header_pattern.groupindex[k]
    for k in ("ante", "Y", "m", "d", "H", "M", "S", "zone")
)
_SERVER: Final = RakePatterns.server_view
_PLAYER_VIEW: Final = RakePatterns.player_view  # then the hero's name
_AUTO_WIN: Final = SkullAceOutcome.AUTO_WIN
_I16: Final = 1 << 15
_DEALT: Final = PIECES.dealt
_HEAD: Final = PIECES.header
# A header is read by place (header_fields) when the writer's time format is this one,
# and only compiled: as Python the pattern is faster (1.5 us against 2.2; compiled 0.8)
_COMPILED_COPY: Final = __name__.startswith("rakestats._speedups.")
_BY_PLACE: Final = TIME_FORMAT == "%Y/%m/%d %H:%M:%S" and _COMPILED_COPY
_OFFSET_SIGNS: Final = ("+", "-")
_SHOWS: Final = PIECES.shows

# caches of lines that repeat from hand to hand (Final: compiled, read without a lookup)
_tables: Final[dict[str, tuple[str, int, int]]] = {}
_fees: Final[dict[str, HouseFee]] = {}
_days: Final[dict[tuple[str, str, str], int]] = {}
_offsets: Final[dict[str, int]] = {}
_safe: Final[dict[str, bool]] = {}


def _clear_caches() -> None:
    for cache in (_tables, _fees, _days, _offsets, _safe):
        if len(cache) > 50_000:
            cache.clear()


def _is_safe(text: str) -> bool:
    ok = _safe.get(text)
    if ok is None:
        if len(_safe) > 50_000:
            _safe.clear()
        ok = _safe[text] = _UNSAFE_AT(text) is None
    return ok


def _good_name(name: str) -> bool:
    """A player name the format allows (the full parser says why one is not)."""
    return (
        _is_safe(name)
        and 0 < len(name) <= _MAX_NAME
        and name[0] != " "
        and name[-1] != " "
        and "\ufffd" not in name
    )


def lean_hand(lines: Sequence[str], first: int, source_file: str, cols: HandColumns) -> bool:
    """Validate one hand (its lines, ``first`` the file line of the first) and append it
    to ``cols``; False when ``cols`` already holds the hand. Raises :class:`Unhandled`
    (with the reason, counted in ``cols.declined`` when the batch keeps that tally)
    when the full parser must decide."""
    h = LeanHand(lines)
    try:
        st = _read(h)
        if len(h.actions) >= _I16 * ACTION_FIELDS:
            raise Unhandled(LONG)
        return append_hand(cols, h, st, first, source_file)
    except Unhandled as e:
        note(e, cols, source_file, first)
        raise
    except Exception as e:  # a bug: counted as its own reason, never hidden
        declined = internal(e)
        note(declined, cols, source_file, first)
        raise declined from e


def _read(h: LeanHand) -> Settlement:
    """Read and replay the hand's lines, section by section; the settlement."""
    _header(h)
    _seats(h)
    _antes(h)
    _deal(h)
    while True:
        h.rnd += 1
        play_round(h)
        if h.live == 1 or h.rnd == 3:
            break
        if h.rnd == 1:
            play_middle(h)
        play_pickup(h)
    if h.live > 1:
        st = _reveal(h)
    else:
        contributions = {h.order[j]: h.invested[j] for j in range(h.n)}
        folded_seats = {h.order[j] for j in range(h.n) if h.folded[j]}
        st = settle(contributions, folded_seats, {}, h.dealer, h.fee, h.rnd > 1)
    _pots(h, st)
    _summary(h, st)
    return st


# ---------------------------------------------------------------------- the header


def _header(h: LeanHand) -> None:
    h.why = HEADER
    line = h.line()
    found = header_fields(line) if _BY_PLACE else None
    if found is not None:  # (its hand id is printable ASCII: nothing unsafe)
        h.site, h.hand_id, fields = found[0], found[1], found[2:]
    else:
        m = _HEADER(line)
        if m is None:
            raise Unhandled(h.why)
        site: str = m[1]
        hand_id: str = m[2]
        if _UNSAFE_AT(hand_id) is not None:
            raise Unhandled(h.why)
        h.site, h.hand_id = site, hand_id
        fields = m.group(*_HEADER_FIELDS)
    h.ante = number(fields[0], h.why)
    if h.ante <= 0 or not _is_safe(h.site):
        raise Unhandled(h.why)
    h.played_at = _played_at(fields[1:])
    table_line = h.line()
    tab = _tables.get(table_line)
    if tab is None:
        t = _TABLE(table_line)
        if t is None or not _is_safe(t["table"]):
            raise Unhandled(h.why)
        tab = (t["table"], number(t["max_seats"], h.why), number(t["dealer"], h.why))
        if tab[1] >= _I16:
            raise Unhandled(h.why)
        _clear_caches()
        _tables[table_line] = tab
    h.table, h.max_seats, h.dealer = tab
    if not 1 <= h.dealer <= h.max_seats:
        raise Unhandled(h.why)
    fee_line = h.line()
    fee = _fees.get(fee_line)
    if fee is None:
        try:
            fee = read_fee(fee_line)
        except (ValueError, ArithmeticError):
            raise Unhandled(h.why) from None
        if fee is None:
            raise Unhandled(h.why)
        _fees[fee_line] = fee
    h.fee = fee
    view_line = h.line()
    if view_line != _SERVER:
        hero = view_line[len(_PLAYER_VIEW) :]
        if not hero or not view_line.startswith(_PLAYER_VIEW):
            raise Unhandled(h.why)
        h.hero, h.server = hero, False


def header_fields(line: str) -> tuple[str, ...] | None:
    """The groups of the header pattern that the validator reads (the site, the hand
    id, then those of :data:`_HEADER_FIELDS`), read by place from an ASCII header as
    rakestats writes it, its hand id printable; None when the pattern must decide (it
    matches then, or not, as it would: what this reads, it matches with the same
    groups). Compiled, about half the pattern's time.

    >>> header_fields("Isle Rake Hand #H-1: No Limit (ante 10) - 2026/01/05 02:09:00 UTC")
    ('Isle', 'H-1', '10', '2026', '01', '05', '02', '09', '00', 'UTC')
    >>> header_fields("Isle Rake Hand #H 1: No Limit (ante 10) - 2026/01/05 02:09:00 UTC")
    """
    if not line.isascii():  # (then its digits are 0-9)
        return None
    _, after_site, after_id, after_ante, _ = _HEAD
    k = line.find(after_site)
    if k < 1:
        return None
    a = k + len(after_site)
    c = line.find(after_id, a)
    hand_id = line[a:c]
    # the pattern's hand id, up to the first colon: no white space, and here nothing
    # unsafe either (printable ASCII but the space)
    if c <= a or line.find(":", a) != c or " " in hand_id or not hand_id.isprintable():
        return None
    d = c + len(after_id)
    e = line.find(after_ante, d)
    if e < 0 or not 0 < e - d <= 18:
        return None
    w = e + len(after_ante)  # the time: YYYY/mm/dd HH:MM:SS and the zone
    n = len(line) - w
    if (n != 23 and n != 26) or (
        line[w + 4] != "/" or line[w + 7] != "/" or line[w + 10] != " "
        or line[w + 13] != ":" or line[w + 16] != ":" or line[w + 19] != " "
    ):  # fmt: skip
        return None
    ante, zone = line[d:e], line[w + 20 :]
    y, mo, dd = line[w : w + 4], line[w + 5 : w + 7], line[w + 8 : w + 10]
    hh, mi, ss = line[w + 11 : w + 13], line[w + 14 : w + 16], line[w + 17 : w + 19]
    if n == 23:
        digits = "".join([ante, y, mo, dd, hh, mi, ss])
        if zone != UTC_NAME:
            return None
    elif zone[0] not in _OFFSET_SIGNS or zone[3] != ":":
        return None
    else:
        digits = "".join([ante, y, mo, dd, hh, mi, ss, zone[1:3], zone[4:]])
    if not digits.isdigit():
        return None
    return (line[:k], hand_id, ante, y, mo, dd, hh, mi, ss, zone)


def _played_at(g: tuple[str, ...]) -> int:
    """Microseconds since the epoch of the header's date, time and zone (``g``: the
    groups of year, month, day, hours, minutes, seconds and zone)."""
    key = (g[0], g[1], g[2])
    day = _days.get(key)
    if day is None:
        y, mo, d = int(key[0]), int(key[1]), int(key[2])
        if not FIRST_YEAR <= y <= LAST_YEAR:
            raise Unhandled(HEADER)
        try:
            day = _days[key] = (date(y, mo, d) - date(1970, 1, 1)).days
        except ValueError:
            raise Unhandled(HEADER) from None
    hh, mi, ss = int(g[3]), int(g[4]), int(g[5])
    if hh > 23 or mi > 59 or ss > 59:
        raise Unhandled(HEADER)
    zone = g[6]
    offset = _offsets.get(zone)
    if offset is None:
        try:
            offset = zone_seconds(zone)
        except ValueError:  # an offset that is none: the parser says why
            raise Unhandled(HEADER) from None
        _offsets[zone] = offset
    return (day * 86_400 + hh * 3600 + mi * 60 + ss - offset) * 1_000_000


def _seats(h: LeanHand) -> None:
    h.why = SEATS
    seats, names, stacks = h.seats, h.names, []
    lines, max_seats = h.lines, h.max_seats
    prefix, colon_text, paren_text, tail = _SEAT_PIECES
    while h.i < h.end and lines[h.i].startswith(prefix):
        # read as the seat pattern reads it: the seat up to the first colon, the name up
        # to the last parenthesis (the chips are digits), the numbers as written
        line = h.line()
        colon = line.find(colon_text, len(prefix))
        paren = line.rfind(paren_text)
        if colon < 0 or paren < colon + len(colon_text) or not line.endswith(tail):
            raise Unhandled(h.why)
        seat_name = line[colon + len(colon_text) : paren]
        seat_no = number(line[len(prefix) : colon], h.why)
        chips = number(line[paren + len(paren_text) : len(line) - len(tail)], h.why)
        prev = seats[-1] if seats else 0
        if not prev < seat_no <= max_seats or chips <= 0 or not _good_name(seat_name):
            raise Unhandled(h.why)
        seats.append(seat_no)
        names.append(seat_name)
        stacks.append(chips)
    n = len(seats)
    if not _MIN_PLAYERS <= n <= _MAX_PLAYERS or len(set(names)) != n:
        raise Unhandled(h.why)
    if h.hero is not None and h.hero not in names:
        raise Unhandled(h.why)
    h.place(seats_from_left_of_dealer(seats, h.dealer), stacks)


def _antes(h: LeanHand) -> None:
    h.why = ANTES
    stack, invested, name, chips = h.stack, h.invested, h.name, h.ante
    for j, line in enumerate(h.take(h.n)):
        amount = min(chips, stack[j])
        left = stack[j] = stack[j] - amount
        invested[j] += amount
        if line != ante(name[j], amount, left == 0):
            raise Unhandled(h.why)


# ---------------------------------------------------------------------- the deal


def _deal(h: LeanHand) -> None:
    h.why = THE_DEAL
    h.expect(DEAL)
    head, mid, tail = _DEALT
    known, name, held, seen = h.known, h.name, h.cards, h.seen
    dealt_to = 0  # (compiled: a native count, where sum was a call)
    for j in range(h.n):
        if known[j]:
            dealt_to += 1
    lines = h.take(dealt_to)
    k = 0
    for j in range(h.n):
        if known[j]:
            dealt = cards(between(lines[k], head + name[j] + mid, tail, h.why), 3, h.why)
            seen.update(dealt)
            held.append([*dealt])
            k += 1
        else:
            held.append([None, None, None])
    if len(seen) != 3 * k:
        raise Unhandled(h.why)


# ---------------------------------------------------------------------- the end


def _reveal(h: LeanHand) -> Settlement:
    h.why = THE_REVEAL
    h.expect(REVEAL)
    live_pos = [j for j in range(h.n) if not h.folded[j]]
    head, mid, _ = _SHOWS
    said = h.take(len(live_pos))
    for k in range(len(live_pos)):  # (compiled, indexing is faster than zip)
        line, j = said[k], live_pos[k]
        who = h.name[j]
        at = len(who) + len(head)
        end = line.find(mid, at)
        # (compiled: find with a start is native, startswith with one a Python call)
        if not line.startswith(who) or line.find(head, len(who)) != len(who) or end < 0:
            raise Unhandled(h.why)
        text = line[at:end]
        show = cards(text, 5, h.why)
        held = h.cards[j]
        # the cards as bit masks of deck indices (compiled: no generic ``in`` on lists)
        shown_mask = held_mask = 0
        for c in show:
            if shown_mask >> c & 1:
                raise Unhandled(h.why)  # a card shown twice
            shown_mask |= 1 << c
        unknown = 0
        hole_unknown = rest_unknown = False  # a card not shown among the first three, after
        for i in range(len(held)):
            maybe = held[i]
            if maybe is None:
                unknown += 1
                if i < 3:
                    hole_unknown = True
                else:
                    rest_unknown = True
            else:
                held_mask |= 1 << maybe
        if held_mask & ~shown_mask:
            raise Unhandled(h.why)  # a card held and not shown
        new = [c for c in show if not held_mask >> c & 1]
        if len(new) != unknown:
            raise Unhandled(h.why)
        size = len(h.seen)
        h.seen.update(new)
        if len(h.seen) != size + len(new):
            raise Unhandled(h.why)
        h.shown_text[j] = text  # card by card as the deck writes them
        h.hole_known[j] = not (hole_unknown and rest_unknown)
        fill = iter(new)
        h.cards[j] = [c if c is not None else next(fill) for c in held]
    st = _settle_reveal(h, live_pos)
    for k in range(len(live_pos)):  # the descriptions the rules give
        line, j = said[k], live_pos[k]
        if line != shows(h.name[j], h.shown_text[j], st.values[h.order[j]].description):
            raise Unhandled(h.why)
    if st.skull_ace is not None:
        holder, result = st.skull_ace
        h.expect(skull(h.name[h.pos_of_seat[holder]], result is _AUTO_WIN))
    return st


def _settle_reveal(h: LeanHand, live_pos: list[int]) -> Settlement:
    contributions = {h.order[j]: h.invested[j] for j in range(h.n)}
    folded_seats = {h.order[j] for j in range(h.n) if h.folded[j]}
    hands = {h.order[j]: tuple([_DECK[c] for c in h.cards[j]]) for j in live_pos}  # type: ignore[index]
    try:
        return settle(contributions, folded_seats, hands, h.dealer, h.fee, True)
    except ValueError:
        raise Unhandled(THE_REVEAL) from None


def _pots(h: LeanHand, st: Settlement) -> None:
    h.why = POTS
    single = len(st.pots) == 1
    collects = 0
    for pot in st.pots:
        winners, shares = pot.winners, pot.shares
        for i in range(len(winners)):  # (compiled, indexing is faster than zip)
            if shares[i] > 0:
                h.expect(collected(h.name[h.pos_of_seat[winners[i]]], shares[i], pot.index, single))
                collects += 1
    if not collects:
        raise Unhandled(h.why)


def _summary(h: LeanHand, st: Settlement) -> None:
    h.why = THE_SUMMARY
    h.expect(SUMMARY)
    pots: list[int] = []
    if len(st.pots) > 1:
        pots = [st.pots[0].amount + st.house_fee]
        pots += [p.amount for p in st.pots[1:]]
    h.expect(total(st.total_pot, pots, st.house_fee))
    if h.end - h.i != h.n:
        raise Unhandled(THE_SUMMARY if h.end - h.i > h.n else SHORT)
    collected_by = st.collected
    values = st.values
    folded_round = h.folded_round
    names, pos_of_seat, shown, dealer = h.names, h.pos_of_seat, h.shown_text, h.dealer
    for k, line in enumerate(h.take(h.n)):
        seat = h.seats[k]
        j = pos_of_seat[seat]
        held = shown.get(j)
        hand = values[seat].description if held is not None else ""
        won = collected_by[seat]
        if line != outcome(seat, names[k], seat == dealer, folded_round[j] or 0, won, held, hand):
            raise Unhandled(h.why)

"""The state of a hand on the fast path (:mod:`._lean`), and its rows in the columns.

:class:`LeanHand` holds the cursor over the hand's lines and the players' state in
plain lists by acting position (0 = left of the dealer); :func:`append_hand` appends
the validated hand to a :class:`~rakestats.columns.HandColumns` batch. Here too: the
reasons the fast path gives for passing a hand to the full parser, and the helpers that
read values as the writer writes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rakestats import columns
from rakestats.cards import ACE_OF_SKULLS, DECK
from rakestats.columns import HandColumns, hand_key
from rakestats.formats.rake._unhandled import Unhandled
from rakestats.rake.evaluator import HandCategory
from rakestats.rake.rules import NO_FEE
from rakestats.rake.showdown import Settlement

__all__ = [
    "ACTION_FIELDS",
    "CARD",
    "CARD_TEXT",
    "PICKUP_FIELDS",
    "LeanHand",
    "append_hand",
    "between",
    "cards",
    "number",
]

CARD: Final = {str(c): c.index for c in DECK}  # cards are deck indices on the fast path
CARD_TEXT: Final = [str(c) for c in DECK]
# a card's index by the codes of its two ASCII characters (first << 7 | second); -1: none
_CARD_OF_CODES: Final = [-1] * (1 << 14)
for _t, _i in CARD.items():
    _CARD_OF_CODES[(ord(_t[0]) << 7) | ord(_t[1])] = _i
_SKULL: Final = ACE_OF_SKULLS.index
# the categories' names by value (an enum's ``name`` is a Python property, called per row)
_CATEGORY_NAMES: Final = tuple([c.name for c in HandCategory])
# A hand's rows go to the batch's flat rows (HandColumns.flat_*), their values in the
# order of rakestats.columns' HAND_FIELDS, PLAYER_FIELDS, ACTION_FIELDS and PICKUP_FIELDS.
# An action's and a pick-up's rows hold the player's acting position for ``prow`` until
# the hand is appended.
ACTION_FIELDS: Final = len(columns.ACTION_FIELDS)
PICKUP_FIELDS: Final = len(columns.PICKUP_FIELDS)
_HAND_WIDTH: Final = len(columns.HAND_FIELDS)
_PLAYER_WIDTH: Final = len(columns.PLAYER_FIELDS)


# Why the fast path passes a hand to the full parser (the ingest counts the reasons):
# the part of the hand it was reading (:attr:`LeanHand.why`), or what it found.
# (Final: compiled, a constant of the module is read without a lookup by name)
HEADER: Final = "header"
SEATS: Final = "seats"
ANTES: Final = "antes"
THE_DEAL: Final = "deal"
ACTION: Final = "action"
UNCALLED: Final = "uncalled bet"
MIDDLE_CARDS: Final = "middle cards"
PICK_UP: Final = "pick-up"
THE_REVEAL: Final = "reveal"
POTS: Final = "pots collected"
THE_SUMMARY: Final = "summary"
SHORT: Final = "hand ends early"
LONG: Final = "too many actions"


# Compiled, a number is read digit by digit (a few instructions a digit, where a dict
# lookup took a string hash and missed the caches); as Python, a loop over the digits
# is slower than looking the text up among the numbers read so far (amounts repeat).
_COMPILED_COPY: Final = __name__.startswith("rakestats._speedups.")
_numbers: Final[dict[str, int]] = {}


def number(text: str, why: str) -> int:
    """A number as the writer writes it: 1 to 18 digits (every sum of amounts fits
    64-bit integers), no leading zero.

    >>> number("2500", "action"), number("0", "action"), number("2500", "action")
    (2500, 0, 2500)
    """
    if _COMPILED_COPY:
        return _digits(text, why)
    value = _numbers.get(text)
    if value is None:
        value = _digits(text, why)
        if len(_numbers) >= 50_000:
            _numbers.clear()
        _numbers[text] = value
    return value


def _digits(text: str, why: str) -> int:
    n = len(text)
    if n == 0 or n > 18 or (n > 1 and text[0] == "0"):
        raise Unhandled(why)
    value = 0
    for k in range(n):
        digit = ord(text[k]) - 48
        if digit < 0 or digit > 9:
            raise Unhandled(why)
        value = value * 10 + digit
    return value


def cards(text: str, n: int, why: str) -> list[int]:
    """The deck indices of ``n`` cards written as the deck writes them, one space
    between two (what ``[CARD[t] for t in text.split(" ")]`` reads, checked for ``n``
    cards). Compiled, read by character codes without making a string a card; as
    Python, by that split and lookup, which is then the faster (370-490 ns for 3-5
    cards against 680-1,030: a few calls into C where each code took interpreted steps)."""
    if not _COMPILED_COPY:
        return _split_cards(text, n, why)
    if len(text) != 3 * n - 1:
        raise Unhandled(why)
    out: list[int] = []
    for k in range(n):
        i = 3 * k
        a = ord(text[i])
        b = ord(text[i + 1])
        if a >= 128 or b >= 128 or (k < n - 1 and text[i + 2] != " "):
            raise Unhandled(why)
        c = _CARD_OF_CODES[(a << 7) | b]
        if c < 0:
            raise Unhandled(why)
        out.append(c)
    return out


def _split_cards(text: str, n: int, why: str) -> list[int]:
    toks = text.split(" ")
    if len(toks) != n:
        raise Unhandled(why)
    try:
        return [CARD[t] for t in toks]
    except KeyError:
        raise Unhandled(why) from None


def between(line: str, head: str, tail: str, why: str) -> str:
    """The text of ``line`` between ``head`` and ``tail``."""
    if not (line.startswith(head) and line.endswith(tail)) or len(line) < len(head) + len(tail):
        raise Unhandled(why)
    return line[len(head) : len(line) - len(tail)]


class LeanHand:
    """One hand being read: the cursor over its lines, what the header says, and the
    players' state (cards are deck indices, None where the log does not show them).

    The players' state is by acting position (0 = left of the dealer), from
    :meth:`place` on, once the seats are read."""

    order: list[int]  # the seats
    pos_of_seat: dict[int, int]
    name: list[str]
    stack: list[int]
    start_stack: list[int]
    invested: list[int]
    round_bet: list[int]
    folded: list[bool]
    acted: list[bool]
    may_raise: list[bool]
    known: list[bool]  # whether the log shows the player's hidden cards
    folded_round: list[int | None]
    category: list[str | None]  # of the holding, when known

    __slots__ = (
        "acted", "actions", "ante", "cards", "category", "dealer", "end", "fee",
        "folded", "folded_round", "hand_id", "hero", "hole_known", "i", "invested",
        "known", "lines", "live", "max_seats", "may_raise", "middle_down",
        "middle_down_text", "middle_up", "middle_up_text", "n", "name", "names",
        "order", "pickups", "played_at", "pos_of_seat", "rnd", "round_bet", "seats",
        "seen", "server", "shown_text", "site", "stack", "start_stack", "table", "why",
    )  # fmt: skip

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = lines
        self.end = len(lines)
        self.i = 0
        self.why = HEADER  # the part of the hand being read: the reason if it fails
        self.site = ""
        self.hand_id = ""
        self.table = ""
        self.ante = 0
        self.played_at = 0  # microseconds since the epoch
        self.max_seats = 0
        self.dealer = 0
        self.fee = NO_FEE
        self.hero: str | None = None
        self.server = True
        self.seats: list[int] = []  # by seat order, as the seat lines
        self.names: list[str] = []
        self.n = 0
        self.cards: list[list[int | None]] = []  # by acting position
        self.seen: set[int] = set()
        self.live = 0
        self.rnd = 0
        # one after another, ACTION_FIELDS values each: position, seq, round, kind,
        # added, to, all-in, facing a bet (flat: appended in place, no tuple per
        # action; the batch's columns are sliced from the flat rows when read)
        self.actions: list[object] = []
        # the same, PICKUP_FIELDS each: position, pick-up, face up, card, category
        # before and after
        self.pickups: list[object] = []
        self.middle_up: list[int] = []
        self.middle_down: list[int | None] = []
        self.middle_up_text: str | None = None
        self.middle_down_text: str | None = None
        self.shown_text: dict[int, str] = {}  # by position, the cards as shown
        self.hole_known: dict[int, bool] = {}

    def place(self, order: list[int], stacks: list[int]) -> None:
        """The players in acting order (``order``: their seats; ``stacks``: the stacks
        by seat order, as :attr:`seats`), before the antes."""
        n = self.n = self.live = len(order)
        by_seat = {s: k for k, s in enumerate(self.seats)}
        idx = [by_seat[s] for s in order]
        self.order = order
        self.pos_of_seat = {s: j for j, s in enumerate(order)}
        name = self.name = [self.names[k] for k in idx]
        self.stack = [stacks[k] for k in idx]
        self.start_stack = list(self.stack)
        self.invested = [0] * n
        self.round_bet = [0] * n
        self.folded = [False] * n
        self.acted = [False] * n
        self.may_raise = [True] * n
        self.folded_round = [None] * n
        self.category = [None] * n
        hero = self.hero
        self.known = [hero is None or name[j] == hero for j in range(n)]

    def line(self) -> str:
        """The next line."""
        i = self.i
        if i >= self.end:
            raise Unhandled(SHORT)
        self.i = i + 1
        return self.lines[i]

    def take(self, k: int) -> Sequence[str]:
        """The next ``k`` lines."""
        i = self.i
        if i + k > self.end:
            raise Unhandled(SHORT)
        taken = self.lines[i : i + k]
        self.i = i + k
        return taken

    def expect(self, want: str) -> None:
        """The next line is ``want`` (else the hand is declined: :attr:`why`)."""
        i = self.i
        if i >= self.end:
            raise Unhandled(SHORT)
        if self.lines[i] != want:
            raise Unhandled(self.why)
        self.i = i + 1


def _text(cards: Sequence[int | None]) -> str | None:
    texts: list[str] = []
    for c in cards:  # (compiled: ``None in cards`` compares each card with None as Python)
        if c is None:
            return None
        texts.append(CARD_TEXT[c])
    return " ".join(texts)


def append_hand(cols: HandColumns, h: LeanHand, st: Settlement, first: int, source: str) -> bool:
    """Append the validated hand to ``cols`` (its flat rows); False when the batch holds
    it already. Every row is made before the first is appended, so that a failure
    leaves the batch as it was."""
    hand_index = len(cols.flat_hands) // _HAND_WIDTH  # counted from the flat rows
    players = _player_rows(h, st, hand_index)
    first_row = len(cols.flat_players) // _PLAYER_WIDTH
    prow = [0] * h.n
    for k, seat in enumerate(h.seats):
        prow[h.pos_of_seat[seat]] = first_row + k
    _play_rows(h, prow)
    key = hand_key(h.site, h.hand_id)
    if not cols.claim(key):
        return False
    cols.flat_hands.extend((
        key, h.hand_id, h.site, "rake", h.played_at, h.table, h.max_seats, h.n, "chips",
        False, None, h.ante, None, None, None, h.dealer, h.hero,
        "server" if h.server else "player", st.total_pot, st.house_fee, source, first,
        h.middle_up_text, h.middle_down_text,
    ))  # fmt: skip
    cols.flat_players.extend(players)
    cols.flat_actions.extend(h.actions)
    cols.flat_pickups.extend(h.pickups)
    return True


def _player_rows(h: LeanHand, st: Settlement, hand_index: int) -> list[object]:
    """The players' rows (in seat order) one after another, the values of
    :data:`rakestats.columns.PLAYER_FIELDS` each (flat, as the actions)."""
    skull = st.skull_ace
    # what each seat collected from each pot: (pot, amount before the fee, share)
    pots_won: dict[int, list[tuple[int, int, int]]] = {seat: [] for seat in h.seats}
    for pot in st.pots:
        before_fee = pot.amount + (st.house_fee if pot.index == 0 else 0)
        winners, shares = pot.winners, pot.shares
        for i in range(len(winners)):  # (compiled, indexing is faster than zip)
            if shares[i] > 0:
                pots_won[winners[i]].append((pot.index, before_fee, shares[i]))
    shown = h.shown_text
    live_pos = [j for j in range(h.n) if not h.folded[j]]
    reveal_order = {j: k for k, j in enumerate(live_pos, start=1)} if shown else {}
    rows: list[object] = []
    for k, seat in enumerate(h.seats):
        j = h.pos_of_seat[seat]
        held = h.cards[j]
        if j in shown:
            text: str | None = shown[j]
            hole = _text(held[:3]) if h.hole_known[j] else None
        else:
            text = _text(held)
            hole = _text(held[:3])
        value = st.values.get(seat)
        rows.extend((
            hand_index, h.names[k], seat, j + 1, h.start_stack[j], h.invested[j],
            st.collected[seat], text, hole, None, j in shown,
            text is not None and _SKULL in held,
            skull[1].value if skull is not None and skull[0] == seat else None,
            _CATEGORY_NAMES[value.category] if value is not None else None,
            value.description if value is not None else None,
            h.folded_round[j], h.stack[j] == 0 and not h.folded[j], reveal_order.get(j),
            "show" if j in shown else None, pots_won[seat],
        ))  # fmt: skip
    return rows


def _play_rows(h: LeanHand, prow: list[int]) -> None:
    """The hand's actions and pick-ups as rows of the batch: each position turned into
    its player's row (``prow``), in place."""
    # (compiled: a range with a step that is not a literal is a Python object, with
    # one call a value; counted rows are native loops)
    acts = h.actions
    for k in range(len(acts) // ACTION_FIELDS):
        i = k * ACTION_FIELDS
        acts[i] = prow[acts[i]]  # type: ignore[call-overload]
    picks = h.pickups
    for k in range(len(picks) // PICKUP_FIELDS):
        i = k * PICKUP_FIELDS
        picks[i] = prow[picks[i]]  # type: ignore[call-overload]

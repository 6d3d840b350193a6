"""Validated hands of one batch, column by column: the bulk form of the hand records.

A :class:`HandColumns` holds what :class:`~rakestats.records.HandRecord` values hold, as
one Python list per field, so that a parser can append a validated hand without building
record objects and the warehouse can turn a batch into Arrow arrays at once. Rows of
``players`` point at their hand (``hand``, an index into ``hands``); rows of ``actions``
and ``pickups`` point at their player's row (``prow``). Values that follow from others
(the hand's key columns on every row, ``net``, ``won``, the per-round action counts) are
derived by the warehouse in bulk.

>>> from datetime import UTC, datetime
>>> from rakestats.records import ActionRecord, Game, HandRecord, PlayerRecord
>>> rec = HandRecord(
...     hand_id="H1", site="Room", game=Game.RAKE, played_at=datetime(2026, 1, 5, tzinfo=UTC),
...     table_name="T", max_seats=2, currency="chips", is_tournament=False, ante=1,
...     total_pot=2, house_fee=0, source_file="f.txt", source_line=1, view="server",
...     players=(PlayerRecord("Ann", 1, 1, 10, 1, 2), PlayerRecord("Bob", 2, 2, 10, 1, 0)),
...     actions=(ActionRecord(1, 1, "Bob", "fold", 0, 0),),
... )
>>> cols = HandColumns()
>>> cols.add(rec)
True
>>> cols.add(rec)  # the same hand again: not added
False
>>> len(cols), cols.players["player"], cols.actions["prow"]
(1, ['Ann', 'Bob'], [1])
"""

from __future__ import annotations

import hashlib
import struct
from datetime import UTC, datetime
from operator import attrgetter
from typing import Any

from rakestats.records import HandRecord

__all__ = [
    "ACTION_FIELDS",
    "HAND_FIELDS",
    "PICKUP_FIELDS",
    "PLAYER_FIELDS",
    "HandColumns",
    "hand_key",
    "key64",
    "micros",
    "pot_shares",
]

HAND_FIELDS = (
    "hand_key", "hand_id", "site", "game", "played_at", "table_name", "max_seats",
    "n_players", "currency", "is_tournament", "tournament_id", "ante", "small_bet",
    "big_bet", "bring_in", "dealer_seat", "hero", "view", "total_pot", "house_fee",
    "source_file", "source_line", "middle_up", "middle_down",
)  # fmt: skip
PLAYER_FIELDS = (
    "hand", "player", "seat", "position", "stack", "invested", "collected", "cards",
    "hole_cards", "up_cards", "went_to_reveal", "skull_ace_held", "skull_ace_outcome",
    "hand_category", "hand_description", "folded_round", "all_in", "reveal_order",
    "reveal_action", "collected_pots",
)  # fmt: skip
ACTION_FIELDS = (
    "prow", "seq", "round", "kind", "amount", "to_amount", "all_in", "facing_bet",
)  # fmt: skip
PICKUP_FIELDS = ("prow", "pickup", "face_up", "card", "category_before", "category_after")
# An action's and a pick-up's values after ``prow``: the record's fields of those names.
_ACTION_VALUES = attrgetter(*ACTION_FIELDS[1:])
_PICKUP_VALUES = attrgetter(*PICKUP_FIELDS[1:])
_TABLE_FIELDS = {
    "hands": HAND_FIELDS,
    "players": PLAYER_FIELDS,
    "actions": ACTION_FIELDS,
    "pickups": PICKUP_FIELDS,
}
# each table's fields by their place in a row
_PLACE = {table: {name: k for k, name in enumerate(f)} for table, f in _TABLE_FIELDS.items()}

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


_blake2b = hashlib.blake2b
_signed64 = struct.Struct("<q").unpack  # 8 bytes, little-endian, as a signed int


def key64(text: str) -> int:
    """A stable signed 64-bit hash of a text (BLAKE2b), for dedupe keys.

    >>> key64("Room\\x1fH1") == int.from_bytes(
    ...     hashlib.blake2b(b"Room\\x1fH1", digest_size=8).digest(), "little", signed=True
    ... )
    True
    """
    key: int = _signed64(_blake2b(text.encode(), digest_size=8).digest())[0]
    return key


def hand_key(site: str, hand_id: str) -> int:
    """The 64-bit dedupe key of a hand: a hash of (site, hand id), :func:`key64` of
    the two joined by a unit separator.

    >>> hand_key("Room", "H1") == hand_key("Room", "H1") != hand_key("Room", "H2")
    True
    >>> hand_key("Room", "H1") == key64("Room\\x1fH1")
    True
    """
    return key64(f"{site}\x1f{hand_id}")


def micros(ts: datetime) -> int:
    """A timezone-aware instant as integer microseconds since 1970-01-01 UTC."""
    delta = ts - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


class HandColumns:
    """A batch of validated hands, one list per field (see the module docstring).

    ``played_at`` holds integer microseconds since the epoch (UTC). Each hand is held
    once: :meth:`add` and :meth:`claim` refuse a hand key already in the batch.

    A fast validator may instead append whole rows to the ``flat_*`` lists, one row's
    values after another in the order of :data:`HAND_FIELDS`, :data:`PLAYER_FIELDS`,
    :data:`ACTION_FIELDS` and :data:`PICKUP_FIELDS`, with ``hand`` and ``prow``
    counted from the first row of the flat lists: one ``extend`` a hand instead of one
    per column. The rows move into the columns, in order, when the columns are read
    (``hands``, ``players``, ``actions``, ``pickups``) or before anything else appends;
    :meth:`column` reads one column without moving them.

    >>> cols = HandColumns()
    >>> cols.flat_hands.extend(range(len(HAND_FIELDS)))
    >>> cols.flat_players.extend([0, *range(1, len(PLAYER_FIELDS))])
    >>> len(cols), cols.hands["hand_key"], cols.players["hand"], cols.flat_hands
    (1, [0], [0], [])
    """

    def __init__(self) -> None:
        self._hands: dict[str, list[Any]] = {f: [] for f in HAND_FIELDS}
        self._players: dict[str, list[Any]] = {f: [] for f in PLAYER_FIELDS}
        self._actions: dict[str, list[Any]] = {f: [] for f in ACTION_FIELDS}
        self._pickups: dict[str, list[Any]] = {f: [] for f in PICKUP_FIELDS}
        self.flat_hands: list[Any] = []
        self.flat_players: list[Any] = []
        self.flat_actions: list[Any] = []
        self.flat_pickups: list[Any] = []
        self.keys: set[int] = set()

    def __len__(self) -> int:
        return len(self._hands["hand_key"]) + len(self.flat_hands) // len(HAND_FIELDS)

    def sizes(self) -> dict[str, int]:
        """The rows of each table held so far (flat rows included, left where they are:
        a batch's flat rows move into its columns once, when the columns are read).

        >>> cols = HandColumns()
        >>> cols.flat_hands.extend(range(len(HAND_FIELDS)))
        >>> cols.sizes(), cols.flat_hands != []
        ({'hands': 1, 'players': 0, 'actions': 0, 'pickups': 0}, True)
        """
        return {
            "hands": len(self._hands["hand_key"]) + len(self.flat_hands) // len(HAND_FIELDS),
            "players": len(self._players["hand"]) + len(self.flat_players) // len(PLAYER_FIELDS),
            "actions": len(self._actions["prow"]) + len(self.flat_actions) // len(ACTION_FIELDS),
            "pickups": len(self._pickups["prow"]) + len(self.flat_pickups) // len(PICKUP_FIELDS),
        }

    @property
    def hands(self) -> dict[str, list[Any]]:
        return self._settled(self._hands)

    @property
    def players(self) -> dict[str, list[Any]]:
        return self._settled(self._players)

    @property
    def actions(self) -> dict[str, list[Any]]:
        return self._settled(self._actions)

    @property
    def pickups(self) -> dict[str, list[Any]]:
        return self._settled(self._pickups)

    def _settled(self, table: dict[str, list[Any]]) -> dict[str, list[Any]]:
        """``table`` (one of the columns' dicts, filled in place) with the flat rows
        moved in."""
        if self.flat_hands:
            self._unflatten()
        return table

    def _unflatten(self) -> None:
        """Move the flat rows into the columns, after the rows held there."""
        parts = [self._parts(table) for table in _TABLE_FIELDS]  # (before any row moves)
        for held, flat, names, base in parts:
            for k, name in enumerate(names):
                column = _flat_column(flat, k, len(names), base)
                if held[name]:
                    held[name].extend(column)
                else:  # (the slice itself: no second copy)
                    held[name] = column
            flat.clear()

    def _parts(self, table: str) -> tuple[dict[str, list[Any]], list[Any], tuple[str, ...], int]:
        """The rows of ``table`` held as columns, its flat rows, its fields, and what its
        first field (``hand``, ``prow``: counted from the flat rows) adds to reach the
        rows held."""
        if table == "hands":
            held, flat, base = self._hands, self.flat_hands, 0
        elif table == "players":
            held, flat, base = self._players, self.flat_players, len(self._hands["hand_key"])
        elif table == "actions":
            held, flat, base = self._actions, self.flat_actions, len(self._players["hand"])
        elif table == "pickups":
            held, flat, base = self._pickups, self.flat_pickups, len(self._players["hand"])
        else:
            raise KeyError(table)
        fields = _TABLE_FIELDS[table]
        if len(flat) % len(fields):
            raise ValueError(f"flat rows of {table!r}: {len(flat)} values, not rows")
        return held, flat, fields, base

    def column(self, table: str, name: str) -> list[Any]:
        """The column ``name`` of ``table`` (``"hands"``, ``"players"``, ``"actions"`` or
        ``"pickups"``): the rows held as columns, then the flat rows, which stay where
        they are. Not to be changed: it may be the batch's own list. A batch converted
        column by column reads each column this way while its values are still in the
        caches; moving every flat row into the columns first (what ``hands`` and the
        others do) reads each value twice more, after the batch has left the caches.

        >>> from rakestats.records import Game, PlayerRecord
        >>> cols = HandColumns()
        >>> cols.add(HandRecord(
        ...     hand_id="H1", site="Room", game=Game.RAKE, played_at=_EPOCH,
        ...     table_name="T", max_seats=2, currency="chips", is_tournament=False,
        ...     ante=1, total_pot=2, house_fee=0, source_file="f.txt", source_line=1,
        ...     view="server", players=(PlayerRecord("Ann", 1, 1, 10, 1, 2),),
        ... ))
        True
        >>> cols.flat_hands.extend(range(len(HAND_FIELDS)))
        >>> cols.flat_players.extend([0, "Bob", *range(2, len(PLAYER_FIELDS))])
        >>> cols.column("players", "hand"), cols.column("players", "player")
        ([0, 1], ['Ann', 'Bob'])
        >>> cols.flat_players != [], cols.players["hand"]  # the columns as read
        (True, [0, 1])
        """
        held, flat, fields, base = self._parts(table)
        rows = held[name]
        if not flat:
            return rows
        column = _flat_column(flat, _PLACE[table][name], len(fields), base)
        return rows + column if rows else column

    def take(self) -> HandColumns:
        """The hands held so far, as a batch of their own (without the keys); this batch
        is left empty but remembers their keys, so a later repeat is still refused. The
        flat rows go with them as they are."""
        out = HandColumns()
        out._hands, self._hands = self._hands, out._hands
        out._players, self._players = self._players, out._players
        out._actions, self._actions = self._actions, out._actions
        out._pickups, self._pickups = self._pickups, out._pickups
        out.flat_hands, self.flat_hands = self.flat_hands, out.flat_hands
        out.flat_players, self.flat_players = self.flat_players, out.flat_players
        out.flat_actions, self.flat_actions = self.flat_actions, out.flat_actions
        out.flat_pickups, self.flat_pickups = self.flat_pickups, out.flat_pickups
        return out

    def claim(self, key: int) -> bool:
        """Reserve a hand key for a hand about to be appended; False if already held."""
        if key in self.keys:
            return False
        self.keys.add(key)
        return True

    def add(self, rec: HandRecord, *, once: bool = True) -> bool:
        """Append a hand record; False (nothing appended) when the batch holds the hand
        already (``once=False`` appends it regardless)."""
        key = hand_key(rec.site, rec.hand_id)
        if not self.claim(key) and once:
            return False
        h = self.hands
        index = len(h["hand_key"])
        values: tuple[Any, ...] = (
            key, rec.hand_id, rec.site, rec.game.value, micros(rec.played_at),
            rec.table_name, rec.max_seats, rec.n_players, rec.currency, rec.is_tournament,
            rec.tournament_id, rec.ante, rec.small_bet, rec.big_bet, rec.bring_in,
            rec.dealer_seat, rec.hero, rec.view, rec.total_pot, rec.house_fee,
            rec.source_file, rec.source_line, rec.middle_up, rec.middle_down,
        )  # fmt: skip
        _append(h, HAND_FIELDS, values)
        shown = {name: (k, act) for k, (name, act) in enumerate(rec.reveal, start=1)}
        won = pot_shares(rec)
        p = self.players
        first_row = len(p["hand"])
        row_of: dict[str, int] = {}
        for i, pl in enumerate(rec.players):
            row_of.setdefault(pl.player, first_row + i)
            values = (
                index, pl.player, pl.seat, pl.position, pl.stack, pl.invested, pl.collected,
                pl.cards, pl.hole_cards, pl.up_cards, pl.went_to_reveal, pl.skull_ace_held,
                pl.skull_ace_outcome, pl.hand_category, pl.hand_description,
                pl.folded_round, pl.all_in, *shown.get(pl.player, (None, None)),
                won.get(pl.player, []) if rec.pots else None,
            )  # fmt: skip
            _append(p, PLAYER_FIELDS, values)
        for act in rec.actions:
            _append(self.actions, ACTION_FIELDS, (_row(row_of, act.player), *_ACTION_VALUES(act)))
        for pk in rec.pickups:
            _append(self.pickups, PICKUP_FIELDS, (_row(row_of, pk.player), *_PICKUP_VALUES(pk)))
        return True


def _flat_column(flat: list[Any], k: int, width: int, base: int) -> list[Any]:
    """Field ``k`` of each row of ``flat`` (rows of ``width`` values), ``base`` added to
    the first field (``hand``, ``prow``)."""
    column = flat[k::width]
    return [base + i for i in column] if k == 0 and base else column


def pot_shares(rec: HandRecord) -> dict[str, list[tuple[int, int, int]]]:
    """What each player collected from each pot, as ``(pot, pot amount, share)``: the
    ``collected_pots`` of the ``players`` rows.

    >>> from rakestats.records import Game, PotRecord
    >>> rec = HandRecord(
    ...     hand_id="H1", site="Room", game=Game.RAKE, played_at=datetime(2026, 1, 5, tzinfo=UTC),
    ...     table_name="T", max_seats=2, currency="chips", is_tournament=False, ante=1,
    ...     total_pot=30, house_fee=0, source_file="f.txt", source_line=1, view="server",
    ...     players=(), pots=(PotRecord(0, 20, (("Ann", 20),)), PotRecord(1, 10, (("Bob", 10),))),
    ... )
    >>> pot_shares(rec)
    {'Ann': [(0, 20, 20)], 'Bob': [(1, 10, 10)]}
    """
    out: dict[str, list[tuple[int, int, int]]] = {}
    for pot in rec.pots:
        for name, share in pot.shares:
            out.setdefault(name, []).append((pot.pot, pot.amount, share))
    return out


def _append(columns: dict[str, list[Any]], fields: tuple[str, ...], row: tuple[Any, ...]) -> None:
    for name, value in zip(fields, row, strict=True):
        columns[name].append(value)


def _row(row_of: dict[str, int], player: str) -> int:
    try:
        return row_of[player]
    except KeyError:
        raise ValueError(f"{player!r} acts in a hand without a seat") from None

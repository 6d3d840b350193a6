"""The warehouse's Arrow schema, defined once. ``docs/schema.md`` documents every column.

>>> SCHEMA_VERSION
2
>>> sorted(TABLES)
['actions', 'files', 'hands', 'pickups', 'players', 'quarantine']
>>> TABLES["hands"].field("played_at").type
TimestampType(timestamp[us, tz=UTC])
"""

from __future__ import annotations

import pyarrow as pa

__all__ = [
    "ACTION_KINDS",
    "HAND_TABLES",
    "MAX_ROUNDS",
    "POT_SHARE",
    "ROUND_COUNTERS",
    "SCHEMA_VERSION",
    "TABLES",
    "round_column",
]

SCHEMA_VERSION = 2
MAX_ROUNDS = 5  # Rake has 3 betting rounds, Razz 5 streets (3rd to 7th)
ROUND_COUNTERS = ("bets", "raises", "calls", "checks", "folds")
ACTION_KINDS = ("fold", "check", "call", "bet", "raise", "bring_in", "complete")

_TS = pa.timestamp("us", tz="UTC")


def round_column(round_no: int, counter: str) -> str:
    """Name of a per-round action counter in ``players``: ``r1_bets`` ... ``r5_folds``."""
    return f"r{round_no}_{counter}"


# Columns every hand-level table carries, so queries filter without joins.
_HAND_KEYS = [
    pa.field("hand_key", pa.int64(), nullable=False),
    pa.field("hand_id", pa.string(), nullable=False),
    pa.field("site", pa.string(), nullable=False),
    pa.field("game", pa.string(), nullable=False),
    pa.field("played_at", _TS, nullable=False),
]

HANDS = pa.schema(
    [
        *_HAND_KEYS,
        pa.field("table_name", pa.string()),
        pa.field("max_seats", pa.int16()),
        pa.field("n_players", pa.int16()),
        pa.field("currency", pa.string()),
        pa.field("is_tournament", pa.bool_()),
        pa.field("tournament_id", pa.string()),
        pa.field("ante", pa.int64()),
        pa.field("small_bet", pa.int64()),
        pa.field("big_bet", pa.int64()),
        pa.field("bring_in", pa.int64()),
        pa.field("dealer_seat", pa.int16()),
        pa.field("hero", pa.string()),
        pa.field("view", pa.string()),
        pa.field("total_pot", pa.int64()),
        pa.field("house_fee", pa.int64()),
        # A fingerprint of what every view of the hand agrees on (who sat where with what,
        # the actions and amounts, the pots): two copies with different content_key are
        # different hands under one id, never duplicates (warehouse._fingerprint).
        pa.field("content_key", pa.int64()),
        pa.field("source_file", pa.string()),
        pa.field("source_line", pa.int64()),
        pa.field("txn", pa.int64()),
        # Rake: the middle cards as dealt; the face-down ones only where the log shows
        # them (a server log), else null.
        pa.field("middle_up", pa.string()),
        pa.field("middle_down", pa.string()),
    ]
)

# What a player collected from each pot: 0 the main (or only) pot, k side pot-k;
# ``pot_amount`` the pot before the house fee, ``amount`` the player's share after it.
POT_SHARE = pa.struct(
    [
        pa.field("pot", pa.int16()),
        pa.field("pot_amount", pa.int64()),
        pa.field("amount", pa.int64()),
    ]
)

PLAYERS = pa.schema(
    [
        *_HAND_KEYS,
        pa.field("currency", pa.string()),
        pa.field("ante", pa.int64()),
        pa.field("big_bet", pa.int64()),
        pa.field("n_players", pa.int16()),
        pa.field("player", pa.string(), nullable=False),
        pa.field("seat", pa.int16()),
        pa.field("position", pa.int16()),
        pa.field("stack", pa.int64()),
        pa.field("invested", pa.int64()),
        pa.field("collected", pa.int64()),
        pa.field("net", pa.int64()),
        pa.field("cards", pa.string()),
        pa.field("hole_cards", pa.string()),
        pa.field("up_cards", pa.string()),
        pa.field("went_to_reveal", pa.bool_()),
        pa.field("won", pa.bool_()),
        pa.field("skull_ace_held", pa.bool_()),
        pa.field("skull_ace_outcome", pa.string()),
        pa.field("hand_category", pa.string()),
        pa.field("hand_description", pa.string()),
        pa.field("folded_round", pa.int16()),
        pa.field("all_in", pa.bool_()),
        *[
            pa.field(round_column(r, c), pa.int16())
            for r in range(1, MAX_ROUNDS + 1)
            for c in ROUND_COUNTERS
        ],
        # At the Reveal (showdown): 1, 2, ... in the order the players showed or mucked,
        # and which they did ("show" or "muck"); null for players not there.
        pa.field("reveal_order", pa.int16()),
        pa.field("reveal_action", pa.string()),
        pa.field("collected_pots", pa.list_(POT_SHARE)),
    ]
)

ACTIONS = pa.schema(
    [
        *_HAND_KEYS,
        pa.field("seq", pa.int32()),
        pa.field("round", pa.int16()),
        pa.field("player", pa.string()),
        pa.field("kind", pa.string()),
        pa.field("amount", pa.int64()),
        pa.field("to_amount", pa.int64()),
        pa.field("all_in", pa.bool_()),
        pa.field("facing_bet", pa.bool_()),
    ]
)

PICKUPS = pa.schema(
    [
        *_HAND_KEYS,
        pa.field("pickup", pa.int16()),
        pa.field("player", pa.string()),
        pa.field("face_up", pa.bool_()),
        pa.field("card", pa.string()),
        pa.field("category_before", pa.string()),
        pa.field("category_after", pa.string()),
    ]
)

QUARANTINE = pa.schema(
    [
        pa.field("q_key", pa.int64(), nullable=False),
        pa.field("source_file", pa.string()),
        pa.field("line", pa.int64()),
        pa.field("reason", pa.string()),
        pa.field("raw_text", pa.string()),
        pa.field("site", pa.string()),
        pa.field("hand_id", pa.string()),
        pa.field("game", pa.string()),
        pa.field("quarantined_at", _TS),
        pa.field("txn", pa.int64()),
        # when a complete copy of the hand was stored (the entry is kept for the record,
        # no longer open); null while the hand is still quarantined
        pa.field("resolved_at", _TS),
    ]
)

FILES = pa.schema(
    [
        pa.field("path", pa.string(), nullable=False),
        pa.field("size", pa.int64()),
        pa.field("content_hash", pa.string()),
        pa.field("hands_read", pa.int64()),
        pa.field("ingested", pa.int64()),
        pa.field("duplicates", pa.int64()),
        pa.field("quarantined", pa.int64()),
        pa.field("skipped", pa.int64()),
        pa.field("ingested_at", _TS),
        pa.field("txn", pa.int64()),
    ]
)

TABLES: dict[str, pa.Schema] = {
    "hands": HANDS,
    "players": PLAYERS,
    "actions": ACTIONS,
    "pickups": PICKUPS,
    "quarantine": QUARANTINE,
    "files": FILES,
}

# Tables whose rows belong to one hand, partitioned by game and month of play.
HAND_TABLES = ("hands", "players", "actions", "pickups")

"""Hand records to Arrow tables (the warehouse schema), in batches."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from rakestats.records import HandRecord, QuarantineRecord
from rakestats.warehouse.schema import (
    ACTIONS,
    HANDS,
    MAX_ROUNDS,
    PICKUPS,
    PLAYERS,
    QUARANTINE,
    ROUND_COUNTERS,
)

__all__ = [
    "hand_key",
    "hands_to_tables",
    "partitions",
    "quarantine_key",
    "quarantine_to_table",
]

_COUNTER_OF_KIND = {
    "bet": "bets",
    "complete": "bets",
    "raise": "raises",
    "call": "calls",
    "check": "checks",
    "fold": "folds",
}


def _key(text: str) -> int:
    return int.from_bytes(
        hashlib.blake2b(text.encode(), digest_size=8).digest(), "little", signed=True
    )


def hand_key(site: str, hand_id: str) -> int:
    """The 64-bit dedupe key of a hand: a hash of (site, hand id)."""
    return _key(f"{site}\x1f{hand_id}")


def quarantine_key(q: QuarantineRecord) -> int:
    return _key(f"{q.source_file}\x1f{q.line}\x1f{q.raw_text}")


def month_of(ts: datetime) -> str:
    return ts.astimezone(UTC).strftime("%Y-%m")


_N_COUNTERS = MAX_ROUNDS * len(ROUND_COUNTERS)
_COUNTER_SLOT = {kind: ROUND_COUNTERS.index(c) for kind, c in _COUNTER_OF_KIND.items()}


def _table(rows: list[tuple[Any, ...]], schema: pa.Schema) -> pa.Table:
    """Rows (tuples in schema order) to a table, column by column."""
    if not rows:
        return schema.empty_table()
    columns = list(zip(*rows, strict=True))
    return pa.Table.from_arrays(
        [pa.array(col, type=f.type) for col, f in zip(columns, schema, strict=True)],
        schema=schema,
    )


def hands_to_tables(records: Sequence[HandRecord], txn: int) -> dict[str, pa.Table]:
    """Four tables (hands, players, actions, pickups) for a batch of validated hands."""
    hands: list[tuple[Any, ...]] = []
    players: list[tuple[Any, ...]] = []
    actions: list[tuple[Any, ...]] = []
    pickups: list[tuple[Any, ...]] = []
    for rec in records:
        key = (hand_key(rec.site, rec.hand_id), rec.hand_id, rec.site, rec.game.value,
               rec.played_at.astimezone(UTC))  # fmt: skip
        n = rec.n_players
        hands.append(
            (*key, rec.table_name, rec.max_seats, n, rec.currency, rec.is_tournament,
             rec.tournament_id, rec.ante, rec.small_bet, rec.big_bet, rec.bring_in,
             rec.dealer_seat, rec.hero, rec.view, rec.total_pot, rec.house_fee,
             rec.source_file, rec.source_line, txn)
        )  # fmt: skip
        counts = {pl.player: [0] * _N_COUNTERS for pl in rec.players}
        for act in rec.actions:
            actions.append(
                (*key, act.seq, act.round, act.player, act.kind, act.amount, act.to_amount,
                 act.all_in, act.facing_bet)
            )  # fmt: skip
            slot = _COUNTER_SLOT.get(act.kind)
            c = counts.get(act.player)
            if slot is not None and c is not None and 1 <= act.round <= MAX_ROUNDS:
                c[(act.round - 1) * len(ROUND_COUNTERS) + slot] += 1
        for pl in rec.players:
            players.append(
                (*key, rec.currency, rec.ante, rec.big_bet, n, pl.player, pl.seat, pl.position,
                 pl.stack, pl.invested, pl.collected, pl.collected - pl.invested, pl.cards,
                 pl.hole_cards, pl.up_cards, pl.went_to_reveal, pl.collected > 0,
                 pl.skull_ace_held, pl.skull_ace_outcome, pl.hand_category,
                 pl.hand_description, pl.folded_round, pl.all_in, *counts[pl.player])
            )  # fmt: skip
        for pk in rec.pickups:
            pickups.append(
                (*key, pk.pickup, pk.player, pk.face_up, pk.card, pk.category_before,
                 pk.category_after)
            )  # fmt: skip
    return {
        "hands": _table(hands, HANDS),
        "players": _table(players, PLAYERS),
        "actions": _table(actions, ACTIONS),
        "pickups": _table(pickups, PICKUPS),
    }


def quarantine_to_table(records: Iterable[QuarantineRecord], txn: int, now: datetime) -> pa.Table:
    q: dict[str, list[Any]] = {f.name: [] for f in QUARANTINE}
    for r in records:
        q["q_key"].append(quarantine_key(r))
        q["source_file"].append(r.source_file)
        q["line"].append(r.line)
        q["reason"].append(r.reason)
        q["raw_text"].append(r.raw_text)
        q["site"].append(r.site)
        q["hand_id"].append(r.hand_id)
        q["game"].append(r.game)
        q["quarantined_at"].append(now)
        q["txn"].append(txn)
    return pa.table(q, schema=QUARANTINE)


def partitions(table: pa.Table) -> Iterator[tuple[str, pa.Table]]:
    """Split a hand-level table by game and month of play (the directory layout)."""
    months = pc.strftime(table["played_at"], format="%Y-%m")
    games = table["game"]
    keys = pc.binary_join_element_wise(games, months, "|")
    for key in pc.unique(keys).to_pylist():
        game, month = key.split("|")
        yield f"game={game}/month={month}", table.filter(pc.equal(keys, key))

"""Helpers for the statistics tests: build hand records in Python and write them into a
fresh warehouse (no parser involved)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rakestats import Warehouse
from rakestats.records import ActionRecord, Game, HandRecord, PickupRecord, PlayerRecord
from rakestats.warehouse import Store
from rakestats.warehouse._arrow import hands_to_tables, partitions
from rakestats.warehouse.schema import HAND_TABLES

__all__ = ["P", "hand", "write_warehouse"]

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


@dataclass
class P:
    """A player in a crafted hand: name, invested and collected chips, the flags, and
    actions as ``(round, kind[, amount])`` in the order they happen (interleaved with
    the other players' by ``hand``)."""

    name: str
    invested: int
    collected: int = 0
    position: int | None = None
    reveal: bool = False
    skull: bool = False
    outcome: str | None = None
    folded: int | None = None
    category: str | None = None


@dataclass
class _Seq:
    items: list[ActionRecord] = field(default_factory=list)


def hand(
    n: int,
    players: Sequence[P],
    actions: Sequence[tuple[str, int, str]] = (),
    *,
    minutes: float | None = None,
    at: datetime | None = None,
    game: Game = Game.RAKE,
    ante: int = 10,
    big_bet: int | None = None,
    currency: str = "chips",
    pickups: Sequence[tuple[int, str, bool, str | None, str | None, str | None]] = (),
    site: str = "Test",
) -> HandRecord:
    """Hand number ``n``. ``actions``: ``(player, round, kind)``, facing_bet derived
    from the sequence (a bet or raise earlier in the round that the player has not
    matched: any earlier bet/raise/complete/bring_in by someone else since the
    player's own last bet or raise)."""
    played = at if at is not None else T0 + timedelta(minutes=n if minutes is None else minutes)
    recs: list[ActionRecord] = []
    open_aggr: dict[int, str | None] = {}
    own_last: dict[tuple[int, str], int] = {}
    last_aggr_seq: dict[int, tuple[int, str]] = {}
    for seq, (who, rnd, kind) in enumerate(actions):
        facing = False
        if rnd in last_aggr_seq:
            aseq, aggressor = last_aggr_seq[rnd]
            facing = aggressor != who and own_last.get((rnd, who), -1) < aseq
        recs.append(ActionRecord(seq, rnd, who, kind, 0, 0, False, facing))
        if kind in ("bet", "raise", "complete", "bring_in"):
            last_aggr_seq[rnd] = (seq, who)
            open_aggr[rnd] = who
        if kind in ("bet", "raise", "complete", "call"):
            own_last[(rnd, who)] = seq
    plist = tuple(
        PlayerRecord(
            player=p.name,
            seat=i + 1,
            position=p.position if p.position is not None else i + 1,
            stack=1000,
            invested=p.invested,
            collected=p.collected,
            went_to_reveal=p.reveal,
            skull_ace_held=p.skull,
            skull_ace_outcome=p.outcome,
            hand_category=p.category,
            folded_round=p.folded,
        )
        for i, p in enumerate(players)
    )
    return HandRecord(
        hand_id=f"H{n:04d}",
        site=site,
        game=game,
        played_at=played,
        table_name="T",
        max_seats=8,
        currency=currency,
        is_tournament=False,
        ante=ante,
        total_pot=sum(p.invested for p in players),
        house_fee=0,
        source_file="crafted",
        source_line=n,
        view="server",
        players=plist,
        actions=tuple(recs),
        pickups=tuple(PickupRecord(*k) for k in pickups),
        big_bet=big_bet,
        dealer_seat=len(players),
    )


def write_warehouse(path: Path, records: Sequence[HandRecord], *, batches: int = 1) -> Warehouse:
    """A new warehouse at ``path`` holding ``records`` (in ``batches`` commits)."""
    store = Store(path)
    store.create()
    size = max(1, -(-len(records) // batches))
    for start in range(0, len(records), size):
        chunk = records[start : start + size]
        with store.lock():
            txn = store.begin()
            for name, table in hands_to_tables(chunk, txn.version).items():
                assert name in HAND_TABLES
                for partition, part in partitions(table):
                    txn.write(name, part, partition)
            txn.commit()
    return Warehouse(path)

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
    round_column,
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


def hands_to_tables(records: Sequence[HandRecord], txn: int) -> dict[str, pa.Table]:
    """Four tables (hands, players, actions, pickups) for a batch of validated hands."""
    h: dict[str, list[Any]] = {f.name: [] for f in HANDS}
    p: dict[str, list[Any]] = {f.name: [] for f in PLAYERS}
    a: dict[str, list[Any]] = {f.name: [] for f in ACTIONS}
    k: dict[str, list[Any]] = {f.name: [] for f in PICKUPS}
    counter_cols = [
        (r, c, round_column(r, c)) for r in range(1, MAX_ROUNDS + 1) for c in ROUND_COUNTERS
    ]
    for rec in records:
        key = hand_key(rec.site, rec.hand_id)
        game = rec.game.value
        ts = rec.played_at.astimezone(UTC)
        common = (key, rec.hand_id, rec.site, game, ts)
        _append_common(h, common)
        h["table_name"].append(rec.table_name)
        h["max_seats"].append(rec.max_seats)
        h["n_players"].append(rec.n_players)
        h["currency"].append(rec.currency)
        h["is_tournament"].append(rec.is_tournament)
        h["tournament_id"].append(rec.tournament_id)
        h["ante"].append(rec.ante)
        h["small_bet"].append(rec.small_bet)
        h["big_bet"].append(rec.big_bet)
        h["bring_in"].append(rec.bring_in)
        h["dealer_seat"].append(rec.dealer_seat)
        h["hero"].append(rec.hero)
        h["view"].append(rec.view)
        h["total_pot"].append(rec.total_pot)
        h["house_fee"].append(rec.house_fee)
        h["source_file"].append(rec.source_file)
        h["source_line"].append(rec.source_line)
        h["txn"].append(txn)

        counts: dict[str, dict[tuple[int, str], int]] = {pl.player: {} for pl in rec.players}
        for act in rec.actions:
            _append_common(a, common)
            a["seq"].append(act.seq)
            a["round"].append(act.round)
            a["player"].append(act.player)
            a["kind"].append(act.kind)
            a["amount"].append(act.amount)
            a["to_amount"].append(act.to_amount)
            a["all_in"].append(act.all_in)
            a["facing_bet"].append(act.facing_bet)
            counter = _COUNTER_OF_KIND.get(act.kind)
            if counter is not None and act.player in counts:
                c = counts[act.player]
                c[(act.round, counter)] = c.get((act.round, counter), 0) + 1

        n = rec.n_players
        for pl in rec.players:
            _append_common(p, common)
            p["currency"].append(rec.currency)
            p["ante"].append(rec.ante)
            p["big_bet"].append(rec.big_bet)
            p["n_players"].append(n)
            p["player"].append(pl.player)
            p["seat"].append(pl.seat)
            p["position"].append(pl.position)
            p["stack"].append(pl.stack)
            p["invested"].append(pl.invested)
            p["collected"].append(pl.collected)
            p["net"].append(pl.collected - pl.invested)
            p["cards"].append(pl.cards)
            p["hole_cards"].append(pl.hole_cards)
            p["up_cards"].append(pl.up_cards)
            p["went_to_reveal"].append(pl.went_to_reveal)
            p["won"].append(pl.collected > 0)
            p["skull_ace_held"].append(pl.skull_ace_held)
            p["skull_ace_outcome"].append(pl.skull_ace_outcome)
            p["hand_category"].append(pl.hand_category)
            p["hand_description"].append(pl.hand_description)
            p["folded_round"].append(pl.folded_round)
            p["all_in"].append(pl.all_in)
            c = counts[pl.player]
            for r, cname, col in counter_cols:
                p[col].append(c.get((r, cname), 0))

        for pk in rec.pickups:
            _append_common(k, common)
            k["pickup"].append(pk.pickup)
            k["player"].append(pk.player)
            k["face_up"].append(pk.face_up)
            k["card"].append(pk.card)
            k["category_before"].append(pk.category_before)
            k["category_after"].append(pk.category_after)

    return {
        "hands": pa.table(h, schema=HANDS),
        "players": pa.table(p, schema=PLAYERS),
        "actions": pa.table(a, schema=ACTIONS),
        "pickups": pa.table(k, schema=PICKUPS),
    }


def _append_common(cols: dict[str, list[Any]], common: tuple[int, str, str, str, datetime]) -> None:
    cols["hand_key"].append(common[0])
    cols["hand_id"].append(common[1])
    cols["site"].append(common[2])
    cols["game"].append(common[3])
    cols["played_at"].append(common[4])


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

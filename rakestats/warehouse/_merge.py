"""One hand seen from several views: keep one copy with the union of the known cards.

A player's log shows the hero's hidden cards only; the server log, or other players'
logs of the same hand, show more. When such copies arrive for a hand already stored (in
an earlier run or earlier in this one), the parts that hold the hand are rewritten with
every unknown card filled in from any copy that knows it — however many copies there
are and in whatever order they come — and the columns derived from cards are computed
again from the merged hand (:func:`derive_from_cards`). The hand's ``view`` and ``hero``
follow from the set of copies, whether or not a copy brought a card: ``server`` (no
hero) when a server log was among them, else ``merged`` with the first hero by name.
Two copies that show different cards for the same place contradict each other: the
incoming copy is reported as a conflict and the stored copy is left as it was.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.warehouse._arrow import hand_key
from rakestats.warehouse._store import Store, Transaction
from rakestats.warehouse.schema import TABLES

__all__ = ["FILLED", "MergeResult", "derive_from_cards", "merge_views", "view_signature"]

# Columns that differ between views of one hand only by being unknown (null) in some:
# filled from any copy that knows them.
FILLED: dict[str, tuple[str, ...]] = {
    "hands": ("middle_down",),  # the face-down middle cards: a server log shows them
    "players": ("cards", "hole_cards", "up_cards"),
    "pickups": ("card", "category_before", "category_after"),
}
# The columns that identify a row of the table within its hand.
_ALIGN = {
    "hands": ("hand_key",),
    "players": ("hand_key", "player"),
    "pickups": ("hand_key", "pickup", "player"),
}
_SKULL_ACE = r"(^|\s)As(\s|$)"  # the Ace of Skulls in a Rake card list


def view_signature(view: str | None, hero: str | None) -> int:
    """0 for a server log (it knows every card), else a number for the hero's log."""
    if view == "server" or hero is None:
        return 0
    return hand_key("view", hero) or 1


def derive_from_cards(players: pa.Table) -> pa.Table:
    """``players`` rows with the columns that follow from the known cards computed
    again: ``skull_ace_held`` (a Rake player whose final cards include the Ace of
    Skulls). The parsers derive the same values for the cards their view shows."""
    held = pc.and_(
        pc.equal(players["game"], "rake"),
        pc.fill_null(pc.match_substring_regex(players["cards"], _SKULL_ACE), False),
    )
    i = players.schema.get_field_index("skull_ace_held")
    return players.set_column(i, players.schema.field(i), held)


@dataclass
class MergeResult:
    """What a merge did: the hands that gained cards, the hands whose ``view`` or
    ``hero`` changed (with or without a card gained), and the incoming copies that
    contradict the stored one (hand key → what differs)."""

    updated: set[int] = field(default_factory=set)
    conflicts: dict[int, str] = field(default_factory=dict)
    relabelled: set[int] = field(default_factory=set)


def _parts_holding(store: Store, rels: tuple[str, ...], keys: pa.Array) -> list[str]:
    out = []
    for rel in rels:
        col = pq.read_table(store.root / rel, columns=["hand_key"])["hand_key"]
        if pc.any(pc.is_in(col, value_set=keys)).as_py():
            out.append(rel)
    return out


def _fill(old: pa.Table, incoming: pa.Table, table: str, result: MergeResult) -> pa.Table:
    """``old`` (stored rows of some hands) with every unknown value of :data:`FILLED`
    taken from any incoming copy; records conflicts in ``result``."""
    align, cols = list(_ALIGN[table]), FILLED[table]
    old = old.sort_by([(k, "ascending") for k in align])
    theirs = incoming.filter(pc.is_in(incoming["hand_key"], value_set=old["hand_key"]))
    stray = theirs.select(align).join(old.select(align), keys=align, join_type="left anti")
    for key in pc.unique(stray["hand_key"]).to_pylist():
        result.conflicts.setdefault(key, f"its {table} rows are not the stored copy's")
    both = pa.concat_tables([old.select(align + list(cols)), theirs.select(align + list(cols))])
    aggs = [(c, "count_distinct") for c in cols] + [(c, "first") for c in cols]
    grouped = both.group_by(align, use_threads=False).aggregate(aggs)
    for c in cols:
        clash = grouped.filter(pc.greater(grouped[f"{c}_count_distinct"], 1))
        for key, who in zip(
            clash["hand_key"].to_pylist(), clash[align[-1]].to_pylist(), strict=True
        ):
            result.conflicts.setdefault(key, f"{c} of {who!r} differ from the stored copy's")
    firsts = grouped.select(align + [f"{c}_first" for c in cols])
    rows = old.select(align).append_column("_row", pa.array(range(old.num_rows), pa.int64()))
    filled = rows.join(firsts, keys=align, join_type="left outer").sort_by("_row")
    merged = old
    for c in cols:
        i = old.schema.get_field_index(c)
        merged = merged.set_column(i, old.schema.field(i), filled[f"{c}_first"].cast(old[c].type))
    gained = pa.array(np.zeros(old.num_rows, dtype=bool))
    for c in cols:
        gained = pc.or_(gained, pc.and_(pc.is_null(old[c]), pc.is_valid(merged[c])))
    result.updated.update(pc.unique(old["hand_key"].filter(gained)).to_pylist())
    return merged


def merge_views(store: Store, incoming: dict[str, pa.Table], txn: Transaction) -> MergeResult:
    """Fill the stored copies of the hands in ``incoming`` (the hands, players and
    pickups of copies from other views, any number per hand) in ``txn``, which the
    caller commits. A hand that contradicts its stored copy is left as stored and
    reported in :attr:`MergeResult.conflicts`; the other hands of the merge still gain."""
    result = MergeResult()
    keys = pc.unique(incoming["hands"]["hand_key"])
    if len(keys) == 0:
        return result
    rewritten: dict[str, dict[str, tuple[pa.Table, pa.Table, pa.Table]]] = defaultdict(dict)
    for table in ("hands", "players", "pickups"):
        for rel in _parts_holding(store, txn.base.files(table), keys):
            part = pq.read_table(store.root / rel)
            mask = pc.is_in(part["hand_key"], value_set=keys)
            keep, old = part.filter(pc.invert(mask)), part.filter(mask)
            merged = _fill(old, incoming[table].select(part.column_names), table, result)
            if table == "players":
                merged = derive_from_cards(merged)
            rewritten[table][rel] = (keep, old, merged)
    result.updated -= set(result.conflicts)
    bad = pa.array(sorted(result.conflicts), pa.int64())
    # Every merged hand takes the view of all its copies, whether or not a copy brought
    # a card: a server log after players' logs that knew every card it shows still
    # makes the hand the server's.
    views = _views([old for _, old, _ in rewritten["hands"].values()], incoming["hands"])
    for rel, (keep, old, merged) in rewritten["hands"].items():
        marked = _mark_views(merged, views)
        moved = pc.or_(
            _differ(merged["view"], marked["view"]), _differ(merged["hero"], marked["hero"])
        )
        result.relabelled.update(pc.unique(merged["hand_key"].filter(moved)).to_pylist())
        rewritten["hands"][rel] = (keep, old, marked)
    result.relabelled -= set(result.conflicts)
    changed = {
        "hands": pa.array(sorted(result.updated | result.relabelled), pa.int64()),
        "players": pa.array(sorted(result.updated), pa.int64()),
    }
    changed["pickups"] = changed["players"]
    for table, parts in rewritten.items():
        for rel, (keep, old, merged) in parts.items():
            if not pc.any(pc.is_in(merged["hand_key"], value_set=changed[table])).as_py():
                continue  # a part is rewritten only when one of its hands changed
            # the stored rows of a conflicting hand stay exactly as they were
            stays = pc.is_in(merged["hand_key"], value_set=bad)
            data = pa.concat_tables(
                [
                    keep,
                    merged.filter(pc.invert(stays)),
                    old.filter(pc.is_in(old["hand_key"], value_set=bad)),
                ]
            )
            _replace(txn, table, rel, data)
    return result


def _differ(a: pa.ChunkedArray, b: pa.ChunkedArray) -> pa.ChunkedArray:
    """Row by row, whether two string columns differ (a null equals only a null)."""
    return pc.fill_null(pc.not_equal(a, b), pc.xor(pc.is_valid(a), pc.is_valid(b)))


def _views(stored: list[pa.Table], incoming: pa.Table) -> pa.Table:
    """The ``view`` and ``hero`` of each hand merged from its ``stored`` row and its
    ``incoming`` copies, by the set of copies alone (never their order): ``server`` with
    a null hero when a server log was among them; else ``merged`` when more than one
    player's log was (the stored row may already be ``merged``), with the first of
    their heroes by name as ``hero``; else null, the stored row's view kept (copies of
    one player's log add no view). Columns ``hand_key``, ``view`` and ``hero``."""
    cols = pa.schema([TABLES["hands"].field(c) for c in ("hand_key", "view", "hero")])
    copies = pa.concat_tables([t.select(cols.names).cast(cols) for t in [*stored, incoming]])
    view, hero = copies["view"], copies["hero"]
    server = pc.equal(view, "server")
    merged = pc.equal(view, "merged")
    # a player's log whose owner is not named is a view of its own too
    unnamed = pc.and_(pc.invert(pc.or_(server, merged)), pc.is_null(hero))
    flags = copies.select(["hand_key", "hero"])
    for name, col in (("server", server), ("merged", merged), ("unnamed", unnamed)):
        flags = flags.append_column(name, col)
    g = flags.group_by("hand_key", use_threads=False).aggregate(
        [("server", "any"), ("merged", "any"), ("unnamed", "any"), ("hero", "min"), ("hero", "max")]
    )
    first = g["hero_min"]
    several = pc.or_(
        pc.fill_null(pc.not_equal(first, g["hero_max"]), False),
        pc.and_(g["unnamed_any"], pc.is_valid(first)),
    )
    is_server = g["server_any"]
    is_merged = pc.and_(pc.invert(is_server), pc.or_(g["merged_any"], several))
    none = pa.scalar(None, pa.string())
    new_view = pc.if_else(is_server, "server", pc.if_else(is_merged, "merged", none))
    new_hero = pc.if_else(is_merged, first, none)
    return pa.table({"hand_key": g["hand_key"], "view": new_view, "hero": new_hero})


def _mark_views(hands: pa.Table, views: pa.Table) -> pa.Table:
    """``hands`` with the ``view`` and ``hero`` of :func:`_views` where it gives one."""
    rows = hands.select(["hand_key"]).append_column(
        "_row", pa.array(range(hands.num_rows), pa.int64())
    )
    found = rows.join(views, keys="hand_key", join_type="left outer").sort_by("_row")
    keep = pc.is_null(found["view"])
    view = pc.if_else(keep, hands["view"], found["view"])
    hero = pc.if_else(keep, hands["hero"], found["hero"])
    hands = hands.set_column(hands.schema.get_field_index("view"), "view", view)
    return hands.set_column(hands.schema.get_field_index("hero"), "hero", hero)


def _replace(txn: Transaction, table: str, rel: str, data: pa.Table) -> None:
    partition = rel.split("/", 1)[1].rsplit("/", 1)[0] if rel.count("/") > 1 else ""
    txn.remove(table, rel)
    txn.write(table, data.cast(TABLES[table]), partition)

"""One hand seen from two views: keep one copy with the union of the known cards.

A player's log shows the hero's hidden cards only; the server log, or another player's
log of the same hand, may show more. When such a copy arrives for a hand already in the
warehouse, the parts that hold the hand are rewritten with every unknown card filled in
from the new copy, in one commit. The new copy still counts as a duplicate.
"""

from __future__ import annotations

from collections import defaultdict

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats.warehouse._arrow import hand_key
from rakestats.warehouse._store import Store
from rakestats.warehouse.schema import TABLES

__all__ = ["merge_views", "view_signature"]

# Columns filled from the other copy where the stored one does not know them.
_FILL = {
    "players": ("cards", "hole_cards", "up_cards"),
    "pickups": ("card", "category_before", "category_after"),
}
_ALIGN = {"players": ("hand_key", "player"), "pickups": ("hand_key", "pickup", "player")}


def view_signature(view: str | None, hero: str | None) -> int:
    """0 for a server log (it knows every card), else a number for the hero's log."""
    if view == "server" or hero is None:
        return 0
    return hand_key("view", hero) or 1


def _fill(stored: pa.Table, incoming: pa.Table, table: str) -> pa.Table | None:
    """Stored rows with their unknown values filled from the incoming rows, or None when
    the two copies do not describe the same rows."""
    keys = [(k, "ascending") for k in _ALIGN[table]]
    a = stored.sort_by(keys)
    b = incoming.sort_by(keys)
    if a.num_rows != b.num_rows:
        return None
    for k in _ALIGN[table]:
        if not a[k].equals(b[k]):
            return None
    for col in _FILL[table]:
        i = a.schema.get_field_index(col)
        a = a.set_column(i, col, pc.coalesce(a[col], b[col]))
    return a


def _gained(before: pa.Table, after: pa.Table, table: str) -> bool:
    return any(before[c].null_count > after[c].null_count for c in _FILL[table])


def _parts_holding(store: Store, rels: tuple[str, ...], keys: pa.Array) -> list[str]:
    out = []
    for rel in rels:
        col = pq.read_table(store.root / rel, columns=["hand_key"])["hand_key"]
        if pc.any(pc.is_in(col, value_set=keys)).as_py():
            out.append(rel)
    return out


def merge_views(store: Store, incoming: dict[str, pa.Table]) -> int:
    """Fill the stored copies of the hands in ``incoming`` (hands, players, pickups of
    duplicate copies from another view); returns the number of hands updated. The
    caller holds the lock; the change is one commit."""
    keys = pc.unique(incoming["hands"]["hand_key"])
    if len(keys) == 0:
        return 0
    txn = store.begin()
    updated: set[int] = set()
    conflicts: set[int] = set()
    rewritten: dict[str, dict[str, pa.Table]] = defaultdict(dict)
    for table in ("players", "pickups"):
        for rel in _parts_holding(store, txn.base.files(table), keys):
            part = pq.read_table(store.root / rel)
            mask = pc.is_in(part["hand_key"], value_set=keys)
            keep, old = part.filter(pc.invert(mask)), part.filter(mask)
            pieces = [keep]
            for key in pc.unique(old["hand_key"]).to_pylist():
                mine = old.filter(pc.equal(old["hand_key"], key))
                theirs = incoming[table].filter(pc.equal(incoming[table]["hand_key"], key))
                merged = _fill(mine, theirs.select(mine.column_names), table)
                if merged is None:
                    conflicts.add(key)
                    pieces.append(mine)
                else:
                    if _gained(mine, merged, table):
                        updated.add(key)
                    pieces.append(merged)
            rewritten[table][rel] = pa.concat_tables(pieces)
    updated -= conflicts
    if updated:
        server = incoming["hands"].filter(pc.equal(incoming["hands"]["view"], "server"))
        server_keys = set(server["hand_key"].to_pylist())
        for rel in _parts_holding(store, txn.base.files("hands"), keys):
            part = pq.read_table(store.root / rel)
            views = part["view"].to_pylist()
            heroes = part["hero"].to_pylist()
            for i, key in enumerate(part["hand_key"].to_pylist()):
                if key in updated:
                    if key in server_keys:
                        views[i], heroes[i] = "server", None
                    elif views[i] != "server":
                        views[i] = "merged"
            part = part.set_column(part.schema.get_field_index("view"), "view", pa.array(views))
            part = part.set_column(
                part.schema.get_field_index("hero"), "hero", pa.array(heroes, pa.string())
            )
            rewritten["hands"][rel] = part
    if not updated:
        return 0
    for table, parts in rewritten.items():
        for rel, data in parts.items():
            # a part is rewritten only when one of its hands gained a card
            if not pc.any(pc.is_in(data["hand_key"], value_set=pa.array(sorted(updated)))).as_py():
                continue
            partition = rel.split("/", 1)[1].rsplit("/", 1)[0] if rel.count("/") > 1 else ""
            txn.remove(table, rel)
            txn.write(table, data.cast(TABLES[table]), partition)
    txn.commit()
    return len(updated)

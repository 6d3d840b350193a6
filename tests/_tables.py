"""The rows of a warehouse's tables, ordered by key, for comparing two warehouses that
should hold the same (one ingest against several, local against distributed, ...)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

import pandas as pd

from rakestats import Warehouse

# Columns that say when something was stored, not what: they differ between any two runs.
WHEN = frozenset({"ingested_at", "quarantined_at", "resolved_at"})
# The tables of hands and the quarantine, each with the columns that order its rows.
ORDER: Mapping[str, list[str]] = {
    "hands": ["hand_key"],
    "players": ["hand_key", "seat"],
    "actions": ["hand_key", "seq"],
    "pickups": ["hand_key", "pickup", "player"],
    "quarantine": ["source_file", "line"],
}


def table_rows(
    wh: Warehouse, order: Mapping[str, list[str]] = ORDER, skip: Collection[str] = WHEN
) -> dict[str, pd.DataFrame]:
    """Each table of ``order``, its ``skip`` columns left out, rows sorted by key."""
    out = {}
    for table, keys in order.items():
        df = wh.sql(f"SELECT * FROM {table}")
        df = df.drop(columns=[c for c in df.columns if c in skip])
        out[table] = df.sort_values(keys).reset_index(drop=True)
    return out

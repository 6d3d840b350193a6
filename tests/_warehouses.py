"""Warehouses that tests in several folders build the same way."""

from __future__ import annotations

import re
from pathlib import Path

from rakestats import Warehouse
from rakestats.sim import simulate


def all_quarantined(base: Path, hands: int = 6) -> Warehouse:
    """A warehouse at ``base/wh`` holding no hand, only ``hands`` quarantined ones (each
    history's total pot made wrong)."""
    simulate(hands, 3, 5, base / "in")
    (history,) = (base / "in").glob("*.txt")
    text = history.read_text(encoding="utf-8")
    history.write_text(re.sub(r"^Total pot (\d+)", r"Total pot 1\1", text, flags=re.M))
    wh = Warehouse(base / "wh")
    assert wh.ingest([history]).quarantined == hands
    return wh

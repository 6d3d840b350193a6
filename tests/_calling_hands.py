"""Simulated Rake hands with a call in them, and the same hands damaged, for the tests
of the quarantine (which entries a copy resolves, what a retry does)."""

from __future__ import annotations

import re
from pathlib import Path

from rakestats.sim import simulate

__all__ = ["calling_hands", "damaged"]


def calling_hands(out: Path, seed: int, count: int) -> list[str]:
    """The first ``count`` hands with a call of a 30-hand session simulated into
    ``out`` with ``seed`` (each without its trailing blank lines)."""
    simulate(30, 3, seed, out)
    text = sorted(out.glob("*.txt"))[0].read_text(encoding="utf-8")
    found = [h.strip("\n") for h in text.split("\n\n\n") if ": calls " in h]
    assert len(found) >= count
    return found[:count]


def damaged(hand: str) -> str:
    """The hand with its first call raised past what the player may call."""
    bad, n = re.subn(r": calls (\d+)$", r": calls 9\1", hand, count=1, flags=re.M)
    assert n == 1
    return bad

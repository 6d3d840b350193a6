"""Small builders of validated hand records for warehouse tests."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from rakestats.records import ActionRecord, Game, HandRecord, PlayerRecord

START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def rake_hand(
    n: int, *, site: str = "Test Room", names: tuple[str, str] = ("Ann", "Bob"), minutes: int = 1
) -> HandRecord:
    """Hand ``n``: Ann bets 10, Bob folds; Ann wins Bob's ante."""
    a, b = names
    return HandRecord(
        hand_id=f"H{n:06d}",
        site=site,
        game=Game.RAKE,
        played_at=START + timedelta(minutes=minutes * n),
        table_name="T1",
        max_seats=6,
        currency="chips",
        is_tournament=False,
        ante=10,
        total_pot=20,
        house_fee=0,
        source_file="test.txt",
        source_line=1 + 20 * n,
        view="server",
        dealer_seat=2,
        players=(
            PlayerRecord(a, 1, 1, 1000, 10, 20, folded_round=None),
            PlayerRecord(b, 2, 2, 1000, 10, 0, folded_round=1),
        ),
        actions=(
            ActionRecord(1, 1, a, "bet", 10, 10),
            ActionRecord(2, 1, b, "fold", 0, 0, facing_bet=True),
        ),
    )


@contextmanager
def lock_held_elsewhere(warehouse: str | os.PathLike[str]) -> Iterator[None]:
    """Hold the warehouse's writer lock in another process for the duration."""
    code = (
        "import sys; from rakestats.warehouse import Store\n"
        "with Store(sys.argv[1]).lock():\n"
        "    print('locked', flush=True); sys.stdin.read()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, os.fspath(warehouse)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
        yield
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        proc.wait(timeout=30)

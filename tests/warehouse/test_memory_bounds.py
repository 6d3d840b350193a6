"""What an ingest holds does not grow with the number of files or the size of a hand.

The figures (peak RSS for 50,000 one-hand files and for a file of over-long hands) come
from benchmarks/bench_memory.py; these tests pin the mechanisms behind them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import _ingest


def test_many_small_files_are_buffered_as_few_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = tmp_path / "sim"
    simulate(300, 3, 4, src)
    one = tmp_path / "one-hand-files"
    one.mkdir()
    n = 0
    for f in sorted(src.glob("*.txt")):
        for hand in f.read_text(encoding="utf-8").split("\n\n\n"):
            if hand.strip():
                (one / f"h{n:04d}.txt").write_text(hand + "\n\n\n", encoding="utf-8")
                n += 1
    monkeypatch.setattr(_ingest, "_MAX_PIECES", 16)
    held: list[int] = []
    spill = _ingest._spill

    def watch(store: Any, buf: Any) -> None:
        held.append(len(buf.tables["hands"]))
        spill(store, buf)

    monkeypatch.setattr(_ingest, "_spill", watch)
    summary = Warehouse(tmp_path / "wh").ingest([one])
    assert summary.ingested == n == 300
    assert held and max(held) <= 16 + n // 16  # not one table per file


def test_an_over_long_hand_keeps_only_its_first_lines(tmp_path: Path) -> None:
    src = tmp_path / "sim"
    simulate(20, 3, 4, src)
    first = sorted(src.glob("*.txt"))[0].read_text(encoding="utf-8").split("\n\n\n")[0]
    lines = first.split("\n")
    who = lines[8].split(":", 1)[0]
    filler = "\n".join(f"{who}: says hello {i:08d}" for i in range(200_000))  # ~5 MB
    hand = "\n".join([*lines[:9], filler, *lines[9:]])
    path = tmp_path / "long.txt"
    path.write_text((hand + "\n\n\n") * 3, encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest([path])
    assert summary.quarantined == 3
    q = wh.quarantine()
    assert all("longer than" in r for r in q["reason"])
    assert q["raw_text"].str.len().max() <= (64 << 10) + 100
    assert q["raw_text"].str.startswith(lines[0]).all()
    assert q["raw_text"].str.endswith("not kept]").all()

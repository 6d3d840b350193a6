"""Start-up of the small commands beside a bare interpreter, measured in the same run.

Prints the median wall time of 7 runs each of ``python -c pass`` (the baseline),
``rakestats --help``, ``rakestats quarantine`` and ``rakestats hand ID`` on a small
warehouse, with each one's ratio to the baseline. Target: ``--help`` under 3x.

    python benchmarks/bench_startup.py
"""

from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rakestats import Warehouse
from rakestats.sim import simulate

RUNS = 7


def _median(cmd: list[str]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="rakestats-bench-startup-"))
    try:
        simulate(20, 3, 1, work / "h")
        wh = Warehouse(work / "wh")
        wh.ingest([work / "h"])
        hand_id = str(wh.sql("SELECT hand_id FROM hands LIMIT 1")["hand_id"][0])
        cli = [sys.executable, "-m", "rakestats"]
        base = _median([sys.executable, "-c", "pass"])
        rows = [
            ("rakestats --help", _median([*cli, "--help"])),
            ("rakestats quarantine", _median([*cli, "quarantine", "-w", str(work / "wh")])),
            ("rakestats hand ID", _median([*cli, "hand", "-w", str(work / "wh"), hand_id])),
        ]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"baseline: python -c pass: {base * 1000:.0f} ms (median of {RUNS})")
    for name, t in rows:
        print(f"{name}: {t * 1000:.0f} ms, {t / base:.1f}x the baseline")
    ratio = rows[0][1] / base
    print(f"TARGET rakestats --help under 3x python -c pass: {'PASS' if ratio < 3 else 'FAIL'} "
          f"({ratio:.1f}x)")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

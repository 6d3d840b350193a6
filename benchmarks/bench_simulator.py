"""Simulator throughput: hands per second on one core and with --jobs 2.

Usage: python benchmarks/bench_simulator.py [--hands N]

The one-core figure is hands per CPU-second of the simulating process (wall time is
printed too; it is lower when other work shares the machine). Target: >= 2,000 hands/s
per core. Always exits 0; the last line says PASS or FAIL.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from rakestats.sim import simulate

TARGET = 2000


def _run(hands: int, jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (this process and its finished children)."""
    with tempfile.TemporaryDirectory() as out:
        t0, c0 = time.perf_counter(), os.times()
        simulate(hands, "2-8", seed=1, out=out, jobs=jobs)
        t1, c1 = time.perf_counter(), os.times()
    cpu = (c1.user - c0.user) + (c1.system - c0.system)
    cpu += (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    return t1 - t0, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    args = parser.parse_args()
    n = args.hands
    with tempfile.TemporaryDirectory() as warm:
        simulate(200, "2-8", seed=0, out=warm)  # imports and first-call costs
    wall1, cpu1 = _run(n, 1)
    per_core = n / cpu1
    print(f"simulate --jobs 1: {n} hands in {wall1:.2f} s wall: {n / wall1:,.0f} hands/s "
          f"(wall), {per_core:,.0f} hands/s per core (CPU time)")  # fmt: skip
    wall2, _ = _run(n, 2)  # workers fork from a fork server: only wall time is seen here
    print(f"simulate --jobs 2: {n} hands in {wall2:.2f} s wall: {n / wall2:,.0f} hands/s "
          f"(wall), {n / wall2 / 2:,.0f} hands/s per core (wall / 2), "
          f"{wall1 / wall2:.2f}x one job")  # fmt: skip
    verdict = "PASS" if per_core >= TARGET else "FAIL"
    print(f"target >= {TARGET:,} hands/s per core: {verdict} ({per_core:,.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Distributed ingestion on a Dask LocalCluster: 1 and 2 workers, beside a local ingest.

For each run: hands/s, the per-worker rate (hands per CPU-second of the units, wherever
they ran) and the driver's commit cost (deduplicating, writing and publishing parts), and
from them an *estimate* for N machines. On this 2-core machine the scheduler and the
driver share the cores with the workers, so the 2-worker figure understates scaling.

    python benchmarks/bench_scaling.py --hands 50000
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=50_000)
    ap.add_argument("--workdir", type=Path, default=Path("bench_data/scaling"))
    args = ap.parse_args()
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        print("Dask is not installed (pip install 'rakestats[dask]'); nothing measured")
        return 0
    from rakestats import Warehouse
    from rakestats.sim import simulate

    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    data = args.workdir / f"histories-{args.hands}"
    if not (data / "players.json").exists():
        shutil.rmtree(data, ignore_errors=True)
        simulate(args.hands, "2-8", 9, data, jobs=os.cpu_count() or 1)
    rows = []
    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        wh = Warehouse(Path(tmp) / "local")
        s = wh.ingest([data], jobs=1)
        rows.append(("local, 1 process", s))
        for n in (1, 2):
            with LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:  # fmt: skip
                client.submit(sum, [1]).result()  # workers up before timing
                wh = Warehouse(Path(tmp) / f"dask{n}")
                start = time.perf_counter()
                s = wh.ingest([data], client=client)
                s.seconds = time.perf_counter() - start
                rows.append((f"dask, {n} worker{'s' if n > 1 else ''}", s))
    print(f"{args.hands:,} hands, {sum(f.stat().st_size for f in data.iterdir()) / 1e6:,.0f} MB")
    print(
        f"{'run':<20}{'wall s':>8}{'hands/s':>10}{'per-worker hands/CPU-s':>25}{'driver s':>10}{'driver hands/s':>16}"
    )
    for name, s in rows:
        per_worker = s.read / s.unit_seconds if s.unit_seconds else 0
        driver = s.read / s.driver_seconds if s.driver_seconds else 0
        print(f"{name:<20}{s.seconds:8.1f}{s.read / s.seconds:10,.0f}{per_worker:25,.0f}"
              f"{s.driver_seconds:10.1f}{driver:16,.0f}")  # fmt: skip
    s = rows[-1][1]
    per_worker = s.read / s.unit_seconds
    driver = s.read / s.driver_seconds
    print("estimate (not measured): N workers give min(N x per-worker, driver) hands/s:")
    for n in (4, 16, 64):
        print(f"  N={n:<3} ~{min(n * per_worker, driver):,.0f} hands/s"
              f"{'  (driver-bound)' if n * per_worker > driver else ''}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

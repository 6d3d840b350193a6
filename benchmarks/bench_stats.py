"""Latency of ``Warehouse.player_stats``, cold and warm, beside a plain DuckDB scan.

Run ``python benchmarks/bench_stats.py [--hands N] [--workdir DIR] [--jobs J]``.

1. Simulate N hands (``rakestats.sim.simulate``) and ingest them into DIR/wh1 (then
   compact). With ``--workdir`` an existing DIR/wh1 of the right size is reused.
2. Build DIR/wh10 with ten times the hands by copying every Parquet part of wh1 ten
   times, with hand ids and hand keys shifted in each copy (so no two hands collide).
3. For each warehouse: *cold* is the first ``player_stats()`` in a new process (the
   process imports rakestats and opens nothing before the timed call); *warm* is the
   median of five further calls in one process (they read the rollup built by the first
   call, see docs/stats.md); "without the rollup" is the median of five calls with an
   exact-instant date filter, which scans the raw rows. Beside it, the plain scan is a DuckDB
   ``GROUP BY player, game, currency`` of count and sum(net) over the same ``players``
   files, in the same run.

Targets (2-core machine): warm under 0.3 s at 1 M hands, under 2 s at 10 M hands. One
PASS/FAIL line per target; the exit status is 0 either way.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import Store
from rakestats.warehouse.schema import HAND_TABLES

TARGETS = {1: 0.3, 10: 2.0}  # replication factor -> warm seconds
SEED = 2026
WARM_RUNS = 5
# Odd 64-bit constant: copy k's keys are key + k * STEP (mod 2^64), distinct per copy.
STEP = 0x9E3779B97F4A7C15

_CHILD = """
import json, sys, time
from datetime import UTC, datetime
from rakestats import Warehouse
wh = Warehouse(sys.argv[1])
t = time.perf_counter(); df = wh.player_stats(); cold = time.perf_counter() - t
warm, raw = [], []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); wh.player_stats(); warm.append(time.perf_counter() - t)
# an exact-instant date bound makes player_stats scan the raw rows instead of the rollup
since = datetime(2000, 1, 1, tzinfo=UTC)
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); wh.player_stats(since=since); raw.append(time.perf_counter() - t)
print(json.dumps({"cold": cold, "warm": warm, "raw": raw, "rows": len(df),
                  "hands": int(df.hands.sum())}))
"""


def _hands_in(path: Path) -> int:
    if not Store(path).exists():
        return -1
    n = Warehouse(path).sql("SELECT count(*) AS n FROM hands")["n"].iloc[0]
    return int(n)


def build_base(workdir: Path, hands: int, jobs: int) -> Path:
    wh_dir = workdir / "wh1"
    if _hands_in(wh_dir) == hands:
        print(f"reusing {wh_dir} ({hands:,} hands)")
        return wh_dir
    shutil.rmtree(wh_dir, ignore_errors=True)
    ingested = Path("bench_data/ingest/warehouse")  # left by bench_ingest.py
    if _hands_in(ingested) == hands:
        print(f"copying the warehouse of bench_ingest.py ({hands:,} hands)")
        shutil.copytree(ingested, wh_dir)
        Warehouse(wh_dir).compact()
        return wh_dir
    hist = workdir / "histories"
    shutil.rmtree(hist, ignore_errors=True)
    t = time.perf_counter()
    simulate(hands=hands, players="2-8", seed=SEED, out=hist, jobs=jobs)
    print(f"simulated {hands:,} hands in {time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    wh = Warehouse(wh_dir)
    summary = wh.ingest(hist, jobs=jobs)
    wh.compact()
    print(f"ingested in {time.perf_counter() - t:.1f} s: {summary.line()}")
    shutil.rmtree(hist, ignore_errors=True)
    return wh_dir


def _shift(table: pa.Table, k: int) -> pa.Table:
    keys = table["hand_key"].combine_chunks().to_numpy(zero_copy_only=False).astype("uint64")
    shifted = keys + np.uint64((k * STEP) % (1 << 64))  # uint64 arithmetic wraps
    new_keys = pa.array(shifted.view("int64"), pa.int64())
    ids = pc.binary_join_element_wise(table["hand_id"], pa.scalar(f"r{k}"), "~")
    table = table.set_column(table.schema.get_field_index("hand_key"), "hand_key", new_keys)
    return table.set_column(table.schema.get_field_index("hand_id"), "hand_id", ids)


def build_replicated(base: Path, workdir: Path, factor: int) -> Path:
    out = workdir / f"wh{factor}"
    want = _hands_in(base) * factor
    if _hands_in(out) == want:
        print(f"reusing {out} ({want:,} hands)")
        return out
    shutil.rmtree(out, ignore_errors=True)
    src, dst = Store(base), Store(out)
    dst.create()
    snap = src.snapshot()
    t = time.perf_counter()
    with dst.lock():
        txn = dst.begin()
        for name in HAND_TABLES:
            for rel in snap.files(name):
                table = pq.read_table(src.root / rel)
                partition = str(Path(rel).parent.relative_to(name))
                for k in range(factor):
                    txn.write(name, table if k == 0 else _shift(table, k), partition)
        txn.commit()
    print(f"replicated x{factor} in {time.perf_counter() - t:.1f} s")
    return out


def time_stats(wh_dir: Path) -> dict[str, float]:
    res = subprocess.run(
        [sys.executable, "-c", _CHILD, str(wh_dir), str(WARM_RUNS)],
        check=True,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    data = json.loads(res.stdout.strip().splitlines()[-1])
    return {
        "cold": data["cold"],
        "warm": statistics.median(data["warm"]),
        "raw": statistics.median(data["raw"]),
        "rows": data["rows"],
        "hands": data["hands"],
    }


def time_plain_scan(wh_dir: Path) -> float:
    store = Store(wh_dir)
    files = store.paths(store.snapshot(), "players")
    con = duckdb.connect()
    sql = (
        "SELECT player, game, currency, count(*) AS hands, sum(net) AS net "
        "FROM read_parquet(?) GROUP BY ALL"
    )
    con.execute(sql, [files]).fetchdf()
    runs = []
    for _ in range(WARM_RUNS):
        t = time.perf_counter()
        con.execute(sql, [files]).fetchdf()
        runs.append(time.perf_counter() - t)
    con.close()
    return statistics.median(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=1_000_000, help="hands to simulate")
    ap.add_argument(
        "--workdir", type=Path, default=Path("bench_data/stats"), help="data directory (kept)"
    )
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--factor", type=int, default=10, help="replication for the large set")
    args = ap.parse_args()
    tmp = None
    if args.workdir is None:
        tmp = tempfile.TemporaryDirectory(prefix="bench_stats-")
        workdir = Path(tmp.name)
    else:
        workdir = args.workdir
        workdir.mkdir(parents=True, exist_ok=True)
    print(f"python {platform.python_version()}, duckdb {duckdb.__version__}, "
          f"{os.cpu_count()} cpus, {platform.machine()}")  # fmt: skip
    try:
        base = build_base(workdir, args.hands, args.jobs)
        sets = [(1, base), (args.factor, build_replicated(base, workdir, args.factor))]
        lines = []
        for factor, wh_dir in sets:
            r = time_stats(wh_dir)
            scan = time_plain_scan(wh_dir)
            print(
                f"{r['hands']:>12,} player-hands ({factor}x, {r['rows']} rows): "
                f"player_stats cold {r['cold']:.3f} s, warm {r['warm']:.3f} s, "
                f"warm without the rollup {r['raw']:.3f} s; plain DuckDB scan warm {scan:.3f} s"
            )
            target = TARGETS.get(factor)
            if target is not None:
                hands = args.hands * factor
                verdict = "PASS" if r["warm"] < target else "FAIL"
                lines.append(
                    f"{verdict}: warm player_stats on {hands:,} hands "
                    f"{r['warm']:.3f} s (target < {target} s)"
                )
        for line in lines:
            print(line)
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()

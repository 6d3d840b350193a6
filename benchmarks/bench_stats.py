"""Latency of ``Warehouse.player_stats``: first on a new snapshot, cold and warm, beside
the rollup built from the rows (as before per-part rollups) and a plain DuckDB scan.

Run ``python benchmarks/bench_stats.py [--hands N] [--workdir DIR] [--jobs J]``.

1. Simulate N hands (``rakestats.sim.simulate``) and ingest them into DIR/wh1 (then
   compact). With ``--workdir`` an existing DIR/wh1 of the right size is reused.
2. Build DIR/wh10 with ten times the hands by copying every Parquet part of wh1 ten
   times, with hand ids and hand keys shifted in each copy (so no two hands collide),
   in one commit that writes each part's rollup as an ingest does.
3. For each warehouse: *cold* is the first ``player_stats()`` in a new process (the
   process imports rakestats and opens nothing before the timed call); *warm* is the
   median of five further calls in one process (they read the rollup made by the first
   call, see docs/stats.md); "without the rollup" is the median of five calls with an
   exact-instant date filter, which scans the raw rows. *First on a new snapshot* is the
   median over three rounds of: ingest 2,000 new hands (a commit, with the rollup of
   its parts), then time the next ``player_stats()`` in the same process, which sums
   the per-part rollups; each round's commit is then taken back by another commit, so
   the warehouse keeps its size. Its baseline, in the same process, is the same first
   query with the rollup built from the rows (what every first query did before the
   rollup was kept per part). The plain scan is a DuckDB ``GROUP BY player, game,
   currency`` of count and sum(net) over the same ``players`` files, in the same run.
4. The small ingest itself, in the same rounds: the round's first ingest reads the
   stored hands' keys from the parts (the round before took its hands back, so the keys
   its ingest kept name another snapshot); a second ingest of 2,000 other new hands
   follows it and takes the keys that ingest kept (``_keys``, docs/schema.md). Both
   medians are printed, with their ratio.

Targets (2-core machine): warm under 0.3 s at 1 M hands, under 2 s at 10 M hands; the
first query on a new snapshot of 10 M hands at most 1 s. One PASS/FAIL line per target;
the exit status is 0 either way.
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
from rakestats.stats import Statistics
from rakestats.warehouse import Store, derived_parts
from rakestats.warehouse.schema import HAND_TABLES

TARGETS = {1: 0.3, 10: 2.0}  # replication factor -> warm seconds
NEW_SNAPSHOT_TARGETS = {10: 1.0}  # replication factor -> first query on a new snapshot
SEED = 2026
WARM_RUNS = 5
NEW_ROUNDS = 3
FRESH_HANDS = 2_000
# Odd 64-bit constant: copy k's keys are key + k * STEP (mod 2^64), distinct per copy.
STEP = 0x9E3779B97F4A7C15

_CHILD = """
import json, sys, time
import pandas as pd
from datetime import UTC, datetime
from rakestats import Warehouse
import rakestats.stats._rollup as rollup
wh = Warehouse(sys.argv[1])
t = time.perf_counter(); df = wh.player_stats(); cold = time.perf_counter() - t
warm, raw, new, commit = [], [], [], []
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); wh.player_stats(); warm.append(time.perf_counter() - t)
# an exact-instant date bound makes player_stats scan the raw rows instead of the rollup
since = datetime(2000, 1, 1, tzinfo=UTC)
for _ in range(int(sys.argv[2])):
    t = time.perf_counter(); wh.player_stats(since=since); raw.append(time.perf_counter() - t)
store = wh.store
kept = []
for _ in range(int(sys.argv[4])):
    old = store.snapshot()
    # the stored keys read from the parts (the round before took its hands back, so the
    # keys its ingest kept name another snapshot)
    t = time.perf_counter(); s = wh.ingest([sys.argv[3]]); commit.append(time.perf_counter() - t)
    assert s.ingested > 0, s.line()
    t = time.perf_counter(); wh.player_stats(); new.append(time.perf_counter() - t)
    # other new hands: the keys the ingest before kept are taken
    t = time.perf_counter(); s = wh.ingest([sys.argv[5]]); kept.append(time.perf_counter() - t)
    assert s.ingested > 0, s.line()
    with store.lock():  # take the round back: the warehouse keeps its size
        txn, cur = store.begin(), store.snapshot()
        for name, files in cur.tables.items():
            for rel in set(files) - set(old.files(name)):
                txn.remove(name, rel)
        txn.commit()
# before: the first query on a snapshot built the rollup from every row
rollup.derived_parts = lambda store, snap, d: ([], [])
wh.clear_stats_cache()
t = time.perf_counter(); before = wh.player_stats(); from_rows = time.perf_counter() - t
pd.testing.assert_frame_equal(before, df, check_exact=False, rtol=1e-9)  # the same figures
print(json.dumps({"cold": cold, "warm": warm, "raw": raw, "new": new, "commit": commit, "kept": kept,
                  "from_rows": from_rows, "rows": len(df), "hands": int(df.hands.sum())}))
"""


def _hands_in(path: Path) -> int:
    if not Store(path).exists():
        return -1
    n = Warehouse(path).sql("SELECT count(*) AS n FROM hands")["n"].iloc[0]
    return int(n)


def _without_rollup(path: Path) -> int:
    """The parts of ``players`` that have no rollup of the current version."""
    store = Store(path)
    return len(derived_parts(store, store.snapshot(), Statistics.derived_tables[0])[1])


def build_base(workdir: Path, hands: int, jobs: int) -> Path:
    wh_dir = workdir / "wh1"
    if _hands_in(wh_dir) == hands:
        print(f"reusing {wh_dir} ({hands:,} hands)")
        if _without_rollup(wh_dir):  # written before the rollups were kept per part
            Warehouse(wh_dir).compact()
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
    if _hands_in(out) == want and not _without_rollup(out):
        print(f"reusing {out} ({want:,} hands)")
        return out
    shutil.rmtree(out, ignore_errors=True)
    src, dst = Store(base), Warehouse(out).store  # it writes each part's rollup
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


def build_fresh(workdir: Path, k: int = 1) -> Path:
    """A few new hands (another seed: other hand ids) for the new-snapshot rounds."""
    out = workdir / ("fresh" if k == 1 else f"fresh{k}")
    if not (out / "players.json").is_file():
        shutil.rmtree(out, ignore_errors=True)
        simulate(hands=FRESH_HANDS, players="2-8", seed=SEED + k, out=out)
    return out


def time_stats(wh_dir: Path, fresh: Path, fresh2: Path) -> dict[str, float]:
    res = subprocess.run(
        [
            sys.executable,
            "-c",
            _CHILD,
            str(wh_dir),
            str(WARM_RUNS),
            str(fresh),
            str(NEW_ROUNDS),
            str(fresh2),
        ],
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
        "new": statistics.median(data["new"]),
        "commit": statistics.median(data["commit"]),
        "kept": statistics.median(data["kept"]),
        "from_rows": data["from_rows"],
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
    ap.add_argument(
        "--only-base", action="store_true", help="time the base set only (no replication)"
    )
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
        fresh = build_fresh(workdir)
        fresh2 = build_fresh(workdir, 2)
        sets = [(1, base)]
        if not args.only_base:
            sets.append((args.factor, build_replicated(base, workdir, args.factor)))
        lines = []
        for factor, wh_dir in sets:
            r = time_stats(wh_dir, fresh, fresh2)
            scan = time_plain_scan(wh_dir)
            ratio = r["from_rows"] / r["new"]
            print(
                f"{r['hands']:>12,} player-hands ({factor}x, {r['rows']} rows): player_stats "
                f"first on a new snapshot {r['new']:.3f} s (rollup built from the rows, as "
                f"before: {r['from_rows']:.3f} s; {ratio:.1f}x faster), warm {r['warm']:.3f} s, "
                f"cold {r['cold']:.3f} s, warm without the rollup {r['raw']:.3f} s; "
                f"plain DuckDB scan warm {scan:.3f} s; ingest of {FRESH_HANDS:,} hands with "
                f"its rollup {r['commit']:.2f} s, with the keys the ingest before kept "
                f"{r['kept']:.2f} s ({r['commit'] / r['kept']:.1f}x faster)"
            )
            hands = args.hands * factor
            target = TARGETS.get(factor)
            if target is not None:
                verdict = "PASS" if r["warm"] < target else "FAIL"
                lines.append(
                    f"{verdict}: warm player_stats on {hands:,} hands "
                    f"{r['warm']:.3f} s (target < {target} s)"
                )
            target = NEW_SNAPSHOT_TARGETS.get(factor)
            if target is not None:
                verdict = "PASS" if r["new"] <= target else "FAIL"
                lines.append(
                    f"{verdict}: first player_stats on a new snapshot of {hands:,} hands "
                    f"{r['new']:.3f} s (target <= {target} s; before {r['from_rows']:.3f} s)"
                )
        for line in lines:
            print(line)
    finally:
        if tmp is not None:
            tmp.cleanup()


if __name__ == "__main__":
    main()

"""A longer fuzz campaign than the test suite's (``make fuzz``; figures in
docs/reliability.md).

For ``--seconds`` it mutates the seed histories of the test suite (Rake, PokerStars
Razz, PHH; see tests/formats/rake/test_fuzz_parse.py) and checks every oracle of the readers on each
mutated file; a share of the time (``--ingest-share``) goes to whole folders of mutated
files ingested into fresh warehouses (tests/warehouse/test_fuzz_ingest.py). With
``--atheris-seconds`` and atheris installed, a coverage-guided run follows, in its own
process, on arbitrary bytes through the readers. A failing input is saved under
``--failures`` and the exit status is 1.

    python benchmarks/fuzz.py --seconds 240 --atheris-seconds 60
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def campaign(seconds: float, ingest_share: float, seed: int, failures: Path) -> int:
    from tests.formats.rake.test_fuzz_parse import (
        SEEDS,
        Tally,
        check_file,
        mutate,
        original_hands,
        wrap,
    )
    from tests.warehouse.test_fuzz_ingest import check_ingest, make_folder

    originals = original_hands()
    tally = Tally()
    ingests = {"folders": 0, "read": 0, "ingested": 0, "quarantined": 0}
    ingest_time = 0.0
    started = time.monotonic()
    case = 0
    with tempfile.TemporaryDirectory(prefix="rakestats-fuzz-") as tmp:
        work = Path(tmp)
        while (elapsed := time.monotonic() - started) < seconds:
            case += 1
            rng = random.Random(f"{seed}-{case}")
            try:
                if ingest_time < ingest_share * elapsed:
                    t0 = time.monotonic()
                    base = work / f"ingest-{case}"
                    make_folder(base / "in", rng)
                    got = check_ingest(base / "in", base / "wh")
                    shutil.rmtree(base)
                    ingests["folders"] += 1
                    for k, v in got.items():
                        ingests[k] += v
                    ingest_time += time.monotonic() - t0
                else:
                    for old in work.glob("case.*"):
                        old.unlink()
                    data = mutate(SEEDS[rng.randrange(len(SEEDS))][1], rng)
                    suffix, packed, damaged = wrap(data, rng)
                    path = work / f"case{suffix}"
                    path.write_bytes(packed)
                    check_file(path, data, originals, tally, damaged)
            except Exception:
                failures.mkdir(parents=True, exist_ok=True)
                for p in work.iterdir():
                    dest = failures / f"case-{seed}-{case}-{p.name}"
                    if p.is_dir():
                        shutil.copytree(p, dest, dirs_exist_ok=True)
                    else:
                        shutil.copy(p, dest)
                traceback.print_exc()
                print(f"FAILED at case {case} (seed {seed}); input saved under {failures}")
                return 1
    took = time.monotonic() - started
    print(f"fuzz campaign: {took:.0f} s on {platform.python_implementation()} "
          f"{platform.python_version()}, {os.cpu_count()} cores, seed {seed}")  # fmt: skip
    print(f"  readers: {tally.line()}")
    print(
        f"  ingestion: {ingests['folders']} folders of mutated files into fresh warehouses: "
        f"{ingests['read']} hands read, {ingests['ingested']} ingested, "
        f"{ingests['quarantined']} quarantined; every check held"
    )
    return 0


# ---------------------------------------------------------------------- atheris
def _atheris_main(argv: list[str]) -> None:
    import atheris

    with atheris.instrument_imports(include=["rakestats"]):
        from rakestats.formats import ReadError, UnrecognizedFileError, iter_file
        from rakestats.records import HandRecord, QuarantineRecord
        from tests.formats.rake.test_fuzz_parse import check_hand

    path = Path(tempfile.mkdtemp(prefix="rakestats-atheris-")) / "input"

    def one_input(data: bytes) -> None:
        path.write_bytes(data)
        try:
            records = iter_file(path)
        except UnrecognizedFileError:
            return
        try:
            for rec in records:
                if isinstance(rec, HandRecord):
                    check_hand(rec)
                elif isinstance(rec, QuarantineRecord):
                    assert "parser failed" not in rec.reason, rec.reason
        except ReadError:
            return

    atheris.Setup(argv, one_input)
    atheris.Fuzz()


def atheris_run(seconds: int, failures: Path) -> int:
    try:
        import atheris  # noqa: F401
    except ImportError:
        print("atheris is not installed: the coverage-guided run is skipped")
        return 0
    from tests.formats.rake.test_fuzz_parse import SEEDS

    corpus = Path(tempfile.mkdtemp(prefix="rakestats-atheris-corpus-"))
    for name, data in SEEDS:
        (corpus / name).write_bytes(data[:20000])
    failures.mkdir(parents=True, exist_ok=True)
    cmd = [sys.executable, __file__, "--atheris-child", f"-max_total_time={seconds}",
           "-max_len=20000", "-rss_limit_mb=4096", f"-artifact_prefix={failures}/",
           str(corpus)]  # fmt: skip
    done = subprocess.run(cmd, capture_output=True, text=True)
    shutil.rmtree(corpus, ignore_errors=True)
    stats = [ln for ln in done.stderr.splitlines() if ln.startswith(("#", "Done"))]
    last = next((ln for ln in reversed(stats) if "cov:" in ln), "")
    done_line = next((ln for ln in stats if ln.startswith("Done")), "")
    runs = done_line.split()[1] if done_line else "?"
    cov = last.split("cov:")[1].split()[0] if "cov:" in last else "?"
    print(f"  atheris: {runs} inputs in {seconds} s, coverage {cov} edges, exit {done.returncode}")
    if done.returncode != 0:
        print(done.stderr[-4000:])
    return done.returncode


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--atheris-child":
        _atheris_main([sys.argv[0], *sys.argv[2:]])
        return 0
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=120.0)
    ap.add_argument("--ingest-share", type=float, default=0.3)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--atheris-seconds", type=int, default=0)
    ap.add_argument(
        "--failures", type=Path, default=Path(tempfile.gettempdir()) / "rakestats-fuzz-failures"
    )
    args = ap.parse_args()
    status = campaign(args.seconds, args.ingest_share, args.seed, args.failures)
    if status == 0 and args.atheris_seconds > 0:
        status = atheris_run(args.atheris_seconds, args.failures)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""Peak memory of an ingest whatever the number of files or the size of one hand.

Three runs of ``rakestats ingest --jobs 2``, each watched for the peak RSS of all its
processes together:

- baseline: N simulated hands in about N/2,500 files (ordinary session files);
- the same N hands as N files of one hand each;
- a file of over-long hands (each past the 4 MiB hand limit, so quarantined);
- with ``--copies C``, many hands: the baseline's files C times over, each copy with
  new hand ids, in one run of C x N hands (past two million, the dedupe keys go to
  files: ``rakestats/warehouse/_keyruns.py``).

The target (docs/reliability.md): the many-files run within 1.5x the baseline's peak,
the many-hands run within 1.25x, and every run under 1 GB.

    python benchmarks/bench_memory.py [--hands 50000] [--long-hands 150] [--copies 60]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ingest import PeakRSS

from rakestats.sim import simulate


def _ingest(src: Path, wh: Path) -> tuple[float, int, str]:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rakestats", "ingest", str(src), "-w", str(wh), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    monitor = PeakRSS(proc.pid)
    monitor.every = 0.1  # memory is what this benchmark measures: poll finely
    monitor.start()
    out, _ = proc.communicate()
    monitor.done.set()
    monitor.join()
    if proc.returncode != 0:
        raise SystemExit(f"ingest failed:\n{out}")
    return time.perf_counter() - start, monitor.peak, out.strip().splitlines()[-1]


def _one_hand_files(src: Path, out: Path) -> int:
    out.mkdir()
    n = 0
    for f in sorted(src.glob("*.txt")):
        for hand in f.read_text(encoding="utf-8").split("\n\n\n"):
            if hand.strip():
                (out / f"h{n:07d}.txt").write_text(hand + "\n\n\n", encoding="utf-8")
                n += 1
    return n


def _long_hands(src: Path, out: Path, count: int) -> int:
    """``count`` hands of about 5 MB each: a real header, then 110,000 lines of chat."""
    first = next(iter(sorted(src.glob("*.txt")))).read_text(encoding="utf-8")
    lines = first.split("\n\n\n")[0].split("\n")
    hand_id = lines[0].split("#", 1)[1].split(":", 1)[0]
    who = lines[8].split(":", 1)[0]
    filler = "\n".join(f"{who}: says hello there {i:08d}" for i in range(110_000))
    text = "\n".join(lines[:9]) + "\n" + filler + "\n" + "\n".join(lines[9:]) + "\n\n\n"
    with out.open("w", encoding="utf-8") as fh:
        for k in range(count):
            fh.write(text.replace(hand_id, f"LONG-{k:06d}"))
    return out.stat().st_size


def _copies(src: Path, out: Path, count: int) -> int:
    """``count`` copies of the files of ``src``, each with its own hand ids."""
    n = 0
    for k in range(count):
        folder = out / f"copy-{k:03d}"
        folder.mkdir(parents=True)
        for f in sorted(src.glob("*.txt")):
            text = f.read_text(encoding="utf-8").replace(" Hand #", f" Hand #c{k:03d}x")
            (folder / f.name).write_text(text, encoding="utf-8")
            n += text.count(" Hand #")
    return n


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=50_000)
    ap.add_argument("--long-hands", type=int, default=150)
    ap.add_argument("--copies", type=int, default=0, help="many-hands run: copies (0: skip)")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="rakestats-bench-memory-"))
    try:
        sessions = work / "sessions"
        simulate(args.hands, "2-8", 5, sessions, jobs=2)
        n_files = len(list(sessions.glob("*.txt")))
        base_s, base_peak, base_line = _ingest(sessions, work / "wh-base")
        many = work / "many"
        _one_hand_files(sessions, many)
        many_s, many_peak, many_line = _ingest(many, work / "wh-many")
        long_file = work / "long.txt"
        size = _long_hands(sessions, long_file, args.long_hands)
        long_s, long_peak, long_line = _ingest(long_file, work / "wh-long")
        long_file.unlink()
        if args.copies:
            n_big = _copies(sessions, work / "copies", args.copies)
            big_s, big_peak, big_line = _ingest(work / "copies", work / "wh-copies")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    mib = 2**20
    print(f"baseline: {args.hands:,} hands in {n_files} files: peak RSS {base_peak / mib:,.0f} MiB, "
          f"{base_s:.1f} s ({base_line})")  # fmt: skip
    print(f"{args.hands:,} one-hand files: peak RSS {many_peak / mib:,.0f} MiB, {many_s:.1f} s "
          f"({many_line})")  # fmt: skip
    print(f"{args.long_hands} over-long hands in one file of {size / 1e6:,.0f} MB: peak RSS "
          f"{long_peak / mib:,.0f} MiB, {long_s:.1f} s ({long_line})")  # fmt: skip
    peaks = [base_peak, many_peak, long_peak]
    if args.copies:
        peaks.append(big_peak)
        print(f"{n_big:,} hands ({args.copies} copies with new hand ids): peak RSS "
              f"{big_peak / mib:,.0f} MiB, {big_s:.1f} s ({big_line})")  # fmt: skip
    ratio = many_peak / base_peak
    ok_many = ratio <= 1.5
    ok_all = max(peaks) < 1e9
    print(f"TARGET one-hand files within 1.5x the baseline's peak: "
          f"{'PASS' if ok_many else 'FAIL'} (ratio {ratio:.2f})")  # fmt: skip
    if args.copies:
        big_ratio = big_peak / base_peak
        print(f"TARGET {args.copies}x the hands within 1.25x the baseline's peak: "
              f"{'PASS' if big_ratio <= 1.25 else 'FAIL'} (ratio {big_ratio:.2f})")  # fmt: skip
    print(f"TARGET every run under 1 GB: {'PASS' if ok_all else 'FAIL'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

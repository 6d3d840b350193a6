"""Run every benchmark in this folder (``make bench``), one process each, and report
which ones failed to run. Each benchmark prints its own figures and target lines."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv: list[str]) -> int:
    names = argv or sorted(p.name for p in HERE.glob("bench_*.py"))
    failed = []
    for name in names:
        print(f"\n===== {name} =====", flush=True)
        start = time.perf_counter()
        rc = subprocess.call([sys.executable, str(HERE / name)])
        print(f"----- {name}: exit {rc} in {time.perf_counter() - start:.1f} s", flush=True)
        if rc != 0:
            failed.append(name)
    if failed:
        print(f"\nbenchmarks that did not run to the end: {', '.join(failed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

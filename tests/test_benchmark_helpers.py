"""The helpers the benchmarks report with (they are scripts, not part of the package)."""

from __future__ import annotations

import doctest
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests._scripts import load_script

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"


def _bench_ingest() -> ModuleType:
    return load_script(BENCH / "bench_ingest.py", "bench_ingest")


def test_steal_line_examples() -> None:
    bench = _bench_ingest()
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(bench.steal_line, "steal_line", globs=vars(bench)):
        runner.run(test)
    assert runner.tries >= 2
    assert runner.failures == 0


def test_steal_line_share_and_unknown() -> None:
    bench = _bench_ingest()
    assert bench.steal_line((0, 0), (1, 1000)).endswith(" 0 % of the machine")
    assert bench.steal_line((0, 0), (500, 1000)).endswith(
        " 50 % of the machine, absolute figures lower"
    )
    assert bench.steal_line(None, (1, 2)).endswith(" unknown")
    assert bench.steal_line((5, 100), (5, 100)).endswith(" unknown")  # no time passed


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/stat is Linux's")
def test_cpu_ticks_count_up() -> None:
    bench = _bench_ingest()
    first = bench.cpu_ticks()
    sum(range(2_000_000))  # some CPU time
    second = bench.cpu_ticks()
    assert first is not None and second is not None
    assert 0 <= first[0] <= first[1] and 0 <= second[0] <= second[1]
    assert second[0] >= first[0] and second[1] >= first[1]

"""Throughput of the vectorised Razz evaluator beside pokerkit, on the same random
seven-card hands.

Run ``python benchmarks/bench_razz.py [--hands N]``. Contenders:

a) ``evaluate_low_many`` (vectorised, numpy) on all N hands, best of three runs;
b) the scalar ``evaluate_low`` on the first 20,000 hands;
c) pokerkit ``RegularLowHand.from_game`` (the hand type of its Razz game) on the first
   2,000 hands, whose orderings are also checked against (a).

The script always exits 0; the last line says PASS or FAIL for the target of
1,000,000 evaluations per second for (a).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rakestats.cards import STD_DECK
from rakestats.razz.evaluator import evaluate_low
from rakestats.razz.vectorized import evaluate_low_many

SEED = 2024
SCALAR_HANDS = 20_000
POKERKIT_HANDS = 2_000
TARGET = 1_000_000
T = TypeVar("T")


def random_hands(n: int, seed: int = SEED) -> npt.NDArray[np.int64]:
    """n hands of seven different cards (indices 0-51), reproducible from the seed."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 7), dtype=np.int64)
    for start in range(0, n, 100_000):
        rows = min(100_000, n - start)
        out[start : start + rows] = rng.random((rows, 52)).argpartition(7, axis=1)[:, :7]
    return out


def timed(fn: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    best = float("inf")
    result: T
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1_000_000)
    n = ap.parse_args().hands
    print(f"python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs")
    hands = random_hands(n)
    evaluate_low_many(hands[:10])  # build the table outside the timing
    t_vec, values = timed(lambda: evaluate_low_many(hands), repeat=3)
    vec_rate = n / t_vec
    print(f"vectorised evaluate_low_many: {n:,} hands in {t_vec:.3f} s = {vec_rate:,.0f} evals/s")

    m = min(SCALAR_HANDS, n)
    cards = [[STD_DECK[i] for i in row] for row in hands[:m]]
    t_sc, scalar = timed(lambda: [evaluate_low(h).value for h in cards])
    agree = scalar == values[:m].tolist()
    print(
        f"scalar evaluate_low: {m:,} hands in {t_sc:.3f} s = {m / t_sc:,.0f} evals/s; "
        f"same values as vectorised: {agree}"
    )

    try:
        from pokerkit import RegularLowHand
    except ImportError:
        print("pokerkit: not installed (pip install pokerkit), not compared")
    else:
        k = min(POKERKIT_HANDS, n)
        texts = ["".join(str(STD_DECK[i]) for i in row) for row in hands[:k]]
        t_pk, pk = timed(lambda: [RegularLowHand.from_game(t) for t in texts])
        pk_rate = k / t_pk
        same = all(
            (values[i] < values[i + 1]) == (pk[i] > pk[i + 1])
            and (values[i] == values[i + 1]) == (pk[i] == pk[i + 1])
            for i in range(k - 1)
        )
        print(
            f"pokerkit RegularLowHand.from_game: {k:,} hands in {t_pk:.3f} s = "
            f"{pk_rate:,.0f} evals/s; orderings agree with vectorised: {same}"
        )
        print(f"vectorised / pokerkit: {vec_rate / pk_rate:,.0f}x")
    verdict = "PASS" if vec_rate >= TARGET else "FAIL"
    print(f"{verdict}: vectorised Razz evaluator {vec_rate:,.0f} evals/s (target >= {TARGET:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

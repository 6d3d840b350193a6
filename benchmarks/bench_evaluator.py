"""Throughput of the Rake evaluators against treys, on the same random five-card hands.

Run ``python benchmarks/bench_evaluator.py [--hands N]``. Times are the best of three
runs. Contenders:

a) ``evaluate_many`` (vectorised, numpy) on all N hands;
b) the scalar ``evaluate`` on the first 50,000 hands;
c) treys ``Evaluator().evaluate`` on all N hands, converted to treys cards
   (suits s w f c -> s h d c, ranks P L D -> J Q K).

treys ranks poker hands; Rake's categories are poker's under other names, so the
categories must agree (ties inside a category are broken differently and are not
compared). The script always exits 0; the last line says whether the vectorised
evaluator reaches five times treys's throughput.
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

from rakestats.cards import DECK
from rakestats.rake.evaluator import evaluate
from rakestats.rake.vectorized import category_of_scores, evaluate_many

SEED = 2024
SCALAR_HANDS = 50_000
TARGET = 5.0
T = TypeVar("T")
_TREYS_SUIT = {"s": "s", "w": "h", "f": "d", "c": "c"}
_TREYS_RANK = {"P": "J", "L": "Q", "D": "K"}


def random_hands(n: int, seed: int = SEED) -> npt.NDArray[np.int64]:
    """n hands of five different cards (indices 0-51), reproducible from the seed."""
    rng = np.random.default_rng(seed)
    out = np.empty((n, 5), dtype=np.int64)
    block = 100_000
    for start in range(0, n, block):
        rows = min(block, n - start)
        out[start : start + rows] = rng.random((rows, 52)).argpartition(5, axis=1)[:, :5]
    return out


def best_of_3(fn: Callable[[], T]) -> tuple[float, T]:
    """Shortest of three timed calls, and the result of the last one."""
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def treys_text(index: int) -> str:
    card = str(DECK[index])
    return _TREYS_RANK.get(card[0], card[0]) + _TREYS_SUIT[card[1]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200_000, help="number of hands (200,000)")
    args = parser.parse_args(argv)
    n = max(1, args.hands)

    print(
        f"machine: {platform.platform()}, {cpu_name()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, numpy {np.__version__}"
    )
    hands = random_hands(n)
    n_scalar = min(SCALAR_HANDS, n)
    print(f"hands: {n:,} random five-card hands (seed {SEED}); scalar on the first {n_scalar:,}")

    # a) vectorised; the first call builds the lookup table, time it on its own.
    t0 = time.perf_counter()
    evaluate_many(hands[:1])
    build = time.perf_counter() - t0
    t_vec, vec_scores = best_of_3(lambda: evaluate_many(hands))

    # b) scalar, on Card objects built beforehand.
    card_hands = [[DECK[i] for i in row] for row in hands[:n_scalar].tolist()]
    t_scalar, scalar = best_of_3(lambda: [evaluate(h).score for h in card_hands])

    # c) treys, on treys cards built beforehand, split two + three.
    try:
        import treys  # type: ignore[import-untyped]
    except ImportError:
        print("treys is not installed (pip install treys); no comparison")
        print("TARGET vectorised >= 5x treys: FAIL")
        return 0
    lookup = [treys.Card.new(treys_text(i)) for i in range(52)]
    treys_hands = [([lookup[a], lookup[b]], [lookup[c], lookup[d], lookup[e]])
                   for a, b, c, d, e in hands.tolist()]  # fmt: skip
    evaluator = treys.Evaluator()
    t_treys, treys_ranks = best_of_3(lambda: [evaluator.evaluate(h, b) for h, b in treys_hands])

    rate_vec = n / t_vec
    rate_scalar = n_scalar / t_scalar
    rate_treys = n / t_treys
    print(f"table build (first call only): {build * 1e3:.1f} ms")
    for label, count, seconds in [
        ("a) vectorised evaluate_many", n, t_vec),
        ("b) scalar evaluate", n_scalar, t_scalar),
        ("c) treys Evaluator.evaluate", n, t_treys),
    ]:
        rate = count / seconds
        print(f"{label:<28} {count:>10,} hands in {seconds:8.4f} s = {rate:>13,.0f} hands/s")
    print(f"ratio vectorised/treys: {rate_vec / rate_treys:.1f}x")
    print(f"ratio scalar/treys: {rate_scalar / rate_treys:.2f}x")

    same_scalar = int(np.count_nonzero(vec_scores[:n_scalar] == np.array(scalar)))
    # treys classes: 0 Royal Flush, 1 Straight Flush ... 9 High Card.
    treys_classes = [max(1, evaluator.get_rank_class(r)) for r in treys_ranks]
    treys_categories = 9 - np.array(treys_classes)
    same_category = int(np.count_nonzero(category_of_scores(vec_scores) == treys_categories))
    print(
        f"check: vectorised == scalar on {same_scalar:,}/{n_scalar:,} hands; "
        f"categories agree with treys on {same_category:,}/{n:,}"
    )
    verdict = "PASS" if rate_vec >= TARGET * rate_treys else "FAIL"
    print(f"TARGET vectorised >= 5x treys: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Holdings of every kind the Rake rules tell apart, as deck indices (rank ``i >> 2``,
suit ``i & 3``), for the tests of the evaluator and of the fast path's categories."""

from __future__ import annotations

import itertools
from collections import Counter


def holdings(n: int) -> list[list[int]]:
    """A holding of each multiset of ``n`` ranks (at most four of one) in mixed suits,
    and, for five ranks all different, the same ranks in each single suit."""
    out = []
    for ranks in itertools.combinations_with_replacement(range(13), n):
        if max(Counter(ranks).values()) > 4:
            continue
        seen: Counter[int] = Counter()
        index = []
        for r in ranks:
            index.append(4 * r + seen[r])
            seen[r] += 1
        if n == 5 and len(set(ranks)) == 5:
            index[-1] += 1  # not one suit
            out += [[4 * r + suit for r in ranks] for suit in range(4)]
        out.append(index)
    return out

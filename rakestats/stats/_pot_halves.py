"""The halves of a Stud Hi/Lo pot, from the cards of the players who collected from it:
what ``rakestats hand`` says beside each winner of a split pot.

The best high hand among a pot's eligible players is always among its winners, and so
is the best eight-or-better low when one qualifies; so among the players who collected
from a pot, those with the best high hand won (a share of) its high half, and those with
the best qualifying low (a share of) its low half. Without a qualifying low among them,
the pot went to the high hand whole. The statistics find the same halves in SQL
(``_stud_split``); a test checks that both agree on every Stud Hi/Lo hand of the test
histories.

>>> halves = pot_halves({"Ann": "7c 3s 5h Qc Kc 6d 4d", "Bob": "4h 3d 5d Qd Jd 9d 6h"})
>>> halves.high, halves.low
(('Bob',), ('Ann',))
>>> pot_halves({"Ann": "Ad 5s 8d Ac 8c Jd Th"}).low
()
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rakestats.stud import HighValue, LowValue, eight_or_better, evaluate_high

__all__ = ["PotHalves", "pot_halves"]


@dataclass(frozen=True)
class PotHalves:
    """Who won each half of a Stud Hi/Lo pot: ``high`` (the whole pot when ``low`` is
    empty: no low qualified) and ``low``, names in the order given."""

    high: tuple[str, ...]
    low: tuple[str, ...]


def pot_halves(collectors: Mapping[str, str | None]) -> PotHalves:
    """The halves of a pot from its collectors' cards (text, ``'As 2d ...'``; None when
    unknown: such a player is taken for a high winner when nobody's high is known)."""
    highs: dict[str, HighValue] = {}
    lows: dict[str, LowValue] = {}
    for name, cards in collectors.items():
        if cards and len(cards.split()) >= 5:
            highs[name] = evaluate_high(cards)
            low = eight_or_better(cards)
            if low is not None:
                lows[name] = low
    best_low = min((v.value for v in lows.values()), default=None)
    low_names = tuple(n for n, v in lows.items() if v.value == best_low)
    if highs:
        best_high = max(v.value for v in highs.values())
        high_names = tuple(n for n, v in highs.items() if v.value == best_high)
    else:
        high_names = tuple(n for n in collectors if n not in low_names)
    return PotHalves(high_names, low_names)

"""Results: hands, net won, win rate per 100 hands with its confidence interval, hands won.

The win rate is in the game's unit (antes for Rake, big bets for Razz): for each hand
``x = net / unit``; ``winrate_per100 = 100 × mean(x)``, so hands at different stakes weigh
alike. Its 95% interval is the normal approximation ``100 × (mean ± 1.96 · sd / √n)``,
``sd`` the sample standard deviation of ``x`` and ``n`` the hands with a known unit;
none with fewer than two hands, nor when every hand had the same result (``sd`` 0: a
zero-width interval would claim a certainty that three folds do not give). The
standard deviation is computed from the sums ``n``, ``Σx``, ``Σx²`` (so that it can be
added up from partial sums).
"""

from __future__ import annotations

from rakestats.stats._scope import Z95, Partial

__all__ = ["OUTPUT", "PARTIALS"]

PARTIALS = [
    Partial("hands", "count(*)"),
    Partial("net", "sum(net)"),
    Partial("winrate_hands", "count(x)"),
    Partial("_sum_x", "sum(x)", "DOUBLE"),
    Partial("_sum_xx", "sum(x * x)", "DOUBLE"),
    Partial.count("hands_won", "won"),
]

_MEAN = "(_sum_x / nullif(winrate_hands, 0))"
# Σ(x − mean)², from the sums; what is left of it below a billionth of Σx² is the sums'
# rounding (hands that all had the same result), and counts as none.
_SQ = "(_sum_xx - _sum_x * _sum_x / winrate_hands)"
_SD = (
    f"(CASE WHEN winrate_hands > 1 THEN (CASE WHEN {_SQ} > 1e-9 * _sum_xx"
    f" THEN sqrt({_SQ} / (winrate_hands - 1)) ELSE 0.0 END) END)"
)
_SE = f"(100.0 * {_SD} / sqrt(winrate_hands))"
# no interval from hands without spread: a zero-width one would claim certainty
_HALF = f"(CASE WHEN {_SD} > 0 THEN {Z95!r} * {_SE} END)"

OUTPUT = [
    "hands",
    "net",
    "net::DOUBLE / hands AS net_per_hand",
    "winrate_hands",
    f"100.0 * {_MEAN} AS winrate_per100",
    f"{_SD} AS sd_per_hand",
    f"{_SE} AS winrate_se",
    f"100.0 * {_MEAN} - {_HALF} AS winrate_ci_low",
    f"100.0 * {_MEAN} + {_HALF} AS winrate_ci_high",
    "hands_won",
    "hands_won::DOUBLE / hands AS won_pct",
]

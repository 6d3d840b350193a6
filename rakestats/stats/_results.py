"""Results: hands, net won, win rate per 100 hands with its confidence interval, hands won.

The win rate is in the game's unit (antes for Rake, big bets for Razz): for each hand
``x = net / unit``; ``winrate_per100 = 100 × mean(x)``, so hands at different stakes weigh
alike. Its 95% interval is the normal approximation ``100 × (mean ± 1.96 · sd / √n)``,
``sd`` the sample standard deviation of ``x`` and ``n`` the hands with a known unit.
The standard deviation is computed from the sums ``n``, ``Σx``, ``Σx²`` (so that it can
be added up from partial sums).
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
_SD = (
    "(CASE WHEN winrate_hands > 1 THEN sqrt(greatest(_sum_xx - _sum_x * _sum_x / winrate_hands,"
    " 0.0) / (winrate_hands - 1)) END)"
)
_SE = f"(100.0 * {_SD} / sqrt(winrate_hands))"

OUTPUT = [
    "hands",
    "net",
    "net::DOUBLE / hands AS net_per_hand",
    "winrate_hands",
    f"100.0 * {_MEAN} AS winrate_per100",
    f"{_SD} AS sd_per_hand",
    f"{_SE} AS winrate_se",
    f"100.0 * {_MEAN} - {Z95!r} * {_SE} AS winrate_ci_low",
    f"100.0 * {_MEAN} + {Z95!r} * {_SE} AS winrate_ci_high",
    "hands_won",
    "hands_won::DOUBLE / hands AS won_pct",
]

"""Results: hands, net won, win rate per 100 hands with its confidence interval, hands won.

The win rate is in the game's unit (antes for Rake, big bets for Razz): for each hand
``x = net / unit``; ``winrate_per100 = 100 × mean(x)``, so hands at different stakes weigh
alike. Its 95% interval is the normal approximation ``100 × (mean ± 1.96 · sd / √n)``,
``sd`` the sample standard deviation of ``x`` and ``n`` the hands with a known unit.
"""

from __future__ import annotations

from rakestats.stats._scope import Z95

__all__ = ["AGGREGATES", "OUTPUT"]

AGGREGATES = [
    "count(*) AS hands",
    "sum(net)::BIGINT AS net",
    "count(x) AS winrate_hands",
    "avg(x) AS _mean_x",
    "stddev_samp(x) AS sd_per_hand",
    "count(*) FILTER (WHERE won) AS hands_won",
]

_SE = "(100.0 * sd_per_hand / sqrt(winrate_hands))"

OUTPUT = [
    "hands",
    "net",
    "net::DOUBLE / hands AS net_per_hand",
    "winrate_hands",
    "100.0 * _mean_x AS winrate_per100",
    "sd_per_hand",
    f"{_SE} AS winrate_se",
    f"100.0 * _mean_x - {Z95!r} * {_SE} AS winrate_ci_low",
    f"100.0 * _mean_x + {Z95!r} * {_SE} AS winrate_ci_high",
    "hands_won",
    "hands_won::DOUBLE / hands AS won_pct",
]

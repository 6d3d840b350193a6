"""The Ace of Skulls: holding it at the end, Reveals with it, automatic wins and
losses, the Skull Ace loss frequency (automatic losses / Reveals with it, with a 95%
Wilson interval), folds while holding it, net chips in those hands, and pick-ups of it.
The card is Rake's: the table covers the Rake hands only (a stud game has no row of
zeros in it).
"""

from __future__ import annotations

from typing import Any

from rakestats.records import Game
from rakestats.stats._scope import KEYS, Partial, Scope, wilson_sql

__all__ = ["OUTPUT", "PARTIALS", "SKULL_GAMES", "skull_ace_sql"]

#: The games dealt with the Ace of Skulls.
SKULL_GAMES: tuple[str, ...] = (Game.RAKE.value,)

PARTIALS = [
    Partial.count("skull_ace_held", "skull_ace_held"),
    Partial.count("skull_ace_reveals", "skull_ace_held AND went_to_reveal"),
    Partial.count("skull_ace_auto_wins", "skull_ace_outcome = 'auto_win'"),
    Partial.count("skull_ace_auto_losses", "skull_ace_outcome = 'auto_loss'"),
    Partial.count(
        "skull_ace_folds",
        "skull_ace_held AND (folded_round IS NOT NULL OR "
        "r1_folds + r2_folds + r3_folds + r4_folds + r5_folds > 0)",
    ),
    Partial("skull_ace_net", "sum(CASE WHEN skull_ace_held THEN net ELSE 0 END)"),
]

_LOW, _HIGH = wilson_sql("skull_ace_auto_losses", "skull_ace_reveals")

OUTPUT = [
    "skull_ace_held",
    "skull_ace_reveals",
    "skull_ace_auto_wins",
    "skull_ace_auto_losses",
    "skull_ace_auto_losses::DOUBLE / nullif(skull_ace_reveals, 0) AS skull_ace_loss_freq",
    f"{_LOW} AS skull_ace_loss_ci_low",
    f"{_HIGH} AS skull_ace_loss_ci_high",
    "skull_ace_folds",
    "skull_ace_net",
]


def skull_ace_sql(scope: Scope) -> tuple[str, dict[str, Any]]:
    """The Ace of Skulls table over the hands of :data:`SKULL_GAMES`: the counts above
    plus pick-ups of the card (face up, face down as far as the history shows the
    card)."""
    base, params = scope.base(prefilter_min_hands=True)
    games = ", ".join(f"'{g}'" for g in SKULL_GAMES)
    keys = ", ".join(KEYS)
    bkeys = ", ".join(f"b.{k}" for k in KEYS)
    sql = f"""
WITH {base},
g AS (
    SELECT {keys}, count(*) AS hands, {", ".join(p.raw() for p in PARTIALS)}
    FROM base WHERE game IN ({games}) GROUP BY {keys}
),
pk AS (
    SELECT {bkeys},
        count(*) FILTER (WHERE k.face_up) AS skull_ace_pickups_face_up,
        count(*) FILTER (WHERE NOT k.face_up) AS skull_ace_pickups_face_down
    FROM pickups k JOIN base b ON k.hand_key = b.hand_key AND k.player = b.screen_name
    WHERE k.card = 'As'
    GROUP BY {bkeys}
)
SELECT g.player, g.game, g.currency, g.hands, {", ".join(OUTPUT)},
    coalesce(pk.skull_ace_pickups_face_up, 0) AS skull_ace_pickups_face_up,
    coalesce(pk.skull_ace_pickups_face_down, 0) AS skull_ace_pickups_face_down
FROM g LEFT JOIN pk ON g.player = pk.player AND g.game = pk.game
    AND g.currency IS NOT DISTINCT FROM pk.currency
ORDER BY g.game, g.currency, g.player
"""
    return sql, params

"""Stud Hi/Lo at the showdown: who won the high half, the low half, the whole pot.

A Stud Hi/Lo pot is split between the best high hand and the best eight-or-better low
(five cards of different ranks, eight or lower, the Ace low; straights and flushes do
not count against a low); without a qualifying low the best high hand takes it all.
The warehouse keeps what each player collected from each pot (``collected_pots``) and
the cards shown; the halves are found from them, in SQL:

- the *low* of a player is the five lowest distinct ranks of eight or lower in the
  cards (a list, highest first, compared as lists: ``[7, 6, 4, 2, 1]`` beats
  ``[8, 5, 4, 3, 1]``), NULL without five;
- among the players who collected from a pot, those with the best low won (a share of)
  its low half: the best low of a pot's eligible players is always among its winners;
  without a low among them, no low qualified and the pot went to the high hand whole;
- a player who collected from a pot without winning its low half won (a share of) its
  high half; a low winner won high too when they collected more than their share of the
  low half could be (``ceil(ceil(pot / 2) / low winners)``);
- a *scoop* is the whole main pot taken alone (both halves, or the whole pot when no
  low qualified); *quartered* is a share of a low half tied with another low and no
  share of its high half.

:func:`low_sql` is the low of a card list.
"""

from __future__ import annotations

from collections.abc import Sequence

from rakestats.records import Game
from rakestats.stats._scope import Partial, share_sql

__all__ = ["JOINED", "OUTPUT", "PARTIALS", "SPLIT_CTE", "SPLIT_SUMS", "low_sql", "split_sums"]

_STUD8 = Game.STUD8.value
_RANKS = " ".join(f"WHEN '{r}' THEN {i}" for i, r in enumerate("A2345678", start=1))


def low_sql(cards: str) -> str:
    """SQL: the eight-or-better low of the cards ``cards`` (a text such as ``'3d 8c 6c 7h
    As 8d Tc'``) as a list of five ranks, highest first (the Ace is 1), or NULL when the
    cards hold no qualifying low; lists compare so that the smaller is the better low."""
    ranks = (
        f"list_sort(list_distinct(list_filter(list_transform(string_split({cards}, ' '), "
        f"lambda c: CASE left(c, 1) {_RANKS} END), lambda r: r IS NOT NULL)))"
    )
    return f"(CASE WHEN len({ranks}) >= 5 THEN list_reverse(list_slice({ranks}, 1, 5)) END)"


# Per player-hand of a Stud Hi/Lo hand of ``b`` with a showdown (the player's rows
# among every player of the hand): ``won_high``, ``won_low``, ``scooped``,
# ``quartered``. Needs the CTE ``b`` (the stud player-hands within the filters).
SPLIT_CTE = f"""
pot_shares AS (
    SELECT hand_key, player, low, c.pot AS pot, c.amount AS amount
    FROM (
        SELECT p.hand_key, p.player, {low_sql("p.cards")} AS low,
            unnest(p.collected_pots) AS c
        FROM players p
        WHERE p.game = '{_STUD8}' AND p.hand_key IN (
            SELECT hand_key FROM b WHERE game = '{_STUD8}' AND went_to_reveal)
    )
),
pot_best AS (
    SELECT *, min(low) OVER pot AS best_low, sum(amount) OVER pot AS pot_net,
        count(*) OVER pot AS collectors
    FROM pot_shares WINDOW pot AS (PARTITION BY hand_key, pot)
),
pot_low AS (
    SELECT *, coalesce(low = best_low, false) AS low_part
    FROM pot_best
),
pot_parts AS (
    SELECT *, sum(low_part::INTEGER) OVER (PARTITION BY hand_key, pot) AS low_winners,
        ceil(ceil(pot_net / 2.0) / nullif(sum(low_part::INTEGER)
            OVER (PARTITION BY hand_key, pot), 0)) AS low_share
    FROM pot_low
),
split AS (
    SELECT hand_key, player AS screen_name,
        bool_or(low_part) AS won_low,
        bool_or(NOT low_part OR amount > low_share) AS won_high,
        bool_or(pot = 0 AND collectors = 1) AS scooped,
        bool_or(low_part AND low_winners > 1 AND amount <= low_share) AS quartered
    FROM pot_parts
    GROUP BY hand_key, player
)"""

# Per player, game and currency: the counts of the Hi/Lo showdowns of ``b`` (``split``
# joined on as ``s``); ``SPLIT_SUMS`` is their CTE, joined to the other figures by key.
PARTIALS = [
    Partial.count("low_qualified", f"{low_sql('b.cards')} IS NOT NULL"),
    Partial.count("scoops", "s.scooped"),
    Partial.count("high_won", "s.won_high"),
    Partial.count("low_won", "s.won_low"),
    Partial.count("quartered", "s.quartered"),
]


def split_sums(extra: Sequence[tuple[str, str]] = ()) -> str:
    """The CTE ``split_sums``: the counts of :data:`PARTIALS` per player, game and
    currency, and per each ``(name, expression on b)`` of ``extra`` (a breakdown)."""
    keys = ", ".join(["b.player", "b.game", "b.currency", *(f"{e} AS {n}" for n, e in extra)])
    group = ", ".join(["b.player", "b.game", "b.currency", *(e for _, e in extra)])
    return f"""
split_sums AS (
    SELECT {keys}, {", ".join(p.raw() for p in PARTIALS)}
    FROM b LEFT JOIN split s ON s.hand_key = b.hand_key AND s.screen_name = b.screen_name
    WHERE b.game = '{_STUD8}' AND b.went_to_reveal
    GROUP BY {group}
)"""


SPLIT_SUMS = split_sums()
# The counts of ``split_sums`` for a row of the other figures (``g``): 0 without a Hi/Lo
# showdown.
JOINED = ", ".join(f"coalesce(ss.{p.name}, 0)::BIGINT AS {p.name}" for p in PARTIALS)


def _share(num: str, den: str) -> str:
    """A share of Stud Hi/Lo rows alone (NULL for the other games)."""
    return f"CASE WHEN game = '{_STUD8}' THEN {share_sql(num, den)} END"


OUTPUT = [
    "low_qualified",
    f"{_share('low_qualified', 'showdowns')} AS low_qualified_pct",
    "scoops",
    f"{_share('scoops', 'showdowns')} AS scoop_pct",
    "high_won",
    f"{_share('high_won', 'showdowns')} AS high_won_pct",
    "low_won",
    f"{_share('low_won', 'showdowns')} AS low_won_pct",
    f"{_share('low_won', 'low_qualified')} AS low_won_of_qualified",
    "quartered",
    f"{_share('quartered', 'showdowns')} AS quartered_pct",
]

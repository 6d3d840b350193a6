"""Finding hands: from a figure to the hands behind it.

:func:`hands_sql` selects player-hands (one row per hand and matching player) by the
usual filters plus hand category, outcome and Ace of Skulls outcome, or, with
``per="hand"``, the hands themselves (one row per hand: stakes, players, pot, winners,
the Ace of Skulls), for ``rakestats hands``; :func:`hand_detail` fetches everything the
warehouse holds about one hand, for ``rakestats hand``.
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal, cast

import numpy as np
import pandas as pd

from rakestats.stats._filters import FilterArgs, category_key
from rakestats.stats._scope import Scope

__all__ = [
    "HAND_COLUMNS",
    "HAND_LIST_COLUMNS",
    "ORDER_BY",
    "OUTCOMES",
    "SKULL_OUTCOMES",
    "HandArgs",
    "HandDetail",
    "HandNotFoundError",
    "HandSelect",
    "hand_detail",
    "hands_sql",
]

# The largest LIMIT DuckDB takes (a BIGINT); a larger ``limit`` keeps every row.
_MAX_LIMIT = 2**63 - 1

# The columns ``hands(order_by=...)`` orders by, for each ``per``.
ORDER_BY: dict[str, tuple[str, ...]] = {
    "player": ("net", "invested", "collected", "total_pot", "played_at", "ante", "big_bet"),
    "hand": ("total_pot", "played_at", "n_players", "ante", "big_bet"),
}

# Outcomes a player-hand can be selected by.
OUTCOMES = ("won", "lost", "reveal", "no_reveal", "folded")
SKULL_OUTCOMES = ("auto_win", "auto_loss", "held")

_OUTCOME_SQL = {
    "won": "b.collected > 0",
    "lost": "b.net < 0",
    "reveal": "b.went_to_reveal",
    "no_reveal": "NOT coalesce(b.went_to_reveal, false)",
    "folded": "b.folded_round IS NOT NULL",
}

# The facts of a hand that both lists begin with.
_HAND_FACTS = ("hand_id", "site", "game", "played_at", "table_name", "currency")

# The columns of ``hands()``: one row per hand and matching player.
HAND_COLUMNS = (
    *_HAND_FACTS,
    "ante",
    "big_bet",
    "n_players",
    "total_pot",
    "player",
    "screen_name",
    "seat",
    "invested",
    "collected",
    "net",
    "went_to_reveal",
    "hand_category",
    "hand_description",
    "skull_ace_held",
    "skull_ace_outcome",
    "folded_round",
)

# The columns of ``hands(per="hand")``: one row per hand (``small_bet`` last: added
# after the others, which keep their places).
HAND_LIST_COLUMNS = (
    *_HAND_FACTS,
    "is_tournament",
    "ante",
    "big_bet",
    "n_players",
    "total_pot",
    "players",
    "winners",
    "skull_ace_holder",
    "skull_ace_outcome",
    "small_bet",
)

Per = Literal["player", "hand"]


class HandArgs(FilterArgs, total=False):
    """The keywords of ``hands()`` and ``count_hands()``: the filters, and what selects
    player-hands besides them (:class:`HandSelect`)."""

    category: str | Sequence[str] | None
    outcome: str | None
    skull_ace_outcome: str | None
    hand_id: str | Sequence[str] | None


@dataclass(frozen=True)
class HandSelect:
    """Which player-hands :func:`hands_sql` keeps besides the filters: ``category``, a
    hand category at the Reveal (``THREE_OF_A_KIND`` or ``"Three of a Kind"``), or
    several; ``outcome``, one of :data:`OUTCOMES`; ``skull_ace_outcome``, one of
    :data:`SKULL_OUTCOMES`; ``hand_id``, one id or several."""

    category: str | Sequence[str] | None = None
    outcome: str | None = None
    skull_ace_outcome: str | None = None
    hand_id: str | Sequence[str] | None = None

    def given(self) -> dict[str, Any]:
        """The selections made (those not None), by name.

        >>> HandSelect(outcome="won").given()
        {'outcome': 'won'}
        """
        return {
            f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None
        }

    @classmethod
    def split(cls, args: HandArgs) -> tuple[HandSelect, FilterArgs]:
        """The selection among ``args``, and the rest: the filters."""
        rest: dict[str, Any] = dict(args)
        select = cls(**{f.name: rest.pop(f.name) for f in fields(cls) if f.name in rest})
        return select, cast(FilterArgs, rest)


def _names(value: str | Sequence[str] | None, what: str) -> tuple[str, ...]:
    """``value`` (one text or several) as a tuple of texts; hand ids may also be whole
    numbers, as a frame holds PokerStars' (``hands(hand_id=35874004239)``).

    >>> _names(None, "category"), _names(["Quads"], "category"), _names(7, "hand_id")
    ((), ('Quads',), ('7',))
    """
    if value is None:
        return ()
    ids = what == "hand_id"
    one = isinstance(value, str) or (
        ids and isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))
    )
    if not one and not isinstance(value, Iterable):
        raise TypeError(f"{what}: expected text or a list of texts, got {value!r}")
    items: tuple[Any, ...] = (value,) if one else tuple(value)
    if ids:
        return tuple(_id_text(v) for v in items)
    if not all(isinstance(v, str) for v in items):
        raise TypeError(f"{what}: expected text, got {items!r}")
    return items


def hands_sql(
    scope: Scope,
    select: HandSelect = HandSelect(),
    *,
    limit: int | None = None,
    per: Per = "player",
    newest_first: bool = False,
    count: bool = False,
    order_by: str | None = None,
    ascending: bool = False,
) -> tuple[str, dict[str, Any]]:
    """SQL for the player-hands in ``scope`` that ``select`` keeps.

    With ``per="hand"`` one row per hand that has a matching player-hand, with the
    columns :data:`HAND_LIST_COLUMNS`. ``newest_first`` reverses the order of play;
    ``order_by`` (one of :data:`ORDER_BY`'s for ``per``) orders by that column first,
    largest first unless ``ascending``, missing values last, then in the order of play
    (so that ``limit`` keeps the biggest pots, say); ``count`` gives one row, ``n``, the
    number of rows there would be without ``limit``."""
    if per not in ("player", "hand"):
        raise ValueError(f"per must be 'player' or 'hand', got {per!r}")
    first = ""
    if order_by is not None:
        known = ORDER_BY[per]
        if order_by not in known:
            raise ValueError(
                f"order_by must be one of {', '.join(known)} with per={per!r}, got {order_by!r}"
            )
        table = "b" if per == "player" and order_by != "total_pot" else "h"
        first = f"{table}.{order_by} {'ASC' if ascending else 'DESC'} NULLS LAST, "
    base, params = scope.base(prefilter_min_hands=True)
    conds: list[str] = []

    def one_of(column: str, key: str, values: tuple[str, ...]) -> None:
        if values:
            names = [f"h_{key}_{i}" for i in range(len(values))]
            params.update(zip(names, values, strict=True))
            conds.append(f"{column} IN ({', '.join('$' + n for n in names)})")

    cats = _names(select.category, "category")
    one_of("b.hand_category", "cat", tuple(category_key(c) for c in cats))
    one_of("b.hand_id", "id", _names(select.hand_id, "hand_id"))
    outcome, skull_ace_outcome = select.outcome, select.skull_ace_outcome
    if outcome is not None:
        if outcome not in _OUTCOME_SQL:
            raise ValueError(f"outcome must be one of {', '.join(OUTCOMES)}, got {outcome!r}")
        conds.append(_OUTCOME_SQL[outcome])
    if skull_ace_outcome is not None:
        if skull_ace_outcome not in SKULL_OUTCOMES:
            raise ValueError(
                f"skull_ace_outcome must be one of {', '.join(SKULL_OUTCOMES)}, "
                f"got {skull_ace_outcome!r}"
            )
        if skull_ace_outcome == "held":
            conds.append("b.skull_ace_held")
        else:
            params["h_skull"] = skull_ace_outcome
            conds.append("b.skull_ace_outcome = $h_skull")
    tail = ""
    if limit is not None:
        if isinstance(limit, (bool, np.bool_)) or not isinstance(limit, numbers.Integral):
            raise ValueError(f"limit must be a non-negative int, got {limit!r}")
        if limit < 0:
            raise ValueError(f"limit must be a non-negative int, got {limit!r}")
        if not count and limit <= _MAX_LIMIT:  # beyond: more than any table holds, all
            params["h_limit"] = int(limit)
            tail = "LIMIT $h_limit"
    where = " AND ".join(conds) if conds else "TRUE"
    desc = " DESC" if newest_first else ""
    if per == "hand":
        if count:
            return (
                f"WITH {base} SELECT count(DISTINCT b.hand_key) AS n FROM base b WHERE {where}",
                params,
            )
        order = f"{first}h.played_at{desc}, h.hand_id{desc}, h.site{desc}"
        # with a limit, the hands are chosen first (a top-N of the keys), and only theirs
        # are joined and their players listed (1 M hands, --limit 5: 4.4 s to 0.6 s)
        chosen = (
            f"""m AS (SELECT k.hand_key FROM (SELECT DISTINCT b.hand_key FROM base b
    WHERE {where}) k JOIN hands h ON h.hand_key = k.hand_key ORDER BY {order} {tail})"""
            if tail
            else f"m AS (SELECT DISTINCT b.hand_key FROM base b WHERE {where})"
        )
        sql = f"""
WITH {base},
{chosen}
SELECT h.hand_id, h.site, h.game, h.played_at, h.table_name, h.currency,
    h.is_tournament, h.ante, h.big_bet, h.n_players, h.total_pot,
    list(q.player ORDER BY q.seat, q.player) AS players,
    coalesce(list(q.player ORDER BY q.seat, q.player) FILTER (WHERE q.collected > 0),
        []::VARCHAR[]) AS winners,
    min(q.player) FILTER (WHERE q.skull_ace_held) AS skull_ace_holder,
    coalesce(
        min(q.skull_ace_outcome) FILTER (WHERE q.skull_ace_held),
        CASE WHEN bool_or(q.skull_ace_held) THEN 'held' END
    ) AS skull_ace_outcome,
    h.small_bet
FROM m JOIN hands h ON h.hand_key = m.hand_key JOIN players q ON q.hand_key = m.hand_key
GROUP BY h.hand_key, h.hand_id, h.site, h.game, h.played_at, h.table_name, h.currency,
    h.is_tournament, h.ante, h.big_bet, h.n_players, h.total_pot, h.small_bet
ORDER BY {order}
"""
        return sql, params
    if count:
        return f"WITH {base} SELECT count(*) AS n FROM base b WHERE {where}", params
    cols = ", ".join(
        f"h.{c}" if c in ("table_name", "total_pot") else f"b.{c}" for c in HAND_COLUMNS
    )
    sql = f"""
WITH {base}
SELECT {cols}
FROM base b JOIN hands h ON h.hand_key = b.hand_key
WHERE {where}
ORDER BY {first}b.played_at{desc}, b.hand_id{desc}, b.seat, b.player
{tail}
"""
    return sql, params


@dataclass(frozen=True)
class HandDetail:
    """One hand as the warehouse holds it: ``hand`` (one row of ``hands``), and the
    ``players``, ``actions`` (in order) and ``pickups`` rows."""

    hand: pd.Series
    players: pd.DataFrame
    actions: pd.DataFrame
    pickups: pd.DataFrame


class HandNotFoundError(LookupError):
    """No hand, or more than one (the same id at several sites), has the id asked for."""


def _id_text(value: Any) -> str:
    """A hand id as text: whole numbers (Python's or numpy's) written out.

    >>> _id_text(35874004239), _id_text(np.int64(7))
    ('35874004239', '7')
    >>> _id_text(None)
    Traceback (most recent call last):
    TypeError: hand_id must be text or a whole number, got None
    """
    if isinstance(value, str):
        return value
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        return str(int(value))
    raise TypeError(f"hand_id must be text or a whole number, got {value!r}")


def _hands_of(
    sql: Callable[[str, list[Any]], pd.DataFrame], hand_id: str, site: str | None
) -> pd.DataFrame:
    if site is None:
        return sql("SELECT * FROM hands WHERE hand_id = ?", [hand_id])
    return sql("SELECT * FROM hands WHERE hand_id = ? AND site = ?", [hand_id, site])


def _not_found(
    sql: Callable[[str, list[Any]], pd.DataFrame], hand_id: str, written: str, site: str | None
) -> str:
    """Why no hand has the id: the sites that have it when ``site`` has not, else the
    ids that contain what was written (a part of an id copied), if any."""
    text = f"no hand {hand_id!r}" + (f" at {site!r}" if site else "")
    if site is not None:
        elsewhere = sql(
            "SELECT DISTINCT site FROM hands WHERE hand_id = ? ORDER BY site", [written]
        )
        if len(elsewhere):
            return f"{text}; it is at {_quoted(list(elsewhere['site']))}"
    if len(written) < _MIN_PART:
        return text
    pattern = "%" + written.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    near = sql(
        "SELECT DISTINCT hand_id FROM hands WHERE hand_id LIKE ? ESCAPE '\\' "
        "ORDER BY length(hand_id), hand_id LIMIT ?",
        [pattern, _SUGGESTED + 1],
    )["hand_id"].tolist()
    if not near:
        return text
    more = ", ..." if len(near) > _SUGGESTED else ""
    return f"{text}; ids that contain it: {_quoted(near[:_SUGGESTED])}{more}"


_MIN_PART = 4  # characters of an id written before ids containing them are suggested
_SUGGESTED = 3


def _quoted(values: list[Any]) -> str:
    return ", ".join(repr(str(v)) for v in values)


def hand_detail(
    sql: Callable[[str, list[Any]], pd.DataFrame], hand_id: str | int, site: str | None = None
) -> HandDetail:
    """Everything about one hand; ``sql`` runs a query with bound parameters (e.g.
    ``Warehouse.sql``). ``hand_id`` is text, or a whole number (a numeric id as a frame
    may hold it: ``35874004239``); anything else is a TypeError. Raises
    :class:`HandNotFoundError` when the id matches no hand or hands at several sites
    (give ``site`` then)."""
    hand_id = _id_text(hand_id)
    if site is not None and not isinstance(site, str):
        raise TypeError(f"site must be text, got {site!r}")
    hands = _hands_of(sql, hand_id, site)
    written = hand_id.strip().removeprefix("#").strip()  # as copied: "#2633132989 "
    if hands.empty and written and written != hand_id:
        hands = _hands_of(sql, written, site)
    if hands.empty:
        raise HandNotFoundError(_not_found(sql, hand_id, written, site))
    if len(hands) > 1:
        sites = ", ".join(sorted(map(str, hands["site"])))
        raise HandNotFoundError(f"hand {hand_id!r} is at several sites ({sites}); give the site")
    key = [int(hands["hand_key"].iloc[0])]
    return HandDetail(
        hand=hands.iloc[0],
        players=sql("SELECT * FROM players WHERE hand_key = ? ORDER BY seat, player", key),
        actions=sql("SELECT * FROM actions WHERE hand_key = ? ORDER BY seq", key),
        pickups=sql(
            "SELECT k.* FROM pickups k LEFT JOIN players p "
            "ON p.hand_key = k.hand_key AND p.player = k.player WHERE k.hand_key = ? "
            "ORDER BY k.pickup, p.position NULLS LAST, p.seat",
            key,
        ),
    )

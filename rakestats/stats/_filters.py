"""Filters shared by every statistic, turned into SQL with bound parameters only.

A :class:`Filters` value becomes a ``WHERE`` clause over ``players`` (which carries the
hand's game, time, currency, stakes and table size, so no join is needed) and a dict
of named parameters. User text never enters the SQL string: names of the parameters
are generated here, values travel separately.

>>> sql, params = Filters(game="rake", players=("O'Brien",)).where("p")
>>> sql
'p.game = $f_game_0 AND p.player = $f_player_0'
>>> params
{'f_game_0': 'rake', 'f_player_0': "O'Brien"}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, time, timedelta
from typing import Any, TypedDict

__all__ = ["FilterArgs", "Filters"]


class FilterArgs(TypedDict, total=False):
    """Keyword filters accepted by every statistics method (see :class:`Filters`)."""

    since: date | str | None
    until: date | str | None
    game: str | Sequence[str] | None
    currency: str | Sequence[str] | None
    site: str | Sequence[str] | None
    ante: int | Sequence[int] | None
    big_bet: int | Sequence[int] | None
    table_size: int | Sequence[int] | None
    players: str | Sequence[str] | None
    min_hands: int


def _as_date_bound(value: date | str, *, end: bool) -> datetime:
    """A UTC instant: a date is a whole UTC day (``until`` inclusive, so its end is the
    next midnight, compared with ``<``); a datetime is used as it is."""
    if isinstance(value, str):
        text = value.strip()
        try:
            value = datetime.fromisoformat(text) if _is_instant(text) else date.fromisoformat(text)
        except ValueError:
            raise ValueError(f"not an ISO date: {text!r}") from None
    if isinstance(value, datetime):
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)
    day = value + timedelta(days=1) if end else value
    return datetime.combine(day, time(0), tzinfo=UTC)


def _tuple_of(value: Any, kind: type, name: str) -> tuple[Any, ...] | None:
    if value is None:
        return None
    items: tuple[Any, ...] = (value,) if isinstance(value, (kind, str)) else tuple(value)
    for item in items:
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise TypeError(f"filter {name}: expected {kind.__name__}, got {item!r}")
    if not items:
        raise ValueError(f"filter {name}: empty list")
    return items


@dataclass(frozen=True)
class Filters:
    """Which hands a statistic covers.

    - ``since``, ``until``: dates of play, inclusive, in UTC (a ``datetime`` is taken as
      an exact instant, ``until`` then inclusive too);
    - ``game`` (``"rake"``, ``"razz"``), ``currency``, ``site``;
    - ``ante`` and ``big_bet``: the stakes (Rake is played for an ante, Razz for a bet
      size);
    - ``table_size``: the number of players dealt in;
    - ``players``: screen names, or people when aliases are in use;
    - ``min_hands``: keep only players with at least this many hands (in the other
      filters' range, per game and currency).
    """

    since: date | str | None = None
    until: date | str | None = None
    game: str | Sequence[str] | None = None
    currency: str | Sequence[str] | None = None
    site: str | Sequence[str] | None = None
    ante: int | Sequence[int] | None = None
    big_bet: int | Sequence[int] | None = None
    table_size: int | Sequence[int] | None = None
    players: str | Sequence[str] | None = None
    min_hands: int = 0

    @classmethod
    def of(cls, args: FilterArgs) -> Filters:
        known = {f.name for f in fields(cls)}
        unknown = set(args) - known
        if unknown:
            raise TypeError(f"unknown filter(s): {', '.join(sorted(unknown))}")
        return cls(**args)

    def __post_init__(self) -> None:
        if isinstance(self.min_hands, bool) or not isinstance(self.min_hands, int):
            raise TypeError(f"min_hands must be an int, got {self.min_hands!r}")
        if self.min_hands < 0:
            raise ValueError("min_hands must be >= 0")

    @property
    def whole_days(self) -> bool:
        """True when the date bounds are whole UTC days (not exact instants), so that a
        rollup by day answers the query exactly."""
        return not any(v is not None and _is_exact(v) for v in (self.since, self.until))

    def where(
        self, alias: str = "p", person: str | None = None, *, day_column: str | None = None
    ) -> tuple[str, dict[str, Any]]:
        """``(sql, params)``: a condition on ``players`` rows under ``alias``; ``person``
        is the SQL expression of the alias-resolved name (None: no aliases). With
        ``day_column`` the dates are compared with that column, a UTC day number (days
        since 1970-01-01), which needs :attr:`whole_days`."""
        conds: list[str] = []
        params: dict[str, Any] = {}

        def one_of(column: str, key: str, values: tuple[Any, ...] | None) -> None:
            if values is None:
                return
            names = [f"f_{key}_{i}" for i in range(len(values))]
            params.update(zip(names, values, strict=True))
            if len(names) == 1:
                conds.append(f"{alias}.{column} = ${names[0]}")
            else:
                conds.append(f"{alias}.{column} IN ({', '.join('$' + n for n in names)})")

        if day_column is not None:
            if not self.whole_days:
                raise ValueError("day numbers need whole-day since/until bounds")
            for key, value, op in (("since", self.since, ">="), ("until", self.until, "<")):
                if value is not None:
                    bound = _as_date_bound(value, end=key == "until")
                    params[f"f_{key}_day"] = (bound - _EPOCH).days
                    conds.append(f"{alias}.{day_column} {op} $f_{key}_day")
        else:
            if self.since is not None:
                params["f_since"] = _as_date_bound(self.since, end=False)
                conds.append(f"{alias}.played_at >= $f_since")
            if self.until is not None:
                params["f_until"] = _as_date_bound(self.until, end=True)
                op = "<=" if _is_exact(self.until) else "<"
                conds.append(f"{alias}.played_at {op} $f_until")
        one_of("game", "game", _tuple_of(self.game, str, "game"))
        one_of("currency", "currency", _tuple_of(self.currency, str, "currency"))
        one_of("site", "site", _tuple_of(self.site, str, "site"))
        one_of("ante", "ante", _tuple_of(self.ante, int, "ante"))
        one_of("big_bet", "big_bet", _tuple_of(self.big_bet, int, "big_bet"))
        one_of("n_players", "size", _tuple_of(self.table_size, int, "table_size"))
        names = _tuple_of(self.players, str, "players")
        if names is not None:
            keys = [f"f_player_{i}" for i in range(len(names))]
            params.update(zip(keys, names, strict=True))
            exprs = [f"{alias}.player"] + ([person] if person is not None else [])
            tests = [f"{e} = ${k}" for k in keys for e in exprs]
            conds.append("(" + " OR ".join(tests) + ")" if len(tests) > 1 else tests[0])
        return (" AND ".join(conds) if conds else "TRUE"), params


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _is_exact(value: date | str) -> bool:
    return isinstance(value, datetime) or (isinstance(value, str) and _is_instant(value))


def _is_instant(value: date | str) -> bool:
    return isinstance(value, str) and ("T" in value.strip() or " " in value.strip())

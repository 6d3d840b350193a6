"""Filters shared by every statistic, turned into SQL with bound parameters only.

A :class:`Filters` value becomes a ``WHERE`` clause over ``players`` (which carries the
hand's game, time, currency, stakes, table size and position; the tournament flag and
the opponents are looked up in ``hands`` and ``players`` by the hand's key) and a dict
of named parameters. User text never enters the SQL string: names of the parameters
are generated here, values travel separately. ``docs/filters.md`` has the table of
filters, the same on the command line.

>>> sql, params = Filters(game="rake", players=("O'Brien",)).where("p")
>>> sql
'p.game = $f_game_0 AND p.player = $f_player_0'
>>> params
{'f_game_0': 'rake', 'f_player_0': "O'Brien"}
"""

from __future__ import annotations

import difflib
import numbers
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypedDict

import numpy as np

from rakestats.money import (
    CHIPS,
    format_money,
    is_cash,
    parse_stake,
    stake_currency,
    stakes_currency,
)
from rakestats.records import Game
from rakestats.stats._games import STUD_GAMES, game_title, is_stud, unit_column

if TYPE_CHECKING:
    import duckdb

    from rakestats.stats._aliases import Aliases

__all__ = [
    "GAMES",
    "FilterArgs",
    "FilterMiss",
    "Filters",
    "UnknownGameError",
    "category_key",
    "category_title",
    "filter_misses",
    "nearest_names",
]

# The games a ``game`` filter may name.
GAMES = tuple(g.value for g in Game)


class FilterArgs(TypedDict, total=False):
    """Keyword filters accepted by every statistics method (see :class:`Filters`)."""

    since: date | str | None
    until: date | str | None
    game: str | Sequence[str] | None
    currency: str | Sequence[str] | None
    site: str | Sequence[str] | None
    ante: int | str | Decimal | Sequence[int | str | Decimal] | None
    big_bet: int | str | Decimal | Sequence[int | str | Decimal] | None
    table_size: int | Sequence[int] | None
    position: int | Sequence[int] | None
    players: str | Sequence[str] | None
    player: str | Sequence[str] | None
    opponent: str | Sequence[str] | None
    tournament: bool | None
    min_hands: int


class UnknownGameError(ValueError):
    """A ``game`` filter naming no game rakestats knows (``"Rake"``, ``"holdem"``);
    ``game`` is the value, ``known`` the games there are, ``suggestions`` the nearest."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.known = GAMES
        self.suggestions = tuple(nearest_names(game, GAMES))
        hint = f"; did you mean {_quoted(self.suggestions)}?" if self.suggestions else ""
        super().__init__(f"unknown game {game!r}{hint} (known games: {', '.join(GAMES)})")


@dataclass(frozen=True)
class FilterMiss:
    """One filter value that matches nothing in the warehouse: ``filter`` is the
    keyword (``players``, ``game``, ``ante``, ``category``, …), ``value`` the value
    given, ``nearest`` the nearest values the warehouse has (may be empty) and
    ``message`` one line that says so (``no player 'grist'; did you mean 'Grist'?``,
    ``no big bet 8: no hand in the warehouse has a big bet (Rake has none)``)."""

    filter: str
    value: Any
    nearest: tuple[Any, ...]
    message: str


def nearest_names(value: str, candidates: Iterable[str], n: int = 3) -> list[str]:
    """The candidates nearest to ``value``: those equal to it but for case first, then
    the closest by :func:`difflib.get_close_matches` (case ignored)."""
    pool = sorted({c for c in candidates if isinstance(c, str)})
    folded = value.casefold()
    same = [c for c in pool if c.casefold() == folded and c != value]
    by_fold: dict[str, list[str]] = {}
    for c in pool:
        by_fold.setdefault(c.casefold(), []).append(c)
    close = difflib.get_close_matches(folded, list(by_fold), n=n, cutoff=0.6)
    out = same + [c for f in close for c in by_fold[f] if c not in same and c != value]
    return out[:n]


def nearest_numbers(value: int, candidates: Iterable[int], n: int = 3) -> list[int]:
    """Up to ``n`` candidates nearest to ``value`` (ties: the smaller first), in order."""
    pool = sorted(set(candidates))
    return sorted(sorted(pool, key=lambda c: (abs(c - value), c))[:n])


def _quoted(values: Iterable[Any]) -> str:
    items = [repr(v) for v in values]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _bound_value(value: Any) -> date | str:
    """``since`` or ``until`` as a date, a datetime or text: numpy's ``datetime64`` is
    made one (a day a date, a finer one a UTC datetime); NaT and other types are
    refused. :class:`Filters` applies it once, so every later use sees Python's types.

    >>> import numpy as np
    >>> _bound_value(np.datetime64("2009-11-26")), _bound_value(np.datetime64("2009-11-26T10:00"))
    (datetime.date(2009, 11, 26), datetime.datetime(2009, 11, 26, 10, 0))
    >>> _bound_value(20091126)
    Traceback (most recent call last):
    ...
    TypeError: since and until take a date, a datetime or ISO text, got 20091126
    """
    if isinstance(value, (date, np.datetime64)) and value != value:  # NaT (no time)
        raise ValueError(f"since and until take a time, got {value!r}")
    if isinstance(value, np.datetime64):
        day = np.datetime_data(value.dtype)[0] in ("Y", "M", "W", "D")
        value = value.astype("datetime64[D]" if day else "datetime64[us]").item()
    if not isinstance(value, (str, date)):
        raise TypeError(f"since and until take a date, a datetime or ISO text, got {value!r}")
    return value


def _as_date_bound(value: date | str, *, end: bool) -> datetime:
    """A UTC instant: a date is a whole UTC day (``until`` inclusive, so its end is the
    next midnight, compared with ``<``); a datetime is used as it is (a pandas Timestamp
    is one). ``value`` is as :func:`_bound_value` leaves it."""
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


def _is_whole(value: Any) -> bool:
    """An integer, Python's or numpy's (``np.int64`` from a frame), but not a bool.

    >>> import numpy as np
    >>> [_is_whole(v) for v in (10, np.int64(10), True, np.True_, 10.0)]
    [True, True, False, False, False]
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def _tuple_of(value: Any, kind: type, name: str) -> tuple[Any, ...] | None:
    """``value`` (one of ``kind`` or several) as a tuple, each checked.

    >>> _tuple_of(1.0, int, "ante")
    Traceback (most recent call last):
    ...
    TypeError: filter ante: expected int, got 1.0
    """
    if value is None:
        return None
    whole = kind is int
    single = isinstance(value, (kind, str)) or not isinstance(value, Iterable)
    items: tuple[Any, ...] = (value,) if single else tuple(value)
    for item in items:
        if not (_is_whole(item) if whole else isinstance(item, kind)):
            raise TypeError(f"filter {name}: expected {kind.__name__}, got {item!r}")
    if whole:  # numpy's integers (a value taken from a frame) as Python's
        items = tuple(int(item) for item in items)
    if not items:
        raise ValueError(f"filter {name}: empty list")
    return items


def _stake(value: Any, name: str) -> tuple[Any, str | None]:
    """A stake filter's value as stored and the currency it names (None: none). Text is
    read as on the command line (``"200"``: the smallest unit; ``"2.00"``, ``"$2"``,
    ``"2 USD"``: money); a ``Decimal`` is money (``Decimal("2")`` is 200, in cents);
    anything else is left for the type check.

    >>> _stake("$0.10", "ante"), _stake(Decimal("2"), "big_bet"), _stake(25, "ante")
    ((10, 'USD'), (200, None), (25, None))
    """
    text = value
    if isinstance(value, Decimal):
        if not value.is_finite() or value < 0:
            raise ValueError(f"filter {name}: {value!r} is no amount of money")
        text = f"{value:f}" if "." in f"{value:f}" else f"{value:f}."  # money: the point
    if not isinstance(text, str):
        return value, None
    try:
        return parse_stake(text), stake_currency(text)
    except ValueError as exc:
        raise ValueError(f"filter {name}: {str(exc).replace(repr(text), repr(value))}") from None


@dataclass(frozen=True)
class Filters:
    """Which hands a statistic covers. A filter given a list keeps rows matching any
    of its values; different filters must all hold.

    - ``since``, ``until``: dates of play, inclusive, in UTC (a ``datetime`` is taken as
      an exact instant, ``until`` then inclusive too);
    - ``game`` (``"rake"``, ``"razz"``; anything else raises :class:`UnknownGameError`,
      a ``ValueError``), ``currency``, ``site``;
    - ``ante`` and ``big_bet``: the stakes (Rake is played for an ante, Razz for a bet
      size), stored integers in the smallest unit (chips, or cents), or written as on the
      command line: ``"200"`` is 200 too, ``"2.00"`` or ``Decimal("2")`` money (200
      cents), and ``"$2"`` or ``"2 USD"`` also filters the currency (USD);
    - ``table_size``: the number of players dealt in;
    - ``position``: the player's position, 1 = first to act (left of the dealer), the
      dealer is ``table_size`` (the stud games have none, so no stud row matches);
    - ``players`` (or ``player``, the same): screen names, or people when aliases are in
      use;
    - ``opponent``: only hands where this player (any of these) also sat; the opponent's
      own rows are left out;
    - ``tournament``: True for tournament hands only, False for cash games only;
    - ``min_hands``: keep only players with at least this many hands (in the other
      filters' range, per game and currency).
    """

    since: date | str | None = None
    until: date | str | None = None
    game: str | Sequence[str] | None = None
    currency: str | Sequence[str] | None = None
    site: str | Sequence[str] | None = None
    ante: int | str | Decimal | Sequence[int | str | Decimal] | None = None
    big_bet: int | str | Decimal | Sequence[int | str | Decimal] | None = None
    table_size: int | Sequence[int] | None = None
    position: int | Sequence[int] | None = None
    players: str | Sequence[str] | None = None
    opponent: str | Sequence[str] | None = None
    tournament: bool | None = None
    min_hands: int = 0

    @classmethod
    def of(cls, args: FilterArgs) -> Filters:
        """From keyword filters; ``player=`` is another name for ``players=`` (giving
        both is an error)."""
        values: dict[str, Any] = dict(args)
        if "player" in values:
            single = values.pop("player")
            if values.get("players") is not None and single is not None:
                raise TypeError("give player= or players=, not both")
            if single is not None or "players" not in values:
                values["players"] = single
        known = {f.name for f in fields(cls)}
        unknown = set(values) - known
        if unknown:
            raise TypeError(f"unknown filter(s): {', '.join(sorted(unknown))}")
        return cls(**values)

    def __post_init__(self) -> None:
        if not _is_whole(self.min_hands):
            raise TypeError(f"min_hands must be an int, got {self.min_hands!r}")
        object.__setattr__(self, "min_hands", int(self.min_hands))
        if isinstance(self.tournament, np.bool_):
            object.__setattr__(self, "tournament", bool(self.tournament))
        if self.min_hands < 0:
            raise ValueError("min_hands must be >= 0")
        if self.tournament is not None and not isinstance(self.tournament, bool):
            raise TypeError(f"tournament must be True, False or None, got {self.tournament!r}")
        for game in self.values("game"):
            if game not in GAMES:
                raise UnknownGameError(game)
        self._read_stakes()
        for name in ("currency", "site", "ante", "big_bet", "table_size", "position"):
            self.values(name)  # type errors now, not at query time
        self.values("players"), self.values("opponent")
        for key in ("since", "until"):
            if getattr(self, key) is not None:  # numpy's times made Python's, once
                object.__setattr__(self, key, _bound_value(getattr(self, key)))
                _as_date_bound(getattr(self, key), end=False)
        if self.since is not None and self.until is not None:
            start = _as_date_bound(self.since, end=False)
            end = _as_date_bound(self.until, end=True)  # a whole day's end is excluded
            if start > end or (start == end and not _is_exact(self.until)):
                raise ValueError(
                    f"since {self.since} is after until {self.until}: no time lies between"
                )

    def _read_stakes(self) -> None:
        """Stakes written as money (``"$2"``, ``"0.10"``, a ``Decimal``) as stored, and the
        currency a sign or code names as the currency filter, by the command line's
        rules (:func:`~rakestats.money.stakes_currency`)."""
        read: list[tuple[int, str | None]] = []
        for name in ("ante", "big_bet"):
            value = getattr(self, name)
            if value is None:
                continue
            single = isinstance(value, (str, Decimal)) or not isinstance(value, Iterable)
            items = [value] if single else list(value)
            stakes = [_stake(item, name) for item in items]
            read += stakes
            if any(isinstance(item, (str, Decimal)) for item in items):
                object.__setattr__(self, name, tuple(amount for amount, _ in stakes))
        named = stakes_currency(read)
        if named is None:
            return
        given = self.values("currency")
        if given and set(given) != {named}:
            raise ValueError(
                f"the stakes name {named} by their sign or code, currency="
                f"{', '.join(given)}: give the currency one way"
            )
        object.__setattr__(self, "currency", named)

    def values(self, name: str) -> tuple[Any, ...]:
        """The values of the list filter ``name`` as a tuple (empty when not given)."""
        kind: type = int if name in _INT_FILTERS else str
        return _tuple_of(getattr(self, name), kind, name) or ()

    @property
    def rollup_ok(self) -> bool:
        """True when the rollup (by player, game, currency, site, stakes, table size,
        position and UTC day) answers the query exactly: whole-day date bounds and no
        filter that needs the hand (opponent, tournament)."""
        return self.whole_days and self.opponent is None and self.tournament is None

    @property
    def whole_days(self) -> bool:
        """True when the date bounds are whole UTC days (not exact instants), so that a
        rollup by day answers the query exactly."""
        return not any(v is not None and _is_exact(v) for v in (self.since, self.until))

    def where(
        self,
        alias: str = "p",
        person: str | None = None,
        *,
        day_column: str | None = None,
        alias_table: str | None = None,
    ) -> tuple[str, dict[str, Any]]:
        """``(sql, params)``: a condition on ``players`` rows under ``alias``; ``person``
        is the SQL expression of the alias-resolved name (None: no aliases) and
        ``alias_table`` the table of aliases (``screen_name``, ``person``) it comes from,
        for the opponent. With ``day_column`` the dates are compared with that column, a
        UTC day number (days since 1970-01-01), which needs :attr:`whole_days` (and no
        opponent or tournament filter, which need the hand: :attr:`rollup_ok`)."""
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
            if not self.rollup_ok:
                raise ValueError(
                    "day numbers need whole-day since/until bounds and no opponent or "
                    "tournament filter"
                )
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
        one_of("position", "position", _tuple_of(self.position, int, "position"))
        names = _tuple_of(self.players, str, "players")
        if names is not None:
            conds.append(_name_test("f_player", names, f"{alias}.player", person, params))
        if self.tournament is not None:
            params["f_tournament"] = self.tournament
            conds.append(
                f"{alias}.hand_key IN (SELECT hand_key FROM hands "
                "WHERE coalesce(is_tournament, false) = $f_tournament)"
            )
        opponents = _tuple_of(self.opponent, str, "opponent")
        if opponents is not None:
            if person is not None and alias_table is not None:
                o_person = "coalesce(oa.person, o.player)"
                join = f"LEFT JOIN {alias_table} oa ON oa.screen_name = o.player"
            else:
                o_person, join = "o.player", ""
            test = _name_test("f_opp", opponents, "o.player", o_person if join else None, params)
            me = person if person is not None else f"{alias}.player"
            conds.append(
                f"EXISTS (SELECT 1 FROM players o {join} WHERE o.hand_key = {alias}.hand_key "
                f"AND {test} AND {o_person} <> {me})"
            )
        return (" AND ".join(conds) if conds else "TRUE"), params


_INT_FILTERS = frozenset({"ante", "big_bet", "table_size", "position"})


def _name_test(
    prefix: str, names: tuple[str, ...], column: str, person: str | None, params: dict[str, Any]
) -> str:
    """A name matches the screen name or, with aliases, the person."""
    keys = [f"{prefix}_{i}" for i in range(len(names))]
    params.update(zip(keys, names, strict=True))
    exprs = [column] + ([person] if person is not None else [])
    tests = [f"{e} = ${k}" for k in keys for e in exprs]
    return "(" + " OR ".join(tests) + ")" if len(tests) > 1 else tests[0]


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _is_exact(value: date | str) -> bool:
    return isinstance(value, datetime) or (isinstance(value, str) and _is_instant(value))


def _is_instant(value: date | str) -> bool:
    return isinstance(value, str) and ("T" in value.strip() or " " in value.strip())


# ---------------------------------------------------------------------- nothing silent
# The list filters; where it is not the filter's name, the label messages give it and the
# column of ``players`` it reads.
_LIST_FILTERS = (
    "players",
    "opponent",
    "game",
    "currency",
    "site",
    "ante",
    "big_bet",
    "table_size",
    "position",
)
_LABEL = {"players": "player", "big_bet": "big bet", "table_size": "table size"}
_COLUMN = {"players": "player", "opponent": "player", "table_size": "n_players"}
_STAKES = frozenset({"ante", "big_bet"})
_LIST_ALL = 8  # with no close match, name what there is when there are this few


# Which games leave a column of ``players`` empty, by their rules (``_games``): the big
# bet is the unit of the games played for fixed limits (the stud games; Rake has an ante
# only), and the stud games act by their boards, not round a dealer, so have no position.
_FILLED_BY: dict[str, Callable[[str], bool]] = {
    "big_bet": lambda game: unit_column(game) == "big_bet",
    "position": lambda game: not is_stud(game),
}


def category_key(value: str) -> str:
    """A hand category as the warehouse stores it: ``"Three of a Kind"`` and
    ``" three_of_a_kind"`` are ``THREE_OF_A_KIND``."""
    return value.strip().upper().replace(" ", "_")


def category_title(name: str) -> str:
    """A stored hand category as a person reads it: ``THREE_OF_A_KIND`` is ``Three of a
    Kind``, ``SUITS_FULL`` ``Suits Full``."""
    words = name.split("_")
    return " ".join(
        w.lower() if i and w.lower() in _SMALL_WORDS else w.capitalize()
        for i, w in enumerate(words)
    )


_SMALL_WORDS = frozenset({"a", "of"})


def filter_misses(
    con: duckdb.DuckDBPyConnection,
    filters: Filters,
    aliases: Aliases | None = None,
    *,
    category: str | Sequence[str] | None = None,
    within: Sequence[str] | None = None,
) -> list[FilterMiss]:
    """The values of ``filters`` that match nothing in the warehouse behind ``con`` (each
    value on its own, whatever the other filters), with the nearest values there are.

    ``category``: hand categories at the Reveal (as ``Warehouse.hands`` takes them),
    checked the same way. ``within``: the games the result covers (``STUD_GAMES`` for the
    stud statistics); a miss when the warehouse, or the ``game`` filter, has none of
    them."""
    misses: list[FilterMiss] = []
    names: set[str] | None = None
    stakes: dict[Any, set[str]] = {}
    known: list[tuple[str, ...]] = []

    def games() -> tuple[str, ...]:  # read once, and only when a reason needs them
        if not known:
            known.append(_games(con))
        return known[0]

    for key in _LIST_FILTERS:
        label, column = _LABEL.get(key, key), _COLUMN.get(key, key)
        wanted = filters.values(key)
        if not wanted:
            continue
        if column == "player":
            if names is None:
                rows = con.execute("SELECT DISTINCT player FROM players").fetchall()
                names = {r[0] for r in rows if r[0] is not None}
                if aliases:
                    names |= set(aliases.mapping.values())
            have: set[Any] = names
        elif column in _STAKES:
            rows = con.execute(
                f"SELECT DISTINCT {column}, coalesce(currency, '{CHIPS}') FROM players "
                f"WHERE {column} IS NOT NULL"
            ).fetchall()
            stakes = {}
            for value, currency in rows:
                stakes.setdefault(value, set()).add(currency)
            have = set(stakes)
        else:
            rows = con.execute(
                f"SELECT DISTINCT {column} FROM players WHERE {column} IS NOT NULL"
            ).fetchall()
            have = {r[0] for r in rows}
        none = "" if have else _none_has(column, label, games())
        for value in wanted:
            if value not in have:
                misses.append(_miss(key, label, value, have, none, stakes))
    misses += _category_misses(con, category, games)
    if filters.tournament is not None:
        (n,) = con.execute(
            "SELECT count(*) FROM hands WHERE coalesce(is_tournament, false) = ?",
            [filters.tournament],
        ).fetchone() or (0,)
        if n == 0:
            kind = "tournament" if filters.tournament else "cash-game"
            misses.append(FilterMiss("tournament", filters.tournament, (), f"no {kind} hands"))
    if filters.since is not None or filters.until is not None:
        miss = _date_miss(con, filters)
        if miss is not None:
            misses.append(miss)
    if within is not None:
        miss = _within_miss(filters, tuple(within), games())
        if miss is not None:
            misses.append(miss)
    return misses


def _games(con: duckdb.DuckDBPyConnection) -> tuple[str, ...]:
    """The games the warehouse has hands of (none: it has no hands)."""
    rows = con.execute("SELECT DISTINCT game FROM players ORDER BY game").fetchall()
    return tuple(str(r[0]) for r in rows)


def _none_has(column: str, label: str, games: tuple[str, ...]) -> str:
    """Why no hand has a value in ``column``: the warehouse has no hands, or its games
    have none by their rules (Rake no big bet, the stud games no position)."""
    if not games:
        return "the warehouse has no hands"
    article = "an" if label[0] in "aeiou" else "a"
    text = f"no hand in the warehouse has {article} {label}"
    filled = _FILLED_BY.get(column)
    lacking = [game_title(g) for g in games if filled is not None and not filled(g)]
    if not lacking:
        return text
    have = "has" if len(lacking) == 1 else "have"
    return f"{text} ({_and(lacking)} {have} none)"


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _stakes_text(values: Sequence[int], stakes: dict[Any, set[str]]) -> list[str]:
    """Stakes the warehouse has, for a person: the numbers alone when all are chips, else
    each with what it is in its currencies (``8 ($0.08)``, ``10 (chips or $0.10)``).

    >>> _stakes_text([8, 10], {8: {"USD"}, 10: {"chips", "USD"}, 25: {"chips"}})
    ['8 ($0.08)', '10 (chips or $0.10)']
    >>> _stakes_text([10, 25], {8: {"USD"}, 10: {"chips", "USD"}, 25: {"chips"}})
    ['10 (chips or $0.10)', '25 (chips)']
    >>> _stakes_text([25], {8: {"USD"}, 25: {"chips"}})
    ['25']
    """
    if not any(is_cash(c) for v in values for c in stakes.get(v, ())):
        return [str(v) for v in values]
    out = []
    for v in values:
        currencies = sorted(stakes.get(v, ()), key=lambda c: (is_cash(c), c))
        shown = [format_money(v, c) if is_cash(c) else CHIPS for c in currencies]
        out.append(f"{v} ({' or '.join(shown)})")
    return out


def _miss(
    key: str,
    label: str,
    value: Any,
    have: set[Any],
    none: str,
    stakes: dict[Any, set[str]] | None = None,
) -> FilterMiss:
    """``value`` is not among ``have``; ``none`` says why when ``have`` is empty;
    ``stakes``: the currencies of each stake in ``have``, for a stake filter."""
    text = f"no {label} {value!r}"
    if not have:
        return FilterMiss(key, value, (), f"{text}: {none}")
    if isinstance(value, str):
        near: tuple[Any, ...] = tuple(nearest_names(value, have))
        if near:
            return FilterMiss(key, value, near, f"{text}; did you mean {_quoted(near)}?")
        if len(have) <= _LIST_ALL or key == "category":
            every = tuple(sorted(have))
            return FilterMiss(key, value, every, f"{text}; there are {_quoted(every)}")
        return FilterMiss(key, value, (), text)
    near = tuple(nearest_numbers(value, have))
    shown = _stakes_text(near, stakes) if stakes else [str(v) for v in near]
    return FilterMiss(key, value, near, f"{text}; nearest: {', '.join(shown)}")


def _category_misses(
    con: duckdb.DuckDBPyConnection,
    category: str | Sequence[str] | None,
    games: Callable[[], tuple[str, ...]],
) -> list[FilterMiss]:
    """The hand categories that no player showed at the Reveal, with the nearest (by
    their titles: ``Suits Full``) or, as there are few, all those there are."""
    wanted = _tuple_of(category, str, "category") or ()
    if not wanted:
        return []
    rows = con.execute(
        "SELECT DISTINCT hand_category FROM players WHERE hand_category IS NOT NULL"
    ).fetchall()
    stored = {str(r[0]) for r in rows}
    titles = {category_title(c) for c in stored}
    none = ""
    if not stored:
        none = "no hand in the warehouse has a category at the Reveal"
        none = none if games() else "the warehouse has no hands"
    return [
        _miss("category", "category", value, titles, none)
        for value in wanted
        if category_key(value) not in stored
    ]


def _within_miss(
    filters: Filters, within: tuple[str, ...], games: tuple[str, ...]
) -> FilterMiss | None:
    """A miss when none of the games ``within`` that the ``game`` filter keeps has hands
    in the warehouse (``games``)."""
    kind = "stud" if set(within) == set(STUD_GAMES) else " or ".join(map(game_title, within))
    asked = filters.values("game")
    kept = set(within) & set(asked) if asked else set(within)
    if not kept:
        outside = tuple(asked)
        verb = "is not a" if len(outside) == 1 else "are not"
        noun = f"{kind} game" + ("" if len(outside) == 1 else "s")
        return FilterMiss(
            "game", outside, (), f"no {kind} hands: {_and(list(map(repr, outside)))} {verb} {noun}"
        )
    if kept & set(games):
        return None
    if not games:
        return FilterMiss("game", within, (), f"no {kind} hands: the warehouse has no hands")
    if kept != set(within):  # the games asked for, not all of ``within``
        kind = " or ".join(game_title(g) for g in within if g in kept)
    only = _and([game_title(g) for g in games])
    return FilterMiss(
        "game", within, games, f"no {kind} hands in the warehouse (it has {only} hands only)"
    )


def _date_miss(con: duckdb.DuckDBPyConnection, filters: Filters) -> FilterMiss | None:
    """A miss when no hand was played within ``since``..``until``, naming the hands
    nearest to the range (the last before it, the first after it)."""
    since, until = filters.since, filters.until
    where, params = Filters(since=since, until=until).where("h")
    row = con.execute(f"SELECT count(*) FROM hands h WHERE {where}", params).fetchone()
    if row is not None and row[0]:
        return None
    value: Any
    if since is not None and until is not None:
        key, value, text = "since", (since, until), f"no hands from {since} to {until}"
    elif since is not None:
        key, value, text = "since", since, f"no hands since {since}"
    else:
        key, value, text = "until", until, f"no hands until {until}"
    near: list[Any] = []  # the last hand before the range, the first after it
    for bound, name, sql in (
        (since, "f_since", "SELECT max(played_at) FROM hands WHERE played_at < $f_since"),
        (until, "f_until", "SELECT min(played_at) FROM hands WHERE played_at >= $f_until"),
    ):
        if bound is not None:
            found = con.execute(sql, {name: params[name]}).fetchone()
            near += [found[0]] if found is not None and found[0] is not None else []
    if not near:
        return FilterMiss(key, value, (), f"{text}: the warehouse has no hands")
    shown = " and ".join(_instant(v) for v in near)
    return FilterMiss(key, value, tuple(near), f"{text}; the nearest hands: {shown}")


def _instant(value: Any) -> str:
    if isinstance(value, datetime):
        return value.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    return str(value)

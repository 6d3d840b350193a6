"""The filters every reading command takes, as one click decorator.

:func:`filter_options` adds the options (the same names and meanings as the library's
keyword filters, ``docs/filters.md``); :func:`filter_args` turns the parsed options into
the keyword arguments of the ``Warehouse`` methods; :func:`check_filters` stops the
command with exit status :data:`EXIT_NO_MATCH` and the nearest existing values when a
value matches nothing in the warehouse, and :func:`nothing_matched` when the filters
together select nothing.

A command uses them so::

    @main.command("mine")
    @warehouse_option
    @filter_options
    def mine(warehouse: str, **opts: Any) -> None:
        wh = Warehouse(warehouse)
        filters = check_filters(wh, opts)
        df = wh.player_stats(aliases=opts["aliases"], **filters)
        if df.empty:
            nothing_matched(wh, opts)
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click

from rakestats.cli._common import safe_text
from rakestats.money import parse_stake, stake_currency, stakes_currency
from rakestats.stats import GAMES, AliasError

if TYPE_CHECKING:
    from rakestats.api import Warehouse
    from rakestats.stats import FilterArgs

__all__ = [
    "EXIT_NO_MATCH",
    "FILTER_OPTION_NAMES",
    "DateOrDateTime",
    "Stake",
    "check_filters",
    "filter_args",
    "filter_options",
    "nothing_matched",
]

F = TypeVar("F", bound=Callable[..., Any])

EXIT_NO_MATCH = 4
"""Exit status when a filter value matches nothing, or the filters together select no
hand (the message, on stderr, names the nearest values there are)."""

# Parameter names the decorator adds (each becomes a keyword argument of the command).
FILTER_OPTION_NAMES = (
    "players",
    "opponent",
    "game",
    "site",
    "currency",
    "ante",
    "big_bet",
    "table_size",
    "position",
    "since",
    "until",
    "tournament",
    "min_hands",
    "aliases",
)


if TYPE_CHECKING:
    _ParamType = click.ParamType[date, Any]
else:
    _ParamType = click.ParamType  # not subscriptable before click 8.2


class DateOrDateTime(_ParamType):
    """``2026-01-31`` (a whole UTC day) or ``2026-01-31T18:30`` / ``2026-01-31 18:30:05``
    (an instant; UTC unless it carries an offset such as ``+01:00`` or ``Z``)."""

    name = "DATE|DATETIME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> date:
        if isinstance(value, date):
            return value
        text = str(value).strip()
        try:
            if "T" in text or " " in text:
                moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
                return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
            return date.fromisoformat(text)
        except ValueError:
            self.fail(
                f"{text!r} is neither a date (2026-01-31) nor a date and time "
                "(2026-01-31T18:30, UTC unless an offset is given)",
                param,
                ctx,
            )


if TYPE_CHECKING:
    _IntParamType = click.ParamType[int, Any]
else:
    _IntParamType = click.ParamType


class StakeValue(int):
    """A stake read from the command line, in the smallest unit, with the currency its
    text named (``$2``: USD), or None."""

    currency: str | None = None


class Stake(_IntParamType):
    """A stake in the smallest unit (``200``: chips, or cents), or money taken in cents
    (``2.00``, ``$2``, ``2 USD``; a sign or code names the currency, see
    :func:`filter_args`)."""

    name = "AMOUNT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int) and not isinstance(value, bool):
            if value < 0:
                self.fail(f"{value} is negative", param, ctx)
            return value
        try:
            stake = StakeValue(parse_stake(str(value)))
            stake.currency = stake_currency(str(value))
        except ValueError as e:
            self.fail(str(e), param, ctx)
        return stake


def filter_options(f: F) -> F:
    """Add the filter options to a command (``docs/filters.md``): ``--player``,
    ``--opponent``, ``--game``, ``--site``, ``--currency``, ``--ante``, ``--big-bet``,
    ``--table-size``, ``--position`` (all repeatable: any of the values), ``--since``,
    ``--until``, ``--tournament/--cash``, ``--min-hands`` and ``--aliases``."""
    options = (
        click.option(
            "--player", "-p", "players", multiple=True, metavar="NAME",
            help="Only this player (repeatable: any of them). A person with --aliases.",
        ),
        click.option(
            "--opponent", multiple=True, metavar="NAME",
            help="Only hands where this player also sat (repeatable: any of them).",
        ),
        click.option(
            "--game", "-g", multiple=True,
            help=f"Only this game: {', '.join(GAMES)} (repeatable).",
        ),
        click.option("--site", multiple=True, help="Only this site (repeatable)."),
        click.option(
            "--currency", multiple=True, help="Only this currency: chips, USD, ... (repeatable)."
        ),
        click.option(
            "--ante", type=Stake(), multiple=True,
            help="Only hands at this ante: 10 is in the smallest unit (chips, or cents); "
            "0.10 is money, taken in cents; '$0.10' or '0.10 EUR' also only that "
            "currency (repeatable).",
        ),
        click.option(
            "--big-bet", type=Stake(), multiple=True,
            help="Only hands at this big bet (the stud games): 200 is in the smallest "
            "unit (chips, or cents); 2.00 is money, taken in cents; '$2' or '2 EUR' "
            "also only that currency (repeatable).",
        ),
        click.option(
            "--table-size", type=click.IntRange(min=2), multiple=True,
            help="Only hands with this many players dealt in (repeatable).",
        ),
        click.option(
            "--position", type=click.IntRange(min=1), multiple=True,
            help="Only the player's hands in this position: 1 acts first, the dealer is "
            "last (= table size); the stud games have none (repeatable).",
        ),
        click.option(
            "--since", type=DateOrDateTime(),
            help="From this day (UTC, inclusive) or instant (2026-01-31T18:30).",
        ),
        click.option(
            "--until", type=DateOrDateTime(),
            help="To this day (UTC, inclusive) or instant (inclusive).",
        ),
        click.option(
            "--tournament/--cash", "tournament", default=None,
            help="Only tournament hands, or only cash-game hands.",
        ),
        click.option(
            "--min-hands", type=click.IntRange(min=0), default=0,
            help="Only players with at least this many hands within the other filters.",
        ),
        click.option(
            "--aliases", type=click.Path(exists=True, dir_okay=False),
            help="TOML or CSV file mapping screen names to people; rows are then per person.",
        ),
    )  # fmt: skip
    for option in reversed(options):
        f = option(f)
    return f


def filter_args(opts: Mapping[str, Any]) -> FilterArgs:
    """The library's keyword filters from the options of :func:`filter_options` (the
    ``aliases`` option is not a filter: pass ``opts["aliases"]`` as ``aliases=``)."""
    filters: FilterArgs = {"min_hands": int(opts.get("min_hands") or 0)}
    for key in ("players", "opponent", "game", "site", "currency"):
        values = [str(v) for v in opts.get(key) or ()]
        if values:
            filters[key] = values
    for name in ("ante", "big_bet", "table_size", "position"):
        numbers = [int(v) for v in opts.get(name) or ()]
        if numbers:
            filters[name] = numbers
    named = _named_currencies([*(opts.get("ante") or ()), *(opts.get("big_bet") or ())])
    if named:
        given = filters.get("currency")
        if given is not None and set(given) != set(named):
            raise click.UsageError(
                f"the stakes name {', '.join(named)} by their sign or code, --currency "
                f"{', '.join(given)}: give the currency one way"
            )
        filters["currency"] = named
    if opts.get("since") is not None:
        filters["since"] = opts["since"]
    if opts.get("until") is not None:
        filters["until"] = opts["until"]
    if opts.get("tournament") is not None:
        filters["tournament"] = bool(opts["tournament"])
    return filters


def _named_currencies(stakes: Sequence[Any]) -> list[str]:
    """The currencies the stakes name by a sign or code (``--big-bet '$2'``: USD, so that
    ``$2`` is not also a table of 200 chips). A stake naming one beside a stake naming
    none is a usage error: the filters cannot pair each stake with its currency."""
    try:
        named = stakes_currency([(int(v), getattr(v, "currency", None)) for v in stakes])
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    return [] if named is None else [named]


def _fail(lines: list[str]) -> NoReturn:
    for line in lines:
        click.echo(safe_text(line), err=True)
    sys.exit(EXIT_NO_MATCH)


@contextmanager
def aliases_checked() -> Iterator[None]:
    """An ``--aliases`` file the library refuses (:class:`AliasError`, raised when a
    query first reads it) as a usage error: one line, exit status 2."""
    try:
        yield
    except AliasError as exc:
        raise click.UsageError(safe_text(str(exc))) from None


def check_filters(
    wh: Warehouse,
    opts: Mapping[str, Any],
    *,
    category: str | None = None,
    within: Sequence[str] | None = None,
) -> FilterArgs:
    """:func:`filter_args`, checked against the warehouse: an unknown game, or a value
    that matches nothing (``no player 'grist'; did you mean 'Grist'?``), is said on
    stderr and ends the command with :data:`EXIT_NO_MATCH`; a bad aliases file, or a
    value refused as it stands (``--since`` after ``--until``), is a usage error (exit
    2). ``category``: a hand category (``rakestats hands``), checked
    too; ``within``: the games the command covers (``STUD_GAMES`` for ``stats
    --stud``), none of which has hands is a miss too."""
    from rakestats.stats import AliasError, UnknownGameError

    filters = filter_args(opts)
    try:
        misses = wh.unmatched_filters(
            aliases=opts.get("aliases"), category=category, within=within, **filters
        )
    except UnknownGameError as exc:
        _fail([str(exc)])
    except (AliasError, ValueError) as exc:  # a filter's value refused as it stands
        raise click.UsageError(safe_text(str(exc))) from None
    if misses:
        _fail([m.message for m in misses])
    return filters


def nothing_matched(wh: Warehouse, opts: Mapping[str, Any], **select: Any) -> NoReturn:
    """Say on stderr why the filters (each value exists), and ``select`` (``hands``'
    ``outcome``, ``skull_ace_outcome``, ``category``), select nothing together, or that
    the warehouse is empty (:meth:`Warehouse.why_empty`), and exit with
    :data:`EXIT_NO_MATCH`."""
    chosen = {k: v for k, v in select.items() if v is not None}
    reasons = wh.why_empty(aliases=opts.get("aliases"), **filter_args(opts), **chosen)
    where = f"rakestats quarantine -w {shlex.quote(str(wh.path))}"
    _fail([r.replace("Warehouse.quarantine()", where) for r in reasons])

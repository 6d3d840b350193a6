"""``rakestats sessions``: each player's hands grouped into sessions (``Warehouse.sessions``),
as a table, CSV or JSON."""

from __future__ import annotations

import json
import math
import sys
from datetime import timedelta
from typing import Any

import click

from rakestats.api import Warehouse
from rakestats.cli._common import (
    echo,
    fail_on_warehouse_error,
    format_option,
    safe_text,
    warehouse_option,
)
from rakestats.cli._display import (
    DISPLAY_SUFFIX,
    iso_times,
    json_value,
    stat_table,
    with_display,
)
from rakestats.cli._filters import (
    aliases_checked,
    check_filters,
    filter_options,
    nothing_matched,
)
from rakestats.cli._group import main
from rakestats.cli._order import (
    limited,
    mixed_money_note,
    order_options,
    ordered,
    say_more,
)
from rakestats.stats import quiet_empty, stat_columns

__all__ = ["DEFAULT_GAP", "JSON_KEYS", "sessions_command"]

DEFAULT_GAP = 30.0  # minutes, as Warehouse.sessions

# Keys of each object of ``--format json`` (and columns of ``--format csv``), in order.
JSON_KEYS = (
    "player",
    "game",
    "currency",
    "session",
    "start",
    "end",
    "minutes",
    "hands",
    "net",
    "winrate_unit",
    "winrate_per100",
    "net" + DISPLAY_SUFFIX,
)

_TABLE = stat_columns("player game currency session start minutes hands net winrate_per100")


def _gap(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """``--gap``: a finite number of minutes a timedelta can hold (0 and below are
    refused by its range)."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a finite number of minutes")
    if value > _MAX_GAP:
        raise click.BadParameter(f"{value:g} minutes is over the longest gap ({_MAX_GAP:g})")
    return value


_MAX_GAP = timedelta.max.total_seconds() / 60 // 2  # well within what a timedelta holds


@main.command("sessions")
@warehouse_option
@filter_options
@click.option(
    "--gap",
    type=click.FloatRange(min=0, min_open=True),
    callback=_gap,
    default=DEFAULT_GAP,
    show_default=True,
    metavar="MINUTES",
    help="A new session starts when more than this many minutes pass between two of a "
    "player's hands.",
)
@order_options("start, hands, net, minutes")
@format_option("table", "csv", "json")
def sessions_command(
    warehouse: str,
    gap: float,
    sort: str | None,
    reverse: bool,
    limit: int,
    fmt: str,
    **opts: Any,
) -> None:
    """Each player's hands grouped into sessions.

    Per player, game and currency, a new session starts when more than --gap minutes
    pass between two hands. One row per session, in order of game, currency, player
    and time: its number, start (UTC), length in minutes, hands, net and win rate per
    100 hands in the game's unit (csv and json: its end too). --player picks whose.

    The table shows money in the currency (`$0.97`); csv and json keep the stored
    integers (cents or chips) beside `net_display`, and times as ISO 8601 text.
    --sort start --limit 10 lists the ten latest sessions, --sort net the best first.

    The filters are those of every reading command (docs/filters.md). Exit status: 0
    sessions listed; 4 a filter value matches nothing (the nearest values are named on
    stderr) or the filters select no hand; 2 usage or warehouse error.

    Example: rakestats sessions -w wh --player Grist --gap 45
    """
    aliases = opts.get("aliases")
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()  # a missing or foreign directory is an error, not created
        filters = check_filters(wh, opts)
        with aliases_checked(), quiet_empty():  # an empty result: said below (exit 4)
            df = wh.sessions(gap=gap, aliases=aliases, **filters)
        if df.empty:
            nothing_matched(wh, opts)
    df = ordered(df, sort, reverse, JSON_KEYS)
    mixed = mixed_money_note(sort, df["currency"])  # every row's, not those --limit keeps
    df, more = limited(df, limit)
    if mixed:
        click.echo(safe_text(mixed), err=True)
    if fmt == "table":
        echo(stat_table(df, _TABLE))
        say_more(more, fmt)
        return
    shown = with_display(df)
    for col in ("start", "end"):
        shown[col] = iso_times(shown[col])
    shown = shown[list(JSON_KEYS)]
    if fmt == "json":
        rows = [
            {k: json_value(v) for k, v in zip(JSON_KEYS, row, strict=True)}
            for row in shown.itertuples(index=False, name=None)
        ]
        echo(json.dumps(rows, ensure_ascii=False, indent=1))
        say_more(more, fmt)
        return
    if sys.stdout.isatty():  # names from histories must not drive the terminal
        for col in ("player", "game", "currency", "net" + DISPLAY_SUFFIX):
            shown[col] = [v if v is None else safe_text(str(v)) for v in shown[col]]
    echo(shown.to_csv(index=False), nl=False)
    say_more(more, fmt)

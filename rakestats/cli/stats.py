"""``rakestats stats``: per-player statistics as a table, CSV or JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click
import pandas as pd

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
    STAKE_COLUMNS,
    display_columns,
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
from rakestats.stats import (
    BREAKDOWNS,
    STAT_COLUMNS,
    STUD_BREAKDOWNS,
    STUD_GAMES,
    StatColumn,
    quiet_empty,
    split_text,
    stat_columns,
)

__all__ = ["JSON_KEYS", "STUD8_TABLE", "STUD_TABLE", "several_sites_note", "stats_command"]

# Keys of each object of ``--format json``, in order (rates are fractions 0-1); then,
# for each amount among them, ``<key>_display``: the amount as text in its currency.
JSON_KEYS = (
    "player",
    "game",
    "currency",
    "hands",
    "net",
    "net_per_hand",
    "winrate_unit",
    "winrate_per100",
    "winrate_se",
    "winrate_ci_low",
    "winrate_ci_high",
    "won_pct",
    "vpip",
    "raise_r1",
    "af",
    "afq",
    "wtsd",
    "wsd",
    "won_no_reveal_pct",
    "skull_ace_held",
    "skull_ace_reveals",
    "skull_ace_auto_wins",
    "skull_ace_auto_losses",
    "skull_ace_loss_freq",
    "skull_ace_loss_ci_low",
    "skull_ace_loss_ci_high",
    "skull_ace_folds",
    "skull_ace_net",
)

# Terminal tables; ``winrate_ci`` is the interval as text: ``[-12.3, 45.6]``.
_TABLE = stat_columns(
    "player game currency hands net winrate_per100 winrate_ci winrate_unit vpip raise_r1 af "
    "afq wtsd wsd skull_ace_reveals skull_ace_auto_losses skull_ace_loss_freq"
)
# Without Rake rows, the table leaves out the Ace of Skulls (a Rake card).
_NO_RAKE_TABLE = tuple(c for c in _TABLE if not c.key.startswith("skull_ace"))
# ``--stud`` (Warehouse.stud_stats); csv and json have every column.
STUD_TABLE = stat_columns(
    "player game currency hands net winrate_per100 winrate_ci bring_in_pct complete_pct "
    "steal_pct raise_3rd_pct vpip_3rd af afq wtsd wsd",
    titles={"winrate_per100": "BB/100"},
)
# ``--stud`` with Stud Hi/Lo rows: the halves of split pots too.
STUD8_TABLE = stat_columns(
    "player game currency hands net winrate_per100 winrate_ci bring_in_pct complete_pct "
    "steal_pct raise_3rd_pct vpip_3rd af afq wtsd wsd scoop_pct high_won_pct low_won_pct",
    titles={"winrate_per100": "BB/100"},
)


def _records(df: pd.DataFrame, keys: tuple[str, ...] = JSON_KEYS) -> list[dict[str, Any]]:
    cols = [k for k in keys if k in df.columns]
    return [
        {k: json_value(v) for k, v in zip(cols, row, strict=True)}
        for row in df[cols].itertuples(index=False, name=None)
    ]


def _table(df: pd.DataFrame, columns: tuple[StatColumn, ...] = _TABLE) -> str:
    ci = [
        "-" if json_value(lo) is None else f"[{lo:.1f}, {hi:.1f}]"
        for lo, hi in zip(df["winrate_ci_low"], df["winrate_ci_high"], strict=True)
    ]
    return stat_table(df.assign(winrate_ci=ci), columns)


def _columns(df: pd.DataFrame, stud: bool, by: tuple[str, ...] = ()) -> tuple[StatColumn, ...]:
    """The terminal table's columns for these rows; the breakdown's after the currency."""
    games = set(df["game"].astype(str))
    if stud:
        chosen = STUD8_TABLE if "stud8" in games else STUD_TABLE
    else:
        chosen = _TABLE if "rake" in games else _NO_RAKE_TABLE
    at = [c.key for c in chosen].index("currency") + 1
    order = list(STAT_COLUMNS)  # the breakdown's columns in the tables' one order
    return (*chosen[:at], *stat_columns(sorted(by, key=order.index)), *chosen[at:])


def _by_names(stud: bool, names: tuple[str, ...]) -> tuple[str, ...]:
    """The names given to ``--by`` (repeated, or separated by commas) as the library's
    (``table-size`` is ``table_size``), each once; a name the statistics cannot split
    by is a usage error.

    >>> _by_names(False, ("site,Table-Size", "site"))
    ('site', 'table_size')
    """
    known = STUD_BREAKDOWNS if stud else BREAKDOWNS
    if any(not n.strip(" ,") for n in names):
        raise click.BadParameter("names no column", param_hint="'--by'")
    given = (p for n in names for p in n.split(",") if p.strip())  # --by site,ante too
    out = tuple(dict.fromkeys(n.strip().lower().replace("-", "_") for n in given))
    bad = [n for n in out if n not in known]
    if bad:
        choices = ", ".join(k.replace("_", "-") for k in known)
        why = (
            " (the stud games have no dealer, so no position)"
            if stud and set(bad) & set(BREAKDOWNS)
            else ""
        )
        raise click.BadParameter(
            f"cannot split {'stud ' if stud else ''}rows by {bad[0]!r}{why}; choose from {choices}",
            param_hint="'--by'",
        )
    return out


@main.command("stats")
@warehouse_option
@filter_options
@click.option(
    "--stud",
    is_flag=True,
    help="Stud statistics instead (Razz, Seven-Card Stud, Stud Hi/Lo): bring-in, "
    "completion, steal, 3rd-street raise, VPIP, AF/AFq per street, showdown, scoops and "
    "halves of Hi/Lo pots, big bets per 100 hands.",
)
@click.option(
    "--by",
    "by",
    multiple=True,
    metavar="COLUMN",
    help="Split each row further by this column (repeatable, or several separated by "
    "commas): site, table-size, position, from-dealer, ante, big-bet, and the UTC date "
    "of play: year, month, week, day (--stud: all but position and from-dealer). "
    "--by site keeps apart one screen name's hands at different rooms; --by month "
    "gives a row a month.",
)
@order_options("hands, net, winrate_per100, vpip")
@format_option("table", "csv", "json")
def stats_command(
    warehouse: str,
    stud: bool,
    by: tuple[str, ...],
    sort: str | None,
    reverse: bool,
    limit: int,
    fmt: str,
    **opts: Any,
) -> None:
    """Per-player statistics: one row per player, game and currency.

    Rates are fractions in csv and json; the win rate is per 100 hands in the game's
    unit (antes for Rake, big bets for the stud games) with a 95% confidence interval.

    With --stud, one row per player, game and currency over the stud hands (Razz,
    Seven-Card Stud, Stud Hi/Lo), with the stud figures of docs/stats.md (csv and json:
    every column of Warehouse.stud_stats).

    --sort orders the rows by a column (numbers largest first) and --limit keeps the
    first N: `--sort hands --limit 20` is the twenty players with the most hands.

    With --by, each row is split further (a row per player, game, currency and site,
    say); the columns named come after the currency, and --min-hands still counts a
    player's hands in all.

    The filters are those of every reading command (docs/filters.md). Exit status: 0
    rows printed; 4 a filter value matches nothing (the nearest values are named on
    stderr) or the filters select no hand; 2 usage or warehouse error.

    Example: rakestats stats -w wh --game rake --min-hands 100 --format json
    """
    aliases = opts.get("aliases")
    split = _by_names(stud, by)
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()  # a missing or foreign directory is an error, not created
        filters = check_filters(wh, opts, within=STUD_GAMES if stud else None)
        sites = None
        # an empty result is said below, once (exit 4); the rows and the sites behind
        # them from one snapshot
        with aliases_checked(), quiet_empty(), wh.pinned():
            if stud:
                df = wh.stud_stats(by=split, aliases=aliases, **filters)
            else:
                df = wh.player_stats(by=split, aliases=aliases, **filters)
            if fmt == "table" and "site" not in split and not df.empty:
                sites = wh.player_sites(by=split, aliases=aliases, **filters)
        if df.empty:
            nothing_matched(wh, opts)
    df = ordered(df, sort, reverse, _SORT_HINTS)
    mixed = mixed_money_note(sort, df["currency"])  # every row's, not those --limit keeps
    df, more = limited(df, limit)
    if fmt == "json":
        keys = tuple(df.columns) if stud else (*JSON_KEYS[:3], *split, *JSON_KEYS[3:])
        keys += tuple(c + DISPLAY_SUFFIX for c in display_columns(keys, STAKE_COLUMNS))
        shown = with_display(df, STAKE_COLUMNS)  # the stakes too, when rows are split by them
        echo(json.dumps(_records(shown, keys), ensure_ascii=False, indent=1))
    elif fmt == "csv":
        out = with_display(df, STAKE_COLUMNS)
        if sys.stdout.isatty():  # names from histories must not drive the terminal
            for col in (
                "player",
                "game",
                "currency",
                *(["site"] if "site" in split else []),
                *out.columns[out.columns.str.endswith("_display")],
            ):
                out[col] = [v if v is None else safe_text(str(v)) for v in out[col]]
        echo(out.to_csv(index=False), nl=False)
    else:
        echo(_table(df, _columns(df, stud, split)))
    say_more(more, fmt)
    note = "" if sites is None else several_sites_note(df, sites, split)
    for line in (mixed, note):
        if line:
            click.echo(safe_text(line), err=True)


_SORT_HINTS = ("player", "hands", "net", "winrate_per100", "vpip", "af", "wtsd")


def several_sites_note(
    rows: pd.DataFrame, sites: pd.DataFrame, split: Sequence[str] = (), shown: int = 3
) -> str:
    """The note under the table when some of its ``rows`` (player, game, currency, and
    the ``split`` columns) add up one name's hands at several sites (``sites``:
    ``Warehouse.player_sites(by=split)``), or ''.

    >>> rows = pd.DataFrame({"player": ["Hero", "Ann"], "game": ["stud", "stud"],
    ...                      "currency": ["USD", "USD"]})
    >>> sites = pd.DataFrame({"player": ["Hero", "Ann"], "game": ["stud"] * 2,
    ...                       "currency": ["USD"] * 2, "sites": [2, 1]})
    >>> several_sites_note(rows, sites).split("; ")  # doctest: +NORMALIZE_WHITESPACE
    ['note: 1 row adds up a name played at several sites (Hero stud USD: 2 sites)',
     '--by site keeps the sites apart']
    """
    keys = ["player", "game", "currency", *split]
    mine = rows[keys].merge(sites[[*keys, "sites"]], on=keys, how="inner")
    several = mine[mine["sites"] > 1].sort_values(
        ["sites", "player"], ascending=[False, True], kind="stable"
    )
    if several.empty:
        return ""
    named = [
        " ".join(
            [
                str(r["player"]),
                str(r["game"]),
                r["currency"] if isinstance(r["currency"], str) else "chips",
                *(split_text(c, r[c], r["currency"]) for c in split),
            ]
        )
        + f": {r['sites']} sites"
        for r in several.head(shown).to_dict(orient="records")
    ]
    more = ", …" if len(several) > shown else ""
    n = len(several)
    return (
        f"note: {n} row{'s add' if n != 1 else ' adds'} up a name played at several sites "
        f"({', '.join(named)}{more}); --by site keeps the sites apart"
    )

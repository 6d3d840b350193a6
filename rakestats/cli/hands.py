"""``rakestats hands``: the hands matching the filters, newest first, as a table, CSV
or JSON (one row per hand; ``Warehouse.hands(per="hand")``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import click
import pandas as pd

from rakestats.api import Warehouse
from rakestats.cli._common import (
    count_option,
    echo,
    fail_on_warehouse_error,
    format_option,
    safe_text,
    warehouse_option,
)
from rakestats.cli._display import (
    DISPLAY_SUFFIX,
    STAKE_COLUMNS,
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
from rakestats.cli._order import mixed_money_note, sorts_amounts
from rakestats.stats import (
    HAND_LIST_COLUMNS,
    ORDER_BY,
    OUTCOMES,
    SKULL_OUTCOMES,
    quiet_empty,
    stat_columns,
)

__all__ = ["DEFAULT_LIMIT", "EXPORT_ROWS", "JSON_KEYS", "LIST_SEPARATOR", "hands_command"]

DEFAULT_LIMIT = 50

# ``--format csv``: ``players`` and ``winners`` are the names joined by this.
LIST_SEPARATOR = "; "

# Keys of each object of ``--format json`` (and columns of ``--format csv``), in order.
JSON_KEYS = (
    *HAND_LIST_COLUMNS,
    *(c + DISPLAY_SUFFIX for c in ("total_pot", *STAKE_COLUMNS)),
)

_NAMES_WIDTH = 48  # the table's players column is cut to this many characters


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


# The terminal table: the stakes, the players (``3: Ann, Bob, Cy``), the winners and the
# Ace of Skulls (``auto_loss (Ann)``) are written out before.
_TABLE = stat_columns("hand_id played_at game stakes players total_pot winners skull_ace_outcome")
# Without a Rake hand, no Ace of Skulls column (a Rake card).
_NO_RAKE_TABLE = _TABLE[:-1]


def _skull(outcome: Any, holder: Any) -> str:
    outcome, holder = json_value(outcome), json_value(holder)
    if outcome is None:
        return "-"
    return f"{outcome} ({holder})" if holder is not None else str(outcome)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _stakes(ante: Any, small_bet: Any, big_bet: Any) -> tuple[Any, ...]:
    """The stakes as the rooms name them: Rake's ante; a stud game's small and big bet
    (``$0.04/$0.08``; the ante is in the hand, ``rakestats hand``).

    >>> _stakes(5, None, None), _stakes(1, 4, 8)
    ((5,), (4, 8))
    """
    return (ante,) if _missing(big_bet) else (small_bet, big_bet)


def _table(df: pd.DataFrame) -> str:
    shown = df.assign(
        stakes=pd.Series(
            [_stakes(*row) for row in df[["ante", "small_bet", "big_bet"]].itertuples(index=False)],
            index=df.index,
        ),
        players=[_cut(f"{len(p)}: " + ", ".join(p), _NAMES_WIDTH) for p in df["players"]],
        winners=[", ".join(w) or "-" for w in df["winners"]],
        skull_ace_outcome=[
            _skull(o, h)
            for o, h in zip(df["skull_ace_outcome"], df["skull_ace_holder"], strict=True)
        ],
    )
    return stat_table(shown, _TABLE if (df["game"] == "rake").any() else _NO_RAKE_TABLE)


@main.command("hands")
@warehouse_option
@filter_options
@click.option(
    "--outcome",
    type=click.Choice(OUTCOMES),
    help="Only hands where a matching player had this outcome.",
)
@click.option(
    "--skull-ace",
    "skull_ace_outcome",
    type=click.Choice(SKULL_OUTCOMES),
    help="Only hands where a matching player held the Ace of Skulls (held), or won or "
    "lost by it at the Reveal (auto_win, auto_loss).",
)
@click.option(
    "--category", help="Only hands where a matching player had this category at the Reveal."
)
@click.option(
    "--sort",
    type=click.Choice(ORDER_BY["hand"]),
    help="Order the hands by this column first, largest first (then newest first): "
    "total_pot lists the biggest pots.",
)
@click.option(
    "--reverse",
    is_flag=True,
    help="The other way round: smallest first with --sort, else oldest first.",
)
@count_option(
    "--limit",
    default=DEFAULT_LIMIT,
    help="Show at most this many hands (0: all); says how many more there are.",
)
@format_option("table", "csv", "json")
def hands_command(
    warehouse: str,
    outcome: str | None,
    skull_ace_outcome: str | None,
    category: str | None,
    sort: str | None,
    reverse: bool,
    limit: int,
    fmt: str,
    **opts: Any,
) -> None:
    """List the hands that match the filters, newest first: id, time, game, stakes,
    players, pot, winners and the Ace of Skulls (who held it, and whether it won or lost
    at the Reveal). A hand matches when one of its players matches every filter
    (docs/filters.md); `rakestats hand ID` prints one.

    The table shows money in the currency (`$0.97`); csv and json keep the stored
    integers (cents or chips) beside `<column>_display` texts. When --limit leaves
    hands out, a last line says how many (on stderr for csv and json).

    Exit status: 0 hands listed; 4 a filter value matches nothing (the nearest values
    are named on stderr) or the filters select no hand; 2 usage or warehouse error.

    --sort orders the hands by a column first, largest first: `--player Grist
    --outcome lost --sort total_pot --limit 10` is the ten biggest pots Grist lost.
    --reverse turns the order round.

    Example: rakestats hands -w wh --player Grist --skull-ace auto_loss
    """
    aliases = opts.get("aliases")
    select: dict[str, Any] = {
        "outcome": outcome,
        "skull_ace_outcome": skull_ace_outcome,
        "category": category,
    }
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()  # a missing or foreign directory is an error, not created
        filters = check_filters(wh, opts, category=category)
        asked: dict[str, Any] = {
            "per": "hand", "newest_first": not (reverse and sort is None),
            "order_by": sort, "ascending": reverse, "limit": limit or None,
            "aliases": aliases, **select, **filters,
        }  # fmt: skip
        with aliases_checked(), wh.pinned():  # the count and the rows from one snapshot
            total = wh.count_hands(per="hand", aliases=aliases, **select, **filters)
            shown = min(total, limit) if limit else total
            if not shown:
                nothing_matched(wh, opts, **select)  # exit 4, saying why
            mixed = _mixed_currencies(wh, sort, aliases, select, filters)
            if fmt == "table":
                with quiet_empty():
                    echo(_table(wh.hands(**asked)))
            else:  # csv and json: written a part at a time, never all held
                _export(wh.iter_hands(rows=EXPORT_ROWS, **asked), fmt)
    more = total - shown
    if more:
        note = f"{more} more hand{'s' if more != 1 else ''} match (--limit 0 lists all)"
        if fmt == "table":
            echo(note)
        else:  # not in the data
            click.echo(note, err=True)
    if mixed:
        click.echo(safe_text(mixed), err=True)


def _mixed_currencies(
    wh: Warehouse, sort: str | None, aliases: Any, select: dict[str, Any], filters: Any
) -> str:
    """The note of :func:`mixed_money_note` when ``--sort`` orders amounts and the
    matching hands are in several currencies (counted per currency, every matching hand,
    not only those --limit shows)."""
    if not sorts_amounts(sort):
        return ""
    with quiet_empty():
        named = dict.fromkeys(wh.player_sites(aliases=aliases, **filters)["currency"])
    if len(named) < 2:
        return ""
    held = [
        c
        for c in named
        if wh.count_hands(per="hand", aliases=aliases, **select, **{**filters, "currency": c})
    ]
    return mixed_money_note(sort, held)


#: Hands formatted and written at a time by ``--format csv|json``.
EXPORT_ROWS = 50_000


def _export(parts: Iterator[pd.DataFrame], fmt: str) -> None:
    """Write the hands of ``parts`` as CSV (one header) or as one JSON array, a part at
    a time: the text is the same as that of all the hands formatted at once."""
    first = True
    if fmt == "json":
        echo("[", nl=False)
    for part in parts:
        shown = with_display(part, STAKE_COLUMNS)
        shown["played_at"] = iso_times(shown["played_at"])
        if fmt == "json":
            texts = [
                json.dumps(
                    {k: json_value(v) for k, v in zip(JSON_KEYS, row, strict=True)},
                    ensure_ascii=False,
                    indent=1,
                ).replace("\n", "\n ")
                for row in shown[list(JSON_KEYS)].itertuples(index=False, name=None)
            ]  # each object one level in, as json.dumps(list, indent=1) writes it
            echo(("\n " if first else ",\n ") + ",\n ".join(texts), nl=False)
        else:
            out = shown[list(JSON_KEYS)].copy()
            for col in ("players", "winners"):
                out[col] = [LIST_SEPARATOR.join(v) for v in out[col]]
            if sys.stdout.isatty():  # names from histories must not drive the terminal
                for col in out.columns:
                    if out[col].dtype.kind not in "biuf":
                        out[col] = [v if _missing(v) else safe_text(str(v)) for v in out[col]]
            echo(out.to_csv(index=False, header=first), nl=False)
        first = False
    if fmt == "json":
        echo("]" if first else "\n]")

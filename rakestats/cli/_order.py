"""``--sort COLUMN [--reverse] --limit N`` of the commands that list rows of statistics
(``stats``, ``sessions``): the order asked for, the first rows, and the line saying how
many more there are."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

import click
import pandas as pd

from rakestats.cli._common import count_option, echo
from rakestats.cli._display import STAKE_COLUMNS, display_columns

__all__ = [
    "limited",
    "mixed_money_note",
    "order_options",
    "ordered",
    "say_more",
    "sorts_amounts",
]

F = TypeVar("F", bound=Callable[..., Any])


def order_options(example: str) -> Callable[[F], F]:
    """The options ``--sort`` (parameter ``sort``), ``--reverse`` and ``--limit``;
    ``example`` names a few columns for the help."""

    def decorate(f: F) -> F:
        f = count_option(
            "--limit", default=0, help="Show at most this many rows (0: all); says how many more."
        )(f)
        f = click.option("--reverse", is_flag=True, help="The other way round (with --sort).")(f)
        return click.option(
            "--sort",
            metavar="COLUMN",
            help=f"Order the rows by this column of the csv and json output ({example}, "
            "...): numbers and times largest first, words from A; with --limit, the top "
            "rows.",
        )(f)

    return decorate


def ordered(
    df: pd.DataFrame, column: str | None, reverse: bool, hints: Sequence[str] = ()
) -> pd.DataFrame:
    """The rows in the order ``--sort`` asks: by ``column``, numbers and times largest
    first and words from A (``reverse``: the other way), ties and missing values last in
    the rows' own order; as they are without ``column``. A column the rows lack is a
    usage error naming those of ``hints`` they have; ``--reverse`` alone is one too.

    >>> df = pd.DataFrame({"player": ["a", "b", "c"], "hands": [5, 9, None]})
    >>> ordered(df, "hands", False)["player"].tolist()
    ['b', 'a', 'c']
    >>> ordered(df, "player", True)["player"].tolist()
    ['c', 'b', 'a']
    """
    if column is None:
        if reverse:
            raise click.UsageError("--reverse reverses the order of --sort: name a column")
        return df
    if column not in df.columns:
        some = ", ".join(c for c in df.columns if c in hints)
        raise click.BadParameter(
            f"no column {column!r} to sort by; the rows have {some}, ... (the columns of "
            "--format csv)",
            param_hint="'--sort'",
        )
    values = df[column]
    words = not (
        pd.api.types.is_numeric_dtype(values) or pd.api.types.is_datetime64_any_dtype(values)
    )
    return df.sort_values(column, ascending=words != reverse, na_position="last", kind="stable")


def limited(df: pd.DataFrame, limit: int) -> tuple[pd.DataFrame, int]:
    """The first ``limit`` rows (all for 0), and how many are left out."""
    if not limit or len(df) <= limit:
        return df, 0
    return df.head(limit), len(df) - limit


def say_more(more: int, fmt: str) -> None:
    """The line under the output when ``--limit`` left ``more`` rows out: after the
    table, or on stderr beside csv and json (so that the data stays clean)."""
    if not more:
        return
    note = f"{more} more row{'s' if more != 1 else ''} (--limit 0 lists all)"
    if fmt == "table":
        echo(note)
    else:
        click.echo(note, err=True)


def sorts_amounts(column: str | None) -> bool:
    """Whether ``--sort column`` orders amounts of money (not counts, shares or rates)."""
    return column is not None and bool(display_columns([column], STAKE_COLUMNS))


def mixed_money_note(column: str | None, currencies: Iterable[Any]) -> str:
    """A note when ``--sort column`` orders amounts of several ``currencies`` (those of
    every row, not only the rows shown): 500 chips are not $5.00; '' otherwise.

    >>> mixed_money_note("net", ["USD", "chips", "USD"])
    'note: net orders amounts of 2 currencies (USD, chips) as numbers; --currency keeps one'
    >>> mixed_money_note("hands", ["USD", "chips"])
    ''
    """
    if not sorts_amounts(column):
        return ""
    kinds = list(dict.fromkeys(c if isinstance(c, str) else "chips" for c in currencies))
    if len(kinds) < 2:
        return ""
    return (
        f"note: {column} orders amounts of {len(kinds)} currencies ({', '.join(kinds)}) as "
        "numbers; --currency keeps one"
    )

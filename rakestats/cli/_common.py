"""Shared options and output helpers for the commands."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from rakestats.progress import Progress

__all__ = [
    "count_option",
    "fail_on_warehouse_error",
    "format_option",
    "progress_bar",
    "safe_text",
    "warehouse_option",
]

F = TypeVar("F", bound=Callable[..., Any])


def warehouse_option(f: F) -> F:
    return click.option(
        "--warehouse",
        "-w",
        required=True,
        type=click.Path(file_okay=False),
        help="Warehouse directory.",
    )(f)


def format_option(*formats: str, help: str = "Output format.") -> Callable[[F], F]:
    """``--format`` (the parameter ``fmt``): one of ``formats``, the first by default."""
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(formats)),
        default=formats[0],
        show_default=True,
        help=help,
    )


def count_option(*decls: str, default: int, help: str, minimum: int = 0) -> Callable[[F], F]:
    """An option taking a whole number from ``minimum`` up, with its default shown in
    ``--help``."""
    return click.option(
        *decls, type=click.IntRange(min=minimum), default=default, show_default=True, help=help
    )


def safe_text(text: str) -> str:
    """Text from histories made harmless for a terminal: control characters become
    visible escapes (``\\x1b``), so nothing raw reaches the screen."""
    return "".join(
        ch if unicodedata.category(ch) != "Cc" else ch.encode("unicode_escape").decode()
        for ch in text
    )


@contextmanager
def fail_on_warehouse_error() -> Iterator[None]:
    """Turn warehouse errors into a clear message and exit status 2."""
    from rakestats.warehouse import WarehouseError  # (not at import: see cli.ingest)

    try:
        yield
    except WarehouseError as exc:
        click.echo(f"error: {safe_text(str(exc))}", err=True)
        sys.exit(2)


def _terminal_width() -> int:
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return 0


@contextmanager
def progress_bar(desc: str, total: int | None = None, *, unit: str = "file") -> Iterator[Progress]:
    """A progress callback: a bar on a terminal, silent when stderr is piped. For an
    ingest (``desc="ingest"``) the bar says ``hashing`` until the first results."""
    if not sys.stderr.isatty():
        yield Progress(None)
        return
    from tqdm import tqdm

    first = "hashing" if desc == "ingest" else desc
    # a terminal that reports no size (some pseudo-terminals) would get no bar at all
    sized = _terminal_width() > 0
    bar = tqdm(
        total=total,
        desc=first,
        unit=unit,
        file=sys.stderr,
        leave=False,
        ncols=None if sized else 80,
        nrows=None if sized else 24,
    )
    bar.refresh()
    try:
        yield Progress(bar, desc)
    finally:
        bar.close()

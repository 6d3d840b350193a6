"""Shared options and output helpers for the commands."""

from __future__ import annotations

import os
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import click

from rakestats.warehouse import WarehouseError

__all__ = ["fail_on_warehouse_error", "progress_bar", "safe_text", "warehouse_option"]

F = TypeVar("F", bound=Callable[..., Any])


def warehouse_option(f: F) -> F:
    return click.option(
        "--warehouse",
        "-w",
        required=True,
        type=click.Path(file_okay=False),
        help="Warehouse directory.",
    )(f)


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
    try:
        yield
    except WarehouseError as exc:
        click.echo(f"error: {safe_text(str(exc))}", err=True)
        sys.exit(2)


class _Bar:
    """A progress callback (files done, hands read) that says what the ingest does from
    its first second: ``hashing`` while files are looked at, then ``ingest``."""

    def __init__(self, bar: Any | None, then: str | None = None) -> None:
        self.bar = bar
        self.then = then  # the description once results come in
        self.ingesting = False

    def hashed(self, seen: int) -> None:
        if self.bar is not None and not self.ingesting:
            self.bar.n = seen
            self.bar.refresh()

    def total_is(self, total: int, done: int) -> None:
        """Progress of a job that learns its total as it goes (compact's partitions)."""
        if self.bar is not None:
            self.bar.total = total
            self.bar.n = done
            self.bar.refresh()

    def __call__(self, files: int, hands: int) -> None:
        if self.bar is None:
            return
        if not self.ingesting:
            self.ingesting = True
            if self.then is not None:
                self.bar.set_description(self.then, refresh=False)
        self.bar.n = files
        self.bar.set_postfix(hands=hands, refresh=False)
        self.bar.refresh()


def _terminal_width() -> int:
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return 0


@contextmanager
def progress_bar(desc: str, total: int | None = None, *, unit: str = "file") -> Iterator[_Bar]:
    """A progress callback: a bar on a terminal, silent when stderr is piped. For an
    ingest (``desc="ingest"``) the bar says ``hashing`` until the first results."""
    if not sys.stderr.isatty():
        yield _Bar(None)
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
        yield _Bar(bar, desc)
    finally:
        bar.close()

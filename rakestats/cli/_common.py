"""Shared options and output helpers for the commands."""

from __future__ import annotations

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


@contextmanager
def progress_bar(desc: str, total: int | None = None) -> Iterator[Callable[[int, int], None]]:
    """A progress callback (files done, hands read): a bar on a terminal, silent when
    stderr is piped."""
    if not sys.stderr.isatty():
        yield lambda files, hands: None
        return
    from tqdm import tqdm

    bar = tqdm(total=total, desc=desc, unit="file", file=sys.stderr, leave=False)

    def update(files: int, hands: int) -> None:
        bar.n = files
        bar.set_postfix(hands=hands, refresh=False)
        bar.refresh()

    try:
        yield update
    finally:
        bar.close()

"""Shared options and output helpers for the commands."""

from __future__ import annotations

import errno
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

import click

from rakestats.progress import Progress

__all__ = [
    "count_option",
    "echo",
    "fail_on_warehouse_error",
    "format_option",
    "not_written",
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


# The characters of Unicode's category Cc (control): C0, DEL and C1.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


def safe_text(text: str) -> str:
    """Text from histories made harmless for a terminal: control characters become
    visible escapes (``\\x1b``), so nothing raw reaches the screen. Text without any
    (nearly all) is returned as it is, found by one regex search.

    >>> safe_text("Ann" + chr(27) + "[2J"), safe_text("Zoë")
    ('Ann\\\\x1b[2J', 'Zoë')
    """
    if _CONTROL.search(text) is None:
        return text
    return "".join(
        ch if unicodedata.category(ch) != "Cc" else ch.encode("unicode_escape").decode()
        for ch in text
    )


_PIECE = 1024
"""Characters written to standard output at a time by :func:`echo` (4 KiB at most once
encoded: within the buffer of any stream, so that a write that fails part way raises)."""


def echo(text: str = "", *, nl: bool = True) -> None:
    """Write ``text`` to standard output (``click.echo``). A write that fails there (a
    full disk under ``> out.csv``, a quota) is one line on stderr naming the reason and
    exit status 1, not a traceback; a closed pipe (``| head``) stays click's quiet exit.

    Long text goes out in pieces of :data:`_PIECE` characters, each flushed: one large
    write that the disk takes only in part returns its count from Python's buffered
    stream, which ``print`` and ``click.echo`` ignore, so the rest would be lost without
    an error and the command would exit 0 with its output cut."""
    try:
        if len(text) <= _PIECE:
            click.echo(text, nl=nl)
            return
        for start in range(0, len(text), _PIECE):
            click.echo(text[start : start + _PIECE], nl=False)
        if nl:
            click.echo("")
    except OSError as exc:
        if exc.errno == errno.EPIPE:
            raise
        reason = exc.strerror or str(exc)
        click.echo(f"error: cannot write the output (standard output): {reason}", err=True)
        sys.exit(1)


def not_written(out: str, exc: OSError) -> NoReturn:
    """A simulation that could not be written to ``out`` (a full disk, a read-only
    folder): one line on stderr and exit status 1. The simulator has removed the files
    the run had made (:func:`rakestats.sim.simulate`)."""
    where = f" ({exc.filename})" if exc.filename else ""
    reason = exc.strerror or str(exc)
    click.echo(
        f"error: cannot write the histories in {safe_text(out)}: {reason}{safe_text(where)}; "
        "none of this run's files were kept",
        err=True,
    )
    sys.exit(1)


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

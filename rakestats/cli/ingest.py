"""``rakestats ingest``, ``compact`` and ``quarantine``."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from rakestats.api import Warehouse
    from rakestats.warehouse import IngestSummary

from rakestats.cli._common import (
    count_option,
    echo,
    fail_on_warehouse_error,
    format_option,
    progress_bar,
    safe_text,
    warehouse_option,
)
from rakestats.cli._group import main
from rakestats.ingest_settings import (
    COMMIT_EVERY,
    PENDING_SECONDS,
    POOL_MIN_BYTES,
    pool_min_bytes,
    workers_started_early,
)

# rakestats.warehouse is imported where it is used: an ingest starts its workers first
# (they import it too, on the other cores, while this process does)

__all__ = [
    "EXIT_NOT_CLEAN",
    "QUARANTINE_KEYS",
    "compact_command",
    "display_path",
    "ingest_command",
    "not_read_line",
    "quarantine_command",
]

EXIT_NOT_CLEAN = 3  # --strict: something was not recognised, or a hand was quarantined


def _seconds(value: float) -> float:
    """``--pending-seconds``: a number (``nan`` passes click's range; infinity is
    allowed: an unfinished last hand of a changed file always waits)."""
    if value != value:
        raise click.BadParameter("nan is not a number of seconds", param_hint="'--pending-seconds'")
    return value


@main.command("ingest")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@warehouse_option
@click.option(
    "--jobs",
    "-j",
    type=int,
    default=None,
    help=(
        "Worker processes (default: all cores); an input under "
        f"{POOL_MIN_BYTES >> 20} MiB runs in this process."
    ),
)
@click.option("--wait", is_flag=True, help="Wait for another ingest to finish instead of failing.")
@count_option(
    "--commit-every",
    default=COMMIT_EVERY,
    minimum=1,
    help="Commit after this many new hands (an interrupted run keeps what it committed).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run on a Dask cluster: a scheduler address (tcp://host:8786), or local:N for a "
    "local cluster of N worker processes. Needs rakestats[dask].",
)
@click.option(
    "--retry-quarantined",
    is_flag=True,
    help="Re-validate quarantined hands and move those that now pass into the warehouse.",
)
@click.option(
    "--strict",
    is_flag=True,
    help=f"For batch jobs: exit with status {EXIT_NOT_CLEAN} when any file was not "
    "recognised or not read to its end, or any hand was quarantined (all else is still "
    "ingested).",
)
@click.option(
    "--watch",
    is_flag=True,
    help="Keep following the folders and files: ingest what appears, grows or changes, "
    "until Ctrl-C or SIGTERM, then print the totals.",
)
@click.option(
    "--pending-seconds",
    type=click.FloatRange(min=0),
    callback=lambda ctx, param, value: _seconds(value),
    default=PENDING_SECONDS,
    show_default=True,
    help="A text file changed this recently whose last hand is unfinished is read again "
    "later instead of quarantining that hand (0: quarantine at once).",
)
def ingest_command(
    paths: tuple[str, ...],
    warehouse: str,
    jobs: int | None,
    wait: bool,
    commit_every: int,
    scheduler: str | None,
    retry_quarantined: bool,
    strict: bool,
    watch: bool,
    pending_seconds: float,
) -> None:
    """Parse, validate and store hand histories (folders; .gz .bz2 .xz .zip .tar .tgz).

    Example: rakestats ingest sample_data --warehouse wh --jobs 2

    Example: rakestats ingest /shared/logs --warehouse /shared/wh --scheduler local:2

    Example: rakestats ingest logs --warehouse wh --strict   # exit 3 if anything was refused

    Example: rakestats ingest ~/PokerStars/HandHistory --warehouse wh --watch
    """
    try:
        pool_min_bytes()
    except ValueError as exc:  # the environment's setting, named
        click.echo(f"error: {safe_text(str(exc))}", err=True)
        sys.exit(2)
    n_jobs = jobs if jobs is not None else (os.cpu_count() or 1)
    early = paths if scheduler is None and not watch else ()
    with workers_started_early(early, n_jobs):  # they import while this process does
        summary = _ingest(
            paths, warehouse, n_jobs, wait, commit_every, scheduler, retry_quarantined, watch,
            pending_seconds,
        )  # fmt: skip
    if summary is None:
        return
    for path, reason in summary.unrecognized:
        click.echo(not_read_line(path, reason), err=True)
    echo(summary.line())
    if strict and not summary.clean:
        click.echo(
            f"error: --strict: {len(summary.unrecognized)} inputs not recognised or not read "
            f"to the end, {summary.quarantined} hands quarantined",
            err=True,
        )
        sys.exit(EXIT_NOT_CLEAN)


def _ingest(
    paths: tuple[str, ...],
    warehouse: str,
    n_jobs: int,
    wait: bool,
    commit_every: int,
    scheduler: str | None,
    retry_quarantined: bool,
    watch: bool,
    pending_seconds: float,
) -> IngestSummary | None:
    """The ingest of ``ingest_command`` (None after ``--watch``, or a retry alone)."""
    from rakestats.api import Warehouse
    from rakestats.warehouse import walk

    wh = Warehouse(warehouse)
    with fail_on_warehouse_error():
        if retry_quarantined:
            if paths and not wh.store.exists():  # the ingest below creates it
                echo("re-validated 0 quarantined hands: a new warehouse")
            else:  # a retry alone on a folder that is not a warehouse is refused
                echo(wh.retry_quarantined(wait=wait).line())
            if not paths:
                return None
        if not paths:
            raise click.UsageError("give at least one file or folder to ingest")
        if watch:
            _watch(wh, paths, n_jobs, pending_seconds)
            return None
        ingest = partial(
            wh.ingest, wait=wait, commit_every=commit_every, pending_seconds=pending_seconds
        )
        with (
            _cluster(scheduler) as client,
            progress_bar("ingest", total=len(walk(paths, []))) as bar,
        ):
            return ingest(list(paths), jobs=n_jobs, progress=bar, client=client)


@contextmanager
def _cluster(scheduler: str | None) -> Iterator[Any]:
    """The Dask client of ``--scheduler`` (None without one), closed after the block."""
    if scheduler is None:
        yield None
        return
    from rakestats.warehouse import DaskUnavailableError, client_for

    try:
        client = client_for(scheduler)
    except (DaskUnavailableError, ValueError, OSError) as exc:
        raise click.UsageError(str(exc)) from None
    try:
        yield client
    finally:
        client.close()


def _watch(wh: Warehouse, paths: tuple[str, ...], jobs: int, pending_seconds: float) -> None:
    """Follow ``paths`` until Ctrl-C or SIGTERM; a line per ingest that found news."""
    stop = threading.Event()

    def on_signal(signum: int, frame: object) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}

    def report(s: IngestSummary) -> None:
        for path, reason in s.unrecognized:
            click.echo(not_read_line(path, reason), err=True)
        if s.read or s.pending:
            echo(s.line())

    click.echo(f"watching {', '.join(display_path(p) for p in paths)} (Ctrl-C to stop)", err=True)
    try:
        total = wh.watch(
            list(paths),
            jobs=jobs,
            pending_seconds=pending_seconds,
            stop=stop,
            on_ingest=report,
            on_notice=lambda text: click.echo(safe_text(text), err=True),
        )
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    echo(total.line())


def not_read_line(path: str, reason: str) -> str:
    """The stderr line naming an input not read to its end: ``damaged PATH: read to line
    N: why`` (its hands up to line N were kept), else ``skipped PATH: why``.

    >>> not_read_line("a.gz", "damaged: read to line 12: Compressed file ended")
    'damaged a.gz: read to line 12: Compressed file ended'
    >>> not_read_line("notes.txt", "not a known hand-history format")
    'skipped notes.txt: not a known hand-history format'
    """
    from rakestats.warehouse import DAMAGED

    if reason.startswith(DAMAGED):
        return f"damaged {display_path(path)}: {safe_text(reason.removeprefix('damaged: '))}"
    return f"skipped {display_path(path)}: {safe_text(reason)}"


def display_path(path: str) -> str:
    """A path for the terminal: bytes that are not UTF-8 (kept by Python as surrogate
    escapes) shown as ``\\xff``, control characters escaped.

    >>> display_path("bad\\udcff.txt")
    'bad\\\\xff.txt'
    """
    raw = os.fsencode(path) if isinstance(path, str) else path
    return safe_text(raw.decode("utf-8", "backslashreplace"))


@main.command("compact")
@warehouse_option
@click.option("--wait", is_flag=True, help="Wait for a running ingest instead of failing.")
def compact_command(warehouse: str, wait: bool) -> None:
    """Rewrite the small parts left by incremental ingests into large ones, atomically.

    Example: rakestats compact --warehouse wh
    """
    from rakestats.api import Warehouse

    with fail_on_warehouse_error(), progress_bar("compact", unit="partition") as bar:
        summary = Warehouse(warehouse).compact(
            wait=wait, progress=lambda done, total: bar.total_is(total, done)
        )
    echo(summary.line())


#: Rows of the quarantine read at a time by ``rakestats quarantine``.
QUARANTINE_ROWS = 1_000

#: Columns of ``rakestats quarantine --format csv`` (keys of each JSON object), in
#: order; ``raw_text`` follows them with ``--raw``.
QUARANTINE_KEYS = (
    "source_file",
    "line",
    "reason",
    "site",
    "hand_id",
    "game",
    "quarantined_at",
    "resolved_at",
)


@main.command("quarantine")
@warehouse_option
@click.option(
    "--raw", is_flag=True, help="Also print each hand's raw text (csv and json: raw_text)."
)
@click.option(
    "--all",
    "show_all",
    is_flag=True,
    help="Also list entries resolved since by a complete copy of the hand.",
)
@count_option(
    "--limit", default=0, help="List at most this many hands (0: all); says how many more."
)
@format_option("table", "csv", "json")
def quarantine_command(warehouse: str, raw: bool, show_all: bool, limit: int, fmt: str) -> None:
    """List quarantined hands with file, line and reason, in order of file and line.

    csv and json have the columns of Warehouse.quarantine() (the hand's site, id and
    game where its text named them, when it was quarantined and, with --all, resolved);
    the count of hands is then written on stderr.

    Example: rakestats quarantine --warehouse wh

    Example: rakestats quarantine -w wh --format csv > refused.csv
    """
    # straight from DuckDB: listing the quarantine needs neither pandas nor the statistics
    from rakestats.warehouse import Store, connect

    where = "" if show_all else "WHERE resolved_at IS NULL "
    keys = (*QUARANTINE_KEYS, "raw_text") if raw else QUARANTINE_KEYS
    text = "raw_text" if raw else "NULL"  # the hands' text only when it is printed
    columns = ", ".join(keys) if fmt != "table" else (
        f"source_file, line, reason, {text}, resolved_at IS NOT NULL"
    )  # fmt: skip
    listed = 0
    with fail_on_warehouse_error():
        con = connect(Store(warehouse))
        try:
            total = con.execute(f"SELECT count(*) FROM quarantine {where}").fetchone()
            result = con.execute(
                f"SELECT {columns} FROM quarantine {where}ORDER BY source_file, line"
                + (f" LIMIT {int(limit)}" if limit else "")
            )
            # a batch of rows at a time: a quarantine of many hands is never held whole
            while rows := result.fetchmany(QUARANTINE_ROWS):
                if fmt == "table":
                    _quarantine_lines(rows, raw)
                else:
                    _quarantine_rows(fmt, keys, rows, first=listed == 0)
                listed += len(rows)
            if fmt != "table":
                _quarantine_rows(fmt, keys, [], first=listed == 0, end=True)
        finally:
            con.close()
    said = f"{listed} quarantined hands" + (" (resolved ones included)" if show_all else "")
    more = (total[0] if total else 0) - listed
    if more > 0:
        said += f"; {more} more (--limit 0 lists all)"
    if fmt == "table":
        echo(said)
    else:  # not in the data
        click.echo(said, err=True)


def _quarantine_lines(rows: list[tuple[Any, ...]], raw: bool) -> None:
    """The table: ``file:line: reason`` a hand (the line said once), its text indented."""
    for source_file, line_no, reason, raw_text, settled in rows:
        resolved = " (resolved)" if settled else ""
        why = str(reason).removeprefix(f"line {line_no}: ")  # said once, after
        echo(f"{safe_text(str(source_file))}:{line_no}: {safe_text(why)}{resolved}")
        if raw:
            for line in str(raw_text).splitlines():
                echo(f"    {safe_text(line)}")


def _quarantine_rows(
    fmt: str,
    keys: tuple[str, ...],
    rows: list[tuple[Any, ...]],
    *,
    first: bool,
    end: bool = False,
) -> None:
    """CSV (a header first) or one JSON array, written a batch of rows at a time: the
    text is the same as that of every row formatted at once."""
    values = [[_plain(v) for v in row] for row in rows]
    if fmt == "csv":
        if end:
            if first:
                echo(",".join(keys))
            return
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        if first:
            writer.writerow(keys)
        tty = sys.stdout.isatty()  # text from histories must not drive the terminal
        writer.writerows(
            [safe_text(v) if tty and isinstance(v, str) else v for v in row] for row in values
        )
        echo(out.getvalue(), nl=False)
        return
    if end:
        echo("[]" if first else "\n]")
        return
    texts = [
        json.dumps(dict(zip(keys, row, strict=True)), ensure_ascii=False, indent=1).replace(
            "\n", "\n "
        )
        for row in values
    ]  # each object one level in, as json.dumps(list, indent=1) writes it
    echo(("[\n " if first else ",\n ") + ",\n ".join(texts), nl=False)


def _plain(value: Any) -> Any:
    """A value of the quarantine as csv and json write it: a time as ISO 8601 text."""
    return value.isoformat() if isinstance(value, datetime) else value

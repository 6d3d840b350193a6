"""``rakestats demo``: the main job on the bundled sample data, in one command:
ingest, the statistics table, the report."""

from __future__ import annotations

import os
from pathlib import Path

import click

from rakestats.api import Warehouse
from rakestats.cli._common import (
    count_option,
    echo,
    fail_on_warehouse_error,
    progress_bar,
    safe_text,
)
from rakestats.cli._group import main
from rakestats.cli.ingest import not_read_line
from rakestats.cli.report import step_bar
from rakestats.cli.stats import stats_command
from rakestats.report import STEPS, PdfUnavailableError, build_report
from rakestats.warehouse import walk

__all__ = ["demo_command"]


@main.command("demo")
@click.option(
    "--sample-data",
    type=click.Path(exists=True, file_okay=False),
    default=None,
    help="Hand histories to ingest (default: the sample data, found or made by "
    "rakestats.sim.sample_data_dir(): the checkout's sample_data/, or a copy the simulator "
    "makes once in the cache folder).",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="demo_out",
    show_default=True,
    help="Directory for the warehouse and the report.",
)
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None, help="Worker processes.")
@click.option("--pdf/--no-pdf", default=True, show_default=True, help="Also write report.pdf.")
@count_option("--profiles", default=2, help="Profiles of the N players with the most hands.")
@click.pass_context
def demo_command(
    ctx: click.Context,
    sample_data: str | None,
    out: str,
    jobs: int | None,
    pdf: bool,
    profiles: int,
) -> None:
    """Ingest the sample histories into OUT/warehouse, print the statistics and write
    OUT/report.html and OUT/report.pdf (the same document). Running it again adds
    nothing twice and rewrites the report.

    Example: rakestats demo --out demo_out
    """
    if sample_data is None:
        from rakestats.sim import sample_data_dir

        try:
            sample_data = str(sample_data_dir())
        except FileNotFoundError as exc:
            raise click.UsageError(safe_text(str(exc))) from None
    warehouse = os.path.join(out, "warehouse")
    wh = Warehouse(warehouse)
    with fail_on_warehouse_error():
        with progress_bar("ingest", total=len(walk([sample_data]))) as progress:
            summary = wh.ingest(
                [sample_data], jobs=jobs or (os.cpu_count() or 1), progress=progress
            )
        for path, reason in summary.unrecognized:  # as ``rakestats ingest`` names them
            click.echo(not_read_line(path, reason), err=True)
        echo(summary.line())
        echo("")
        ctx.invoke(stats_command, warehouse=warehouse)
        echo("")
        with step_bar(STEPS) as step:
            try:
                report = build_report(
                    wh,
                    os.path.join(out, "report.html"),
                    pdf=os.path.join(out, "report.pdf") if pdf else None,
                    warehouse=warehouse,
                    step=step,
                    profiles=profiles,
                )
            except PdfUnavailableError as exc:  # the HTML report does not need it
                click.echo(f"warning: no PDF: {safe_text(str(exc))}", err=True)
                report = build_report(
                    wh,
                    os.path.join(out, "report.html"),
                    warehouse=warehouse,
                    step=step,
                    profiles=profiles,
                )
    echo(safe_text(report.line()))
    echo(f"open it: {safe_text(Path(report.html).resolve().as_uri())}")

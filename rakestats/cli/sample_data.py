"""``rakestats sample-data``: regenerate the committed sample hand histories."""

from __future__ import annotations

import click

from rakestats.cli._common import echo, not_written
from rakestats.cli._group import main
from rakestats.sim.samples import write_sample_data

__all__ = ["sample_data_command"]


@main.command("sample-data")
@click.option(
    "--out", type=click.Path(file_okay=False), default="sample_data", show_default=True,
    help="Output directory.",
)  # fmt: skip
def sample_data_command(out: str) -> None:
    """Write the deterministic sample data (server and players' views, with the
    truth files) to OUT.

    \b
    OUT must be new, empty, or hold the sample data written earlier (which is
    replaced); any other folder is refused (exit 2) and nothing is written.

    \b
    Example: rakestats sample-data --out sample_data
    """
    try:
        summaries = write_sample_data(out)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    except OSError as err:
        not_written(out, err)
    for summary in summaries:
        echo(
            f"run {summary.run_id}: {summary.hands} hands, {len(summary.files)} files "
            f"in {summary.truth.parent}"
        )

"""The ``rakestats`` command group; each command lives in its own module.

Command modules are imported when their command runs (``--help`` lists them from
:data:`SUMMARIES` without importing them), so that ``rakestats ingest`` never imports
plotting (matplotlib would write its cache under ``~``) nor the report.
"""

from __future__ import annotations

import importlib
import sys
import warnings
from typing import Any, TextIO

import click

from rakestats import __version__

__all__ = ["COMMANDS", "SUMMARIES", "main"]

COMMANDS: dict[str, str] = {
    "compact": "rakestats.cli.ingest",
    "demo": "rakestats.cli.demo",
    "hand": "rakestats.cli.hand",
    "hands": "rakestats.cli.hands",
    "ingest": "rakestats.cli.ingest",
    "quarantine": "rakestats.cli.ingest",
    "report": "rakestats.cli.report",
    "sample-data": "rakestats.cli.sample_data",
    "sessions": "rakestats.cli.sessions",
    "simulate": "rakestats.cli.simulate",
    "stats": "rakestats.cli.stats",
}
"""Each command and the module that defines it (importing the module registers it)."""

SUMMARIES: dict[str, str] = {
    "compact": "Rewrite the small parts left by incremental ingests into large ones.",
    "demo": "Ingest the sample data, print statistics and write a report.",
    "hand": "Print one hand as the history tells it (text or JSON).",
    "hands": "List the hands that match the filters, newest first.",
    "ingest": "Parse, validate and store hand histories; --watch follows live folders.",
    "quarantine": "List quarantined hands with file, line and reason.",
    "report": "Write the batch report (HTML, and PDF).",
    "sample-data": "Write the bundled sample histories (made by the simulator).",
    "sessions": "Each player's hands grouped into sessions.",
    "simulate": "Play hands of Rake between bots and write their histories.",
    "stats": "Per-player statistics as a table, CSV or JSON.",
}
"""What ``rakestats --help`` says of each command, so that listing them imports none
(a test checks each against its command)."""


class _LazyGroup(click.Group):
    """A group whose commands are imported on first use; a warehouse error escaping a
    command becomes one line and exit status 2; the library's warnings are one line."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMANDS) | set(self.commands))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list of ``--help``, from :data:`SUMMARIES`: no command is imported."""
        rows = [(name, SUMMARIES.get(name, "")) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(COMMANDS[cmd_name])
        cmd = self.commands.get(cmd_name)
        if cmd is not None and cmd_name in SUMMARIES:
            cmd.short_help = SUMMARIES[cmd_name]  # the same words as ``--help`` lists
        return cmd

    def invoke(self, ctx: click.Context) -> Any:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            try:
                return super().invoke(ctx)
            except Exception as exc:
                from rakestats.warehouse import WarehouseError

                if not isinstance(exc, WarehouseError):
                    raise
                from rakestats.cli._common import safe_text

                click.echo(f"error: {safe_text(str(exc))}", err=True)
                sys.exit(2)


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning from rakestats as one line on stderr (``warning: ...``)."""
    if category.__module__.startswith("rakestats"):
        from rakestats.cli._common import safe_text

        click.echo(f"warning: {safe_text(str(message))}", err=True)
    else:
        print(
            warnings.formatwarning(message, category, filename, lineno, line),
            file=sys.stderr,
            end="",
        )


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """``--version``: the version, and whether the ingest's hot modules run compiled."""
    if not value or ctx.resilient_parsing:
        return
    from rakestats.build_info import core_status

    click.echo(f"rakestats, version {__version__}")
    click.echo(f"ingest core: {core_status()}")
    ctx.exit()


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version, and whether the ingest runs compiled, and exit.",
)
def main() -> None:
    """Hand-history analytics for Rake and Razz.

    Example: rakestats ingest sample_data --warehouse wh && rakestats stats --warehouse wh
    """

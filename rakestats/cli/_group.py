"""The ``rakestats`` command group; each command lives in its own module."""

from __future__ import annotations

import click

from rakestats._version import __version__

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rakestats")
def main() -> None:
    """Hand-history analytics for Rake and Razz.

    Example: rakestats ingest sample_data --warehouse wh && rakestats stats --warehouse wh
    """

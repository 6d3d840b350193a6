"""Command-line interface: a thin layer over the library, one module per command.

Command modules register themselves on ``main`` when imported below.
"""

from rakestats.cli._group import main

__all__ = ["main"]

from rakestats.cli import demo as _demo  # noqa: F401
from rakestats.cli import hand as _hand  # noqa: F401
from rakestats.cli import ingest as _ingest  # noqa: F401
from rakestats.cli import report as _report  # noqa: F401
from rakestats.cli import sample_data as _sample_data  # noqa: F401
from rakestats.cli import simulate as _simulate  # noqa: F401
from rakestats.cli import stats as _stats  # noqa: F401

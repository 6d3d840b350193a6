"""Command-line interface: a thin layer over the library, one module per command.

Command modules register themselves on ``main`` when imported; ``main`` imports each
one when its command is run (``rakestats.cli._group.COMMANDS``), so that a command
imports only what it uses. The ``rakestats`` program (and ``python -m rakestats``) is
:func:`run`: ``main`` in a process of its own.
"""

import os

from rakestats.cli._group import main

__all__ = ["main", "run"]

# Arrow's allocator in the rakestats program, unless its environment names one: the C
# library's malloc, as in the ingest's workers. Arrow's default (mimalloc) hands the
# Parquet writer's buffers fresh pages at every spill, which the kernel zeroes again:
# 10 % of an ingest driver's samples under perf, and 2 % of the whole ingest's CPU
# (docs/performance.md, "The program's allocator"). A process that imports rakestats
# as a library keeps the allocator its caller chose.
_ARROW_POOL = "ARROW_DEFAULT_MEMORY_POOL"
_PROGRAM_POOL = "system"


def run() -> None:
    """The ``rakestats`` program: :func:`main`, with Arrow's allocator chosen for the
    process first (read when Arrow is first loaded, which the commands do later)."""
    os.environ.setdefault(_ARROW_POOL, _PROGRAM_POOL)
    main()

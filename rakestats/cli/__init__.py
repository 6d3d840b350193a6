"""Command-line interface: a thin layer over the library, one module per command.

Command modules register themselves on ``main`` when imported; ``main`` imports each
one when its command is run (``rakestats.cli._group.COMMANDS``), so that a command
imports only what it uses. The ``rakestats`` program (and ``python -m rakestats``) is
:func:`run`: ``main`` in a process of its own.
"""

import os

from rakestats.allocator import ARROW_POOL, arrow_pool
from rakestats.cli._group import main

__all__ = ["main", "run"]


def run() -> None:
    """The ``rakestats`` program: :func:`main`, with Arrow's allocator chosen for the
    process first (malloc unless the environment names one: see
    :mod:`rakestats.allocator`; Arrow reads it when it first loads, which the commands
    do later). A process that imports rakestats as a library keeps its own."""
    os.environ[ARROW_POOL] = arrow_pool()
    main()

"""Command-line interface: a thin layer over the library, one module per command.

Command modules register themselves on ``main`` when imported; ``main`` imports each
one when its command is run (``rakestats.cli._group.COMMANDS``), so that a command
imports only what it uses. The ``rakestats`` program (and ``python -m rakestats``) is
:func:`run`: ``main`` in a process of its own.
"""

import os

from rakestats.allocator import ARROW_POOL, arrow_pool
from rakestats.blas import BLAS_THREADS, blas_threads
from rakestats.cli._group import main

__all__ = ["main", "run"]


def run() -> None:
    """The ``rakestats`` program: :func:`main`, with Arrow's allocator and the BLAS
    threads chosen for the process first (malloc and one thread unless the environment
    names others: see :mod:`rakestats.allocator` and :mod:`rakestats.blas`; Arrow and
    numpy read them when they first load, which the commands do later). A process that
    imports rakestats as a library keeps its own."""
    os.environ[ARROW_POOL] = arrow_pool()
    os.environ[BLAS_THREADS] = blas_threads()
    main()

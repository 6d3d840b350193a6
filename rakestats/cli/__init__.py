"""Command-line interface: a thin layer over the library, one module per command.

Command modules register themselves on ``main`` when imported; ``main`` imports each
one when its command is run (``rakestats.cli._group.COMMANDS``), so that a command
imports only what it uses.
"""

from rakestats.cli._group import main

__all__ = ["main"]

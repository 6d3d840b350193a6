"""Tasks for worker-pool tests, in a module that imports nothing heavy (a worker told to
do without pandas must be able to import it)."""

from __future__ import annotations

import importlib
import sys


def arrow_then_modules(names: list[str]) -> dict[str, bool]:
    """Make an Arrow array (pyarrow imports pandas then, when it can), then say which of
    ``names`` the worker has imported."""
    import pyarrow as pa

    pa.array([1, 2])
    return {name: name in sys.modules for name in names}


def import_module(name: str) -> str:
    return importlib.import_module(name).__name__


def arrow_allocator(_: object) -> str:
    """The name of the worker's default Arrow memory pool."""
    import pyarrow as pa

    return pa.default_memory_pool().backend_name


def environment(name: str) -> str | None:
    import os

    return os.environ.get(name)


def say(text: str) -> int:
    """Print ``text`` with no newline (held in the worker's buffer until flushed)."""
    print(text, end="")
    return len(text)


def timed_sleep(seconds: float) -> tuple[float, float]:
    """Sleep; the system's monotonic clock before and after (one clock for every
    process on Linux)."""
    import time

    start = time.monotonic()
    time.sleep(seconds)
    return start, time.monotonic()

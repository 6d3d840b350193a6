"""Arrow's allocator in the processes rakestats starts or runs as a program.

Arrow reads ``ARROW_DEFAULT_MEMORY_POOL`` once, when it first loads. Its default
(mimalloc) hands each staged batch and each Parquet write fresh pages and gives them
back between batches, so the kernel zeroes them again and again (7 % of a worker's
samples under perf, 10 % of the ingest driver's); the C library's malloc reuses the
memory freed (docs/performance.md, "The workers' allocator" and "The program's
allocator"). The ingest's workers and the ``rakestats`` program use malloc unless their
environment names an allocator; a script or notebook that imports rakestats keeps the
one its process has.

>>> arrow_pool({}), arrow_pool({ARROW_POOL: "mimalloc"})
('system', 'mimalloc')
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["ARROW_POOL", "arrow_pool"]

ARROW_POOL = "ARROW_DEFAULT_MEMORY_POOL"
"""The environment variable Arrow reads its default allocator from."""


def arrow_pool(environ: Mapping[str, str] = os.environ) -> str:
    """The allocator for a process rakestats starts: the one ``environ`` names, else
    the C library's malloc (``"system"``)."""
    return environ.get(ARROW_POOL, "system")

"""The BLAS threads of the processes rakestats starts or runs as a program.

numpy's OpenBLAS starts a thread for each further core when numpy is imported, and
those threads spin, waiting for work, before they sleep: 0.1 s of a core for every
process that imports numpy (0.17 s of CPU to import it against 0.06-0.09 with one thread).
rakestats multiplies no large matrices, so the ingest's workers and the ``rakestats``
program run OpenBLAS on one thread unless their environment says otherwise; a script
or notebook that imports rakestats keeps what its process has.

>>> blas_threads({}), blas_threads({BLAS_THREADS: "4"})
('1', '4')
"""

from __future__ import annotations

import os
from collections.abc import Mapping

__all__ = ["BLAS_THREADS", "blas_threads"]

BLAS_THREADS = "OPENBLAS_NUM_THREADS"
"""The environment variable OpenBLAS reads its number of threads from, when it loads."""


def blas_threads(environ: Mapping[str, str] = os.environ) -> str:
    """The OpenBLAS threads for a process rakestats starts: as many as ``environ``
    names, else one."""
    return environ.get(BLAS_THREADS, "1")

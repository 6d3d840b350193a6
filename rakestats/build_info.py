"""Which build of rakestats is running: whether the ingest's hot modules run compiled
(see ``rakestats._speedups``), and why not when they do not. ``rakestats --version``
prints it.

>>> from rakestats.build_info import core_status
>>> str(core_status()).startswith(("compiled", "partly compiled", "pure Python"))
True
"""

from __future__ import annotations

from rakestats._speedups import CoreStatus
from rakestats._speedups import status as core_status

__all__ = ["CoreStatus", "core_status"]

"""Errors of writing to the warehouse (the others live with the store)."""

from __future__ import annotations

from rakestats.warehouse._store import WarehouseError

__all__ = ["WarehouseWriteError"]


class WarehouseWriteError(WarehouseError):
    """A write to the warehouse failed (disk full, file-size limit, I/O error): the run
    stops, nothing of its open transaction is committed, and none of the files it had
    not committed is recorded as read, so the next run reads them again."""

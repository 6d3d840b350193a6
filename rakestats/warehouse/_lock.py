"""The writer lock's file lock, and the warning for a lock taken over from a dead writer."""

from __future__ import annotations

import errno
import os
import re
import sys
import time
from typing import IO

__all__ = ["StaleLockWarning", "stale_lock_warning", "take_lock"]


class StaleLockWarning(UserWarning):
    """The writer lock was taken over from a process that died holding it (its pid in
    ``pid``); its unfinished transaction was discarded."""

    def __init__(self, message: str, pid: int | None) -> None:
        super().__init__(message)
        self.pid = pid


_HOLDER_PID = re.compile(r"pid (\d+)")


def stale_lock_warning(name: str, holder: str) -> StaleLockWarning:
    """The warning that the lock of warehouse ``name`` was taken over from ``holder``
    (the text the dead holder left in the lock file), which died holding it."""
    m = _HOLDER_PID.search(holder)
    pid = int(m[1]) if m else None
    who = holder[:80] if pid is not None else repr(holder[:80])
    return StaleLockWarning(
        f"{name}: took over a stale writer lock from {who}, "
        "which ended without releasing it; its uncommitted work is discarded",
        pid,
    )


_WINDOWS_LOCK_BYTE = 1 << 30  # locked on Windows: past any text the lock file holds


def take_lock(fh: IO[str], wait: bool) -> bool:
    """Take the exclusive lock on the open lock file: True when taken, False when
    another process holds it (only when not waiting)."""
    if sys.platform == "win32":
        import msvcrt

        while True:
            os.lseek(fh.fileno(), _WINDOWS_LOCK_BYTE, os.SEEK_SET)
            try:
                msvcrt.locking(fh.fileno(), msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if not wait:
                    return False
                time.sleep(0.2)
    import fcntl

    try:
        fcntl.lockf(fh.fileno(), fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except OSError as exc:
        if exc.errno not in (errno.EAGAIN, errno.EACCES):
            raise
        return False
    return True

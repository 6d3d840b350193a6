"""Atomic file writes: a temporary file beside the target, then one rename, so a
reader sees the old file or the whole new one, never half of it."""

from __future__ import annotations

import contextlib
import errno
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["check_writable", "write_atomic"]


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise :class:`PermissionError` (or the :class:`OSError` met) naming ``path`` when
    a file cannot be written there, as :func:`write_atomic` will write it: a temporary
    file is made and removed in its folder, or in the nearest folder above it that
    exists (:func:`write_atomic` creates the rest; nothing is created here), so that a
    long job fails before its work rather than after it."""
    target = Path(path)
    folder = target.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    try:
        if not folder.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, f"{folder} is not a folder")
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as exc:
        reason = exc.strerror or str(exc)
        error = type(exc)(f"cannot write {os.fspath(path)}: {reason}")
        error.errno = exc.errno
        raise error from None
    os.close(fd)
    os.unlink(tmp)


def write_atomic(path: str | os.PathLike[str], write: Callable[[str], None]) -> Path:
    """Call ``write(tmp_path)`` to fill a temporary file in the target's directory, then
    move it onto ``path`` (created with the usual permissions). On an error the
    temporary file is removed and the target is left as it was."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    try:
        write(tmp)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        with open(tmp, "rb") as fh:
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return target

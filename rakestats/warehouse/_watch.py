"""Following live folders: ingest files as a poker client writes them.

:func:`watch_paths` ingests the paths once, then waits for the operating system to say
that files under them appeared, grew or changed (through watchdog: inotify, FSEvents,
ReadDirectoryChangesW, or polling where none exists), lets a burst of changes settle,
and ingests the changed files. A file whose last hand is still being written is
*pending* (see :func:`~rakestats.warehouse._ingest.ingest_paths`): it is read again when
it changes, and once more when its pending time has passed, so a hand the client never
finished is quarantined then. Only news of content counts (a file created, written,
closed after writing, or moved in): the ingest's own reading of a file is reported too
(opened, closed without writing) and is not news, or every ingest would start the next.
When the system says it lost events (its queue overflowed) the paths are ingested again
whole; unchanged files are not re-read. The writer lock is held only while an ingest
runs, so readers and other commands work in between. It stops when ``stop`` is set (the
CLI sets it on Ctrl-C and SIGTERM) and returns the totals of its runs.
"""

from __future__ import annotations

import contextlib
import os
import stat
import threading
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rakestats.ingest_settings import PENDING_SECONDS
from rakestats.warehouse._ingest import (
    IngestSummary,
    check_ingest_arguments,
    ingest_paths,
    passed_over_in_folder,
)
from rakestats.warehouse._store import Store
from rakestats.warehouse._words import count

__all__ = ["WatchSummary", "watch_paths"]


@dataclass
class WatchSummary:
    """The totals of a watch's ingests."""

    runs: int = 0
    read: int = 0
    ingested: int = 0
    duplicates: int = 0
    quarantined: int = 0
    skipped: int = 0
    unrecognized: list[tuple[str, str]] = field(default_factory=list)
    pending_files: list[str] = field(default_factory=list)  # at the end
    notices: list[str] = field(default_factory=list)  # folders gone, and back
    interrupted: bool = False  # stopped by Ctrl-C (KeyboardInterrupt), not by ``stop``

    def add(self, s: IngestSummary) -> None:
        self.runs += 1
        self.read += s.read
        self.ingested += s.ingested
        self.duplicates += s.duplicates
        self.quarantined += s.quarantined
        self.skipped += s.skipped
        self.unrecognized.extend(s.unrecognized)

    def __str__(self) -> str:  # print(summary) prints its line
        return self.line()

    def line(self) -> str:
        text = (
            f"watched: {count(self.runs, 'ingest')} read {count(self.read, 'hand')}: "
            f"{self.ingested} ingested, "
            f"{count(self.duplicates, 'duplicate')}, {self.quarantined} quarantined, "
            f"{self.skipped} skipped"
        )
        if self.pending_files:
            n = len(self.pending_files)
            ends = "ends" if n == 1 else "end"
            text += f" ({count(n, 'file')} {ends} in a hand still being written)"
        if self.interrupted:
            text += " (stopped by Ctrl-C)"
        return text


class _Changes:
    """Paths reported changed by the watcher, collected between ingests."""

    def __init__(self, roots: Sequence[Path], warehouse: Path) -> None:
        self.roots = [r.resolve() for r in roots]
        self.warehouse = warehouse.resolve()  # its own writes are not news
        self.lock = threading.Lock()
        self.paths: set[str] = set()
        self.lost = False  # events were lost: ingest the roots again
        self.last = 0.0
        self.event = threading.Event()

    def wanted(self, path: str) -> bool:
        """A change to read: a root itself, or a file below one that the folder's walk
        would read (not hidden, not in a hidden folder, not notes)."""
        p = Path(path)
        if p.name.startswith("."):
            return False
        rp = p.resolve()
        if rp == self.warehouse or self.warehouse in rp.parents:
            return False
        for root in self.roots:
            if rp == root:
                return True
            if root in rp.parents:
                return not passed_over_in_folder(root, rp.relative_to(root).parts)
        return False

    def note(self, path: str) -> None:
        if not self.wanted(path):
            return
        with self.lock:
            self.paths.add(path)
            self.last = time.monotonic()
        self.event.set()

    def events_lost(self) -> None:
        with self.lock:
            self.lost = True
            self.last = time.monotonic()
        self.event.set()

    def take(self) -> tuple[set[str], bool]:
        """The paths noted since the last take, and whether events were lost."""
        with self.lock:
            out, lost, self.paths, self.lost = self.paths, self.lost, set(), False
            self.event.clear()
            return out, lost


# What a file's change is called when it may have new content; "opened" and
# "closed_no_write" (a reader, the ingest itself), "attrib" and "deleted" are not news.
_NEWS = frozenset({"created", "modified", "moved", "closed"})


def _handler(changes: _Changes) -> Any:
    from watchdog.events import FileSystemEvent, FileSystemEventHandler

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event: FileSystemEvent) -> None:
            if event.event_type == "events_lost":
                changes.events_lost()
                return
            if event.is_directory or event.event_type not in _NEWS:
                return
            for attr in ("dest_path", "src_path"):
                path = getattr(event, attr, "")
                if path:
                    changes.note(os.fsdecode(path))
                    break

    return Handler()


def _identity(folder: Path) -> tuple[int, int] | None:
    """The device and inode of ``folder``, or None when it is not (or no longer) one."""
    try:
        st = os.stat(folder)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if stat.S_ISDIR(st.st_mode) else None


class _Watcher:
    """The observer, and each folder it watches with that folder's identity: a folder
    removed is told, and one made again under the same path (a client reinstalled, a
    sync that replaces the folder) is watched anew; the operating system's watch ends
    with the folder it was put on, and what was written to the new one was missed."""

    def __init__(self, roots: Sequence[Path], changes: _Changes) -> None:
        from watchdog.observers import Observer

        self.observer = Observer()
        self.handler = _handler(changes)
        self.folders: dict[Path, tuple[bool, Any, tuple[int, int] | None]] = {}
        for root in roots:
            folder = root if root.is_dir() else root.parent
            if folder not in self.folders:
                self._schedule(folder, recursive=root.is_dir())

    def _schedule(self, folder: Path, *, recursive: bool) -> None:
        watch = self.observer.schedule(self.handler, str(folder), recursive=recursive)
        self.folders[folder] = (recursive, watch, _identity(folder))

    def check(self) -> tuple[list[Path], list[Path]]:
        """The folders gone since the last check, and those there again (watched anew
        from now on); a folder replaced between two checks is in both."""
        gone: list[Path] = []
        back: list[Path] = []
        for folder, (recursive, watch, known) in list(self.folders.items()):
            now = _identity(folder)
            if now == known:
                continue
            if known is not None:
                with contextlib.suppress(KeyError, OSError):  # its watch may have ended
                    self.observer.unschedule(watch)
                self.folders[folder] = (recursive, None, None)
                gone.append(folder)
            if now is not None:
                try:
                    self._schedule(folder, recursive=recursive)
                except OSError:  # gone again already: the next check sees it
                    continue
                back.append(folder)
        return gone, back


def watch_paths(
    store: Store,
    paths: Iterable[str | os.PathLike[str]] | str | os.PathLike[str],
    *,
    jobs: int = 1,
    pending_seconds: float = PENDING_SECONDS,
    settle_seconds: float = 1.0,
    stop: threading.Event | None = None,
    on_ingest: Callable[[IngestSummary], None] | None = None,
    on_notice: Callable[[str], None] | None = None,
) -> WatchSummary:
    """Follow folders and files (one path or several): ingest them now, then again as
    files appear, grow or change, until ``stop`` is set (see the module docstring);
    ``on_ingest`` is told the summary of each ingest, and the totals are returned. In a
    notebook or a script, Ctrl-C (interrupting the kernel) stops it too: the totals are
    returned, marked ``interrupted`` (an ingest it stopped is not in them, and kept
    what it had committed).

    A watched folder that is removed is told (``DIR is gone: watching for it to come
    back``), and when a folder is there again under that path it is watched anew and
    read (``DIR is back: watching it again``): to ``on_notice``, else as a
    :class:`RuntimeWarning`; the notices are kept in the summary's ``notices``."""
    check_ingest_arguments(jobs=jobs, pending_seconds=pending_seconds)
    if not settle_seconds >= 0:
        raise ValueError(f"settle_seconds must be a number of at least 0, got {settle_seconds!r}")
    stop = stop if stop is not None else threading.Event()
    roots = [Path(p) for p in ([paths] if isinstance(paths, (str, os.PathLike)) else paths)]
    missing = [str(r) for r in roots if not r.exists()]
    if missing:
        raise FileNotFoundError(f"cannot watch what does not exist: {', '.join(missing)}")
    summary = WatchSummary()
    changes = _Changes(roots, store.root)
    watcher = _Watcher(roots, changes)
    observer = watcher.observer
    observer.start()  # before the first ingest: nothing written meanwhile is missed

    def notice(text: str) -> None:
        summary.notices.append(text)
        if on_notice is not None:
            on_notice(text)
        else:  # a library does not print: a warning the caller sees (or filters)
            warnings.warn(text, RuntimeWarning, stacklevel=3)

    pending: dict[str, float] = {}  # file -> when to read it again though unchanged

    def run(targets: Sequence[str]) -> None:
        with store.lock(wait=True):
            s = ingest_paths(store, list(targets), jobs=jobs, pending_seconds=pending_seconds)
        summary.add(s)
        for f in targets:
            pending.pop(f, None)
        for f in s.pending_files:
            pending[f] = time.monotonic() + pending_seconds + 0.5
        if on_ingest is not None:
            on_ingest(s)

    try:
        run([str(r) for r in roots])
        while not stop.is_set():
            gone, back = watcher.check()
            for folder in gone:
                notice(f"{folder} is gone: watching for it to come back")
            for folder in back:
                notice(f"{folder} is back: watching it again")
                changes.events_lost()  # what was written to it meanwhile: read again
            due = [f for f, at in pending.items() if at <= time.monotonic()]
            wait = min([at - time.monotonic() for at in pending.values()] + [0.5])
            if not due and not changes.event.wait(timeout=max(wait, 0.05)):
                continue
            # let a burst of writes settle (at most a few seconds) before reading
            while not stop.is_set() and (changes.paths or changes.lost):
                quiet = time.monotonic() - changes.last
                if quiet >= settle_seconds:
                    break
                stop.wait(min(settle_seconds - quiet, 0.25))
            noted, lost = changes.take()
            targets = sorted(
                {p for p in noted if os.path.isfile(p)}
                | {f for f in due if os.path.isfile(f)}
                | ({str(r) for r in roots if r.exists()} if lost else set())
            )
            for f in due:
                pending.pop(f, None)
            if targets:
                run(targets)
    except KeyboardInterrupt:
        summary.interrupted = True
    finally:
        observer.stop()
        observer.join(timeout=5)
    summary.pending_files = sorted(pending)
    return summary

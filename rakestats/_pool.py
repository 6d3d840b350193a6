"""Worker processes that never run the caller's code.

:mod:`multiprocessing` starts a worker by re-running the caller's ``__main__`` (spawn
and forkserver both do): a script without an ``if __name__ == "__main__":`` guard runs
again in every worker, and code read from standard input or typed at a prompt cannot be
re-run at all. rakestats' workers are instead fresh interpreters started as
``python -m rakestats._pool``: they import rakestats and the modules named, and nothing
of the caller. They take pickled ``(function, argument)`` tasks on standard input and
answer on standard output (what a task prints goes to standard error), so they work
the same from a script, ``python -``, ``python -c``, Jupyter or an interactive prompt.

A worker dies with its parent (on Linux through ``PR_SET_PDEATHSIG``; elsewhere when it
reads end-of-file on its input). An exception in a task is raised again in the caller
(its cause a :class:`WorkerError` with the worker's traceback, or that error alone when
the exception cannot be pickled); a worker that dies raises :class:`WorkerError`.

>>> with WorkerPool(2) as pool:
...     list(pool.imap(abs, [-3, 1, -2]))
[3, 1, 2]
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import IO, Any, NoReturn, TypeVar

__all__ = ["WorkerError", "WorkerPool", "discard_early", "start_early"]

T = TypeVar("T")
R = TypeVar("R")

_HEADER = struct.Struct("<Q")
# Tasks sent to a worker and not yet answered, at most: the one it runs and the next.
_QUEUED = 2
_Sent = queue.SimpleQueue[int | None]  # the items a worker was sent, None after the last
_STOP = object()


class WorkerError(RuntimeError):
    """A task failed in a worker process, or the worker died."""


class _Died(WorkerError):
    """The worker process died: it answers no more tasks."""


def _pickled(obj: Any) -> bytes:
    """``obj`` as a message: its pickle's length, then the pickle."""
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    return _HEADER.pack(len(data)) + data


def _send(fh: IO[bytes], obj: Any) -> None:
    fh.write(_pickled(obj))
    fh.flush()


def _receive(fh: IO[bytes]) -> Any:
    head = fh.read(_HEADER.size)
    if len(head) < _HEADER.size:
        raise EOFError
    (size,) = _HEADER.unpack(head)
    data = fh.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def _child_path() -> str:
    """The caller's import path, so a worker finds rakestats (and the task functions)
    wherever the caller found them; the caller's working directory stands in for ''."""
    return os.pathsep.join(os.path.abspath(p) if p else os.getcwd() for p in sys.path)


_WITHOUT = "--without="  # an argument naming a module the worker must not import


class _Worker:
    def __init__(
        self,
        preload: Sequence[str],
        without: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
    ) -> None:
        env = {**os.environ, **(env or {}), "PYTHONPATH": _child_path()}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "rakestats._pool", *[_WITHOUT + m for m in without], *preload],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.tasks: IO[bytes] = self.proc.stdin
        self.results: IO[bytes] = self.proc.stdout
        self.busy = threading.Lock()  # held by the run of imap using the worker

    def send(self, task: bytes) -> None:
        """Send a pickled task (see :func:`_pickled`)."""
        try:
            self.tasks.write(task)
            self.tasks.flush()
        except (BrokenPipeError, OSError):
            pass  # the worker died: the result it owes says so (:meth:`receive`)

    def receive(self) -> Any:
        """The result of the oldest task sent and not yet answered: raises the task's
        exception, or :class:`WorkerError` when the worker died."""
        try:
            ok, value = _receive(self.results)
        except (EOFError, OSError):
            code = self.proc.wait()
            raise _Died(f"a worker process ended unexpectedly (exit code {code})") from None
        if not ok:
            exc, text = value
            if exc is not None:  # the task's own exception, raised again here
                raise exc from WorkerError(f"in a worker process:\n{text}")
            raise WorkerError(f"a worker failed:\n{text}")
        return value

    def stop(self, kill: bool) -> None:
        """Tell the worker to end (its input closes), or kill it."""
        if kill and self.proc.poll() is None:
            self.proc.kill()
        with contextlib.suppress(OSError):
            self.tasks.close()
        self.results.close()

    def wait(self, kill: bool) -> None:
        try:
            self.proc.wait(timeout=None if not kill else 5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class WorkerPool:
    """``jobs`` worker interpreters; :meth:`imap` runs a function over an iterable in
    them and yields the results in input order, holding at most ``ahead * jobs`` tasks
    in flight (the input is read lazily). Construction does no work: the workers start on
    entering the ``with`` block.

    ``without`` names modules the workers must not import (a task that imports one gets
    :class:`ModuleNotFoundError`), for libraries that load an optional module they do
    not need: pyarrow imports pandas, when it is installed, on its first array, only to
    check that the input is not a pandas object (54 MiB of memory and 0.3 s a worker).
    ``env`` sets environment variables in the workers only (over the caller's)."""

    def __init__(
        self,
        jobs: int,
        preload: Sequence[str] = (),
        without: Sequence[str] = (),
        env: Mapping[str, str] | None = None,
    ) -> None:
        if jobs < 1:
            raise ValueError(f"jobs must be at least 1, got {jobs}")
        self.jobs = jobs
        self.preload = tuple(preload)
        self.without = tuple(without)
        self.env = dict(env or {})
        self._workers: list[_Worker] = []

    def __enter__(self) -> WorkerPool:
        self._workers = _adopt(self._settings(), self.jobs)  # see start_early
        while len(self._workers) < self.jobs:
            self._workers.append(_Worker(self.preload, self.without, self.env))
        return self

    def _settings(self) -> _Settings:
        return self.preload, self.without, tuple(sorted(self.env.items()))

    def __exit__(self, exc_type: object, exc: object, tb: object) -> None:
        kill = exc_type is not None
        for w in self._workers:  # all told first: they end side by side
            w.stop(kill)
        for w in self._workers:
            w.wait(kill)
        self._workers = []

    def imap(self, fn: Callable[[T], R], items: Iterable[T], ahead: int = 2) -> Iterator[R]:
        """``fn`` of each item, in input order, with up to ``ahead`` tasks a worker in
        flight: the workers keep working while the caller is busy with a result, for up
        to ``ahead`` tasks each.

        A worker holds its next task while it runs one (:data:`_QUEUED`): it starts it
        as soon as it has sent a result, without waiting for the caller's process to
        take the result and send another (a few milliseconds, more while the caller's
        main thread holds the interpreter)."""
        if not self._workers:
            raise RuntimeError("WorkerPool.imap needs the pool entered (use `with`)")
        if ahead < 1:
            raise ValueError(f"ahead must be at least 1, got {ahead}")
        source = enumerate(items)
        source_lock = threading.Lock()
        done: queue.Queue[tuple[int, bool, Any]] = queue.Queue()
        window = threading.Semaphore(ahead * len(self._workers))
        stop = threading.Event()
        total: list[int] = []  # the number of items, once the input is exhausted
        i_next = [0]

        def feed(
            worker: _Worker, sent: _Sent, slots: threading.Semaphore, ended: threading.Event
        ) -> None:
            """Send the worker tasks, as many unanswered at most as ``slots`` allows."""
            while not stop.is_set():
                while not slots.acquire(timeout=0.2):
                    if stop.is_set() or ended.is_set():
                        return
                window.acquire()
                if stop.is_set() or ended.is_set():
                    window.release()
                    return
                with source_lock:
                    try:
                        i, item = next(source)
                        i_next[0] = i + 1
                    except StopIteration:
                        if not total:
                            total.append(i_next[0])
                        window.release()
                        return
                    except BaseException as exc:  # the caller's iterable failed
                        done.put((-1, False, exc))
                        return
                try:
                    task = _pickled((fn, item))
                except BaseException as exc:  # a task that cannot be pickled
                    done.put((i, False, exc))
                    return
                sent.put(i)
                worker.send(task)

        def collect(
            worker: _Worker, sent: _Sent, slots: threading.Semaphore, ended: threading.Event
        ) -> None:
            """Take the worker's results, in the order of its tasks."""
            while (i := sent.get()) is not None:
                try:
                    done.put((i, True, worker.receive()))
                except _Died as exc:
                    done.put((i, False, exc))
                    ended.set()
                    return
                except BaseException as exc:
                    done.put((i, False, exc))
                slots.release()

        def serve(worker: _Worker) -> None:
            # one run of imap at a time on a worker: the results of an earlier one that
            # stopped early are taken first
            with worker.busy:
                sent: _Sent = queue.SimpleQueue()  # the items sent, None after the last
                slots = threading.Semaphore(_QUEUED)
                ended = threading.Event()  # the worker died
                args = (worker, sent, slots, ended)
                taker = threading.Thread(target=collect, args=args, daemon=True)
                taker.start()
                try:
                    feed(*args)
                finally:
                    sent.put(None)
                    taker.join()

        threads = [threading.Thread(target=serve, args=(w,), daemon=True) for w in self._workers]
        for t in threads:
            t.start()
        waiting: dict[int, tuple[bool, Any]] = {}
        expected = 0
        try:
            while True:
                if total and expected >= total[0]:
                    return
                if expected in waiting:
                    ok, value = waiting.pop(expected)
                else:
                    try:
                        i, ok, value = done.get(timeout=0.2)
                    except queue.Empty:
                        if not any(t.is_alive() for t in threads) and done.empty():
                            return
                        continue
                    if i != expected and ok:
                        waiting[i] = (ok, value)
                        continue
                if not ok:
                    raise value
                expected += 1
                window.release()
                yield value
        finally:
            stop.set()
            for _ in threads:
                window.release()


_Settings = tuple[tuple[str, ...], tuple[str, ...], tuple[tuple[str, str], ...]]
_early: list[tuple[_Settings, _Worker]] = []  # started by start_early, not yet taken
_early_lock = threading.Lock()


def start_early(
    jobs: int,
    preload: Sequence[str] = (),
    without: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
) -> None:
    """Start ``jobs`` workers now, for the next :class:`WorkerPool` entered with the same
    settings to take instead of starting its own: they import their modules while the
    caller goes on with its own. Workers no pool takes are stopped by
    :func:`discard_early`, or when this process ends.

    >>> start_early(1)
    >>> with WorkerPool(1) as pool:
    ...     list(pool.imap(abs, [-1]))
    [1]
    >>> _early
    []
    """
    settings = WorkerPool(jobs, preload, without, env)._settings()
    with _early_lock:
        _early.extend((settings, _Worker(preload, without, env)) for _ in range(jobs))


def _adopt(settings: _Settings, jobs: int) -> list[_Worker]:
    """Up to ``jobs`` workers started early with ``settings`` and still running."""
    taken: list[_Worker] = []
    with _early_lock:
        for item in list(_early):
            s, worker = item
            if s == settings and len(taken) < jobs:
                _early.remove(item)
                if worker.proc.poll() is None:
                    taken.append(worker)
                else:  # (ended already: its pipes closed, its status taken)
                    worker.stop(kill=False)
                    worker.wait(kill=False)
    return taken


def discard_early() -> None:
    """Stop the workers started early that no pool took."""
    with _early_lock:
        left = [w for _, w in _early]
        _early.clear()
    for w in left:
        w.stop(kill=True)
    for w in left:
        w.wait(kill=True)


atexit.register(discard_early)  # (nothing to do unless start_early left workers)


class _Refuse:
    """An import hook that refuses the modules named (and their submodules)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = tuple(names)

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name.split(".", 1)[0] in self.names:
            raise ModuleNotFoundError(f"{name} is not imported in these workers", name=name)


def _serve(args: Sequence[str]) -> None:
    """A worker's loop: run tasks from standard input until it closes. Results go back
    on the original standard output; anything a task prints goes to standard error.
    ``args``: the modules to import first, after any ``--without=MODULE``."""
    import importlib

    without = [a[len(_WITHOUT) :] for a in args if a.startswith(_WITHOUT)]
    preload = [a for a in args if not a.startswith(_WITHOUT)]
    if without:
        sys.meta_path.insert(0, _Refuse(without))
    _die_with_parent()
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    tasks = os.fdopen(os.dup(sys.stdin.fileno()), "rb")
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, sys.stdin.fileno())  # a task must not read the task pipe
    os.close(devnull)
    for name in preload:
        importlib.import_module(name)
    while True:
        try:
            fn, arg = _receive(tasks)
        except EOFError:
            _end()
        try:
            reply: tuple[bool, Any] = (True, fn(arg))
        except BaseException as exc:
            text = traceback.format_exc()
            reply = (False, (_picklable(exc), text))
        try:
            _send(out, reply)
        except BrokenPipeError:
            return


def _end() -> NoReturn:
    """End a worker whose input has closed, without the interpreter's teardown: its
    results are all sent, and what its tasks printed is flushed here. Freeing every
    object of the last batches and the modules one by one took 0.1-0.2 s a worker, at
    the end of every ingest."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(0)


def _picklable(exc: BaseException) -> BaseException | None:
    """``exc`` when it survives pickling (to be raised again in the caller), else None."""
    try:
        pickle.loads(pickle.dumps(exc))
    except Exception:
        return None
    return exc.with_traceback(None)


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when its parent dies (elsewhere the worker ends
    when its input closes)."""
    import ctypes
    import signal

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, getattr(signal, "SIGKILL", 9))  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


if __name__ == "__main__":
    _serve(sys.argv[1:])

"""Parallel ingestion and simulation from every kind of caller.

The README's library example, run as a script with and without a main guard, piped
through ``python -``, as ``python -c``, at an interactive prompt and in a Jupyter
kernel, finishes and leaves the same warehouse as a CLI ingest. Worker processes never
run the caller's code (multiprocessing's spawn and forkserver re-run ``__main__``).
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats._pool import WorkerError, WorkerPool
from rakestats.cli import main
from rakestats.sim import simulate
from tests._pool_tasks import (
    arrow_allocator,
    arrow_then_modules,
    environment,
    import_module,
    timed_sleep,
)

EXAMPLE = """\
from rakestats import Warehouse

wh = Warehouse("wh/")
summary = wh.ingest(["histories/"], jobs=2)
stats = wh.player_stats(game="rake", min_hands=1)
print("INGESTED", summary.ingested, "PLAYERS", len(stats))
"""

GUARDED = "if __name__ == '__main__':\n" + textwrap.indent(EXAMPLE, "    ")


def _fingerprint(root: Path) -> list[tuple[object, ...]]:
    wh = Warehouse(root)
    rows = wh.sql("SELECT hand_id, player, net, cards FROM players ORDER BY hand_id, player")
    return [tuple(r) for r in rows.itertuples(index=False)]


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    d = tmp_path_factory.mktemp("hist") / "histories"
    simulate(600, "2-8", 5, d)  # several files, so the workers get several tasks
    return d


@pytest.fixture(scope="module")
def reference(
    histories: Path, tmp_path_factory: pytest.TempPathFactory
) -> list[tuple[object, ...]]:
    wh = tmp_path_factory.mktemp("ref") / "wh"
    result = CliRunner().invoke(main, ["ingest", str(histories), "--warehouse", str(wh)])
    assert result.exit_code == 0, result.output
    return _fingerprint(wh)


def _run(args: list[str], cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=180,
    )


def _case_dir(tmp_path: Path, histories: Path) -> Path:
    (tmp_path / "histories").symlink_to(histories, target_is_directory=True)
    return tmp_path


@pytest.mark.parametrize(
    "how",
    ["script-unguarded", "script-guarded", "stdin", "dash-c", "interactive"],
)
def test_readme_example_from_every_caller(
    how: str, tmp_path: Path, histories: Path, reference: list[tuple[object, ...]]
) -> None:
    cwd = _case_dir(tmp_path, histories)
    if how.startswith("script"):
        (cwd / "job.py").write_text(GUARDED if how == "script-guarded" else EXAMPLE)
        proc = _run(["job.py"], cwd)
    elif how == "stdin":
        proc = _run(["-"], cwd, stdin=EXAMPLE)
    elif how == "dash-c":
        proc = _run(["-c", EXAMPLE], cwd)
    else:
        proc = _run(["-i", "-q"], cwd, stdin=EXAMPLE + "\n")
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert proc.stdout.count("INGESTED") == 1  # the caller's code ran once, not per worker
    assert _fingerprint(cwd / "wh") == reference


def test_readme_example_in_jupyter(
    tmp_path: Path, histories: Path, reference: list[tuple[object, ...]]
) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    cwd = _case_dir(tmp_path, histories)
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(EXAMPLE)]
    nbclient.NotebookClient(nb, timeout=180, resources={"metadata": {"path": str(cwd)}}).execute()
    out = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert out.count("INGESTED") == 1
    assert _fingerprint(cwd / "wh") == reference


def test_simulator_jobs_from_unguarded_script(tmp_path: Path) -> None:
    code = (
        "from rakestats.sim import simulate\n"
        "s = simulate(300, '2-8', 9, 'out', jobs=2)\n"
        "print('TABLES', s.tables)\n"
    )
    (tmp_path / "sim.py").write_text(code)
    proc = _run(["sim.py"], tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.count("TABLES") == 1
    simulate(300, "2-8", 9, tmp_path / "one")
    for f in sorted((tmp_path / "one").iterdir()):
        assert (tmp_path / "out" / f.name).read_bytes() == f.read_bytes()


def _boom(x: int) -> int:
    if x == 3:
        raise ValueError("three is refused")
    return x * 10


def test_pool_keeps_order_and_reports_task_errors() -> None:
    with WorkerPool(2) as pool:
        assert list(pool.imap(_boom, [0, 1, 2])) == [0, 10, 20]
        with pytest.raises(ValueError, match="three is refused") as info:  # the same workers
            list(pool.imap(_boom, range(6)))
    assert isinstance(info.value.__cause__, WorkerError)
    assert "_boom" in str(info.value.__cause__)  # the worker's traceback comes along


def _grow(data: bytes) -> bytes:
    return data * 8


def _zeros(n: int) -> bytes:
    return bytes(n)


def _imap_within(seconds: float, fn: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    """``list(pool.imap(fn, items))`` in two workers, failing (not hanging) past
    ``seconds``."""
    got: list[list[Any]] = []

    def run() -> None:
        with WorkerPool(2) as pool:
            got.append(list(pool.imap(fn, items)))

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert got, f"the pool did not finish within {seconds} s"
    return got[0]


def test_pool_tasks_and_results_larger_than_a_pipe_keep_their_order() -> None:
    """Tasks and results larger than a pipe holds (the pool's pipes to its workers)
    come back whole and in order, large results of small tasks too."""
    big = [bytes([i]) * (100_000 + i) for i in range(6)]
    assert _imap_within(120, _grow, big) == [b * 8 for b in big]
    sizes = [1_000_000 + i for i in range(8)]
    assert _imap_within(120, _zeros, sizes) == [bytes(n) for n in sizes]
    assert _imap_within(120, _boom, list(range(3))) == [0, 10, 20]


@pytest.mark.parametrize("ahead", [1, 3])
def test_pool_takes_at_most_ahead_tasks_a_worker_before_their_results(ahead: int) -> None:
    """While the caller holds back, the pool takes ``ahead`` tasks a worker from the
    input and no more; each result taken lets one more in."""
    taken: list[int] = []

    def items() -> Iterator[int]:
        for i in range(20):
            taken.append(i)
            yield -i

    def settled(want: int) -> int:
        deadline = time.monotonic() + 30
        while len(taken) < want and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.3)  # room to take one too many, were the window wrong
        return len(taken)

    with WorkerPool(2) as pool:
        results = pool.imap(abs, items(), ahead=ahead)
        assert next(results) == 0
        assert settled(2 * ahead + 1) == 2 * ahead + 1
        assert next(results) == 1
        assert settled(2 * ahead + 2) == 2 * ahead + 2
        assert list(results) == list(range(2, 20))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="one monotonic clock")
def test_pool_worker_starts_its_next_task_without_waiting_for_the_caller() -> None:
    """A worker holds its next task while it runs one: the caller's time to produce an
    item (here 0.3 s, as an ingest hashes its next files) overlaps the worker's task
    instead of following it."""

    def items() -> Iterator[float]:
        for _ in range(4):
            time.sleep(0.3)
            yield 0.6

    with WorkerPool(1) as pool:
        spans = list(pool.imap(timed_sleep, items()))
    gaps = [b[0] - a[1] for a, b in itertools.pairwise(spans)]
    assert len(gaps) == 3
    assert max(gaps) < 0.2, gaps  # one task after another: 0.3 s or more each


def test_pool_reports_a_dead_worker() -> None:
    import os

    with WorkerPool(1) as pool, pytest.raises(WorkerError, match="ended unexpectedly"):
        list(pool.imap(os._exit, [3]))


def test_pool_workers_end_with_what_their_tasks_printed_sent(tmp_path: Path) -> None:
    """A worker ends without the interpreter's teardown (it took 0.1-0.2 s a worker):
    what a task printed, still in the worker's buffer, reaches standard error, and each
    worker exits with status 0."""
    code = (
        "from rakestats._pool import WorkerPool\n"
        "from tests._pool_tasks import say\n"
        "pool = WorkerPool(2)\n"
        "with pool:\n"
        "    workers = list(pool._workers)\n"
        "    print(list(pool.imap(say, ['alpha', 'beta', 'gamma'])))\n"
        "print([w.proc.returncode for w in workers])\n"
    )
    buffered = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=Path(__file__).resolve().parents[2],
        env=buffered,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == ["[5, 4, 5]", "[0, 0]"]
    for word in ("alpha", "beta", "gamma"):
        assert word in run.stderr


def test_pool_workers_refuse_the_modules_they_are_told_to_do_without() -> None:
    with WorkerPool(1, without=["pandas", "sqlite3"]) as pool:
        assert list(pool.imap(arrow_then_modules, [["pandas", "pyarrow"]])) == [
            {"pandas": False, "pyarrow": True}
        ]
        with pytest.raises(ModuleNotFoundError, match="sqlite3 is not imported in these workers"):
            list(pool.imap(import_module, ["sqlite3.dump"]))
        assert list(pool.imap(import_module, ["csv"])) == ["csv"]
    with WorkerPool(1) as pool:  # by default a worker imports what it likes
        assert list(pool.imap(arrow_then_modules, [["pandas"]])) == [{"pandas": True}]


def test_ingest_workers_do_without_pandas(
    tmp_path: Path, histories: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, ...]] = []

    def pool(jobs: int, preload: list[str], without: list[str], env: dict[str, str]) -> WorkerPool:
        seen.append(tuple(without))
        return WorkerPool(jobs, preload=preload, without=without, env=env)

    monkeypatch.setattr("rakestats.ingest_settings.WorkerPool", pool)
    summary = Warehouse(tmp_path / "wh").ingest([histories], jobs=2)
    assert seen == [("pandas", "duckdb")]
    assert summary.ingested > 0 and summary.files_unreadable == 0


def test_pool_sets_the_environment_of_its_workers_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAKESTATS_TEST_KEPT", "caller")
    monkeypatch.setenv("RAKESTATS_TEST_SET", "caller")
    with WorkerPool(1, env={"RAKESTATS_TEST_SET": "worker"}) as pool:
        names = ["RAKESTATS_TEST_KEPT", "RAKESTATS_TEST_SET"]
        assert list(pool.imap(environment, names)) == ["caller", "worker"]
    assert os.environ["RAKESTATS_TEST_SET"] == "caller"


@pytest.mark.parametrize(
    ("variable", "callers", "workers"),
    [
        ("ARROW_DEFAULT_MEMORY_POOL", None, "system"),
        ("ARROW_DEFAULT_MEMORY_POOL", "mimalloc", "mimalloc"),
        ("OPENBLAS_NUM_THREADS", None, "1"),
        ("OPENBLAS_NUM_THREADS", "2", "2"),
    ],
)
def test_ingest_workers_use_malloc_and_one_blas_thread_unless_told_otherwise(
    tmp_path: Path,
    histories: Path,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    callers: str | None,
    workers: str,
) -> None:
    """Arrow's allocator as the worker itself reports it; OpenBLAS's threads as its
    environment names them (OpenBLAS reads it when numpy loads)."""
    task = arrow_allocator if variable == "ARROW_DEFAULT_MEMORY_POOL" else environment
    used = _seen_by_ingest_workers(tmp_path, histories, monkeypatch, variable, callers, task)
    assert used == [workers, workers]
    assert os.environ.get(variable) == callers  # the caller's own is kept


def _seen_by_ingest_workers(
    tmp_path: Path,
    histories: Path,
    monkeypatch: pytest.MonkeyPatch,
    variable: str,
    callers: str | None,
    task: Callable[[str], object],
) -> list[object]:
    """What ``task(variable)`` gives in both workers of an ingest whose caller has
    ``variable`` set to ``callers`` (None: not set)."""
    if callers is None:
        monkeypatch.delenv(variable, raising=False)
    else:
        monkeypatch.setenv(variable, callers)
    used: list[object] = []

    class Pool(WorkerPool):
        def __exit__(self, *exc: object) -> None:
            used.extend(self.imap(task, [variable, variable]))
            super().__exit__(*exc)

    monkeypatch.setattr("rakestats.ingest_settings.WorkerPool", Pool)
    summary = Warehouse(tmp_path / "wh").ingest([histories], jobs=2)
    assert summary.ingested > 0
    return used


def test_dask_local_cluster_from_unguarded_script(
    tmp_path: Path, histories: Path, reference: list[tuple[object, ...]]
) -> None:
    pytest.importorskip("distributed")
    cwd = _case_dir(tmp_path, histories)
    code = (
        "from rakestats import Warehouse\n"
        "from rakestats.warehouse import client_for\n"
        "client = client_for('local:2')\n"
        "s = Warehouse('wh/').ingest(['histories/'], client=client)\n"
        "client.close()\n"
        "print('INGESTED', s.ingested)\n"
    )
    (cwd / "job.py").write_text(code)
    proc = _run(["job.py"], cwd)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.count("INGESTED") == 1
    assert _fingerprint(cwd / "wh") == reference

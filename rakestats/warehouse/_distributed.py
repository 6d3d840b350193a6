"""Ingestion on a Dask cluster (``pip install rakestats[dask]``).

Units run as Dask tasks on the workers, which stage their batches under the
warehouse's staging area (a file system every worker and the driver see). The driver
takes the results in unit order and commits them exactly as a local ingest does. A
task whose worker dies is run again by Dask; it rewrites the same staged files.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from rakestats.warehouse._units import Unit, UnitResult, run_unit

__all__ = ["DaskUnavailableError", "client_for", "dask_results"]

_WINDOW = 64  # results held by the driver at most, beyond the one it waits for


class DaskUnavailableError(RuntimeError):
    pass


def client_for(scheduler: str) -> Any:
    """A Dask client: ``local:N`` starts a LocalCluster of N worker processes (one
    thread each); anything else is a scheduler address such as ``tcp://host:8786``."""
    try:
        from distributed import Client
    except ImportError:
        raise DaskUnavailableError(
            "distributed ingestion needs Dask: pip install 'rakestats[dask]'"
        ) from None
    if scheduler.startswith("local:"):
        n = int(scheduler.split(":", 1)[1])
        if n < 1:
            raise ValueError(f"local:N needs N >= 1, got {scheduler!r}")
        return Client(_local_cluster(n))
    return Client(scheduler)


def _local_cluster(n: int) -> Any:
    """N local worker processes of one thread each. Where it can, each worker is a
    separate interpreter started by Dask's subprocess cluster, which never re-runs the
    caller's ``__main__`` (a LocalCluster of processes does, like multiprocessing)."""
    import sys

    if sys.platform != "win32":
        from distributed.deploy.subprocess import SubprocessCluster

        return SubprocessCluster(n_workers=n, threads_per_worker=1, dashboard_address=None)  # type: ignore[arg-type]
    from distributed import LocalCluster

    return LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)


def dask_results(client: Any, units: Sequence[Unit], staging: str) -> Iterator[UnitResult]:
    """Run the units on the cluster; yield their results in unit order. At most
    ``_WINDOW`` tasks are in flight, so the driver's memory stays bounded."""
    pending: dict[int, Any] = {}
    next_submit = 0
    for i in range(len(units)):
        while next_submit < len(units) and next_submit < i + _WINDOW:
            u = units[next_submit]
            pending[u.index] = client.submit(
                run_unit, u, staging, key=f"rakestats-unit-{staging}-{u.index}", pure=False
            )
            next_submit += 1
        future = pending.pop(units[i].index)
        result: UnitResult = future.result()
        future.release()
        yield result

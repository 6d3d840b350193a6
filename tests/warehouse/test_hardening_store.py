"""The writer lock and a damaged or unusable warehouse: a refused writer leaves the
holder's pid in the lock file; a lock left by a killed writer is taken over with one
warning naming its pid; an uncreatable warehouse, a corrupt snapshot and a missing part
file are one line on the command line (file and reason, exit status 2, no traceback)
and a :class:`WarehouseError` in the library; ``import rakestats`` and an ingest (from
the library or the command line) never import matplotlib."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats.cli import main
from rakestats.sim import simulate
from rakestats.warehouse import Store, WarehouseError, WarehouseLockedError
from rakestats.warehouse._store import LOCK, SNAPSHOTS, StaleLockWarning, WarehouseCorruptError
from tests._records import lock_held_elsewhere


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("store-histories")
    simulate(30, "2-4", 11, out, jobs=1)
    return out


@pytest.fixture
def warehouse(tmp_path: Path, histories: Path) -> Path:
    wh = tmp_path / "wh"
    result = CliRunner().invoke(main, ["ingest", str(histories), "-w", str(wh), "-j", "1"])
    assert result.exit_code == 0, result.output
    return wh


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rakestats", *args], capture_output=True, text=True, timeout=120
    )


def _in_process(*args: str) -> subprocess.CompletedProcess[str]:
    """The command run by this process (what :func:`_cli` checks in a fresh one)."""
    result = CliRunner().invoke(main, list(args))
    return subprocess.CompletedProcess(args, result.exit_code, result.stdout, result.stderr)


def _one_error_line(proc: subprocess.CompletedProcess[str], *needles: str) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ")
    for needle in needles:
        assert needle in lines[0]
    return lines[0]


# ---------------------------------------------------------------------- the lock
def test_a_refused_writer_leaves_the_holders_pid_in_the_lock_file(tmp_path: Path) -> None:
    store = Store(tmp_path / "wh")
    store.create()
    with lock_held_elsewhere(store.root):
        holder = (store.root / LOCK).read_text(encoding="utf-8")
        assert holder.startswith("pid ")
        for _ in range(2):
            with pytest.raises(WarehouseLockedError, match=holder.strip()), store.lock():
                pass
        assert (store.root / LOCK).read_text(encoding="utf-8") == holder
    assert (store.root / LOCK).read_text(encoding="utf-8") == ""  # released: emptied


def _killed_holder(wh: Path) -> int:
    """Take the writer lock in a process, kill it (SIGKILL) while it holds it."""
    code = (
        "import sys; from rakestats.warehouse import Store\n"
        "with Store(sys.argv[1]).lock():\n"
        "    print('locked', flush=True); sys.stdin.read()\n"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code, str(wh)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    return proc.pid


def test_a_stale_lock_is_taken_over_with_one_warning_naming_the_pid(tmp_path: Path) -> None:
    store = Store(tmp_path / "wh")
    store.create()
    pid = _killed_holder(store.root)
    assert f"pid {pid} " in (store.root / LOCK).read_text(encoding="utf-8")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        with store.lock():
            pass
        with store.lock():  # released properly this time: nothing more to say
            pass
    stale = [w for w in seen if issubclass(w.category, StaleLockWarning)]
    assert len(stale) == 1
    assert isinstance(stale[0].message, StaleLockWarning) and stale[0].message.pid == pid
    assert f"took over a stale writer lock from pid {pid}" in str(stale[0].message)


def test_the_cli_says_once_on_stderr_that_it_took_over_a_stale_lock(
    warehouse: Path, histories: Path
) -> None:
    pid = _killed_holder(warehouse)
    proc = _cli("ingest", str(histories), "-w", str(warehouse), "-j", "1")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert lines == [
        line for line in lines if line.startswith("warning: ") and f"from pid {pid}" in line
    ]
    assert len(lines) == 1
    proc = _in_process("ingest", str(histories), "-w", str(warehouse), "-j", "1")
    assert proc.returncode == 0 and proc.stderr == ""


# ---------------------------------------------------------------------- damage
def test_a_warehouse_under_a_file_is_one_line(tmp_path: Path, histories: Path) -> None:
    (tmp_path / "afile").write_text("x")
    wh = tmp_path / "afile" / "wh"
    with pytest.raises(WarehouseError, match="cannot create the warehouse: Not a directory"):
        Store(wh).create()
    _one_error_line(_cli("ingest", str(histories), "-w", str(wh)), str(wh), "Not a directory")
    _one_error_line(_in_process("stats", "-w", str(wh)), str(wh), "Not a directory")
    (tmp_path / "file-wh").write_text("x")  # (the command line refuses it as a usage error)
    with pytest.raises(WarehouseError, match="file-wh: cannot create the warehouse: not a dir"):
        Store(tmp_path / "file-wh").create()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_warehouse_in_a_read_only_folder_is_one_line(tmp_path: Path, histories: Path) -> None:
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        wh = ro / "wh"
        _one_error_line(_cli("ingest", str(histories), "-w", str(wh)), str(wh), "Permission denied")
    finally:
        ro.chmod(0o755)


def test_a_warehouse_that_cannot_be_created_raises_a_warehouse_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    with pytest.raises(WarehouseError, match=r"wh: cannot create the warehouse: Permission denied"):
        Store(tmp_path / "wh").create()


_DAMAGES = [
    '{"version": 1, "tab',
    "\xff\xfe",
    "[]",
    '{"version": 1}',
    '{"version": 1, "tables": 5}',
]


@pytest.mark.parametrize("damage", _DAMAGES)
def test_a_corrupt_snapshot_is_one_line_naming_it(
    warehouse: Path, histories: Path, damage: str
) -> None:
    snap = sorted((warehouse / SNAPSHOTS).iterdir())[-1]
    snap.write_bytes(damage.encode("latin-1"))
    with pytest.raises(WarehouseCorruptError, match="corrupt snapshot"):
        Store(warehouse).snapshot()
    # each damage through the commands here; a fresh interpreter for the first one
    run = _cli if damage == _DAMAGES[0] else _in_process
    for args in (["stats", "-w", str(warehouse)], ["ingest", str(histories), "-w", str(warehouse)]):
        _one_error_line(run(*args), str(snap), "corrupt snapshot")


def test_a_snapshot_pointing_outside_the_warehouse_is_refused(warehouse: Path) -> None:
    snap = sorted((warehouse / SNAPSHOTS).iterdir())[-1]
    doc = json.loads(snap.read_text())
    doc["tables"]["hands"] = ["../../etc/passwd"]
    snap.write_text(json.dumps(doc))
    with pytest.raises(WarehouseCorruptError, match="not a file of table hands"):
        Store(warehouse).snapshot()


def test_a_missing_part_file_is_one_line_naming_it(warehouse: Path, histories: Path) -> None:
    part = sorted((warehouse / "players").rglob("*.parquet"))[0]
    part.unlink()
    with pytest.raises(WarehouseCorruptError, match="part file missing"):
        Store(warehouse).check_parts(Store(warehouse).snapshot())
    for args in (
        ["stats", "-w", str(warehouse)],
        ["quarantine", "-w", str(warehouse)],
        ["ingest", str(histories), "-w", str(warehouse)],
        ["compact", "-w", str(warehouse)],
    ):  # the ingest in a fresh interpreter, the others here
        run = _cli if args[0] == "ingest" else _in_process
        _one_error_line(run(*args), str(part), "part file missing")


# ---------------------------------------------------------------------- imports
_NO_PLOTTING = """
import os, sys
import rakestats
from rakestats import Warehouse
summary = Warehouse(sys.argv[2]).ingest([sys.argv[1]], jobs=2)
assert summary.ingested > 0, summary
from rakestats.cli import main
try:
    main(["ingest", sys.argv[1], "-w", sys.argv[3], "-j", "2"])
except SystemExit as exc:
    assert exc.code in (0, None), exc.code
heavy = sorted(m for m in sys.modules if m.split(".")[0] == "matplotlib"
               or m.startswith(("rakestats.plots", "rakestats.report")))
print("heavy:", heavy)
"""


def test_import_and_ingest_never_import_matplotlib(tmp_path: Path, histories: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MPL", "XDG_"))}
    env["HOME"] = str(home)
    proc = subprocess.run(
        [sys.executable, "-c", _NO_PLOTTING, str(histories), str(tmp_path / "a"),
         str(tmp_path / "b")],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "heavy: []" in proc.stdout
    assert list(home.rglob("*")) == []  # no matplotlib cache under ~

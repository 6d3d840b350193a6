"""Standard output that cannot be written: a full disk under ``> out.csv`` is one line
on stderr and exit status 1 (not a traceback); a pipe closed early (``| head``) is a
quiet exit."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from rakestats import Warehouse

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

_FULL = "error: cannot write the output (standard output): No space left on device"


def _run(args: list[str], stdout: int | object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rakestats", *args],
        stdout=stdout,  # type: ignore[arg-type]
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [
        ["stats"],
        ["stats", "--format", "csv"],
        ["stats", "--format", "json"],
        ["stats", "--stud"],
        ["hands", "--limit", "0"],
        ["hands", "--format", "json"],
        ["hands", "--format", "csv"],
        ["quarantine"],
        ["hand", "FIRST"],
        ["hand", "FIRST", "--format", "json"],
    ],
)
def test_a_full_disk_is_one_line_and_status_1(razz_rooms: Warehouse, args: list[str]) -> None:
    if "FIRST" in args:
        first = str(razz_rooms.hands(limit=1)["hand_id"].iloc[0])
        args = [first if a == "FIRST" else a for a in args]
    with open("/dev/full", "w") as full:
        done = _run([*args, "-w", str(razz_rooms.path)], full)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert _FULL in done.stderr.splitlines()
    # what was written before the failure does not fail a second time at exit
    assert "Exception ignored" not in done.stderr


def test_ingest_writes_its_summary_or_says_why(tmp_path: Path) -> None:
    from rakestats.sim import simulate

    simulate(20, 3, 5, tmp_path / "h")
    with open("/dev/full", "w") as full:
        done = _run(["ingest", str(tmp_path / "h"), "-w", str(tmp_path / "wh")], full)
    assert done.returncode == 1, done.stderr
    assert _FULL in done.stderr.splitlines()
    # the hands were stored before the summary could not be printed
    assert Warehouse(tmp_path / "wh").sql("SELECT count(*) FROM hands").iloc[0, 0] == 20


def test_a_closed_pipe_is_a_quiet_exit(sample_rake: Warehouse) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "rakestats", "hands", "--limit", "0", "-w", str(sample_rake.path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline().startswith("hand")
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "error" not in err, err


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:  # in the child: a write past ``limit`` bytes fails (EFBIG)
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


@pytest.mark.parametrize("fmt", ["csv", "json", "table"])
def test_output_cut_part_way_is_an_error_not_a_short_file(
    sample_rake: Warehouse, tmp_path: Path, fmt: str
) -> None:
    """A disk that takes only part of a large write (here a file-size limit that falls
    inside it): Python's buffered stream returns the part written and nothing raises,
    so without pieces the command would exit 0 with its output cut short."""
    out = tmp_path / f"hands.{fmt}"
    args = ["hands", "--limit", "0", "--format", fmt, "-w", str(sample_rake.path)]
    with out.open("w") as f:
        whole = subprocess.run(
            [sys.executable, "-m", "rakestats", *args], stdout=f, text=True, timeout=120
        )
    assert whole.returncode == 0 and out.stat().st_size > 150_000
    with out.open("w") as f:
        done = subprocess.run(
            [sys.executable, "-m", "rakestats", *args],
            stdout=f,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            preexec_fn=_file_size_limit(100_000),
        )
    assert done.returncode == 1, done.stderr
    assert "error: cannot write the output (standard output): File too large" in done.stderr
    assert out.stat().st_size == 100_000


def test_every_command_writes_standard_output_through_echo() -> None:
    """``click.echo`` to standard output (no ``err=True``) would bring the silent short
    file back; only the helper itself and ``--version`` may call it."""
    import ast

    import rakestats.cli

    allowed = {"_common.py", "_group.py"}
    found = []
    for path in sorted(Path(rakestats.cli.__file__).parent.glob("*.py")):
        if path.name in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "echo"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "click"
                and not any(k.arg == "err" for k in node.keywords)
            ):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []

"""Following a live folder: pending trailing hands, resolved quarantine, ``--watch``.

A poker client appends a hand a line at a time. While it does, the file's last hand is
unfinished: it is *pending*, not quarantined, and the file is read again when it grows.
``rakestats ingest --watch`` follows the folder until Ctrl-C or SIGTERM, and ends with
the same warehouse as one ingest of the finished file, nothing quarantined.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.sim import simulate
from rakestats.warehouse import IngestSummary


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("live-src")
    simulate(12, 3, 21, out)
    text = sorted(out.glob("*.txt"))[0].read_text(encoding="utf-8")
    return [h for h in text.split("\n\n\n") if h.strip()]


def _rows(wh: Warehouse) -> pd.DataFrame:
    return wh.sql(
        "SELECT hand_id, player, invested, collected, cards FROM players ORDER BY hand_id, player"
    )


def test_an_unfinished_last_hand_is_pending_then_read_when_complete(
    hands: list[str], tmp_path: Path
) -> None:
    live = tmp_path / "live.txt"
    lines = hands[3].split("\n")
    live.write_text("\n\n\n".join(hands[:3]) + "\n\n\n" + "\n".join(lines[:9]) + "\n")
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([live])
    assert (s.read, s.ingested, s.quarantined, s.pending) == (3, 3, 0, 1)
    assert s.pending_files == [str(live)] and s.clean
    assert len(wh.sql("SELECT * FROM files")) == 0  # not recorded: it will be read again
    live.write_text("\n\n\n".join(hands[:4]) + "\n\n\n")
    s = wh.ingest([live])
    assert (s.ingested, s.duplicates, s.quarantined, s.pending) == (1, 3, 0, 0)
    assert len(wh.quarantine()) == 0


def test_pending_ends_after_its_time_and_a_later_copy_resolves_the_quarantine(
    hands: list[str], tmp_path: Path
) -> None:
    live = tmp_path / "live.txt"
    lines = hands[1].split("\n")
    live.write_text(hands[0] + "\n\n\n" + "\n".join(lines[:9]) + "\n")
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([live], pending_seconds=0)  # the client is gone: quarantine it
    assert (s.ingested, s.quarantined, s.pending) == (1, 1, 0)
    q = wh.quarantine()
    assert len(q) == 1 and q["resolved_at"].isna().all()
    full = tmp_path / "complete-copy.txt"
    full.write_text(hands[0] + "\n\n\n" + hands[1] + "\n\n\n")
    s = wh.ingest([full])
    assert (s.ingested, s.resolved) == (1, 1)
    assert len(wh.quarantine()) == 0  # no longer open ...
    kept = wh.quarantine(resolved=True)  # ... but kept for the record
    assert len(kept) == 1 and kept["resolved_at"].notna().all()
    result = CliRunner().invoke(main, ["ingest", "--retry-quarantined", "-w", str(tmp_path / "wh")])
    assert "0 still quarantined" in result.output
    assert len(wh.quarantine(resolved=True)) == 1
    listing = CliRunner().invoke(main, ["quarantine", "-w", str(tmp_path / "wh")])
    assert "0 quarantined hands" in listing.output


def _write_slowly(path: Path, hands: list[str], pause: float) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for hand in hands:
            for line in hand.split("\n"):
                fh.write(line + "\n")
                fh.flush()
                time.sleep(pause)
            fh.write("\n\n")
            fh.flush()


def test_watch_follows_a_file_written_line_by_line(hands: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "client"
    folder.mkdir()
    wh = Warehouse(tmp_path / "wh")
    stop = threading.Event()
    runs: list[int] = []
    watcher = threading.Thread(
        target=lambda: runs.append(
            wh.watch([folder], settle_seconds=0.2, stop=stop).runs  # type: ignore[func-returns-value]
        )
    )
    watcher.start()
    time.sleep(1.0)
    _write_slowly(folder / "table.txt", hands[:6], 0.004)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        n = len(wh.sql("SELECT hand_id FROM hands"))
        if n == 6:
            break
        time.sleep(0.3)
    stop.set()
    watcher.join(timeout=30)
    assert not watcher.is_alive()
    assert runs and runs[0] >= 2  # the first ingest, and at least one on change
    once = Warehouse(tmp_path / "once")
    once.ingest([folder / "table.txt"])
    pd.testing.assert_frame_equal(_rows(wh), _rows(once))
    assert len(wh.quarantine(resolved=True)) == 0


def test_cli_watch_stops_on_sigterm_with_a_summary(hands: list[str], tmp_path: Path) -> None:
    folder = tmp_path / "client"
    folder.mkdir()
    (folder / "a.txt").write_text(hands[0] + "\n\n\n", encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "rakestats", "ingest", str(folder), "-w", str(tmp_path / "wh"),
         "--watch", "--jobs", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        wh = Warehouse(tmp_path / "wh")
        while time.monotonic() < deadline:
            time.sleep(0.5)
            if (tmp_path / "wh").exists() and len(wh.sql("SELECT * FROM hands")) == 1:
                break
        (folder / "b.txt").write_text(hands[1] + "\n\n\n" + hands[2] + "\n\n\n", encoding="utf-8")
        while time.monotonic() < deadline:
            time.sleep(0.5)
            if len(wh.sql("SELECT * FROM hands")) == 3:
                break
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert "watching" in err and "Traceback" not in err
    assert out.strip().splitlines()[-1].startswith("watched: ")
    assert "3 ingested" in out.strip().splitlines()[-1]


def test_quarantine_all_lists_resolved_entries(hands: list[str], tmp_path: Path) -> None:
    half = tmp_path / "half.txt"
    half.write_text("\n".join(hands[0].split("\n")[:9]) + "\n")
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([half], pending_seconds=0)
    (tmp_path / "full.txt").write_text(hands[0] + "\n\n\n")
    wh.ingest([tmp_path / "full.txt"])
    out = CliRunner().invoke(main, ["quarantine", "-w", str(tmp_path / "wh"), "--all"]).output
    assert "(resolved)" in out and "1 quarantined hands (resolved ones included)" in out


def test_an_idle_watch_does_not_ingest_again(hands: list[str], tmp_path: Path) -> None:
    """The ingest's own reading of a file (opened, closed without writing) is not news:
    a folder nobody writes to is ingested once, however long it is watched."""
    folder = tmp_path / "client"
    folder.mkdir()
    for i in range(3):
        (folder / f"t{i}.txt").write_text(hands[i] + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    stop = threading.Event()
    seen: list[IngestSummary] = []
    timer = threading.Timer(3.0, stop.set)
    timer.start()
    total = wh.watch([folder], settle_seconds=0.2, stop=stop, on_ingest=seen.append)
    assert [s.read for s in seen] == [3]
    assert (total.runs, total.ingested) == (1, 3)


def test_events_lost_ingest_the_folders_again(
    hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the system says it lost events, what changed meanwhile is found by ingesting
    the watched paths again (unchanged files are not re-read)."""
    from rakestats.warehouse import _watch

    got: list[_watch._Changes] = []

    class Silent:  # an observer that reports nothing by itself
        def start(self) -> None: ...
        def stop(self) -> None: ...
        def join(self, timeout: float | None = None) -> None: ...

    class Watcher:  # watches nothing: its folders never change
        def __init__(self, roots: object, changes: _watch._Changes) -> None:
            got.append(changes)
            self.observer = Silent()

        def check(self) -> tuple[list[Path], list[Path]]:
            return [], []

    monkeypatch.setattr(_watch, "_Watcher", Watcher)
    folder, wh, stop = _client(tmp_path, hands[0])
    seen: list[IngestSummary] = []

    def on_ingest(s: IngestSummary) -> None:
        seen.append(s)
        if len(seen) == 1:  # written while no event is delivered, then the loss is told
            (folder / "b.txt").write_text(hands[1] + "\n\n\n", encoding="utf-8")
            threading.Timer(0.5, got[0].events_lost).start()
        else:
            stop.set()

    threading.Timer(30, stop.set).start()
    total = wh.watch([folder], settle_seconds=0.1, stop=stop, on_ingest=on_ingest)
    assert [(s.ingested, s.files_unchanged) for s in seen] == [(1, 0), (1, 1)]
    assert total.ingested == 2 and len(wh.sql("SELECT hand_id FROM hands")) == 2


def test_ctrl_c_stops_a_watch_from_a_script_with_the_totals(
    hands: list[str], tmp_path: Path
) -> None:
    """In a notebook or a script, interrupting (KeyboardInterrupt) ends the watch as
    ``stop`` does: the totals are returned, marked as interrupted."""
    folder = tmp_path / "client"
    folder.mkdir()
    (folder / "a.txt").write_text(hands[0] + "\n\n\n", encoding="utf-8")
    script = tmp_path / "follow.py"
    script.write_text(
        "import os, signal, sys, threading\n"
        "from rakestats import Warehouse\n"
        "wh = Warehouse(sys.argv[2])\n"
        "seen = lambda s: threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()\n"
        "total = wh.watch([sys.argv[1]], on_ingest=seen)\n"
        "print(total.interrupted, total.line())\n",
        encoding="utf-8",
    )
    out = subprocess.run(
        [sys.executable, str(script), str(folder), str(tmp_path / "wh")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("True watched: 1 ingest read 1 hand: 1 ingested")
    assert out.stdout.rstrip().endswith("(stopped by Ctrl-C)")
    assert "Traceback" not in out.stderr


def test_a_warehouse_written_inside_the_watched_folder_is_not_news(
    hands: list[str], tmp_path: Path
) -> None:
    """Another warehouse kept in the watched folder is written meanwhile: its files are
    not histories, and not read (each of its commits was an ingest of its Parquet
    parts, every one `not a known hand-history format`)."""
    folder = tmp_path / "client"
    folder.mkdir()
    (folder / "t0.txt").write_text(hands[0] + "\n\n\n", encoding="utf-8")
    beside = Warehouse(folder / "archive")
    beside.store.create()
    wh = Warehouse(tmp_path / "wh")
    stop = threading.Event()
    seen: list[IngestSummary] = []

    def on_ingest(s: IngestSummary) -> None:
        seen.append(s)
        if len(seen) == 1:  # the other warehouse commits; then a history is written
            beside.ingest([folder / "t0.txt"])
            (folder / "t1.txt").write_text(hands[1] + "\n\n\n", encoding="utf-8")
        else:
            threading.Timer(1.5, stop.set).start()

    threading.Timer(30, stop.set).start()
    total = wh.watch([folder], settle_seconds=0.3, stop=stop, on_ingest=on_ingest)
    assert all(s.unrecognized == [] for s in seen), [s.unrecognized for s in seen]
    assert [s.ingested for s in seen] == [1, 1]
    assert total.ingested == 2


def _client(tmp_path: Path, *texts: str) -> tuple[Path, Warehouse, threading.Event]:
    """A client's folder holding ``texts`` (a.txt, b.txt, ...), a warehouse beside it
    and the event that stops a watch of it."""
    folder = tmp_path / "client"
    folder.mkdir()
    for name, text in zip("abcdefgh", texts, strict=False):
        (folder / f"{name}.txt").write_text(text + "\n\n\n", encoding="utf-8")
    return folder, Warehouse(tmp_path / "wh"), threading.Event()


def _stored(wh: Warehouse) -> int:
    if not (Path(wh.path) / "_rakestats.json").exists():  # before the first ingest made it
        return 0
    return len(wh.sql("SELECT hand_id FROM hands"))


def _until(check: Callable[[], bool], seconds: float = 60) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False


def test_a_folder_removed_and_made_again_is_told_and_watched_anew(
    hands: list[str], tmp_path: Path
) -> None:
    """The system's watch ends with the folder it was put on: hands written to a folder
    made again under the same path were never read, and nothing was said."""
    folder, wh, stop = _client(tmp_path, hands[0])
    notices: list[str] = []
    totals: list[Any] = []
    watcher = threading.Thread(
        target=lambda: totals.append(
            wh.watch([folder], settle_seconds=0.1, stop=stop, on_notice=notices.append)
        )
    )
    watcher.start()
    try:
        assert _until(lambda: _stored(wh) == 1)
        shutil.rmtree(folder)
        assert _until(lambda: len(notices) == 1)
        folder.mkdir()
        (folder / "b.txt").write_text(hands[1] + "\n\n\n", encoding="utf-8")
        assert _until(lambda: _stored(wh) == 2)
        (folder / "c.txt").write_text(hands[2] + "\n\n\n", encoding="utf-8")  # and after
        assert _until(lambda: _stored(wh) == 3)
    finally:
        stop.set()
        watcher.join(timeout=30)
    assert notices == [
        f"{folder} is gone: watching for it to come back",
        f"{folder} is back: watching it again",
    ]
    assert totals and totals[0].notices == notices and totals[0].ingested == 3


def test_without_a_callback_the_notice_is_a_warning(hands: list[str], tmp_path: Path) -> None:
    folder, wh, stop = _client(tmp_path)

    def on_ingest(s: IngestSummary) -> None:
        shutil.rmtree(folder)  # after the first ingest
        threading.Timer(2.0, stop.set).start()

    with pytest.warns(RuntimeWarning, match="is gone: watching for it to come back"):
        total = wh.watch([folder], settle_seconds=0.1, stop=stop, on_ingest=on_ingest)
    assert total.notices == [f"{folder} is gone: watching for it to come back"]

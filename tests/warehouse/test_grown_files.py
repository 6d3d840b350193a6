"""A history file that grew since it was ingested is read from where the last read
ended: a live table's file (``--watch``, or a daily ingest of the client's folder) is
read once, not once for every hand added to it.

Before, each change read the whole file again, and the hands read before came back as
duplicates: following one PokerStars table of nine hands took 20 ingests that "read 81
hands: 9 ingested, 72 duplicates". The warehouse is the same either way: each test
compares it, table by table, with one ingest of the finished file.
"""

from __future__ import annotations

import gzip
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.sim import simulate
from tests._tables import ORDER, WHEN, table_rows

DATA = Path(__file__).resolve().parents[1] / "data"
STARS = DATA / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt"

_SKIP = {*WHEN, "txn"}  # when, and in which commit: not what


def _unnamed(df: pd.DataFrame) -> pd.DataFrame:
    """The rows with each file's folder left out (two warehouses of the same files in
    two folders), and the quarantine's key, a hash of the path."""
    df = df.drop(columns=["q_key"], errors="ignore")
    if "source_file" in df:
        df = df.assign(source_file=[Path(v).name for v in df["source_file"]])
    return df


def _hands(text: str) -> list[str]:
    """The hands of a history, each with the blank lines after it (the file is their
    concatenation)."""
    parts = text.split("\n\n\n")
    out = [p + "\n\n\n" for p in parts[:-1] if p.strip()]
    assert "".join(out).strip() == text.strip()
    return out


@pytest.fixture(scope="module")
def rake_hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("grown-src")
    simulate(14, 3, 8, out)
    return _hands(sorted(out.glob("*.txt"))[0].read_text(encoding="utf-8"))


def _stars_hands() -> list[str]:
    return _hands(STARS.read_bytes().decode("utf-8-sig").replace("\r\n", "\n"))


def _bad(hand: str) -> str:
    """A hand that breaks the rules (a bet no stack can make), quarantined by line."""
    m = re.search(r": bets (\$?)[\d.]+", hand)
    assert m is not None, "no bet to break"
    return hand[: m.start()] + (": bets $99.04" if m[1] else ": bets 999999") + hand[m.end() :]


def _grow(path: Path, wh: Warehouse, pieces: list[list[str]], newline: str = "\n") -> list[int]:
    """Write ``pieces`` one after another into ``path`` (opened for appending), ingesting
    after each; the hands each ingest read."""
    read = []
    for piece in pieces:
        with path.open("a", encoding="utf-8", newline="") as fh:
            fh.write("".join(piece).replace("\n", newline))
        summary = wh.ingest([path], pending_seconds=0)
        assert summary.duplicates == 0 and summary.files_unchanged == 0, summary.line()
        read.append(summary.read)
    return read


@pytest.mark.parametrize("room", ["rake", "stars"])
@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_file_that_grew_is_read_from_where_its_last_read_ended(
    room: str, newline: str, rake_hands: list[str], tmp_path: Path
) -> None:
    hands = rake_hands if room == "rake" else _stars_hands()
    assert len(hands) >= 8
    hands = [*hands[:4], _bad(hands[4]), *hands[5:]]  # one quarantined, by its line
    pieces = [hands[:2], hands[2:3], hands[3:6], hands[6:]]
    grown = tmp_path / "table.txt"
    wh = Warehouse(tmp_path / "grown")
    assert _grow(grown, wh, pieces, newline) == [len(p) for p in pieces]

    whole = tmp_path / "whole" / "table.txt"
    whole.parent.mkdir()
    shutil.copyfile(grown, whole)
    once = Warehouse(tmp_path / "once")
    assert once.ingest([whole]).read == len(hands)
    # the same rows, line numbers included (the file's name aside)
    for w, name in ((once, str(whole)), (wh, str(grown))):
        assert set(w.sql("SELECT DISTINCT source_file FROM hands")["source_file"]) == {name}
    wh_tables, once_tables = table_rows(wh, skip=_SKIP), table_rows(once, skip=_SKIP)
    for table in ORDER:
        pd.testing.assert_frame_equal(
            _unnamed(wh_tables[table]), _unnamed(once_tables[table]), obj=table
        )
    (q,) = wh.quarantine().itertuples()
    assert q.line > 1 and q.reason.startswith(f"line {q.line}: ")
    assert (
        grown.read_bytes().split(b"\n")[q.line - 1].rstrip(b"\r").endswith((b"999999", b"$99.04"))
    )
    assert wh.ingest([grown]).files_unchanged == 1  # and read no more


def test_a_file_changed_before_its_end_is_read_whole(rake_hands: list[str], tmp_path: Path) -> None:
    path = tmp_path / "t.txt"
    wh = Warehouse(tmp_path / "wh")
    path.write_text("".join(rake_hands[:3]), encoding="utf-8")
    assert wh.ingest([path]).read == 3
    edited = rake_hands[0].replace("\n", "\n", 1) + "".join(rake_hands[1:5])
    path.write_text("\n" + edited, encoding="utf-8")  # a byte added at the start
    s = wh.ingest([path])
    assert (s.read, s.ingested, s.duplicates) == (5, 2, 3)


def test_a_read_that_ended_inside_a_hand_is_not_resumed(
    rake_hands: list[str], tmp_path: Path
) -> None:
    """The last version read ended without a blank line (a hand cut short, quarantined
    once its time was past): the rest of that hand must not be read alone."""
    path = tmp_path / "t.txt"
    wh = Warehouse(tmp_path / "wh")
    lines = rake_hands[2].split("\n")
    path.write_text("".join(rake_hands[:2]) + "\n".join(lines[:8]) + "\n", encoding="utf-8")
    s = wh.ingest([path], pending_seconds=0)
    assert (s.ingested, s.quarantined) == (2, 1)
    path.write_text("".join(rake_hands[:4]), encoding="utf-8")
    s = wh.ingest([path], pending_seconds=0)
    assert (s.read, s.ingested, s.duplicates, s.resolved) == (4, 2, 2, 1)
    assert len(wh.quarantine()) == 0


def test_a_compressed_file_that_grew_is_read_whole(rake_hands: list[str], tmp_path: Path) -> None:
    path = tmp_path / "t.txt.gz"
    wh = Warehouse(tmp_path / "wh")
    path.write_bytes(gzip.compress("".join(rake_hands[:3]).encode()))
    assert wh.ingest([path]).read == 3
    path.write_bytes(gzip.compress("".join(rake_hands[:5]).encode()))
    s = wh.ingest([path])
    assert (s.read, s.ingested, s.duplicates) == (5, 2, 3)


def test_a_utf16_file_that_grew_is_read_whole(tmp_path: Path) -> None:
    hands = _stars_hands()
    path = tmp_path / "t.txt"
    wh = Warehouse(tmp_path / "wh")
    path.write_bytes("".join(hands[:2]).encode("utf-16"))
    assert wh.ingest([path]).read == 2
    path.write_bytes("".join(hands[:4]).encode("utf-16"))
    s = wh.ingest([path])
    assert (s.read, s.ingested, s.duplicates) == (4, 2, 2)


def test_blank_lines_added_alone_read_nothing_and_say_nothing_is_wrong(
    rake_hands: list[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.txt"
    wh = Warehouse(tmp_path / "wh")
    path.write_text("".join(rake_hands[:2]), encoding="utf-8")
    wh.ingest([path])
    with path.open("a", encoding="utf-8") as fh:
        fh.write("\n\n")
    s = wh.ingest([path])
    assert (s.read, s.ingested, s.unrecognized, s.files_unchanged) == (0, 0, [], 0)
    assert wh.ingest([path]).files_unchanged == 1  # that version is recorded as read
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(rake_hands[2:4]))
    s = wh.ingest([path])
    assert (s.read, s.ingested, s.duplicates) == (2, 2, 0)


def test_worker_processes_read_a_grown_file_the_same_way(
    rake_hands: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RAKESTATS_POOL_MIN_BYTES", "0")  # the pool, however small
    path = tmp_path / "t.txt"
    wh = Warehouse(tmp_path / "wh")
    other = tmp_path / "other.txt"
    other.write_text("".join(rake_hands[6:9]), encoding="utf-8")
    path.write_text("".join(rake_hands[:3]), encoding="utf-8")
    s = wh.ingest([path, other], jobs=2)
    assert s.read == 6
    with path.open("a", encoding="utf-8") as fh:
        fh.write("".join(rake_hands[3:6]))
    s = wh.ingest([path, other], jobs=2)
    assert (s.read, s.ingested, s.duplicates, s.files_unchanged) == (3, 3, 0, 1)
    once = Warehouse(tmp_path / "once")
    both = tmp_path / "both"
    both.mkdir()
    shutil.copyfile(path, both / "t.txt")
    shutil.copyfile(other, both / "other.txt")
    once.ingest([both / "t.txt", both / "other.txt"])
    a, b = table_rows(wh, skip=_SKIP), table_rows(once, skip=_SKIP)
    for table in ORDER:
        pd.testing.assert_frame_equal(_unnamed(a[table]), _unnamed(b[table]), obj=table)

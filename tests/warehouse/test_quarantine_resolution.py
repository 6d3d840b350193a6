"""Which quarantine entries a complete copy resolves, whatever the commit size.

A quarantine entry is resolved when a complete copy of its hand is stored *after* it (a
hand cut short, or damaged in one copy, then read whole). A damaged copy read after the
stored one, and a copy that conflicts with the stored one (another hand under the same
id), stay open. The outcome depends on the order of the copies in the input only: one
run or several, any ``commit_every``, any number of jobs.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rakestats import Warehouse
from rakestats.warehouse import COMMIT_EVERY
from tests._calling_hands import calling_hands, damaged

COMMIT_SIZES = (1, 2, 3, COMMIT_EVERY)


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return calling_hands(tmp_path_factory.mktemp("resolution-src"), 5, 6)


def _conflicting(hand: str) -> str:
    """A valid hand under the same id with another stack (a conflicting copy)."""
    other, n = re.subn(
        r"^(Seat \d+: .*) \((\d+) in chips\)$",
        lambda m: f"{m[1]} ({int(m[2]) + 1000} in chips)",
        hand,
        count=1,
        flags=re.M,
    )
    assert n == 1
    return other


def _write(path: Path, hands: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(h + "\n\n\n" for h in hands), encoding="utf-8")
    return path


def _open(wh: Warehouse) -> list[tuple[str, int, str]]:
    q = wh.quarantine()
    return sorted(zip(q["source_file"], q["line"], q["reason"], strict=True))


def _outcomes(
    files: list[Path], tmp_path: Path, jobs: tuple[int, ...] = (1,)
) -> set[tuple[tuple[tuple[str, int, str], ...], int, int]]:
    """(open entries, quarantined, resolved) of one run of ``files`` for each commit
    size and number of jobs."""
    seen = set()
    for n_jobs in jobs:
        for size in COMMIT_SIZES:
            wh = Warehouse(tmp_path / f"wh-{n_jobs}-{size}")
            s = wh.ingest(files, commit_every=size, jobs=n_jobs, pending_seconds=0)
            seen.add((tuple(_open(wh)), s.quarantined, s.resolved))
    return seen


def _separately(files: list[Path], tmp_path: Path) -> list[tuple[str, int, str]]:
    wh = Warehouse(tmp_path / "wh-separate")
    for f in files:
        wh.ingest([f], pending_seconds=0)
    return _open(wh)


def test_a_conflicting_copy_in_the_same_run_stays_open(hands: list[str], tmp_path: Path) -> None:
    a = _write(tmp_path / "a" / "h.txt", hands[:1])
    b = _write(tmp_path / "b" / "h.txt", [_conflicting(hands[0])])
    (outcome,) = _outcomes([a, b], tmp_path)
    entries, quarantined, resolved = outcome
    assert (quarantined, resolved) == (1, 0)
    assert len(entries) == 1 and entries[0][0] == str(b) and "conflict" in entries[0][2]
    assert list(entries) == _separately([a, b], tmp_path)


def test_a_damaged_copy_after_the_stored_one_stays_open(hands: list[str], tmp_path: Path) -> None:
    a = _write(tmp_path / "a" / "h.txt", hands[:2])
    b = _write(tmp_path / "b" / "h.txt", [damaged(hands[1])])
    (outcome,) = _outcomes([a, b], tmp_path)
    entries, quarantined, resolved = outcome
    assert (quarantined, resolved) == (1, 0)
    assert [e[0] for e in entries] == [str(b)]
    assert list(entries) == _separately([a, b], tmp_path)


def test_a_damaged_copy_before_the_complete_one_is_resolved(
    hands: list[str], tmp_path: Path
) -> None:
    a = _write(tmp_path / "a" / "h.txt", [damaged(hands[1])])
    b = _write(tmp_path / "b" / "h.txt", hands[:2])
    (outcome,) = _outcomes([a, b], tmp_path)
    assert outcome == ((), 1, 1)
    assert _separately([a, b], tmp_path) == []


def test_in_one_file_the_order_of_the_copies_decides(hands: list[str], tmp_path: Path) -> None:
    later = _write(
        tmp_path / "later.txt", [hands[0], damaged(hands[3]), hands[1], hands[2], hands[3]]
    )
    (outcome,) = _outcomes([later], tmp_path / "l")
    assert outcome == ((), 1, 1)  # the complete copy came after the damaged one
    earlier = _write(
        tmp_path / "earlier.txt", [hands[0], hands[3], hands[1], hands[2], damaged(hands[3])]
    )
    (outcome,) = _outcomes([earlier], tmp_path / "e")
    entries, quarantined, resolved = outcome
    assert (quarantined, resolved) == (1, 0) and [e[0] for e in entries] == [str(earlier)]


def test_a_hand_cut_short_then_read_whole_is_resolved(hands: list[str], tmp_path: Path) -> None:
    cut = "\n".join(hands[2].split("\n")[:9])
    a = _write(tmp_path / "a.txt", [hands[0], cut])
    b = _write(tmp_path / "b.txt", hands[:4])
    (outcome,) = _outcomes([a, b], tmp_path)
    assert outcome == ((), 1, 1)


def test_several_copies_give_the_same_open_quarantine_with_any_jobs(
    hands: list[str], tmp_path: Path
) -> None:
    files = [
        _write(tmp_path / "in" / "1.txt", [damaged(hands[0]), hands[1]]),
        _write(tmp_path / "in" / "2.txt", [hands[0], _conflicting(hands[1]), hands[2]]),
        _write(tmp_path / "in" / "3.txt", [damaged(hands[2]), _conflicting(hands[0])]),
        _write(tmp_path / "in" / "4.txt", [hands[3], damaged(hands[4]), hands[4]]),
    ]
    (outcome,) = _outcomes(files, tmp_path, jobs=(1, 2))
    entries, quarantined, resolved = outcome
    assert (quarantined, resolved) == (5, 2)
    assert [(Path(e[0]).name, "conflict" in e[2]) for e in entries] == [
        ("2.txt", True),
        ("3.txt", False),
        ("3.txt", True),
    ]
    assert list(entries) == _separately(files, tmp_path)

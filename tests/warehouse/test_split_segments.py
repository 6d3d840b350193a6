"""The driver splits the segments of many small files as one batch: the warehouse, the
summary and every file's counts come out as when each segment is split on its own.

The input mixes what the split tells apart: hands stored by an earlier ingest
(duplicates), player views of them (other views, merged), a copy with other content
(a conflict), a file with one hand twice (hand keys that repeat among the segments held)
and a file with a broken hand (quarantined: its unit is taken on its own, after the
units before it).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rakestats import Warehouse
from rakestats.sim import simulate
from rakestats.warehouse import _ingest
from rakestats.warehouse._dedupe import KeySet, Split, _repeats

_ORDER = {
    "hands": "hand_key",
    "players": "hand_key, player",
    "actions": "hand_key, seq",
    "pickups": "hand_key, pickup, player",
}


def _hands(path: Path) -> list[str]:
    return [h for h in path.read_text(encoding="utf-8").split("\n\n\n") if h.strip()]


def _write(path: Path, hands: list[str]) -> None:
    path.write_text("".join(h + "\n\n\n" for h in hands), encoding="utf-8")


@pytest.fixture(scope="module")
def setup(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A warehouse holding half the server files, and a folder of mixed input."""
    root = tmp_path_factory.mktemp("segments")
    sim = root / "sim"
    simulate(160, "3-6", 23, sim, view="both")
    # each log cut into files of 20 hands, as a room writes a file a session
    parts = root / "parts"
    parts.mkdir()
    server: list[Path] = []
    for kind in ("server", "player"):
        for log in sorted((sim / kind).glob("*.txt")):
            hands = _hands(log)
            for k in range(0, len(hands), 20):
                part = parts / f"{kind}-{log.stem.rsplit('-', 1)[-1]}-{k // 20:02d}.txt"
                _write(part, hands[k : k + 20])
                if kind == "server":
                    server.append(part)
    assert len(server) == 8
    wh = Warehouse(root / "stored")
    assert wh.ingest(server[::2]).ingested == 80

    mix = root / "mix"
    mix.mkdir()
    for k, path in enumerate(server):  # stored (duplicates) and new files, alternating
        shutil.copy(path, mix / f"a{k:02d}-{path.name}")
    # other views: one seat's before the server's copies (they complete them: merged),
    # another's after (duplicates); each seat's files hold a hand once, so they are
    # split together, but not with a file that holds one of their hands
    seats = sorted({p.name.split("-")[1] for p in parts.glob("player-*.txt")})
    for k, path in enumerate(sorted(parts.glob(f"player-{seats[0]}-*.txt"))):
        shutil.copy(path, mix / f"0{k:02d}-{path.name}")
    for k, path in enumerate(sorted(parts.glob(f"player-{seats[1]}-*.txt"))):
        shutil.copy(path, mix / f"b{k:02d}-{path.name}")
    first = _hands(server[0])
    stamp = re.search(r"\d\d:\d\d:\d\d UTC", first[0])
    assert stamp is not None
    _write(mix / "a03x-conflict.txt", [first[0].replace(stamp.group(0), "23:59:59 UTC", 1)])
    _write(mix / "a05x-twice.txt", [_hands(server[1])[0]] * 2)
    broken = _hands(server[3])
    _write(mix / "a06x-broken.txt", [broken[0], "\n".join(broken[1].split("\n")[:-3])])
    return root / "stored", mix


def _ingest_copy(setup: tuple[Path, Path], where: Path, **kw: Any) -> tuple[Warehouse, Any]:
    """The mixed folder ingested into a copy of the stored warehouse."""
    stored, mix = setup
    shutil.copytree(stored, where)
    wh = Warehouse(where)
    return wh, wh.ingest([mix], **kw)


def _files(wh: Warehouse) -> pd.DataFrame:
    cols = "path, hands_read, ingested, duplicates, quarantined, skipped"
    return wh.sql(f"SELECT {cols} FROM files ORDER BY path, txn")


@pytest.mark.parametrize("commit_every", [200_000, 37])
def test_segments_split_together_count_as_when_split_one_by_one(
    setup: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    commit_every: int,
) -> None:
    calls: list[tuple[int, int]] = []  # segments given, splits made
    split_segments = KeySet.split_segments

    def counted(self: KeySet, segments: list[dict[str, Any]]) -> list[tuple[Split, int]]:
        out = split_segments(self, segments)
        calls.append((len(segments), len(out)))
        return out

    monkeypatch.setattr(KeySet, "split_segments", counted)
    kw = {"commit_every": commit_every, "jobs": 1}
    together, s_together = _ingest_copy(setup, tmp_path / "together", **kw)
    grouped = list(calls)
    calls.clear()
    monkeypatch.setattr(_ingest, "SPLIT_HANDS", 1)
    alone, s_alone = _ingest_copy(setup, tmp_path / "alone", **kw)

    # segments of several files were split as one, but not all of them (the other
    # seat's files hold hands of the server's files, and a file holds a hand twice),
    # and one by one in the second run
    assert sum(made for _, made in grouped) < sum(given for given, _ in grouped)
    assert any(made > 1 for _, made in grouped)
    assert calls and all(given == made == 1 for given, made in calls), calls
    # each kind of copy is there to be counted
    assert s_together.duplicates > 0 and s_together.merged > 0 and s_together.conflicts == 1
    assert s_together.quarantined == 2  # the conflict and the broken hand
    for name in ("read", "ingested", "duplicates", "quarantined", "conflicts", "merged"):
        assert getattr(s_together, name) == getattr(s_alone, name), name
    pd.testing.assert_frame_equal(_files(together), _files(alone))
    for name, order in _ORDER.items():
        a = together.sql(f"SELECT * FROM {name} ORDER BY {order}")
        b = alone.sql(f"SELECT * FROM {name} ORDER BY {order}")
        pd.testing.assert_frame_equal(
            a.drop(columns="txn", errors="ignore"), b.drop(columns="txn", errors="ignore"), obj=name
        )
    q = "SELECT source_file, line, reason FROM quarantine ORDER BY source_file, line"
    pd.testing.assert_frame_equal(together.sql(q), alone.sql(q))
    # a file's counts are its own: the duplicates are those of the stored files' copies
    files = _files(together).set_index("path")
    files = files[[Path(p).parent.name == "mix" for p in files.index]]  # this ingest's
    names = {p: Path(p).name for p in files.index}
    stored = [p for p, n in names.items() if re.match(r"a\d\d-", n) and int(n[1:3]) % 2 == 0]
    fresh = [p for p, n in names.items() if re.match(r"a\d\d-", n) and int(n[1:3]) % 2 == 1]
    assert len(stored) == len(fresh) == 4
    stored_copies = files.loc[stored]
    assert (stored_copies["duplicates"] == 20).all() and (stored_copies["ingested"] == 0).all()
    # every hand read is counted once, to its own file
    counted = files["ingested"] + files["duplicates"] + files["quarantined"]
    assert (counted == files["hands_read"]).all()
    assert files["ingested"].sum() == s_together.ingested > 0


@given(st.lists(st.lists(st.integers(0, 12), max_size=6), max_size=8))
def test_repeats_are_found_as_a_search_segment_by_segment_finds_them(
    segments: list[list[int]],
) -> None:
    alone, latest = _repeats([np.array(s, dtype=np.int64) for s in segments])
    for j, keys in enumerate(segments):
        assert alone[j] == (len(set(keys)) < len(keys))
        before = [i for i in range(j) if set(segments[i]) & set(keys)]
        assert latest[j] == (before[-1] if before else -1)

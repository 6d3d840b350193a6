"""Pooled player views: any number of views of a hand merge into the server's copy.

``simulate(view="both")`` writes every hand twice: as the server log (every card) and as
each seat's own log. Ingesting all the player views — at once, one by one, in any order,
in any grouping of runs, with one or two workers, or concatenated into one file — must
give exactly the server view's rows (the view, hero and source columns aside) and the
same statistics. A copy that contradicts the stored one is quarantined, naming both.
"""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rakestats import Warehouse
from rakestats.sim import simulate

# Columns that say where a copy came from, not what the hand was.
_WHERE = {"view", "hero", "source_file", "source_line", "txn"}
# The face-down middle cards that nobody picked are known to the server alone.
_SERVER_ONLY = {"middle_down"}
_ORDER = {
    "hands": "hand_key",
    "players": "hand_key, player",
    "actions": "hand_key, seq",
    "pickups": "hand_key, pickup, player",
}


def _table(wh: Warehouse, name: str, skip: set[str]) -> pd.DataFrame:
    df = wh.sql(f"SELECT * FROM {name} ORDER BY {_ORDER[name]}")
    keep = [c for c in df.columns if c not in skip]
    return df[keep].reset_index(drop=True)


def _assert_same_hands(a: Warehouse, b: Warehouse, *, server_seen: bool = False) -> None:
    skip = _WHERE if server_seen else _WHERE | _SERVER_ONLY
    for name in _ORDER:
        pd.testing.assert_frame_equal(_table(a, name, skip), _table(b, name, skip), obj=name)
    for figures in ("player_stats", "skull_ace"):
        x = getattr(a, figures)(min_hands=1)
        y = getattr(b, figures)(min_hands=1)
        pd.testing.assert_frame_equal(x, y, obj=figures)


@pytest.fixture(scope="module")
def both(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("views") / "sim"
    simulate(120, "3-8", 11, out, view="both")
    return out


@pytest.fixture(scope="module")
def server(both: Path, tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("server") / "wh")
    summary = wh.ingest([both / "server"])
    assert summary.ingested == 120 and summary.quarantined == 0
    return wh


def _player_files(both: Path) -> list[Path]:
    files = sorted((both / "player").glob("*.txt"))
    assert len(files) >= 3  # a table of three seats or more
    return files


def test_views_in_one_ingest_equal_the_server_view(
    both: Path, server: Warehouse, tmp_path: Path
) -> None:
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest([both / "player"], jobs=2)
    assert summary.ingested == 120 and summary.quarantined == 0
    assert summary.merged == 120
    _assert_same_hands(server, wh)
    assert set(wh.sql("SELECT DISTINCT view FROM hands")["view"]) == {"merged"}


def test_views_concatenated_in_one_file_equal_the_server_view(
    both: Path, server: Warehouse, tmp_path: Path
) -> None:
    one = tmp_path / "all-views.txt"
    one.write_bytes(b"".join(f.read_bytes() for f in _player_files(both)))
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest([one])
    assert (summary.ingested, summary.quarantined, summary.merged) == (120, 0, 120)
    _assert_same_hands(server, wh)


def test_skull_ace_held_is_derived_from_the_merged_cards(
    both: Path, server: Warehouse, tmp_path: Path
) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([both / "player"])
    held = "SELECT count(*) FROM players WHERE skull_ace_held"
    assert wh.sql(held).iloc[0, 0] == server.sql(held).iloc[0, 0] > 0
    wrong = wh.sql(
        "SELECT count(*) FROM players WHERE game = 'rake' "
        "AND skull_ace_held <> coalesce(list_contains(string_split(cards, ' '), 'As'), false)"
    )
    assert wrong.iloc[0, 0] == 0


@settings(
    max_examples=4,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 10_000), jobs=st.sampled_from([1, 2]))
def test_views_in_any_order_and_grouping_equal_the_server_view(
    both: Path, server: Warehouse, tmp_path_factory: pytest.TempPathFactory, seed: int, jobs: int
) -> None:
    rng = random.Random(seed)
    files = _player_files(both)
    rng.shuffle(files)
    cuts = sorted(rng.sample(range(1, len(files)), rng.randint(0, len(files) - 1)))
    groups = [files[a:b] for a, b in zip([0, *cuts], [*cuts, len(files)], strict=True)]
    wh = Warehouse(tmp_path_factory.mktemp("shuffled") / "wh")
    for group in groups:
        assert wh.ingest(group, jobs=jobs).quarantined == 0
    _assert_same_hands(server, wh)


def test_server_view_after_player_views_changes_nothing_but_the_view(
    both: Path, server: Warehouse, tmp_path: Path
) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([_player_files(both)[0]])
    wh.ingest([both / "server"])
    wh.ingest([both / "player"])
    _assert_same_hands(server, wh, server_seen=True)
    assert set(wh.sql("SELECT DISTINCT view FROM hands")["view"]) == {"server"}
    # and a server log after every player's log fills what only the server saw
    wh2 = Warehouse(tmp_path / "wh2")
    wh2.ingest([both / "player"])
    wh2.ingest([both / "server"])
    _assert_same_hands(server, wh2, server_seen=True)


# ------------------------------------------------------------------ conflicts
def _hands(text: str) -> list[str]:
    return [h for h in text.split("\n\n\n") if h.strip()]


def test_same_id_with_other_content_is_a_conflict_not_a_duplicate(
    both: Path, tmp_path: Path
) -> None:
    src = sorted((both / "server").glob("*.txt"))[0]
    first = _hands(src.read_text(encoding="utf-8"))[0]
    stamp = re.search(r"\d\d:\d\d:\d\d UTC", first)
    assert stamp is not None
    other = first.replace(stamp.group(0), "23:59:59 UTC", 1)  # still a legal hand
    (tmp_path / "a.txt").write_text(first + "\n\n\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text(other + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest([tmp_path / "a.txt"]).ingested == 1
    s = wh.ingest([tmp_path / "b.txt"])
    assert (s.ingested, s.duplicates, s.quarantined, s.conflicts) == (0, 0, 1, 1)
    q = wh.quarantine()
    assert len(q) == 1
    reason = q["reason"].iloc[0]
    assert reason.startswith("conflict:") and str(tmp_path / "a.txt") in reason
    assert q["source_file"].iloc[0] == str(tmp_path / "b.txt")
    assert q["raw_text"].iloc[0] == other
    # both copies in one file: the second is the conflict
    (tmp_path / "ab.txt").write_text(first + "\n\n\n" + other + "\n\n\n", encoding="utf-8")
    wh2 = Warehouse(tmp_path / "wh2")
    s = wh2.ingest([tmp_path / "ab.txt"])
    assert (s.ingested, s.duplicates, s.quarantined) == (1, 0, 1)
    # and the conflict is recorded once, however often the file is read again
    shutil.copy(tmp_path / "b.txt", tmp_path / "b2.txt")
    wh.ingest([tmp_path / "b.txt"])
    assert len(wh.quarantine()) == 1
    # a retry finds the copy parses, but it still contradicts the stored one: it stays
    retry = wh.retry_quarantined()
    assert (retry.ingested, retry.still_quarantined) == (0, 1)
    assert wh.quarantine()["reason"].iloc[0] == reason
    assert len(wh.sql("SELECT * FROM hands")) == 1


def test_a_view_showing_other_cards_is_quarantined_with_both_sources(
    both: Path, tmp_path: Path
) -> None:
    server_text = sorted((both / "server").glob("*.txt"))[0].read_text(encoding="utf-8")
    for path in _player_files(both):
        for hand in _hands(path.read_text(encoding="utf-8")):
            hero = re.search(r"^View: player (.+)$", hand, re.M)
            dealt = re.search(r"^Dealt to (.+) \[(\w\w) (\w\w) (\w\w)\]$", hand, re.M)
            if hero is None or dealt is None or f"{hero.group(1)}: folds" not in hand:
                continue
            hand_id = hand.split("#", 1)[1].split(":", 1)[0]
            full = next(h for h in _hands(server_text) if hand_id in h.split("\n", 1)[0])
            unused = next(
                f"{r}{s}" for r in "23456789TPLDA" for s in "swfc" if f"{r}{s}" not in full
            )
            bad = hand.replace(dealt.group(0), dealt.group(0).replace(dealt.group(2), unused))
            break
        else:
            continue
        break
    else:
        pytest.skip("no folded hero in this simulation")
    (tmp_path / "bad.txt").write_text(bad + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([both / "server"])
    before = wh.sql("SELECT * FROM players ORDER BY hand_key, player")
    s = wh.ingest([tmp_path / "bad.txt"])
    assert (s.ingested, s.duplicates, s.quarantined, s.conflicts, s.merged) == (0, 0, 1, 1, 0)
    reason = wh.quarantine()["reason"].iloc[0]
    assert "differ from the stored copy" in reason and str(both / "server") in reason
    pd.testing.assert_frame_equal(before, wh.sql("SELECT * FROM players ORDER BY hand_key, player"))


def test_a_kill_between_the_hands_commit_and_the_merge_commit_loses_nothing(
    both: Path, server: Warehouse, tmp_path: Path
) -> None:
    """SIGKILL after the hands are committed and before the merge of other views is:
    the next run reads the files again (they were not recorded) and redoes the merge."""
    import signal
    import subprocess
    import sys

    wh_dir = tmp_path / "wh"
    script = (
        "import os, signal, sys\n"
        "from rakestats import Warehouse\n"
        "import rakestats.warehouse._ingest as ingest\n"
        "def die(*a, **k):\n"
        "    os.kill(os.getpid(), signal.SIGKILL)\n"
        "ingest.merge_views = die\n"
        "Warehouse(sys.argv[1]).ingest([sys.argv[2]])\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", script, str(wh_dir), str(both / "player")],
        capture_output=True,
        timeout=120,
    )
    assert proc.returncode == -signal.SIGKILL
    wh = Warehouse(wh_dir)
    assert len(wh.sql("SELECT hand_key FROM hands")) == 120  # the hands were committed
    assert len(wh.sql("SELECT path FROM files")) == 0  # the files were not recorded
    summary = wh.ingest([both / "player"])
    assert (summary.ingested, summary.merged, summary.quarantined) == (0, 120, 0)
    _assert_same_hands(server, wh)

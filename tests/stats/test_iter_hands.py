"""``iter_hands``: :meth:`hands` a part at a time, for exports of millions of hands (the
command line's ``hands --format csv|json``), equal to the whole frame."""

from __future__ import annotations

import shutil
import threading
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

import rakestats.cli.hands as hands_cli
from rakestats import Warehouse
from rakestats.cli import main
from rakestats.stats import EmptyResultWarning

REPO = Path(__file__).resolve().parents[2]

CASES: list[dict[str, Any]] = [
    {},
    {"newest_first": True},
    {"limit": 13},
    {"outcome": "reveal", "newest_first": True},
    {"game": "stud", "min_hands": 5},
]


@pytest.mark.parametrize("per", ["player", "hand"])
@pytest.mark.parametrize("rows", [1, 7, 2048, 5000])
def test_the_parts_are_the_whole(stud_rooms: Warehouse, per: str, rows: int) -> None:
    for kw in CASES:
        whole = stud_rooms.hands(per=per, **kw)  # type: ignore[arg-type]
        parts = list(stud_rooms.iter_hands(per=per, rows=rows, **kw))  # type: ignore[arg-type]
        assert [len(p) for p in parts[:-1]] == [rows] * (len(parts) - 1)
        assert 0 < len(parts[-1]) <= rows
        pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), whole)


def test_people_of_an_aliases_file(sample_rake: Warehouse) -> None:
    names = list(sample_rake.player_stats()["player"][:2])
    people = {"Crew": names}
    whole = sample_rake.hands(aliases=people, player="Crew", per="hand")
    parts = list(sample_rake.iter_hands(aliases=people, player="Crew", per="hand", rows=100))
    assert len(parts) > 3
    pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), whole)


def test_nothing_yielded_and_why(sample_rake: Warehouse) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert list(sample_rake.iter_hands(player="Nobody Here")) == []
        assert list(sample_rake.iter_hands(limit=0)) == []  # none asked for: no warning
    assert [str(w.message) for w in caught if w.category is EmptyResultWarning] == [
        "no player 'Nobody Here'"
    ]
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ValueError, match="rows must be a whole number"):
            next(sample_rake.iter_hands(rows=bad))  # type: ignore[arg-type]


def test_one_snapshot_and_no_lock_held_between_parts(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    shutil.copy(REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt", tmp_path / "a")
    shutil.copy(REPO / "sample_data" / "server" / "2f192cf4cb46-0004.txt", tmp_path / "b")
    wh = Warehouse(tmp_path / "wh")
    first = wh.ingest([tmp_path / "a"]).ingested
    parts = wh.iter_hands(per="hand", rows=50)
    got = [next(parts)]
    wh.ingest([tmp_path / "b"])  # a commit while the export runs
    counted: list[int] = []
    other = threading.Thread(target=lambda: counted.append(wh.count_hands(per="hand")))
    other.start()
    other.join(timeout=60)
    assert counted and counted[0] > first  # another query ran meanwhile, on the new one
    got += list(parts)
    assert sum(len(p) for p in got) == first  # the export read its own snapshot


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_the_command_writes_the_same_text_a_part_at_a_time(
    stud_rooms: Warehouse, fmt: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["hands", "-w", str(stud_rooms.path), "--format", fmt, "--limit", "0"]
    whole = CliRunner().invoke(main, args)
    assert whole.exit_code == 0, whole.output
    monkeypatch.setattr(hands_cli, "EXPORT_ROWS", 7)
    parts = CliRunner().invoke(main, args)
    assert parts.exit_code == 0 and parts.stdout == whole.stdout
    if fmt == "csv":
        assert parts.stdout.count("hand_id,site,") == 1
        assert len(pd.read_csv(__import__("io").StringIO(parts.stdout))) == len(
            stud_rooms.hands(per="hand")
        )
    else:
        import json

        assert len(json.loads(parts.stdout)) == len(stud_rooms.hands(per="hand"))


def test_parts_larger_than_any_table(sample_rake: Warehouse) -> None:
    """A part of 10**30 rows is every row at once (the fetch size overflowed DuckDB's
    argument); numpy's integers are taken."""
    whole = sample_rake.hands(per="hand")
    parts = list(sample_rake.iter_hands(per="hand", rows=10**30))
    assert len(parts) == 1
    pd.testing.assert_frame_equal(parts[0], whole)
    assert sum(len(p) for p in sample_rake.iter_hands(rows=np.int64(5000))) == len(
        sample_rake.hands()
    )

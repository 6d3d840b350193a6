"""A query larger than memory spills under the system's temporary directory, never into
the current directory: DuckDB's default (``.tmp`` there) left files in the analyst's
folder and failed where it was read-only (``Failed to create directory ".tmp"``)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from rakestats import Warehouse

REPO = Path(__file__).resolve().parents[2]

# a window over four million rows: more than 30 MB, so it spills
_BIG = (
    "SELECT count(*) FROM (SELECT lag(i) OVER (PARTITION BY i % 1000 ORDER BY i DESC) AS l "
    "FROM range(4000000) t(i)) WHERE l IS NOT NULL"
)


def test_a_query_larger_than_memory_spills_under_the_temporary_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "h").mkdir()
    shutil.copy(REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt", tmp_path / "h")
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([tmp_path / "h"])
    work = tmp_path / "notebooks"  # the analyst's folder
    work.mkdir()
    system_tmp = tmp_path / "system-tmp"
    system_tmp.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setattr(tempfile, "tempdir", str(system_tmp))
    for con in (wh.connect(), wh.statistics.connect()):
        (folder,) = con.execute("SELECT current_setting('temp_directory')").fetchone()
        assert Path(folder).parent == system_tmp
        con.execute("SET memory_limit = '30MB'")
        assert con.execute(_BIG).fetchone() == (3_999_000,)
        assert list(work.iterdir()) == []  # nothing in the current directory
        assert [p.name for p in system_tmp.iterdir()] == [Path(folder).name]  # it spilled
        con.close()
        assert list(system_tmp.iterdir()) == []  # and DuckDB removed its folder

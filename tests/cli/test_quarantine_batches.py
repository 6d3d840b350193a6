"""``rakestats quarantine`` reads the quarantine a batch of rows at a time, and the
hands' text only with ``--raw``: the listing is the same whatever the batch."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

import rakestats.cli.ingest as ingest_cli
from rakestats import Warehouse
from rakestats.cli import main

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def held(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("held")
    text = (REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt").read_text(encoding="utf-8")
    (root / "h").mkdir()
    (root / "h" / "a.txt").write_text(
        text.replace("posts the ante", "posts the antee", 20), encoding="utf-8"
    )
    wh = Warehouse(root / "wh")
    assert wh.ingest([root / "h"]).quarantined >= 3
    return wh


@pytest.mark.parametrize("raw", [False, True])
def test_the_listing_is_the_same_a_row_at_a_time(
    held: Warehouse, raw: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["quarantine", "-w", str(held.path), *(["--raw"] if raw else [])]
    whole = CliRunner().invoke(main, args)
    monkeypatch.setattr(ingest_cli, "QUARANTINE_ROWS", 1)
    one = CliRunner().invoke(main, args)
    assert whole.exit_code == one.exit_code == 0
    assert one.stdout == whole.stdout
    entries = held.quarantine()
    lines = one.stdout.splitlines()
    assert lines[-1] == f"{len(entries)} quarantined hands"
    listed = [line for line in lines if not line.startswith("    ")][:-1]
    assert listed == [
        f"{f}:{n}: {str(r).removeprefix(f'line {n}: ')}"
        for f, n, r in zip(entries.source_file, entries.line, entries.reason, strict=True)
    ]
    texts = [line[4:] for line in lines if line.startswith("    ")]
    if raw:
        assert texts == [t for raw_text in entries.raw_text for t in raw_text.splitlines()]
    else:
        assert texts == []


def _records(held: Warehouse, raw: bool) -> list[dict[str, object]]:
    """The library's quarantine as csv and json give it: the times as ISO 8601 text."""
    q = held.quarantine()
    keys = [*ingest_cli.QUARANTINE_KEYS, *(["raw_text"] if raw else [])]
    return [
        {
            k: None if pd.isna(v) else v.isoformat() if isinstance(v, pd.Timestamp) else v
            for k, v in zip(keys, (q[k].iloc[i] for k in keys), strict=True)
        }
        for i in range(len(q))
    ]


@pytest.mark.parametrize("raw", [False, True])
@pytest.mark.parametrize("batch", [1, 2, 1_000])
def test_json_holds_the_library_rows_whatever_the_batch(
    held: Warehouse, raw: bool, batch: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ingest_cli, "QUARANTINE_ROWS", batch)
    args = ["quarantine", "-w", str(held.path), "--format", "json", *(["--raw"] if raw else [])]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    want = _records(held, raw)
    assert got == want and [list(r) for r in got] == [list(r) for r in want]
    assert result.stderr.strip() == f"{len(want)} quarantined hands"


@pytest.mark.parametrize("batch", [1, 1_000])
def test_csv_holds_the_library_rows_whatever_the_batch(
    held: Warehouse, batch: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ingest_cli, "QUARANTINE_ROWS", batch)
    args = ["quarantine", "-w", str(held.path), "--format", "csv", "--raw"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    want = _records(held, raw=True)
    assert rows[0] == list(want[0])
    assert rows[1:] == [["" if v is None else str(v) for v in row.values()] for row in want]
    assert len(rows) - 1 == len(want) >= 3


def test_limit_lists_the_first_and_says_how_many_more(held: Warehouse) -> None:
    n = len(held.quarantine())
    table = CliRunner().invoke(main, ["quarantine", "-w", str(held.path), "--limit", "2"])
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert (
        len(lines) == 3 and lines[-1] == f"2 quarantined hands; {n - 2} more (--limit 0 lists all)"
    )
    whole = CliRunner().invoke(main, ["quarantine", "-w", str(held.path)]).stdout.splitlines()
    assert lines[:2] == whole[:2]
    js = CliRunner().invoke(
        main, ["quarantine", "-w", str(held.path), "--limit", "1", "--format", "json"]
    )
    assert [r["line"] for r in json.loads(js.stdout)] == [int(held.quarantine()["line"].iloc[0])]
    assert f"{n - 1} more (--limit 0 lists all)" in js.stderr


@pytest.mark.parametrize(("fmt", "empty"), [("csv", "source_file,line,reason"), ("json", "[]")])
def test_an_empty_quarantine_is_a_header_or_an_empty_array_and_said(
    tmp_path: Path, fmt: str, empty: str
) -> None:
    wh = Warehouse(tmp_path / "wh")
    wh.ingest([REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt"])
    result = CliRunner().invoke(main, ["quarantine", "-w", str(wh.path), "--format", fmt])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(empty) and len(result.stdout.splitlines()) == 1
    assert result.stderr.strip() == "0 quarantined hands"

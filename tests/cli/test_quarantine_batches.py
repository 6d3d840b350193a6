"""``rakestats quarantine`` reads the quarantine a batch of rows at a time, and the
hands' text only with ``--raw``: the listing is the same whatever the batch."""

from __future__ import annotations

from pathlib import Path

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

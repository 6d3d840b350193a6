"""``rakestats quarantine``: one line a quarantined hand, ``file:line: reason``, the
line said once; checked against the library's :meth:`Warehouse.quarantine`."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data" / "player"


def _two_hands_one_bad(tmp_path: Path) -> Path:
    """The first two hands of a sample file, the first betting more than its stack."""
    text = sorted(SAMPLE.glob("*.txt"))[0].read_text(encoding="utf-8")
    hands = text.split("\n\n\n")
    assert "the Priest: bets 25\n" in hands[0]
    bad = hands[0].replace("the Priest: bets 25\n", "the Priest: bets 99999\n")
    path = tmp_path / "two.txt"
    path.write_text(bad + "\n\n\n" + hands[1] + "\n\n\n", encoding="utf-8")
    return path


def test_each_quarantined_hand_is_one_line_with_file_line_and_reason(tmp_path: Path) -> None:
    path = _two_hands_one_bad(tmp_path)
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest(path)
    assert (summary.ingested, summary.quarantined) == (1, 1)
    q = wh.quarantine()
    (row,) = q.itertuples()
    bad_line = 1 + path.read_text(encoding="utf-8").splitlines().index("the Priest: bets 99999")
    assert row.line == bad_line
    assert row.reason.startswith(f"line {bad_line}: ")  # the stored reason stands alone

    result = CliRunner().invoke(main, ["quarantine", "-w", str(tmp_path / "wh")])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    why = row.reason.removeprefix(f"line {bad_line}: ")
    assert lines == [f"{row.source_file}:{bad_line}: {why}", "1 quarantined hands"]
    assert f"line {bad_line}" not in result.output

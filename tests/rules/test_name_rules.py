"""A name the format does not allow is quarantined in every path, retry included.

The Rake format allows names of at most 64 characters, without a space at either end,
printable (docs/hand-history-format.md, "Names"); bytes that are not UTF-8 are never
stored as a damaged name (U+FFFD), neither on ingest nor on ``--retry-quarantined``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.rake.names import NameRefusedError, check_name
from rakestats.sim import simulate


@pytest.fixture(scope="module")
def hand(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    out = tmp_path_factory.mktemp("names")
    simulate(5, 3, 8, out)
    text = sorted(out.glob("*.txt"))[0].read_text(encoding="utf-8").split("\n\n\n")[0]
    names = re.findall(r"^Seat \d+: (.+) \(\d+ in chips\)$", text, re.M)
    return text, names[0]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("X" * 65, "is 65 characters long; at most 64 allowed"),
        (" Ashua Vel ", "begins or ends with a space"),
        (" Ashua", "begins or ends with a space"),
        ("Ashua ", "begins or ends with a space"),
        ("Ashua\ufffdVel", "U+FFFD"),
    ],
)
def test_a_name_the_format_refuses_is_quarantined(
    hand: tuple[str, str], tmp_path: Path, name: str, reason: str
) -> None:
    text, victim = hand
    path = tmp_path / "h.txt"
    path.write_text(text.replace(victim, name) + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    summary = wh.ingest([path])
    assert (summary.ingested, summary.quarantined) == (0, 1)
    q = wh.quarantine()
    assert reason in q["reason"].iloc[0]
    assert q["line"].iloc[0] == 5  # the first seat line, where the name is declared
    with pytest.raises(NameRefusedError, match=re.escape(reason)):
        check_name(name)  # the writer refuses the same name


def test_the_longest_name_allowed_is_stored(hand: tuple[str, str], tmp_path: Path) -> None:
    text, victim = hand
    path = tmp_path / "h.txt"
    path.write_text(text.replace(victim, "Y" * 64) + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest([path]).ingested == 1
    assert "Y" * 64 in set(wh.sql("SELECT player FROM players")["player"])


def test_bytes_that_are_not_utf8_never_become_a_stored_name(
    hand: tuple[str, str], tmp_path: Path
) -> None:
    text, victim = hand
    raw = (text.replace(victim, "Ashua\x00Vel") + "\n\n\n").encode().replace(b"\x00", b"\xff")
    path = tmp_path / "bad.txt"
    path.write_bytes(raw)
    wh_dir = tmp_path / "wh"
    wh = Warehouse(wh_dir)
    assert wh.ingest([path]).quarantined == 1
    assert "invalid UTF-8" in wh.quarantine()["reason"].iloc[0]
    result = CliRunner().invoke(main, ["ingest", "--retry-quarantined", "-w", str(wh_dir)])
    assert result.exit_code == 0, result.output
    assert "0 ingested" in result.output and "1 still quarantined" in result.output
    assert len(wh.sql("SELECT * FROM players")) == 0
    assert "U+FFFD" in wh.quarantine()["reason"].iloc[0]

"""Names that carry SQL, HTML and shell metacharacters, quotes, brackets and non-ASCII
letters travel through ingestion, the statistics (bound parameters), the CLI and the
HTML report unchanged and harmless; names with control characters are quarantined with
a clear reason, and the CLI never writes a raw control character to the terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.sim import simulate
from rakestats.warehouse._arrow import hands_to_tables, partitions
from rakestats.warehouse.schema import HAND_TABLES
from tests._records import rake_hand

HOSTILE = [
    "Robert'); DROP TABLE players;--",
    '<script>alert("x")</script>',
    "$(rm -rf ~) `id` && echo | sh",
    'O\'Brien "Q" [the {Daemonist}]',
    "Zoë Ærøskøbing 李小龍 Ωμέγα",
    "%s %n \\ \\\\ ' OR '1'='1",
]
_SEAT = re.compile(r"^Seat \d+: (.+) \(\d+ in chips\)$", re.M)
_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _names(text: str) -> list[str]:
    return sorted(set(_SEAT.findall(text)), key=len, reverse=True)


@pytest.fixture(scope="module")
def sim_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("injection-sim")
    simulate(60, "6", 31, out, jobs=1)
    (path,) = sorted(out.glob("*.txt"))
    return path.read_text(encoding="utf-8")


def _rename(text: str, new: list[str]) -> tuple[str, dict[str, str]]:
    old = _names(text)
    mapping = dict(zip(old, new, strict=False))
    # through placeholders, so that no new name is caught by a later replacement
    for k, name in enumerate(mapping):
        text = text.replace(name, f"\ue000{k}\ue001")
    for k, name in enumerate(mapping):
        text = text.replace(f"\ue000{k}\ue001", mapping[name])
    return text, mapping


@pytest.fixture(scope="module")
def hostile_wh(sim_text: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("injection")
    text, mapping = _rename(sim_text, HOSTILE)
    assert sorted(mapping.values()) == sorted(HOSTILE)
    text = text.replace("Table 'Ketty Jay", 'Table \'<b>Ketty</b> "Jay"; DROP TABLE hands;--')
    (base / "in").mkdir()
    (base / "in" / "hostile.txt").write_text(text, encoding="utf-8")
    s = Warehouse(base / "wh").ingest([base / "in"])
    assert (s.read, s.quarantined, s.unrecognized) == (60, 0, [])
    return base / "wh"


def test_hostile_names_are_stored_unchanged_and_queried_by_parameter(hostile_wh: Path) -> None:
    wh = Warehouse(hostile_wh)
    stored = set(wh.sql("SELECT DISTINCT player FROM players")["player"])
    assert set(HOSTILE) <= stored
    for name in HOSTILE:
        n = wh.sql("SELECT count(*) AS n FROM players WHERE player = ?", [name])["n"][0]
        assert n > 0, name
        row = wh.player_stats(players=[name])
        assert row["player"].tolist() == [name]
    # the tables are all still there
    assert wh.sql("SELECT count(*) AS n FROM hands")["n"][0] == 60
    tables = set(wh.sql("SELECT DISTINCT table_name FROM hands")["table_name"])
    assert all(t.startswith('<b>Ketty</b> "Jay"; DROP TABLE hands;--') for t in tables)


def test_cli_shows_hostile_names_unchanged(hostile_wh: Path) -> None:
    runner = CliRunner()
    got = runner.invoke(main, ["stats", "-w", str(hostile_wh), "--format", "json"])
    assert got.exit_code == 0, got.output
    assert set(HOSTILE) <= {r["player"] for r in json.loads(got.output)}
    for name in HOSTILE:
        one = runner.invoke(main, ["stats", "-w", str(hostile_wh), "-p", name, "--format", "json"])
        assert one.exit_code == 0, one.output
        assert [r["player"] for r in json.loads(one.output)] == [name]
    table = runner.invoke(main, ["stats", "-w", str(hostile_wh)])
    assert table.exit_code == 0 and all(name in table.output for name in HOSTILE)
    hand_id = Warehouse(hostile_wh).sql("SELECT min(hand_id) AS h FROM hands")["h"][0]
    hand = runner.invoke(main, ["hand", "-w", str(hostile_wh), hand_id])
    assert hand.exit_code == 0, hand.output
    assert sum(name in hand.output for name in HOSTILE) >= 2


@pytest.mark.filterwarnings("ignore:Glyph .* missing from font")
def test_html_report_escapes_hostile_names(hostile_wh: Path, tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    got = CliRunner().invoke(main, ["report", "-w", str(hostile_wh), "--out", str(out)])
    assert got.exit_code == 0, got.output
    page = out.read_text(encoding="utf-8")
    assert '<script>alert("x")</script>' not in page
    assert "&lt;script&gt;alert(" in page
    assert "<b>Ketty</b>" not in page
    assert "Zoë Ærøskøbing 李小龍 Ωμέγα" in page
    assert "O&#x27;Brien" in page or "O&#39;Brien" in page or "O'Brien" in page


@pytest.mark.parametrize(
    ("bad", "shown"),
    [
        ("Ann\x1b[2J\x1b[31mRed", r"'\x1b'"),
        ("Ann\x1b]0;owned\x07", r"'\x1b'"),
        ("Ann\rBob", r"'\r'"),
        ("Ann\x00Bob", r"'\x00'"),
        ("Ann\x7fBob", r"'\x7f'"),
        ("Ann\u202eboB", r"'\u202e'"),
    ],
)
def test_control_characters_in_a_name_quarantine_the_hand(
    sim_text: str, tmp_path: Path, bad: str, shown: str
) -> None:
    text, mapping = _rename(sim_text, [bad])
    (victim,) = mapping
    path = tmp_path / "in" / "ctl.txt"
    path.parent.mkdir()
    path.write_text(text, encoding="utf-8")
    affected = sum(victim in h for h in sim_text.split("\n\n\n"))
    wh_dir = tmp_path / "wh"
    s = Warehouse(wh_dir).ingest([path.parent])
    assert (s.quarantined, s.ingested) == (affected, 60 - affected)
    q = Warehouse(wh_dir).quarantine()
    assert all(f"control character {shown} in the player name" in r for r in q["reason"])
    # the reason names the file line that holds it
    assert all(bad in text.split("\n")[int(n) - 1] for n in q["line"])
    out = CliRunner().invoke(main, ["quarantine", "-w", str(wh_dir), "--raw"])
    assert out.exit_code == 0
    assert not _RAW_CONTROL.search(out.output)
    assert "\u202e" not in out.output or "\\u202e" in out.output


def _write_hands(wh_dir: Path, names: tuple[str, str]) -> None:
    """Store hands directly (as another tool or an older version might have), so that
    the CLI's own escaping is tested whatever the parsers let in."""
    wh = Warehouse(wh_dir)
    recs = [rake_hand(n, names=names) for n in range(3)]
    with wh.store.lock():
        txn = wh.store.begin()
        tables = hands_to_tables(recs, txn.version)
        for name in HAND_TABLES:
            for partition, part in partitions(tables[name]):
                txn.write(name, part, partition)
        txn.commit()


def test_cli_escapes_control_characters_from_the_warehouse(tmp_path: Path) -> None:
    wh_dir = tmp_path / "wh"
    _write_hands(wh_dir, ("Ann\x1b[2J", "Bob\r\x07"))
    runner = CliRunner()
    outputs = [
        runner.invoke(main, ["stats", "-w", str(wh_dir)]),
        runner.invoke(main, ["hand", "-w", str(wh_dir), "H000001"]),
    ]
    for got in outputs:
        assert got.exit_code == 0, got.output
        assert not _RAW_CONTROL.search(got.output), got.output
        assert "Ann\\x1b[2J" in got.output

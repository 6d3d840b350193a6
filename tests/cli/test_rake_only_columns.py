"""The Ace of Skulls columns are Rake's: a stud row of a mixed table shows ``-`` there
(not a count of 0 for a card its game has not got), in the command line's table and in
the report's."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.report._tables import table
from rakestats.stats import stat_columns

ROOT = Path(__file__).parents[2]
RAKE = ROOT / "sample_data" / "server" / "2f192cf4cb46-0003.txt"
RAZZ = ROOT / "tests" / "data" / "razz" / "stars" / "Razz-USD-0.04-0.08-200911.txt"


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("mixed") / "wh")
    wh.ingest([RAKE, RAZZ])
    return wh


def test_stats_table_shows_a_dash_for_skull_columns_of_stud_rows(mixed: Warehouse) -> None:
    result = CliRunner().invoke(main, ["stats", "-w", mixed.path])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    heads = lines[0]
    at, g = heads.index("skull rev"), heads.index("game")
    rows = {"rake": 0, "razz": 0}
    for line in lines[2:]:
        game = line[g:].split()[0]
        cells = line[at:].split()
        if game == "razz":
            assert cells[:3] == ["-", "-", "-"], line
            rows["razz"] += 1
        elif game == "rake":
            assert cells[0].isdigit(), line
            rows["rake"] += 1
    assert rows["rake"] >= 3 and rows["razz"] >= 3
    # the library's frame keeps its counts (0 for a stud row): only the tables differ
    df = mixed.player_stats()
    assert (df.loc[df["game"] == "razz", "skull_ace_reveals"] == 0).all()


def test_report_table_shows_a_dash_for_skull_columns_of_stud_rows(mixed: Warehouse) -> None:
    df = mixed.player_stats()
    columns = stat_columns("player game skull_ace_reveals skull_ace_auto_losses skull_ace_net")
    t = table(df, columns, "stats")
    keys = [c.key for c in columns]
    skull = [i for i, k in enumerate(keys) if k.startswith("skull_ace")]
    assert skull
    for rec, row in zip(df.to_dict(orient="records"), t.body, strict=True):
        texts = [row[i].text for i in skull]
        if rec["game"] == "razz":
            assert set(texts) == {"-"}, texts
        else:
            assert texts[0] == f"{int(rec[keys[skull[0]]]):,}", texts

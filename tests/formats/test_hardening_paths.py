"""A warehouse path is taken literally by every reader: glob characters (``wh*``,
``g[1]``, ``a?b``) never make DuckDB read a sibling warehouse, and relative names that
look like URIs or start with ``~`` are the directories they name."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.sim import simulate
from rakestats.warehouse._duck import literal_path


@pytest.fixture(scope="module")
def two_histories(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, Path, int]:
    a = tmp_path_factory.mktemp("glob-a")
    b = tmp_path_factory.mktemp("glob-b")
    na = simulate(40, "2-4", 5, a, jobs=1).hands
    nb = simulate(70, "2-4", 6, b, jobs=1).hands
    return a, na, b, nb


def _counts(wh: Warehouse) -> tuple[int, int]:
    df = wh.sql("SELECT (SELECT count(*) FROM hands) AS h, (SELECT count(*) FROM players) AS p")
    return int(df["h"][0]), int(df["p"][0])


@pytest.mark.parametrize(("glob", "plain"), [("g[1]", "g1"), ("wh*", "wh1"), ("a?b", "acb")])
def test_sibling_warehouses_with_glob_characters_read_only_their_own_hands(
    tmp_path: Path, two_histories: tuple[Path, int, Path, int], glob: str, plain: str
) -> None:
    a, na, b, nb = two_histories
    wh_glob, wh_plain = Warehouse(tmp_path / glob), Warehouse(tmp_path / plain)
    # the literal one second, so that its pattern would match the one made first
    assert wh_plain.ingest([b]).ingested == nb
    assert wh_glob.ingest([a]).ingested == na
    hands_glob, players_glob = _counts(wh_glob)
    hands_plain, players_plain = _counts(wh_plain)
    assert hands_glob == na and hands_plain == nb
    # the statistics count each warehouse's own player-hands, not the sum of both
    assert int(wh_glob.player_stats()["hands"].sum()) == players_glob
    assert int(wh_plain.player_stats()["hands"].sum()) == players_plain
    # the writer's own reads (dedupe keys, the file manifest) are literal too
    again = wh_glob.ingest([a])
    assert again.ingested == 0 and again.files_unchanged == again.files
    # and so is the command line
    out = CliRunner().invoke(main, ["stats", "-w", str(tmp_path / glob), "--format", "json"])
    assert out.exit_code == 0, out.output
    import json

    rows = json.loads(out.output)
    assert sum(int(r["hands"]) for r in rows) == players_glob


def test_relative_names_like_uris_or_home_are_plain_directories(
    tmp_path: Path, two_histories: tuple[Path, int, Path, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, na, _, _ = two_histories
    monkeypatch.chdir(tmp_path)
    for name in ("s3:", "file:", "~wh"):
        wh = Warehouse(f"{name}/wh")
        assert wh.ingest([a]).ingested == na
        assert _counts(wh)[0] == na
        assert (tmp_path / name / "wh" / "_rakestats.json").is_file()


def test_literal_path_brackets_every_glob_character() -> None:
    assert literal_path("/d/wh*/a?b/g[1]/x.parquet") == "/d/wh[*]/a[?]b/g[[]1[]]/x.parquet"
    assert literal_path("/plain/path.parquet") == "/plain/path.parquet"

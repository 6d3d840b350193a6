"""A merged hand does not depend on the order its views were ingested in.

``simulate(view="both")`` writes the same hands as the server log and as each seat's own
log. Whatever the order — server first or last, all in one run or one log a run, one
worker or two — the warehouse must hold the same rows in ``hands``, ``players``,
``actions`` and ``pickups``, ``view`` and ``hero`` included: ``server`` with a null hero
when the server log was among the copies, else ``merged`` with the first player by name
whose log was merged. Only the columns that say which file and commit stored the hand
may differ (:data:`INGEST_ONLY`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.sim import simulate

# Columns that record how a copy was ingested (which file and line, which commit), not
# what the hand was: the only ones allowed to differ between orders of ingest.
INGEST_ONLY = {"hands": {"source_file", "source_line", "txn"}}
_ORDER = {
    "hands": ["hand_key"],
    "players": ["hand_key", "player"],
    "actions": ["hand_key", "seq"],
    "pickups": ["hand_key", "pickup", "player"],
}
_FIRST_ROUND_ONLY = """
    SELECT hand_id FROM players GROUP BY hand_id
    HAVING count(*) FILTER (WHERE folded_round = 1) = count(*) - 1 ORDER BY hand_id
"""

Runs = Sequence[tuple[Sequence[Path], int]]  # (paths of one ingest, jobs)


@pytest.fixture(scope="module")
def sim(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("order") / "sim"
    simulate(40, "3-5", 23, out, view="both")
    return out


def _players(sim: Path) -> list[Path]:
    files = sorted((sim / "player").glob("*.txt"))
    assert len(files) >= 3
    return files


def _ingest(root: Path, runs: Runs) -> Warehouse:
    wh = Warehouse(root)
    for paths, jobs in runs:
        summary = wh.ingest(paths, jobs=jobs)
        assert summary.quarantined == 0 and not summary.unrecognized
    return wh


def _tables(wh: Warehouse) -> dict[str, pd.DataFrame]:
    out = {}
    for name, order in _ORDER.items():
        df = wh.sql(f"SELECT * FROM {name}")
        df = df.drop(columns=sorted(INGEST_ONLY.get(name, set())))
        # a text column with no value at all comes back as objects: compare the values
        for c in df.columns:
            if isinstance(df[c].dtype, pd.StringDtype):
                df[c] = df[c].astype(object).where(df[c].notna(), None)
        out[name] = df.sort_values(order).reset_index(drop=True)
    return out


def _assert_same(expected: dict[str, pd.DataFrame], wh: Warehouse, label: str) -> None:
    got = _tables(wh)
    for name, df in expected.items():
        pd.testing.assert_frame_equal(got[name], df, obj=f"{label}: {name}")


def _hand_json(wh: Warehouse, hand_id: str) -> dict[str, object]:
    res = CliRunner().invoke(main, ["hand", "-w", wh.path, hand_id, "--format", "json"])
    assert res.exit_code == 0, res.output
    doc: dict[str, object] = json.loads(res.output)
    return doc


def _hand_text(wh: Warehouse, hand_id: str) -> str:
    res = CliRunner().invoke(main, ["hand", "-w", wh.path, hand_id])
    assert res.exit_code == 0, res.output
    return res.output


def test_server_among_the_views_gives_the_same_rows_in_any_order(sim: Path, tmp_path: Path) -> None:
    server, players = sim / "server", _players(sim)
    reference = _ingest(tmp_path / "server-only", [([server], 1)])
    first_round = list(reference.sql(_FIRST_ROUND_ONLY)["hand_id"])
    assert first_round  # hands where the server log shows no card the players' logs lack
    orders: dict[str, Runs] = {
        "server first": [([server], 1), ([sim / "player"], 1)],
        "players first": [([sim / "player"], 1), ([server], 1)],
        "players then server in one run": [([sim / "player", server], 1)],
        "server then players in one run": [([server, sim / "player"], 2)],
        "one log a run, server in the middle": [
            *[([p], 1) for p in players[::-1][:2]],
            ([server], 1),
            *[([p], 1) for p in players[::-1][2:]],
        ],
    }
    expected = _tables(reference)
    assert set(expected["hands"]["view"]) == {"server"}
    assert expected["hands"]["hero"].isna().all()
    hand_id = first_round[0]
    doc, text = _hand_json(reference, hand_id), _hand_text(reference, hand_id)
    assert doc["view"] == "server" and doc["hero"] is None
    for label, runs in orders.items():
        wh = _ingest(tmp_path / label.replace(" ", "-"), runs)
        _assert_same(expected, wh, label)
        assert _hand_json(wh, hand_id) == doc, label
        assert _hand_text(wh, hand_id) == text, label


def test_player_views_alone_give_the_same_rows_in_any_order(sim: Path, tmp_path: Path) -> None:
    players = _players(sim)
    orders: dict[str, Runs] = {
        "in one run": [(players, 1)],
        "reversed in one run": [(players[::-1], 1)],
        "reversed, one log a run": [([p], 1) for p in players[::-1]],
        "one log, then the rest with two workers": [([players[1]], 1), (players, 2)],
    }
    whs = {
        label: _ingest(tmp_path / str(i), runs) for i, (label, runs) in enumerate(orders.items())
    }
    first, *others = whs.items()
    expected = _tables(first[1])
    for label, wh in others:
        _assert_same(expected, wh, label)
    # every seat has its log, so every hand is merged, under the first player by name
    wrong = first[1].sql(
        "SELECT h.hand_id, h.view, h.hero, p.first FROM hands h JOIN "
        "(SELECT hand_key, min(player) AS first FROM players GROUP BY hand_key) p "
        "USING (hand_key) WHERE h.view <> 'merged' OR h.hero IS DISTINCT FROM p.first"
    )
    assert wrong.empty, wrong
    hand_id = str(first[1].sql(_FIRST_ROUND_ONLY)["hand_id"].iloc[0])
    docs = [_hand_json(wh, hand_id) for wh in whs.values()]
    assert all(d == docs[0] for d in docs)
    assert docs[0]["view"] == "merged"
    assert len({_hand_text(wh, hand_id) for wh in whs.values()}) == 1


def test_one_players_log_alone_stays_that_players_view(sim: Path, tmp_path: Path) -> None:
    log = _players(sim)[0]
    wh = _ingest(tmp_path / "one", [([log], 1), ([log], 1)])
    views = wh.sql("SELECT DISTINCT view, hero FROM hands")
    assert list(views["view"]) == ["player"] and views["hero"].notna().all()

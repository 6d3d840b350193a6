"""SIGKILL at random moments of an ingest of plain, gzip and zip files that hold damaged
hands too. After every kill the warehouse opens and holds a subset of what an
uninterrupted run stores, each hand whole, once, equal to that run's copy, each
quarantined hand once; a rerun on a copy of it adds exactly the hands that are missing;
at the end the warehouse equals the uninterrupted run's.

``RAKESTATS_KILLS`` sets the number of kills (4 here; ``make fuzz`` runs a long
campaign), ``RAKESTATS_KILL_RERUN_EVERY`` how often the rerun check runs (every kill by
default)."""

from __future__ import annotations

import gzip
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.sim import simulate

KILLS = int(os.environ.get("RAKESTATS_KILLS_HARDENING", os.environ.get("RAKESTATS_KILLS", "4")))
RERUN_EVERY = int(os.environ.get("RAKESTATS_KILL_RERUN_EVERY", "1"))


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    sim = tmp_path_factory.mktemp("kill-sim")
    simulate(2400, "2-8", 41, sim, jobs=1)
    out = tmp_path_factory.mktemp("kill-corpus")
    rng = random.Random(7)
    archive = zipfile.ZipFile(out / "bundle.zip", "w", zipfile.ZIP_DEFLATED)
    k = 0
    for path in sorted(sim.glob("*.txt")):
        hands = [h for h in path.read_text(encoding="utf-8").split("\n\n\n") if h.strip()]
        for i in range(0, len(hands), 80):
            part = hands[i : i + 80]
            j = rng.randrange(len(part))  # one damaged hand per file
            part[j] = part[j].replace("posts the ante", "posts the antes", 1)
            text = ("\n\n\n".join(part) + "\n").encode()
            name = f"t{k:03d}.txt"
            if k % 5 == 1:
                (out / f"{name}.gz").write_bytes(gzip.compress(text))
            elif k % 5 == 2:
                archive.writestr(name, text)
            else:
                (out / name).write_bytes(text)
            k += 1
    archive.close()
    return out


def _cmd(corpus: Path, wh_dir: Path) -> list[str]:
    return [sys.executable, "-m", "rakestats", "ingest", str(corpus), "-w", str(wh_dir),
            "--jobs", "2", "--commit-every", "100"]  # fmt: skip


def _state(wh_dir: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Every stored player-hand row and every quarantined hand, after the whole-hand
    checks (which also prove that the warehouse opens)."""
    wh = Warehouse(wh_dir)
    n, distinct = wh.sql("SELECT count(*), count(DISTINCT hand_key) FROM hands").iloc[0]
    assert n == distinct, "a hand is in the warehouse twice"
    partial = wh.sql(
        "SELECT count(*) AS n FROM hands h LEFT JOIN (SELECT hand_key, count(*) AS k "
        "FROM players GROUP BY hand_key) p USING (hand_key) WHERE p.k IS DISTINCT FROM h.n_players"
    )["n"][0]
    assert partial == 0, "a hand is in without all its players"
    stray = wh.sql(
        "SELECT (SELECT count(*) FROM players ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM actions ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM pickups ANTI JOIN hands USING (hand_key)) AS n"
    )["n"][0]
    assert stray == 0, "rows of a hand that is not in"
    players = wh.sql(
        "SELECT hand_key, player, seat, stack, invested, collected, "
        "(SELECT count(*) FROM actions a WHERE a.hand_key = p.hand_key "
        " AND a.player = p.player) AS n_actions FROM players p ORDER BY hand_key, seat"
    )
    q = wh.sql("SELECT q_key, source_file, line, reason FROM quarantine ORDER BY q_key")
    assert q["q_key"].is_unique, "a quarantined hand is stored twice"
    return players, q


def _subset(part: pd.DataFrame, whole: pd.DataFrame, key: list[str]) -> bool:
    merged = part.merge(whole, how="left", indicator=True)
    return bool((merged["_merge"] == "both").all()) and not part.duplicated(key).any()


def test_killed_ingests_keep_whole_hands_and_reruns_add_exactly_what_is_missing(
    corpus: Path, tmp_path: Path
) -> None:
    # the uninterrupted run: the reference, and how long a run takes
    ref_dir = tmp_path / "ref"
    started = time.monotonic()
    done = subprocess.run(_cmd(corpus, ref_dir), capture_output=True, text=True, timeout=600)
    duration = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    ref_players, ref_q = _state(ref_dir)
    n_ref = ref_players["hand_key"].nunique()
    assert len(ref_q) > 20 and n_ref > 2000

    wh_dir = tmp_path / "wh"
    rng = random.Random(int(os.environ.get("RAKESTATS_KILL_SEED", "20261130")))
    cmd = _cmd(corpus, wh_dir)
    counts: list[int] = []
    epoch: list[int] = []  # counts since the warehouse was last started afresh
    reruns = 0
    for kill in range(KILLS):
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.02, 1.0) * duration)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if not (wh_dir / "_rakestats.json").exists():
            counts.append(0)
            epoch.append(0)
            continue
        players, q = _state(wh_dir)
        assert _subset(players, ref_players, ["hand_key", "player"]), "a hand differs"
        assert _subset(q, ref_q, ["q_key"]), "a quarantined hand differs"
        have = players["hand_key"].nunique()
        counts.append(have)
        epoch.append(have)
        assert epoch == sorted(epoch), "a killed run lost committed hands"
        if kill % RERUN_EVERY == 0:
            copy = tmp_path / "rerun"
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(wh_dir, copy, symlinks=True)
            again = Warehouse(copy).ingest([corpus], jobs=2)
            assert again.ingested == n_ref - have, "the rerun did not add exactly the missing"
            assert again.ingested + again.duplicates + again.quarantined + again.skipped == (
                again.read
            )
            reruns += 1
        if have == n_ref and kill < KILLS - 1:  # complete: start afresh for the next kill
            shutil.rmtree(wh_dir)
            epoch = []

    final = subprocess.run([*cmd, "--wait"], capture_output=True, text=True, timeout=600)
    assert final.returncode == 0, final.stderr
    players, q = _state(wh_dir)  # the last kill's warehouse, completed
    assert players.reset_index(drop=True).equals(ref_players.reset_index(drop=True))
    assert q["q_key"].tolist() == ref_q["q_key"].tolist()
    assert not any((wh_dir / "_staging").glob("txn-*"))
    mid = sum(0 < c < n_ref for c in counts)
    print(
        f"\nkills: {KILLS} survived ({mid} mid-run with hands committed, "
        f"{sum(c == n_ref for c in counts)} after the last commit, "
        f"{sum(c == 0 for c in counts)} before the first), {reruns} rerun checks; "
        f"an uninterrupted run takes {duration:.1f} s for {n_ref} hands"
    )

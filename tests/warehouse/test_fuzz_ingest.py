"""Fuzzing ingestion: folders of mutated histories (plain, compressed, zipped, some cut
short) go into a fresh warehouse. Every hand is accounted for (read = ingested +
duplicates + quarantined + skipped, file by file and in total), the warehouse holds
exactly the hands the readers accept, each whole, once, with chips conserved, and
equal to what was parsed; a second run adds nothing; nothing raw from the histories
reaches the terminal through ``rakestats quarantine``.

``RAKESTATS_FUZZ_EXAMPLES`` raises the budget (a tenth of it runs here)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.columns import HandColumns
from rakestats.formats import ReadError, UnrecognizedFileError, iter_file, scan_file, zip_members
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord
from rakestats.warehouse import walk
from rakestats.warehouse._arrow import hand_key
from tests.formats.rake.test_fuzz_parse import SEEDS, fuzz_settings, mutate, wrap

_RAW_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def make_folder(folder: Path, rng: random.Random) -> None:
    """Three to six files: mutated seeds, and one seed left whole."""
    folder.mkdir(parents=True)
    for k in range(rng.randint(2, 5)):
        data = mutate(SEEDS[rng.randrange(len(SEEDS))][1], rng)
        suffix, packed, _ = wrap(data, rng)
        (folder / f"f{k}{suffix}").write_bytes(packed)
    name, data = SEEDS[rng.randrange(len(SEEDS))]
    (folder / f"whole-{name}").write_bytes(data)


def expected_of(folder: Path) -> tuple[list[HandRecord | QuarantineRecord | SkipRecord], set[str]]:
    """What the readers give for each file, in the ingest's order, and the files that
    are refused or break part-way."""
    records: list[HandRecord | QuarantineRecord | SkipRecord] = []
    bad: set[str] = set()
    for path in walk([folder]):
        try:
            it = iter_file(path)
        except UnrecognizedFileError:
            bad.add(str(path))
            continue
        before = len(records)
        try:
            records.extend(it)
        except ReadError:
            bad.add(str(path))
        members = zip_members(path) or [None]
        if len(records) == before or (len(members) > 1 and _an_empty_member(path, members)):
            bad.add(str(path))  # a file (or member) with no hands is named, not passed over
    return records, bad


def _an_empty_member(path: Path, members: list[str | None]) -> bool:
    cols = HandColumns()
    for m in members:
        try:
            if not any(True for _ in scan_file(path, cols, member=m)):
                return True
        except (UnrecognizedFileError, ReadError):
            return True
    return False


def _content(r: HandRecord) -> tuple[object, ...]:
    """What every view of a hand shows alike (what the content key covers)."""
    return (
        r.played_at, r.table_name, r.max_seats, r.currency, r.ante, r.small_bet, r.big_bet,
        r.bring_in, r.dealer_seat, r.total_pot, r.house_fee,
        sorted((p.player, p.seat, p.stack, p.invested, p.collected, p.folded_round, p.all_in)
               for p in r.players),
        [(a.seq, a.round, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in r.actions],
        sorted((k.pickup, k.player, k.face_up) for k in r.pickups),
    )  # fmt: skip


def _contradicts(a: HandRecord, b: HandRecord) -> bool:
    """Whether copy ``b`` of a hand contradicts copy ``a``: other content, or, from
    another view, other cards where both show them."""
    if _content(a) != _content(b):
        return True
    if (a.view, a.hero) == (b.view, b.hero) and a.view != "merged":
        return False
    cards = {p.player: (p.cards, p.hole_cards, p.up_cards) for p in a.players}
    for p in b.players:
        for x, y in zip(cards[p.player], (p.cards, p.hole_cards, p.up_cards), strict=True):
            if x is not None and y is not None and x != y:
                return True
    picks = {(k.pickup, k.player): k.card for k in a.pickups}
    return any(
        picks.get((k.pickup, k.player)) not in (None, k.card) and k.card is not None
        for k in b.pickups
    )


def check_ingest(folder: Path, wh_dir: Path) -> dict[str, int]:
    """Ingest ``folder`` into a new warehouse at ``wh_dir`` and check every guarantee."""
    records, bad = expected_of(folder)
    wh = Warehouse(wh_dir)
    s = wh.ingest([folder], jobs=1, pending_seconds=0)  # complete files: none pending
    assert s.read == s.ingested + s.duplicates + s.quarantined + s.skipped
    assert s.read == len(records)
    assert {p.split("!", 1)[0] for p, _ in s.unrecognized} == bad
    hands = [r for r in records if isinstance(r, HandRecord)]
    first: dict[int, HandRecord] = {}
    conflicts = 0  # later copies of a hand id that another copy contradicts
    for r in hands:
        k = hand_key(r.site, r.hand_id)
        if k in first and _contradicts(first[k], r):
            conflicts += 1
        first.setdefault(k, r)
    assert s.ingested == len(first)
    assert s.conflicts == conflicts
    assert s.duplicates == len(hands) - len(first) - conflicts
    parse_quarantined = sum(isinstance(r, QuarantineRecord) for r in records)
    assert s.quarantined == parse_quarantined + conflicts
    assert s.skipped == sum(isinstance(r, SkipRecord) for r in records)

    # the warehouse: each hand once, whole, chips conserved, equal to what was parsed
    n, distinct = wh.sql("SELECT count(*), count(DISTINCT hand_key) FROM hands").iloc[0]
    assert n == distinct == len(first)
    broken = wh.sql(
        "SELECT h.hand_key FROM hands h JOIN (SELECT hand_key, count(*) AS n, sum(net) AS net,"
        " sum(invested) AS inv FROM players GROUP BY hand_key) p USING (hand_key)"
        " WHERE p.n <> h.n_players OR p.net + h.house_fee <> 0 OR p.inv <> h.total_pot"
    )
    assert broken.empty, broken
    stray = wh.sql(
        "SELECT (SELECT count(*) FROM players ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM actions ANTI JOIN hands USING (hand_key))"
        " + (SELECT count(*) FROM pickups ANTI JOIN hands USING (hand_key)) AS n"
    )["n"][0]
    assert stray == 0
    stored = {
        (int(r.hand_key), r.player): (int(r.seat), int(r.stack), int(r.invested), int(r.collected))
        for r in wh.sql(
            "SELECT hand_key, player, seat, stack, invested, collected FROM players"
        ).itertuples()
    }
    parsed = {
        (k, p.player): (p.seat, p.stack, p.invested, p.collected)
        for k, r in first.items()
        for p in r.players
    }
    assert stored == parsed
    n_actions = wh.sql("SELECT count(*) AS n FROM actions")["n"][0]
    assert n_actions == sum(len(r.actions) for r in first.values())

    # the manifest adds up; quarantined hands are stored once each
    files = wh.sql(
        "SELECT count(*) AS bad FROM files"
        " WHERE hands_read <> ingested + duplicates + quarantined + skipped"
    )
    assert files["bad"][0] == 0
    n_quarantine = wh.sql("SELECT count(*) AS n FROM quarantine")["n"][0]
    assert n_quarantine == s.quarantined

    # a second run adds nothing (files that broke are read again: all duplicates)
    again = Warehouse(wh_dir).ingest([folder], jobs=1, pending_seconds=0)
    assert again.ingested == 0
    assert wh.sql("SELECT count(*) AS n FROM quarantine")["n"][0] == n_quarantine

    # nothing raw reaches a terminal
    out = CliRunner().invoke(main, ["quarantine", "-w", str(wh_dir), "--raw"])
    assert out.exit_code == 0, out.output
    assert not _RAW_CONTROL.search(out.output)
    return {"read": s.read, "ingested": s.ingested, "quarantined": s.quarantined}


@fuzz_settings(ci_examples=16, share=10)
@given(rng=st.randoms(use_true_random=False))
def test_mutated_folders_ingest_safely(
    tmp_path_factory: pytest.TempPathFactory, rng: random.Random
) -> None:
    base = tmp_path_factory.mktemp("fuzz-ingest")
    make_folder(base / "in", rng)
    check_ingest(base / "in", base / "wh")

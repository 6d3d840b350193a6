"""Ingestion end to end: simulated histories → parser → warehouse, through the library
and the CLI; counts add up, re-ingest adds nothing, damage is quarantined, archives."""

from __future__ import annotations

import bz2
import gzip
import lzma
import shutil
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

import rakestats.formats
from rakestats import Warehouse
from rakestats.cli import main
from rakestats.formats.rake._lean import Unhandled
from rakestats.sim import simulate
from rakestats.warehouse import WarehouseLockedError
from tests._records import lock_held_elsewhere


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("histories")
    simulate(600, "3-6", 11, out, jobs=1)
    return out


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.suffix == ".txt")


def _hand_count(path: Path) -> int:
    return path.read_text(encoding="utf-8").count(" Rake Hand #")


def _consistent(wh: Warehouse) -> tuple[int, int]:
    """Hands and distinct hands, after checking that every hand is whole."""
    n, distinct = wh.sql("SELECT count(*), count(DISTINCT hand_key) FROM hands").iloc[0]
    orphans = wh.sql("SELECT count(*) FROM players p ANTI JOIN hands h USING (hand_key)").iloc[0, 0]
    missing = wh.sql(
        "SELECT count(*) FROM hands h WHERE n_players <> "
        "(SELECT count(*) FROM players p WHERE p.hand_key = h.hand_key)"
    ).iloc[0, 0]
    assert orphans == 0 and missing == 0
    return int(n), int(distinct)


def test_ingest_counts_add_up_and_reingest_adds_nothing(histories, tmp_path):
    wh = Warehouse(tmp_path / "wh")
    expected = sum(_hand_count(p) for p in _files(histories))
    first = wh.ingest([histories], jobs=2)
    assert first.read == expected == first.ingested
    assert first.duplicates == first.quarantined == first.skipped == 0
    assert _consistent(wh) == (expected, expected)
    files = wh.sql("SELECT sum(hands_read), sum(ingested), count(*) FROM files").iloc[0].tolist()
    assert files == [expected, expected, len(_files(histories))]
    net = wh.sql("SELECT sum(net) + sum(DISTINCT 0) AS s FROM players").iloc[0, 0]
    fees = wh.sql("SELECT sum(house_fee) FROM hands").iloc[0, 0]
    assert net == -fees  # chips only move between players and the house

    again = wh.ingest([histories], jobs=2)
    assert again.ingested == 0 and again.files_unchanged == len(_files(histories))
    assert _consistent(wh) == (expected, expected)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"jobs": 0}, "jobs"),
        ({"jobs": -1}, "jobs"),
        ({"jobs": 2.5}, "jobs"),
        ({"jobs": "2"}, "jobs"),
        ({"jobs": True}, "jobs"),
        ({"commit_every": 0}, "commit_every"),
        ({"pending_seconds": -1}, "pending_seconds"),
        ({"pending_seconds": float("nan")}, "pending_seconds"),
    ],
)
def test_bad_arguments_are_refused_before_anything_is_made(histories, tmp_path, arguments, named):
    """The command line's ranges hold for the library too: ``jobs=0`` and
    ``commit_every=0`` were taken without a word (an input under 16 MiB runs in the
    process whatever ``jobs`` says)."""
    wh = Warehouse(tmp_path / "wh")
    with pytest.raises(ValueError, match=f"^{named} must be a"):
        wh.ingest([histories], **arguments)
    if named != "commit_every":  # the watcher takes the others
        with pytest.raises(ValueError, match=f"^{named} must be a"):
            wh.watch([histories], **arguments)
    assert not (tmp_path / "wh").exists()


def test_whole_numbers_of_numpy_are_whole_numbers(histories, tmp_path):
    import numpy as np

    s = Warehouse(tmp_path / "wh").ingest([histories], jobs=np.int64(1), commit_every=np.int32(50))
    assert s.ingested == s.read > 0


def test_links_to_folders_are_followed_each_folder_once(histories, tmp_path):
    """A folder of links to where the histories are is read as those folders (not
    passed over with "0 files"); a link loop or a second link is not walked twice."""
    files = _files(histories)
    a, b = tmp_path / "room-a", tmp_path / "room-b"
    a.mkdir()
    b.mkdir()
    assert len(files) >= 2
    shutil.copy(files[0], a / files[0].name)
    shutil.copy(files[1], b / files[1].name)
    links = tmp_path / "links"
    links.mkdir()
    (links / "a").symlink_to(a, target_is_directory=True)
    (links / "b").symlink_to(b, target_is_directory=True)
    (links / "a-again").symlink_to(a, target_is_directory=True)
    (b / "up").symlink_to(links, target_is_directory=True)  # a loop
    expected = sum(_hand_count(f) for f in files[:2])
    result = CliRunner().invoke(main, ["ingest", str(links), "-w", str(tmp_path / "wh")])
    assert result.exit_code == 0, result.output
    assert f"read {expected} hands from 2 files" in result.output
    wh = Warehouse(tmp_path / "wh")
    assert _consistent(wh) == (expected, expected)
    assert wh.sql("SELECT count(*) FROM files").iloc[0, 0] == 2


def test_overlapping_and_grown_files_add_only_new_hands(histories, tmp_path):
    src = _files(histories)[0]
    hands = src.read_text(encoding="utf-8").split("\n\n\n")
    hands = [h for h in hands if h.strip()]
    grown = tmp_path / "in" / "table.txt"
    grown.parent.mkdir()
    grown.write_text("\n\n\n".join(hands[:10]) + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    assert wh.ingest([grown]).ingested == 10
    grown.write_text("\n\n\n".join(hands) + "\n\n\n", encoding="utf-8")
    s = wh.ingest([grown])  # read from where the last read ended
    assert (s.read, s.ingested, s.duplicates) == (len(hands) - 10, len(hands) - 10, 0)
    copy = tmp_path / "in" / "copy of table.txt"
    shutil.copy(src, copy)
    s = wh.ingest([copy])
    assert s.ingested == 0 and s.duplicates == len(hands)
    assert _consistent(wh) == (len(hands), len(hands))


def _split(histories: Path, folder: Path, n: int) -> list[Path]:
    """All hands of the histories, dealt into ``n`` files."""
    hands = [
        h
        for p in _files(histories)
        for h in p.read_text(encoding="utf-8").split("\n\n\n")
        if h.strip()
    ]
    folder.mkdir()
    out = []
    for k in range(n):
        path = folder / f"part{k}.txt"
        path.write_text("\n\n\n".join(hands[k::n]) + "\n\n\n", encoding="utf-8")
        out.append(path)
    return out


def test_compressed_and_zipped_histories(histories, tmp_path):
    files = _split(histories, tmp_path / "plain", 4)
    arch = tmp_path / "arch"
    arch.mkdir()
    (arch / "a.txt.gz").write_bytes(gzip.compress(files[0].read_bytes()))
    (arch / "b.txt.bz2").write_bytes(bz2.compress(files[1].read_bytes()))
    (arch / "c.txt.xz").write_bytes(lzma.compress(files[2].read_bytes()))
    with zipfile.ZipFile(arch / "d.zip", "w", zipfile.ZIP_DEFLATED) as z:
        z.write(files[3], "nested/d.txt")
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([arch])
    expected = sum(_hand_count(p) for p in files)
    assert s.ingested == expected and s.quarantined == 0
    sources = set(wh.sql("SELECT DISTINCT source_file FROM hands")["source_file"])
    assert any(src.endswith("d.zip!nested/d.txt") for src in sources)
    # the same hands as plain files are duplicates
    assert wh.ingest(files).duplicates == expected


def test_damaged_hands_are_quarantined_and_the_rest_is_kept(histories, tmp_path):
    text = _files(histories)[-1].read_text(encoding="utf-8")
    hands = [h for h in text.split("\n\n\n") if h.strip()]
    lines = hands[3].split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith("Total pot "))
    lines[i] = lines[i].replace("Total pot ", "Total pot 1", 1)  # a wrong pot
    hands[3] = "\n".join(lines)
    hands[5] = hands[5] + "\nthis line is garbage"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n\n\n".join(hands) + "\n\n\n", encoding="utf-8")
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([bad])
    assert (s.read, s.ingested, s.quarantined) == (len(hands), len(hands) - 2, 2)
    assert s.read == s.ingested + s.duplicates + s.quarantined + s.skipped
    q = wh.quarantine()
    assert len(q) == 2 and set(q["source_file"]) == {str(bad)}
    first_lines = [1 + sum(h.count("\n") + 3 for h in hands[:k]) for k in range(len(hands))]
    assert q["line"].min() >= first_lines[3]
    assert all(isinstance(r, str) and r for r in q["reason"])
    assert any("garbage" in r for r in q["reason"])
    # quarantined hands are stored whole, once, even when the file is read again
    assert q["raw_text"].str.contains("Rake Hand #").all()
    # a new hash, the same lines (CRLF line ends): read whole again, not from its end
    bad.write_bytes(bad.read_bytes().replace(b"\n", b"\r\n"))
    s = wh.ingest([bad])
    assert s.quarantined == 2 and s.duplicates == len(hands) - 2
    assert len(wh.quarantine()) == 2


def test_unrecognized_files_are_reported_by_name_and_skipped(histories, tmp_path):
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(_files(histories)[0], folder / "good.txt")
    (folder / "notes.txt").write_text("shopping list\neggs\n", encoding="utf-8")
    (folder / "empty.txt").write_bytes(b"")
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([folder])
    assert s.ingested == _hand_count(folder / "good.txt")
    reasons = {Path(p).name: why for p, why in s.unrecognized}
    assert sorted(reasons) == ["empty.txt", "notes.txt"]  # an empty file is named too
    assert "not a known hand-history format" in reasons["notes.txt"]
    assert reasons["empty.txt"] == "no hands in this file"
    assert (s.files, s.files_unreadable) == (1, 2)


def _defer(*args: object) -> bool:
    raise Unhandled


def test_retry_quarantined_moves_hands_that_now_pass(histories, tmp_path, monkeypatch):
    import rakestats.formats.rake.parser as rake_parser

    src = _files(histories)[-1]
    target = src.read_text(encoding="utf-8").split(" Rake Hand #")[3].split(":")[0]
    original = rake_parser.RakeParser.parse_hand

    def strict(self, lines, first_line, source_file):  # type: ignore[no-untyped-def]
        # a validator bug that rejects one good hand
        if target in lines[0]:
            return self.quarantine(lines, first_line, "rejected by a buggy rule", source_file)
        return original(self, lines, first_line, source_file)

    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", strict)
    monkeypatch.setattr(rakestats.formats, "lean_hand", _defer)  # the parser decides every hand
    wh = Warehouse(tmp_path / "wh")
    s = wh.ingest([src])
    assert s.quarantined == 1
    monkeypatch.setattr(rake_parser.RakeParser, "parse_hand", original)  # the fix
    r = wh.retry_quarantined()
    assert (r.retried, r.ingested, r.still_quarantined) == (1, 1, 0)
    assert len(wh.quarantine()) == 0
    assert _consistent(wh)[0] == s.read


def test_a_second_ingest_is_refused_while_one_runs(histories, tmp_path):
    wh_dir = tmp_path / "wh"
    with lock_held_elsewhere(wh_dir):
        with pytest.raises(WarehouseLockedError):
            Warehouse(wh_dir).ingest([histories])
        result = CliRunner().invoke(main, ["ingest", str(histories), "--warehouse", str(wh_dir)])
        assert result.exit_code == 2
        assert "another rakestats process is writing" in result.output


def test_cli_ingest_and_quarantine(histories, tmp_path):
    wh_dir = tmp_path / "wh"
    runner = CliRunner()
    result = runner.invoke(
        main, ["ingest", str(histories), "--warehouse", str(wh_dir), "--jobs", "1"]
    )
    assert result.exit_code == 0, result.output
    n = sum(_hand_count(p) for p in _files(histories))
    assert f"read {n} hands from {len(_files(histories))} files: {n} ingested" in result.output
    assert _consistent(Warehouse(wh_dir)) == (n, n)
    result = runner.invoke(main, ["quarantine", "--warehouse", str(wh_dir)])
    assert result.exit_code == 0 and "0 quarantined hands" in result.output
    result = runner.invoke(main, ["compact", "--warehouse", str(wh_dir)])
    assert result.exit_code == 0 and "compacted" in result.output
    assert _consistent(Warehouse(wh_dir)) == (n, n)

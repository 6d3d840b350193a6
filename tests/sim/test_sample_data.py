"""sample_data/: reproduced byte for byte by its command, with both Ace of Skulls outcomes."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from rakestats.cli import main

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data"


def _files(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_sample_data_is_reproduced_byte_for_byte(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["sample-data", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    made, committed = _files(tmp_path), _files(SAMPLE)
    assert sorted(made) == sorted(committed)
    for name, data in made.items():
        assert data == committed[name], f"sample_data/{name} differs: run `make sample-data`"


def test_sample_data_shape() -> None:
    files = _files(SAMPLE)
    assert sum(len(b) for b in files.values()) < 5_000_000
    server = [n for n in files if n.startswith("server/") and n.endswith(".txt")]
    player = [n for n in files if n.startswith("player/") and n.endswith(".txt")]
    assert "server/players.json" in files and "player/players.json" in files
    ids = {
        view: {i for n in names for i in re.findall(rb"^.+ Rake Hand #(\S+):", files[n], re.M)}
        for view, names in (("server", server), ("player", player))
    }
    assert 1900 <= len(ids["server"]) <= 2100 and 200 <= len(ids["player"]) <= 400
    assert not ids["server"] & ids["player"]
    sizes = set()
    for n in server:
        first = files[n].split(b"\n\n\n", 1)[0].decode("utf-8")
        sizes.add(len(re.findall(r"^Seat \d+: .+ \(\d+ in chips\)$", first, re.M)))
    assert min(sizes) == 2 and max(sizes) == 8 and len(sizes) >= 5


def test_sample_data_has_both_ace_of_skulls_outcomes() -> None:
    text = b"".join(p.read_bytes() for p in SAMPLE.rglob("*.txt")).decode("utf-8")
    assert re.search(r"^.+: automatic win with the Ace of Skulls$", text, re.M)
    assert re.search(r"^.+: automatic loss with the Ace of Skulls$", text, re.M)


def _run(out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["sample-data", "--out", str(out)])
    return result.exit_code, " ".join(result.output.split())


def test_sample_data_replaces_only_its_own_files(tmp_path: Path) -> None:
    """``rakestats sample-data --out DIR`` removed every ``*.txt`` under DIR/server and
    DIR/player and overwrote DIR/README.md, whatever they were: a user's histories were
    deleted without a word."""
    mine = tmp_path / "mine"
    (mine / "server").mkdir(parents=True)
    (mine / "server" / "session.txt").write_text("my history\n", encoding="utf-8")
    (mine / "README.md").write_text("# my notes\n", encoding="utf-8")
    before = _files(mine)
    code, out = _run(mine)
    assert code == 2 and "mine is not empty and holds no sample data" in out
    assert "nothing was written" in out and _files(mine) == before

    # sample data written earlier is replaced; a stranger beside it is refused first
    sample = tmp_path / "sample"
    assert _run(sample)[0] == 0
    written = _files(sample)
    assert _run(sample)[0] == 0 and _files(sample) == written  # the same bytes again
    (sample / "player" / "session.txt").write_text("my history\n", encoding="utf-8")
    (sample / "server" / "2f192cf4cb46-0001.txt").unlink()  # one run file less
    before = _files(sample)
    code, out = _run(sample)
    assert code == 2 and "files that are not of it" in out and "session.txt" in out
    assert _files(sample) == before

    # an empty folder is new
    empty = tmp_path / "empty"
    empty.mkdir()
    assert _run(empty)[0] == 0 and _files(empty) == written

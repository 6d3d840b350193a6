"""Full Tilt Poker Stud and Stud Hi/Lo: every hand of the sample files is read and
agrees with the file's own summary; the same files written as Full Tilt wrote them
(UTF-16 with a byte-order mark, CRLF) give the same records; five-card stud is skipped
by game; broken variants are quarantined."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.formats import iter_file
from rakestats.records import Game, HandRecord, QuarantineRecord, SkipRecord
from tests.formats.stud.summary import DATA, records, summaries

HEADER = r"^\ufeff?Full Tilt Poker Game #(\d+):"
FILES = sorted((DATA / "cash" / "FTP").rglob("*.txt"))
FIVE_CARD = DATA / "tour/FTP/Stud/5-Stud-USD-MTT-100-201303.txt"


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_hand_matches_its_summary(path: Path) -> None:
    got = records(path)
    expected = summaries(path, HEADER)
    assert len(got) == len(expected) > 0
    for rec, summary in zip(got, expected, strict=True):
        assert isinstance(rec, HandRecord), rec
        assert rec.site == "Full Tilt Poker" and rec.hand_id == summary.hand_id
        assert (rec.total_pot, rec.house_fee) == (summary.pot, summary.rake)
        assert {p.player: p.collected for p in rec.players if p.collected} == summary.won
        assert rec.game in (Game.STUD, Game.STUD8) and rec.currency == "USD"


@pytest.mark.parametrize("bom", [True, False], ids=["bom", "no-bom"])
def test_utf16_files_read_the_same(tmp_path: Path, bom: bool) -> None:
    path = DATA / "cash/FTP/Stud/7-StudHL-USD-2-4-201006.Steal.examples.txt"
    text = path.read_text().replace("\n", "\r\n")
    out = tmp_path / "ftp.txt"
    out.write_bytes(("\ufeff" if bom else "").encode("utf-16-le") + text.encode("utf-16-le"))
    plain, wide = records(path), records(out)
    assert len(wide) == 12 and all(isinstance(r, HandRecord) for r in wide)
    strip = [(r.hand_id, r.total_pot, r.players, r.actions) for r in plain]
    assert strip == [(r.hand_id, r.total_pot, r.players, r.actions) for r in wide]
    assert wide[0].source_line == 1 and wide[1].source_line == plain[1].source_line
    assert summaries(out, HEADER) == summaries(path, HEADER)


def test_header_quirks() -> None:
    rec = records(DATA / "cash/FTP/Stud/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt")[0]
    assert isinstance(rec, HandRecord)
    assert rec.game is Game.STUD8 and rec.table_name == "XGod_Of_WarX"
    assert (rec.small_bet, rec.big_bet, rec.ante, rec.bring_in) == (200, 400, 40, 50)
    assert rec.played_at.isoformat() == "2011-03-28T05:12:00+00:00"  # 01:12:00 ET (EDT)
    sitting = next(p for p in records(FILES[0]) if isinstance(p, HandRecord))
    assert "bllodshot" not in {p.player for p in sitting.players}  # is sitting out


def test_five_card_stud_is_skipped_by_game() -> None:
    (rec,) = records(FIVE_CARD)
    assert isinstance(rec, SkipRecord) and rec.game == "Limit 5 Card Stud"
    assert rec.hand_id == "32412111030"


def test_wrong_winner_is_quarantined(tmp_path: Path) -> None:
    path = DATA / "cash/FTP/Stud/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"
    data = path.read_bytes()
    winner = next(r for r in records(path) if isinstance(r, HandRecord) and r.reveal)
    name = next(p.player for p in winner.players if p.collected).encode()
    loser = next(p.player for p in winner.players if p.went_to_reveal and not p.collected)
    old = name + b" wins the pot"
    assert old in data
    out = tmp_path / "hand.txt"
    out.write_bytes(data.replace(old, loser.encode() + b" wins the pot", 1))
    (q,) = [r for r in iter_file(out) if isinstance(r, QuarantineRecord)]
    assert f"{loser} collects" in q.reason and q.site == "Full Tilt Poker"

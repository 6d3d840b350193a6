"""The game a PokerStars header names: a game PokerStars deals that rakestats does not
analyse is skipped under its name; a name PokerStars never writes (a damaged header) is
quarantined, naming it; a header that is no PokerStars header is quoted."""

from __future__ import annotations

from pathlib import Path

import pytest

from rakestats.columns import HandColumns
from rakestats.formats import iter_file, scan_file
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

DATA = Path(__file__).parents[1] / "data" / "razz" / "stars"
STARS = (DATA / "Razz-USD-0.04-0.08-200911.txt").read_bytes()
HAND = STARS.split(b"\r\n\r\n\r\n\r\n")[0]
GAME = b"Razz Limit ($0.04/$0.08 USD)"
TOURNEY = (DATA / "Razz-8max-USD-200-15-201009.bracket.in.alias.txt").read_bytes()


def _both(tmp_path: Path, data: bytes) -> list[list[object]]:
    """The records of the file by the record path, and what the bulk path makes of it."""
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    return [list(iter_file(path)), list(scan_file(path, HandColumns()))]


@pytest.mark.parametrize("game", ["Razy Limit", "Raz Limit", "R\u0430zz Limit", "Razzz Limit"])
@pytest.mark.parametrize("form", ["{} ($0.04/$0.08 USD)", "HORSE ({}, $0.04/$0.08)"])
def test_a_game_pokerstars_never_writes_is_quarantined(
    tmp_path: Path, game: str, form: str
) -> None:
    hand = HAND.replace(GAME, form.format(game).encode(), 1)
    for got in _both(tmp_path, hand):
        (q,) = got
        assert isinstance(q, QuarantineRecord), q
        assert q.reason == f"line 1: unknown game {game!r}", q.reason
        assert q.site == "PokerStars" and q.hand_id == "35874566077"


def test_a_tournament_game_pokerstars_never_writes_is_quarantined(tmp_path: Path) -> None:
    bad = TOURNEY.replace(b"USD Razz Limit - Level", b"USD Razz Limmit - Level", 1)
    assert bad != TOURNEY
    for got in _both(tmp_path, bad):
        (q,) = got
        assert isinstance(q, QuarantineRecord), q
        assert q.reason.endswith(": unknown game 'Razz Limmit'"), q.reason


@pytest.mark.parametrize(
    ("game", "name"),
    [
        ("Hold'em No Limit ($0.04/$0.08 USD)", "Hold'em No Limit"),
        ("Omaha Hi/Lo Pot Limit ($0.04/$0.08 USD)", "Omaha Hi/Lo Pot Limit"),
        ("5 Card Draw Limit ($0.04/$0.08 USD)", "Draw Limit"),  # (the name as it was read)
        ("Triple Draw 2-7 Lowball Limit ($0.04/$0.08 USD)", "Draw 2"),
        ("Badugi Limit ($0.04/$0.08 USD)", "Badugi Limit"),
        ("HORSE (Hold'em Limit, $0.04/$0.08)", "Hold'em Limit"),
        ("8-Game (Omaha Hi/Lo Limit, $0.04/$0.08)", "Omaha Hi/Lo Limit"),
        ("Mixed NLH/PLO (Hold'em No Limit, $0.04/$0.08)", "Hold'em No Limit"),
        ("5 Card Stud Limit ($0.04/$0.08 USD)", "5 Card Stud Limit"),
        ("Triple Stud (7 Card Stud Limit, $0.04/$0.08)", "Triple Stud (7 Card Stud Limit)"),
        ("HOLD'EM NO LIMIT ($0.04/$0.08 USD)", "HOLD'EM NO LIMIT"),
    ],
)
def test_a_game_pokerstars_deals_and_rakestats_does_not_analyse_is_skipped(
    tmp_path: Path, game: str, name: str
) -> None:
    hand = HAND.replace(GAME, game.encode(), 1)
    for got in _both(tmp_path, hand):
        (s,) = got
        assert isinstance(s, SkipRecord), s
        assert s.game == name and s.hand_id == "35874566077"


def test_a_skipped_game_in_a_header_the_reader_cannot_split_is_still_skipped(
    tmp_path: Path,
) -> None:
    """A header of another game in a form the reader does not split (no stakes in
    brackets here) is skipped as before when it names a game PokerStars deals."""
    hand = HAND.replace(GAME, b"Hold'em No Limit $0.04/$0.08 USD", 1)
    for got in _both(tmp_path, hand):
        (s,) = got
        assert isinstance(s, SkipRecord), s
        assert s.game == "Hold'em No Limit $0.04/$0.08 USD"


@pytest.mark.parametrize(
    "game",
    [
        "Razz Limit ($0.04/$0.08 USD)",
        "RAZZ LIMIT ($0.04/$0.08 USD)",
        "HORSE (Razz Limit, $0.04/$0.08)",
        "8-Game (Razz Limit, $0.04/$0.08)",
    ],
)
def test_the_games_rakestats_analyses_are_read(tmp_path: Path, game: str) -> None:
    hand = HAND.replace(GAME, game.encode(), 1)
    (r,) = _both(tmp_path, hand)[0]
    assert isinstance(r, HandRecord), r
    assert r.game.value == "razz"


def test_a_line_that_is_no_header_is_quoted(tmp_path: Path) -> None:
    hands = STARS.split(b"\r\n\r\n\r\n\r\n")
    stray = b"PokerStars Hand #12x: Razz Limit ($0.04/$0.08 USD) - 2009/11/26 10:24:42 ET"
    data = hands[0] + b"\r\n\r\n" + stray + b"\r\n" + hands[1].split(b"\r\n", 1)[1]
    got = list(iter_file(_write(tmp_path, data)))
    assert [type(r).__name__ for r in got] == ["HandRecord", "QuarantineRecord"]
    q = got[1]
    assert isinstance(q, QuarantineRecord)
    assert q.reason == f"line {q.line}: not a PokerStars hand header: {stray.decode()!r}"


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "hands.txt"
    path.write_bytes(data)
    return path

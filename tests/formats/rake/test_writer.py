"""The hand-history writer: the examples in docs/hand-history-format.md, names, views."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from rakestats.cards import parse_card, parse_cards
from rakestats.formats.rake.writer import HandMeta, NameRefusedError, format_hand, write_hand
from rakestats.rake import ActionKind, HouseFee, RakeHand

DOC = Path(__file__).resolve().parents[3] / "docs" / "hand-history-format.md"

SILO = 'Silo\'s "Ghost"'
FEE = HouseFee.from_percent("5", cap=20)


def example_hand() -> RakeHand:
    """The hand of the format document's examples: a side pot, an uncalled bet, face-down
    picks, and an automatic win with the Ace of Skulls."""
    h = RakeHand(
        ante=10,
        players=[
            (1, "Jürgen [DE]", 800),
            (3, "O'Malley", 150),
            (4, "Captain Frey", 600),
            (6, "Crake: the Daemonist", 1000),
            (8, SILO, 400),
        ],
        dealer_seat=6,
        house_fee=FEE,
    )
    h.deal_hole(
        {
            8: parse_cards("4s 4w Lf"),
            1: parse_cards("Tw 4c 6f"),
            3: parse_cards("As Aw 7f"),
            4: parse_cards("Dw Df 9s"),
            6: parse_cards("Lw Lc 5s"),
        }
    )
    _play(h, "check check bet:30 call raise:100 fold fold call call")
    h.deal_middle(parse_cards("Af 2w Pf 9c Tf"), parse_cards("Ds 8w 3c 5c 6w"))
    _play(h, "up:Af down:Ds down:8w bet:40 raise:200 call down:3c up:2w up:Pf bet:150 fold")
    h.reveal()
    return h


def _play(h: RakeHand, script: str) -> None:
    for step in script.split():
        verb, _, arg = step.partition(":")
        if verb in ("up", "down"):
            h.pick(face_up=verb == "up", card=parse_card(arg))
        elif verb in ("bet", "raise"):
            h.act(ActionKind.BET if verb == "bet" else ActionKind.RAISE, int(arg))
        else:
            h.act(ActionKind(verb))


def example_meta(hero: str | None = None) -> HandMeta:
    return HandMeta(
        site="Rakestats Sim",
        hand_id="3f9a2c41be07-0002-000017",
        played_at=datetime(2026, 1, 5, 14, 32, 7, tzinfo=UTC),
        table="Ketty Jay 0002",
        max_seats=8,
        house_fee=FEE,
        hero=hero,
    )


def doc_examples() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^### (?:Server log|Player's log)\n\n```\n(.*?)^```$", text, re.M | re.S)
    assert len(blocks) == 2, "the document must hold the two examples as fenced code blocks"
    return blocks


def test_server_example_matches_document() -> None:
    assert format_hand(example_hand(), example_meta()) == doc_examples()[0]


def test_player_example_matches_document() -> None:
    assert format_hand(example_hand(), example_meta("Captain Frey")) == doc_examples()[1]


def test_player_view_hides_other_cards() -> None:
    text = format_hand(example_hand(), example_meta("Captain Frey"))
    assert "Dealt to Captain Frey [Dw Df 9s]" in text
    assert "Dealt to O'Malley" not in text
    assert "Captain Frey: picks up [Ds] face down" in text
    assert "Crake: the Daemonist: picks up a card face down" in text
    assert "8w" not in text and "Lw" not in text  # Crake folded: never shown
    assert "O'Malley: shows [As Aw 7f Af 3c]" in text  # shown at the Reveal
    assert "Face down: 5 cards" in text


def test_write_hand_appends_two_blank_lines() -> None:
    buf = io.StringIO()
    write_hand(buf, example_hand(), example_meta())
    write_hand(buf, example_hand(), example_meta())
    one = format_hand(example_hand(), example_meta())
    assert buf.getvalue() == (one + "\n\n") * 2


@pytest.mark.parametrize("bad", ["Bob\tX", "Bob\nX", "Bob\x00", "Bob\x1b[31m", "Bob\r", "A\x85B"])
def test_writer_refuses_control_characters(bad: str) -> None:
    h = RakeHand(ante=1, players=[(1, bad, 10), (2, "Ann", 10)], dealer_seat=2, house_fee=FEE)
    h.deal_hole({1: parse_cards("2s 3s 4s"), 2: parse_cards("5s 6s 7s")})
    h.bet(5)
    h.fold()
    with pytest.raises(NameRefusedError) as err:
        format_hand(h, example_meta())
    msg = str(err.value)
    assert repr(bad) in msg and "control character" in msg
    assert f"U+{ord(next(c for c in bad if not c.isprintable())):04X}" in msg


def test_writer_refuses_bad_table_and_site() -> None:
    h = example_hand()
    with pytest.raises(NameRefusedError, match="table name"):
        format_hand(h, HandMeta("S", "x", datetime(2026, 1, 5, tzinfo=UTC), "T\x07", 8, FEE))
    with pytest.raises(NameRefusedError, match="Rake Hand #"):
        format_hand(
            h, HandMeta("A Rake Hand #1", "x", datetime(2026, 1, 5, tzinfo=UTC), "T", 8, FEE)
        )


def test_time_zone_and_naive_time() -> None:
    h = example_hand()
    tz = timezone(timedelta(hours=-5, minutes=-30))
    meta = HandMeta("S", "x", datetime(2026, 1, 5, 9, 0, tzinfo=tz), "T", 8, FEE)
    assert format_hand(h, meta).splitlines()[0].endswith("2026/01/05 09:00:00 -05:30")
    with pytest.raises(ValueError, match="timezone-aware"):
        format_hand(h, HandMeta("S", "x", datetime(2026, 1, 5), "T", 8, FEE))


def test_fee_must_match_the_hand() -> None:
    with pytest.raises(ValueError, match="house fee"):
        format_hand(example_hand(), HandMeta("S", "x", datetime(2026, 1, 5, tzinfo=UTC), "T", 8))

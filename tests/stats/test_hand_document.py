"""Focused checks of ``rakestats hand``: the wording of raises, bring-ins and completions,
shows and mucks, antes, middle cards, side pots and the Reveal order; the CLI (text and
JSON) against the library."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli.hand import format_hand, format_hand_json
from rakestats.stats._hand_document import hand_document
from rakestats.stats._hands import hand_detail

ROOT = Path(__file__).parents[2]
STARS = ROOT / "tests" / "data" / "razz" / "stars"
EXAMPLE_ID = "3f9a2c41be07-0002-000017"


def _examples() -> tuple[str, str]:
    """The server and player logs of docs/hand-history-format.md (written by the writer)."""
    text = (ROOT / "docs" / "hand-history-format.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(Rakestats Sim Rake Hand #.*?)```", text, re.S)
    assert len(blocks) == 2
    return blocks[0], blocks[1]


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("hand_doc")
    server, _player = _examples()
    (root / "server.txt").write_text(server, encoding="utf-8")
    w = Warehouse(root / "wh")
    w.ingest([root / "server.txt", *sorted(STARS.glob("*.txt"))])
    return w


@pytest.fixture(scope="module")
def player_wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("hand_doc_player")
    _server, player = _examples()
    (root / "player.txt").write_text(player, encoding="utf-8")
    w = Warehouse(root / "wh")
    w.ingest([root / "player.txt"])
    return w


def _text(w: Warehouse, hid: str) -> str:
    return format_hand(hand_detail(w.sql, hid))


def test_rake_raises_are_by_and_to_as_written(wh: Warehouse) -> None:
    out = _text(wh, EXAMPLE_ID)
    assert "  Crake: the Daemonist raises 70 to 100\n" in out
    assert "  Captain Frey raises 160 to 200\n" in out
    assert "  O'Malley bets 40 and is all-in\n" in out
    assert "  Captain Frey calls 70\n" in out
    assert "  Uncalled bet (150) returned to Captain Frey\n" in out
    doc = hand_document(hand_detail(wh.sql, EXAMPLE_ID))
    raise_ = next(a for r in doc.rounds for a in r.actions if a.kind == "raise")
    assert (raise_.raise_by, raise_.to_amount, raise_.amount) == (70, 100, 100)


def test_rake_antes_deal_middle_cards_and_pickups(wh: Warehouse) -> None:
    out = _text(wh, EXAMPLE_ID)
    antes = re.findall(r"^  (.+) posts the ante (\d+)$", out, re.M)
    assert antes == [
        ("Silo's \"Ghost\"", "10"), ("Jürgen [DE]", "10"), ("O'Malley", "10"),
        ("Captain Frey", "10"), ("Crake: the Daemonist", "10"),
    ]  # fmt: skip
    assert "  Dealt to O'Malley [As Aw 7f]" in out
    assert "*** Middle cards ***\n  Face up: [Af 2w Pf 9c Tf]\n  Face down: [Ds 8w 3c 5c 6w]" in out
    assert "  Captain Frey picks up [Ds] face down" in out
    order = [out.index(s) for s in ("First betting round", "Middle cards", "First pick-up",
             "Second betting round", "Second pick-up", "Third betting round", "Reveal")]  # fmt: skip
    assert order == sorted(order)


def test_player_log_hides_what_it_does_not_show(player_wh: Warehouse) -> None:
    out = _text(player_wh, EXAMPLE_ID)
    assert "View: player Captain Frey" in out
    assert re.findall(r"^  Dealt to (.+) \[", out, re.M) == ["Captain Frey"]
    assert "  Face down: 5 cards" in out
    assert "  Crake: the Daemonist picks up a card face down" in out


def test_side_pots_fee_and_the_ace_of_skulls(wh: Warehouse) -> None:
    out = _text(wh, EXAMPLE_ID)
    assert "  Main pot 470: O'Malley collected 450\n" in out
    assert "  Side pot-1 320: Captain Frey collected 320\n" in out
    assert "  Total pot 790 | House fee 20\n" in out
    assert "  O'Malley: automatic win with the Ace of Skulls\n" in out
    doc = json.loads(format_hand_json(hand_detail(wh.sql, EXAMPLE_ID)))
    assert doc["pots"] == [
        {"pot": 0, "name": "main pot", "amount": 470,
         "winners": [{"player": "O'Malley", "amount": 450}], "halves": None},
        {"pot": 1, "name": "side pot-1", "amount": 320,
         "winners": [{"player": "Captain Frey", "amount": 320}], "halves": None},
    ]  # fmt: skip
    assert doc["skull_ace"]["player"] == "O'Malley"
    assert doc["skull_ace"]["skull_ace_outcome"] == "auto_win"
    assert doc["house_fee"] == 20 and doc["total_pot"] == 790


def test_reveal_is_in_showing_order(wh: Warehouse) -> None:
    out = _text(wh, EXAMPLE_ID)
    reveal = out.split("*** Reveal ***\n")[1].split("\n\n")[0].splitlines()
    assert reveal[:2] == [
        "  O'Malley shows [As Aw 7f Af 3c] (Three of a Kind, Aces)",
        "  Captain Frey shows [Dw Df 9s Ds 2w] (Three of a Kind, Dukes)",
    ]
    # Razz: the showdown in the order of the history, mucks as mucks (with the cards
    # the summary gives: "Seat 4: Player2 mucked [3s 8c 4h Qs Ah Td Qh]")
    out = _text(wh, "49382949075")
    showdown = out.split("*** Showdown ***\n")[1].split("\n\n")[0].splitlines()
    assert showdown == [
        "  Hero shows [3c Ac 5s 2h Th Js 5h] (Lo: T,5,3,2,A)",
        "  Player2 mucks [3s 8c 4h Qs Ah Td Qh]",
        "  PC [Mittel] shows [4c 2s 5c 9s 4s 9d As] (Lo: 9,5,4,2,A)",
    ]
    doc = hand_document(hand_detail(wh.sql, "49382949075"))
    assert [(r.player, r.action) for r in doc.reveal] == [
        ("Hero", "show"), ("Player2", "muck"), ("PC [Mittel]", "show"),
    ]  # fmt: skip


def test_razz_bring_in_completes_raises_and_streets(wh: Warehouse) -> None:
    out = _text(wh, "49382949075")
    assert "bring-in 15 (tournament chips)" in out and "None" not in out
    third = out.split("*** 3rd street ***\n")[1].split("\n\n")[0]
    assert "  Hero: down [3c Ac], up [5s]\n" in third and "  Player0: up [Jh]\n" in third
    for line in ("Player5 brings in for 15", "PC [Mittel] completes to 50",
                 "Hero raises 50 to 100", "Player2 raises 50 to 150",
                 "PC [Mittel] calls 100", "Hero raises 50 to 200"):  # fmt: skip
        assert f"  {line}\n" in third
    assert "*** 7th street ***\n  Hero: down [5h]\n" in out


def test_cash_razz_in_dollars(wh: Warehouse) -> None:
    out = _text(wh, "35874623967")
    assert "limit $0.04/$0.08, ante $0.01, bring-in $0.02 (USD)" in out
    assert "  Seat 1: kobreli ($1.27 in chips)" in out
    assert "  HIWAII2 brings in for $0.02\n" in out
    assert "  HIWAII2 raises $0.08 to $0.16\n" in out
    assert "  s0rrow mucks [9h 2s 7c 6c Qh Ad Ac]\n" in out  # "s0rrow mucked [...]"
    assert "  Pot $0.71: HIWAII2 collected $0.68\n" in out
    assert "  Total pot $0.71 | Rake $0.03" in out
    first = _text(wh, "35874566077")
    assert "  Uncalled bet ($0.08) returned to SilkZone" in first


def test_cli_text_and_json_match_the_library(wh: Warehouse) -> None:
    runner = CliRunner()
    for hid in (EXAMPLE_ID, "35874623967"):
        detail = hand_detail(wh.sql, hid)
        text = runner.invoke(main, ["hand", "-w", wh.path, hid])
        assert text.exit_code == 0, text.output
        assert text.output == format_hand(detail) + "\n"
        js = runner.invoke(main, ["hand", "-w", wh.path, hid, "--format", "json"])
        assert js.exit_code == 0, js.output
        doc = json.loads(js.output)
        assert doc == json.loads(format_hand_json(detail))
        assert doc["currency"] in ("chips", "USD") and doc["rounds"][0]["actions"]
        assert doc["hand_id"] == hid
    bad = runner.invoke(main, ["hand", "-w", wh.path, EXAMPLE_ID, "--format", "xml"])
    assert bad.exit_code == 2

"""The simulator: consistent text, conserved chips, stable names, determinism, the CLI."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats.cards import DECK
from rakestats.cli import main
from rakestats.sim import STYLES, simulate
from rakestats.sim._bot import holding_value, quick_value
from rakestats.sim._roster import ROSTER
from rakestats.sim.runner import parse_players

SAMPLE = Path(__file__).resolve().parents[2] / "sample_data"

_SEAT = re.compile(r"^Seat (\d+): (.+) \((\d+) in chips\)$")
_HEADER = re.compile(r"^(.+) Rake Hand #(\S+): No Limit \(ante (\d+)\) - ")
_TOTAL = re.compile(r"^Total pot (\d+)(?: Main pot .*)? \| House fee (\d+)$")
_UNCALLED = re.compile(r"^Uncalled bet \((\d+)\) returned to (.+)$")
_COLLECTED = re.compile(r" collected (\d+) from (?:pot|main pot|side pot-\d+)$")
_ADDS = re.compile(r"^(?:posts the ante|calls|bets) (\d+)")
_RAISE = re.compile(r"^raises \d+ to (\d+)")


@dataclass
class Hand:
    hand_id: str
    table: str
    stacks: dict[str, int] = field(default_factory=dict)
    invested: dict[str, int] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    total_pot: int = 0
    fee: int = 0

    def final(self, name: str) -> int:
        return self.stacks[name] - self.invested[name] + self.collected[name]


def _who(line: str, names: list[str]) -> tuple[str, str] | None:
    """The declared name a line begins with (longest first), and the rest after ': '."""
    for name in names:
        if line.startswith(name + ": "):
            return name, line[len(name) + 2 :]
    return None


def read_hands(path: Path) -> Iterator[Hand]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n\n\n") and "\n\n\n\n" not in text
    for block in text.split("\n\n\n"):
        if not block:
            continue
        lines = block.split("\n")
        head = _HEADER.match(lines[0])
        assert head, lines[0]
        hand = Hand(head.group(2), lines[1].rsplit("' ", 1)[0])
        names: list[str] = []
        for line in lines:
            if (m := _SEAT.match(line)) and line.endswith(" in chips)"):
                hand.stacks[m.group(2)] = int(m.group(3))
                names.append(m.group(2))
        names.sort(key=len, reverse=True)
        hand.invested = dict.fromkeys(names, 0)
        hand.collected = dict.fromkeys(names, 0)
        round_bet = dict.fromkeys(names, 0)
        for line in lines:
            if line.endswith(" BETTING ROUND ***"):
                round_bet = dict.fromkeys(names, 0)
            elif (m := _UNCALLED.match(line)) is not None:
                hand.invested[m.group(2)] -= int(m.group(1))
            elif (m := _TOTAL.match(line)) is not None:
                hand.total_pot, hand.fee = int(m.group(1)), int(m.group(2))
            elif (m := _COLLECTED.search(line)) is not None:
                name = line[: m.start()]
                assert name in hand.collected, line
                hand.collected[name] += int(m.group(1))
            elif (who := _who(line, names)) is not None:
                name, rest = who
                if (a := _ADDS.match(rest)) is not None:
                    hand.invested[name] += int(a.group(1))
                    round_bet[name] += int(a.group(1))
                elif (r := _RAISE.match(rest)) is not None:
                    hand.invested[name] += int(r.group(1)) - round_bet[name]
                    round_bet[name] = int(r.group(1))
        yield hand


def check_session(path: Path) -> int:
    """Chips balance in every hand, and stacks carry over between hands (or rebuy at 0)."""
    last: dict[str, int] = {}
    count = 0
    for hand in read_hands(path):
        count += 1
        assert sum(hand.invested.values()) == hand.total_pot, hand.hand_id
        assert sum(hand.collected.values()) == hand.total_pot - hand.fee, hand.hand_id
        for name, stack in hand.stacks.items():
            assert hand.final(name) >= 0, (hand.hand_id, name)
            if name in last and last[name] > 0:
                assert stack == last[name], (hand.hand_id, name, stack, last[name])
            last[name] = hand.final(name)
    return count


def _histories(root: Path) -> list[Path]:
    return sorted(root.rglob("*.txt"))


def test_sample_histories_are_consistent() -> None:
    files = _histories(SAMPLE)
    assert files, "sample_data/ is empty: run `make sample-data`"
    assert sum(check_session(p) for p in files if "seat" not in p.name) >= 2000
    for p in files:
        if "seat" in p.name:
            check_session(p)


def test_fresh_run_is_consistent_and_names_round_trip(tmp_path: Path) -> None:
    summary = simulate(600, "2-8", seed=11, out=tmp_path, house_fee="10", fee_cap=None)
    assert summary.hands == 600 and summary.tables == len(summary.files) == 2
    seen: set[str] = set()
    ids: list[str] = []
    for path in summary.files:
        assert check_session(path) > 0
        for hand in read_hands(path):
            seen |= set(hand.stacks)
            ids.append(hand.hand_id)
    assert len(ids) == 600 and len(set(ids)) == 600
    assert all(i.startswith(summary.run_id + "-") for i in ids)
    truth = json.loads(summary.truth.read_text(encoding="utf-8"))
    roster = dict(ROSTER)
    assert {p["name"] for p in truth["players"]} == seen
    for p in truth["players"]:
        assert roster[p["name"]] == p["style"]
        assert p["params"] == STYLES[p["style"]].params()
    dealt = sum(p["counts"]["hands_dealt"] for p in truth["players"])
    assert dealt == sum(len(h.stacks) for path in summary.files for h in read_hands(path))


def test_player_view_files(tmp_path: Path) -> None:
    summary = simulate(60, 3, seed=5, out=tmp_path, view="player", house_fee=0)
    assert len(summary.files) == 3
    heroes = set()
    for path in summary.files:
        text = path.read_text(encoding="utf-8")
        (hero,) = set(re.findall(r"^View: player (.+)$", text, re.M))
        heroes.add(hero)
        assert set(re.findall(r"^Dealt to (.+) \[", text, re.M)) == {hero}
        assert "House fee: none" in text and "Face down: 3 cards" in text
        check_session(path)
    assert len(heroes) == 3


def test_deterministic_across_runs_and_jobs(tmp_path: Path) -> None:
    a, b, c = (tmp_path / x for x in "abc")
    simulate(500, "2-4", seed=3, out=a)
    simulate(500, "2-4", seed=3, out=b)
    simulate(500, "2-4", seed=3, out=c, jobs=2)
    files = sorted(p.name for p in a.iterdir())
    assert len(files) >= 3
    for name in files:
        assert (a / name).read_bytes() == (b / name).read_bytes() == (c / name).read_bytes()
    d = tmp_path / "d"
    simulate(500, "2-4", seed=4, out=d)
    assert sorted(p.name for p in d.iterdir()) != files  # another seed, another run id


def test_a_folder_of_another_run_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    """Its players.json would describe the second run only, beside the first run's
    histories; the same run again writes the same bytes."""
    first = simulate(40, 3, seed=1, out=tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    with pytest.raises(ValueError, match=f"another run \\(run {first.run_id}, in players.json\\)"):
        simulate(40, 4, seed=2, out=tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    again = simulate(40, 3, seed=1, out=tmp_path)
    assert again.run_id == first.run_id
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    (tmp_path / "players.json").write_text("{", encoding="utf-8")
    result = CliRunner().invoke(
        main, ["simulate", "--hands", "40", "--players", "3", "--seed", "1", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2 and "another run (an unreadable one" in result.output


def test_quick_value_is_the_evaluator_value() -> None:
    rng = random.Random(0)
    for _ in range(5000):
        cards = rng.sample(DECK, rng.choice((3, 4, 5)))
        if rng.random() < 0.3 and DECK[48] not in cards:
            cards[0] = DECK[48]  # the Ace of Skulls
        assert quick_value(cards) == holding_value(cards)


def test_parse_players() -> None:
    assert parse_players("2-8") == (2, 8) and parse_players("6") == (6, 6)
    for bad in ("1", "9", "5-3", "x", "2-9"):
        with pytest.raises(ValueError):
            parse_players(bad)


def test_cli_simulate_matches_library(tmp_path: Path) -> None:
    out = tmp_path / "cli"
    result = CliRunner().invoke(
        main,
        ["simulate", "--hands", "120", "--players", "2-5", "--seed", "9", "--out", str(out),
         "--house-fee", "2.5", "--fee-cap", "none"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    lib = simulate(120, "2-5", seed=9, out=tmp_path / "lib", house_fee="2.5", fee_cap=None)
    assert lib.run_id in result.output
    for path in [*lib.files, lib.truth]:
        assert (out / path.name).read_bytes() == path.read_bytes()
    assert "House fee: 2.5% uncapped" in lib.files[0].read_text(encoding="utf-8")


def test_cli_simulate_refuses_bad_arguments(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["simulate", "--hands", "10", "--seed", "1", "--out", str(tmp_path)]
    result = runner.invoke(main, [*base, "--players", "9"])
    assert result.exit_code == 2 and "2-8" in result.output
    result = runner.invoke(main, [*base, "--players", "3", "--fee-cap", "lots"])
    assert result.exit_code == 2
    assert "Invalid value for '--fee-cap': expected a whole number of antes" in result.output
    assert "Example:" in runner.invoke(main, ["simulate", "--help"]).output


@pytest.mark.parametrize("fee", ["5%", "abc", "inf", "nan", "-5", "101", "1.234", ""])
def test_cli_simulate_house_fee_values(tmp_path: Path, fee: str) -> None:
    """A percentage with a percent sign is the same fee; anything else that is not a
    percentage from 0 to 100 is a usage error (exit 2) naming the value, not a traceback,
    and nothing is written."""
    out = tmp_path / "out"
    args = ["simulate", "--hands", "5", "--players", "3", "--seed", "4", "--out", str(out)]
    result = CliRunner().invoke(main, [*args, "--house-fee", fee])
    if fee == "5%":
        assert result.exit_code == 0, result.output
        lib = simulate(5, 3, seed=4, out=tmp_path / "lib", house_fee=5)
        assert lib.run_id in result.output
        assert [p.read_bytes() for p in sorted(out.glob("*.txt"))] == [
            p.read_bytes() for p in sorted(lib.files)
        ]
        return
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"got {fee!r}" in result.output or "more than two decimals" in result.output
    assert not out.exists()
    with pytest.raises(ValueError, match="house fee"):
        simulate(5, 3, seed=4, out=tmp_path / "lib2", house_fee=fee)

"""``rakestats hand`` prints only what the history says.

Every hand of ``sample_data/`` (Rake, server and player views) and of the Razz test files
is ingested, printed with :func:`rakestats.cli.hand.format_hand`, and the printed text is
read back with simple regexes, independently of the printer: every card and amount it
prints for a player in a section (a betting round, a pick-up, the Reveal, the pots) must
appear in the source lines of that hand, of that player, in the same part of the history.
Amounts a history does not write (a total put in, a net; a PHH call) must follow by
arithmetic from the amounts checked. The JSON form must carry the same amounts.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd
import pytest

from rakestats import Warehouse
from rakestats.cli.hand import format_hand, format_hand_json
from rakestats.money import format_money
from rakestats.stats._hands import hand_detail

ROOT = Path(__file__).parents[2]
RAKE_FILES = sorted((ROOT / "sample_data").rglob("*.txt"))
STARS_FILES = sorted((ROOT / "tests" / "data" / "razz" / "stars").glob("*.txt"))
PHH_FILES = sorted((ROOT / "tests" / "data" / "razz" / "phh").glob("*.phh"))

_CARDS = re.compile(r"\[([^\]]*)\]")
_AMOUNT = re.compile(r"[$€£]?\d[\d,]*(?:\.\d+)?")
_RAKE_SECTIONS = {
    "DEAL": "deal", "FIRST BETTING ROUND": "r1", "MIDDLE CARDS": "middle",
    "FIRST PICK-UP": "p1", "SECOND BETTING ROUND": "r2", "SECOND PICK-UP": "p2",
    "THIRD BETTING ROUND": "r3", "REVEAL": "reveal", "SUMMARY": "summary",
}  # fmt: skip
_STARS_SECTIONS = {
    "3rd STREET": "r1", "4th STREET": "r2", "5th STREET": "r3", "6th STREET": "r4",
    "RIVER": "r5", "7th STREET": "r5", "SHOW DOWN": "reveal", "SUMMARY": "summary",
}  # fmt: skip
_PRINTED_SECTIONS = {
    "Deal": "deal", "First betting round": "r1", "Middle cards": "middle",
    "First pick-up": "p1", "Second betting round": "r2", "Second pick-up": "p2",
    "Third betting round": "r3", "3rd street": "r1", "4th street": "r2", "5th street": "r3",
    "6th street": "r4", "7th street": "r5", "Reveal": "reveal", "Showdown": "reveal",
    "Cards shown": "shown", "Pots": "pots", "Result": "result",
}  # fmt: skip
# where a history gives hidden cards away from the showdown: any part of the hand
_ANYWHERE = ("deal", "r1", "r2", "r3", "r4", "r5", "reveal", "summary")


def norm(amount: str) -> str:
    """An amount as a bare number: ``$1,250.00`` -> ``1250.00``."""
    return amount.lstrip("+-").lstrip("$€£").replace(",", "")


def dec(amount: str) -> Decimal:
    sign = -1 if amount.startswith("-") else 1
    return sign * Decimal(norm(amount))


def cards_in(text: str) -> list[str]:
    return [c for group in _CARDS.findall(text) for c in group.split()]


@dataclass
class Source:
    """One copy of a hand's history: lines by section, and the declared names."""

    names: list[str]
    sections: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    phh: dict[str, object] | None = None
    _owned: dict[tuple[str, str | None], list[str]] = field(
        default_factory=lambda: defaultdict(list)
    )

    def owner(self, line: str) -> str | None:
        """The player a source line is about (longest declared name first)."""
        for name in sorted(self.names, key=len, reverse=True):
            if (
                line.startswith((f"{name}:", f"Dealt to {name} ", f"{name} collected "))
                or re.match(rf"Seat \d+: {re.escape(name)}( |$)", line)
                or line.endswith(f"returned to {name}")
            ):
                return name
        return None

    def lines(self, section: str, player: str | None) -> list[str]:
        if player is None:
            return self.sections.get(section, [])
        if not self._owned:
            for part, lines in self.sections.items():
                for ln in lines:
                    self._owned[(part, self.owner(ln))].append(ln)
        return self._owned.get((section, player), [])


def _rake_copies() -> Iterator[tuple[str, Source]]:
    for path in RAKE_FILES:
        for block in re.split(r"\n\s*\n", path.read_text(encoding="utf-8")):
            lines = block.strip().splitlines()
            if not lines:
                continue
            hid = re.search(r"Rake Hand #(\S+):", lines[0])
            assert hid is not None
            names = [
                m[1] for ln in lines if (m := re.match(r"Seat \d+: (.+) \(\d+ in chips\)$", ln))
            ]
            src = Source(names)
            part = "header"
            for ln in lines:
                head = re.fullmatch(r"\*\*\* (.+) \*\*\*", ln)
                if head:
                    part = _RAKE_SECTIONS[head[1]]
                    continue
                if " collected " in ln and src.owner(ln) and part != "summary":
                    src.sections["collect"].append(ln)
                    continue
                src.sections[part].append(ln)
            yield hid[1], src


def _stars_copies() -> Iterator[tuple[str, Source]]:
    for path in STARS_FILES:
        text = path.read_text(encoding="utf-8-sig").replace("\r", "")
        for block in re.split(r"\n\s*\n", text):
            lines = [ln.rstrip() for ln in block.strip().splitlines()]
            hid = re.search(r"PokerStars (?:Game|Hand) #(\d+):", lines[0]) if lines else None
            if hid is None:
                continue
            names = [
                m[1] for ln in lines if (m := re.match(r"Seat \d+: (.+) \(\S+ in chips\)", ln))
            ]
            src = Source(names)
            part = "header"
            for ln in lines:
                head = re.fullmatch(r"\*\*\* (.+) \*\*\*", ln)
                if head:
                    part = _STARS_SECTIONS[head[1]]
                    continue
                if " collected " in ln and src.owner(ln) and part != "summary":
                    src.sections["collect"].append(ln)
                    continue
                src.sections[part].append(ln)
            yield hid[1], src


def _phh_copies() -> Iterator[tuple[str, Source]]:
    """A PHH hand as source lines: the TOML fields and actions, each written as a line
    of the player it is about, streets split where cards are dealt after an action."""
    for path in PHH_FILES:
        d = tomllib.loads(path.read_text(encoding="utf-8"))
        names = [str(n) for n in d["players"]]
        src = Source(names, phh=d)
        for i, name in enumerate(names):
            src.sections["header"].append(f"Seat {i + 1}: {name} ({d['starting_stacks'][i]})")
            src.sections["header"].append(f"{name}: posts the ante {d['antes'][i]}")
        street, dealing = 0, False
        for act in d["actions"]:
            words = act.split("#")[0].split()
            if words[:2] == ["d", "dh"]:
                if not dealing:
                    street, dealing = street + 1, True
                cards = " ".join(words[3][k : k + 2] for k in range(0, len(words[3]), 2))
                src.sections[f"r{street}"].append(
                    f"Dealt to {names[int(words[2][1:]) - 1]} [{cards}]"
                )
                continue
            dealing = False
            name = names[int(words[0][1:]) - 1]
            if words[1] == "sm":
                cards = (
                    " ".join(words[2][k : k + 2] for k in range(0, len(words[2]), 2))
                    if len(words) > 2
                    else ""
                )
                src.sections["reveal"].append(f"{name}: sm [{cards}]")
            elif words[1] == "pb":
                src.sections[f"r{street}"].append(f"{name}: pb {d['bring_in']}")
            else:
                src.sections[f"r{street}"].append(f"{name}: {' '.join(words[1:])}")
        yield f"{d['event']} #{d['hand']}", src


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    wh = Warehouse(tmp_path_factory.mktemp("hand_source") / "wh")
    wh.ingest([ROOT / "sample_data", *STARS_FILES, *PHH_FILES])
    return wh


@pytest.fixture(scope="module")
def sources() -> dict[str, list[Source]]:
    out: dict[str, list[Source]] = defaultdict(list)
    for hid, src in (*_rake_copies(), *_stars_copies(), *_phh_copies()):
        out[hid].append(src)
    return out


@dataclass
class Printed:
    """The printed hand read back: lines by section, owners resolved by name."""

    names: list[str]
    sections: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))

    @classmethod
    def read(cls, text: str) -> Printed:
        names = [
            m[1]
            for m in re.finditer(r"^  Seat \d+: (.+?)(?: \(dealer\))? \(\S+ in chips\)", text, re.M)
        ]
        out = cls(names)
        part = "header"
        for ln in text.splitlines():
            head = re.fullmatch(r"\*\*\* (.+) \*\*\*", ln)
            if head:
                part = _PRINTED_SECTIONS[head[1]]
            elif ln.startswith("  "):
                out.sections[part].append(ln[2:])
        return out

    def split(self, line: str) -> tuple[str | None, str]:
        """(player, the rest of the line) for a printed line about a player."""
        for name in sorted(self.names, key=len, reverse=True):
            for head in (f"{name}: ", f"{name} ", f"Dealt to {name} "):
                if line.startswith(head):
                    return name, line[len(head) :]
        m = re.match(r"Uncalled bet \((.+)\) returned to (.+)$", line)
        if m:
            return m[2], f"uncalled {m[1]}"
        m = re.match(r"Seat \d+: (.+?)(?: \(dealer\))? \((\S+) in chips\)", line)
        if m:
            return m[1], f"stack {m[2]}"
        return None, line


def _found(copies: list[Source], sections: tuple[str, ...], player: str | None,
           cards: list[str], amounts: list[str]) -> bool:  # fmt: skip
    for src in copies:
        lines = [ln for s in sections for ln in src.lines(s, player)]
        have_cards = {c for ln in lines for c in cards_in(ln) or ln.split()}
        have_amounts = {dec(a) for ln in lines for a in _AMOUNT.findall(ln)}
        if set(cards) <= have_cards and {dec(a) for a in amounts} <= have_amounts:
            return True
    return False


_ACTION = re.compile(
    r"^(?:posts the ante (?P<ante>\S+)|calls (?P<call>\S+)|bets (?P<bet>\S+)"
    r"|raises (?P<by>\S+) to (?P<to>\S+)|brings in for (?P<bring>\S+)"
    r"|completes to (?P<complete>\S+)|folds|checks)(?: and is all-in)?$"
)


def check_hand(text: str, copies: list[Source]) -> None:
    """Every card and amount printed is in the source lines of that player and part."""
    printed = Printed.read(text)
    phh = copies[0].phh is not None
    put_in: dict[str, Decimal] = defaultdict(Decimal)
    for section, lines in printed.sections.items():
        round_total: dict[str, Decimal] = defaultdict(Decimal)
        bet = Decimal(0)
        for line in lines:
            who, rest = printed.split(line)
            where: tuple[str, ...] = (section,)
            cards, amounts = cards_in(rest), []
            if section == "header" and rest.startswith("stack "):
                amounts = [rest.split()[1]]
            elif section == "deal":
                where = ("deal",) if len(copies) == 1 else ("deal", "reveal")
            elif section == "shown":
                where = _ANYWHERE
            elif section == "reveal":
                # a mucked hand's cards are printed where the history gives them anywhere
                where = _ANYWHERE if rest.startswith("mucks [") else ("reveal", "summary")
                if rest.startswith(("automatic win", "automatic loss")):
                    assert any(line in src.sections["reveal"] for src in copies), line
            elif section == "middle":
                who, where = None, ("middle",)
                assert rest in {"Face up:", "Face down:"} or any(
                    line in src.sections["middle"] for src in copies
                ), line
            elif section == "pots":
                check_pots(line, copies, phh)
                continue
            elif section == "result":
                check_result(printed, line, copies, put_in)
                continue
            if rest.startswith("uncalled "):
                amount = dec(rest.split(" ", 1)[1])
                put_in[who or ""] -= amount
                amounts = [rest.split(" ", 1)[1]]
                assert phh or _found(copies, where, who, [], amounts), (line, where)
                continue
            m = _ACTION.match(rest) if section in ("header", "r1", "r2", "r3", "r4", "r5") else None
            if m is not None and who is not None:
                if m["ante"]:
                    amounts = [m["ante"]]
                    put_in[who] += dec(m["ante"])
                for key in ("call", "bet", "bring", "complete", "to"):
                    if m[key]:
                        before = round_total[who]
                        round_total[who] = before + dec(m[key]) if key == "call" else dec(m[key])
                        put_in[who] += round_total[who] - before
                if m["by"]:
                    assert dec(m["by"]) == dec(m["to"]) - bet, line  # the increment over the bet
                bet = max(bet, round_total[who])
                amounts += [m[k] for k in ("call", "bet", "bring", "complete", "by", "to") if m[k]]
                if phh:
                    # PHH writes bets, raises and completions as totals, calls not at all:
                    # a call reaches a total written on that street
                    written = {
                        dec(a) for ln in copies[0].lines(section, None) for a in _AMOUNT.findall(ln)
                    }
                    if m["call"] or m["by"]:
                        assert round_total[who] in written or m["call"], line
                        amounts = [m["to"]] if m["to"] else []
            assert _found(copies, where, who, cards, amounts), (line, where, who)


def check_pots(line: str, copies: list[Source], phh: bool) -> None:
    total = re.fullmatch(r"Total pot (\S+) \| (?:House fee|Rake) (\S+)", line)
    if total:
        assert phh or _found(copies, ("summary",), None, [], [total[1], total[2]]), line
        return
    m = re.fullmatch(r"(?:Pot|Main pot|Side pot-\d+) (\S+): (.*)", line)
    assert m is not None, line
    if phh:
        return  # PHH writes no pots: the results check the amounts won
    assert _found(copies, ("summary",), None, [], [m[1]]), line
    names = sorted(copies[0].names, key=len, reverse=True)
    for part in m[2].split(", "):
        who = next(n for n in names if part.startswith(f"{n} collected "))
        amount = part[len(who) + len(" collected ") :]
        assert _found(copies, ("collect",), who, [], [amount]), (line, who)


def check_result(
    printed: Printed, line: str, copies: list[Source], put_in: dict[str, Decimal]
) -> None:
    m = re.fullmatch(r"(.+): put in (\S+), collected (\S+), net (\S+) \(.+\)", line)
    assert m is not None, line
    who, put, got, net = m[1], dec(m[2]), dec(m[3]), dec(m[4])
    assert put == put_in[who], (line, put_in[who])
    assert net == got - put, line
    src = copies[0]
    if src.phh is not None:
        i = src.names.index(who)
        assert net == Decimal(src.phh["finishing_stacks"][i] - src.phh["starting_stacks"][i]), line  # type: ignore[index]
    elif got > 0:
        assert _found(copies, ("summary",), who, [], [m[3]]), line


@pytest.fixture(scope="module")
def sql(warehouse: Warehouse) -> Iterator[Callable[[str, list[Any]], pd.DataFrame]]:
    """``Warehouse.sql`` on one in-memory copy of the hand tables (a connection per
    query would make two thousand hands slow)."""
    con = duckdb.connect(":memory:")
    for table in ("hands", "players", "actions", "pickups"):
        frame = warehouse.sql(f"SELECT * FROM {table}")  # noqa: F841 (read by DuckDB)
        con.execute(f"CREATE TABLE {table} AS SELECT * FROM frame")
    yield lambda query, params: con.execute(query, params).fetchdf()
    con.close()


@pytest.fixture(scope="module")
def printed(
    warehouse: Warehouse, sql: Callable[[str, list[Any]], pd.DataFrame]
) -> list[tuple[str, str, str]]:
    """Every hand of the warehouse: (hand id, text, JSON), as ``rakestats hand`` gives them."""
    rows = warehouse.sql("SELECT hand_id, site FROM hands ORDER BY game, hand_id")
    out = []
    for hid, site in zip(rows["hand_id"], rows["site"], strict=True):
        detail = hand_detail(sql, hid, site)
        out.append((hid, format_hand(detail), format_hand_json(detail)))
    return out


def test_every_hand_prints_what_its_history_says(
    warehouse: Warehouse, printed: list[tuple[str, str, str]], sources: dict[str, list[Source]]
) -> None:
    games = warehouse.sql("SELECT game, view, count(*) n FROM hands GROUP BY ALL")
    assert set(games["game"]) == {"rake", "razz"} and len(printed) > 2000
    assert set(games["view"]) >= {"server", "merged"}  # sample_data's player logs merge
    for hid, text, _ in printed:
        check_hand(text, sources[hid])


def test_cards_shown_away_from_the_showdown_and_mucked_cards_are_printed(
    printed: list[tuple[str, str, str]],
) -> None:
    """A winner uncontested who shows (PokerStars: ``HIWAII2: shows [3d 3s 5h 4h]``
    after collecting) and a mucked hand whose cards the summary gives (``Player2
    mucked [...]``): the printed hand has both, and the JSON the shown cards."""
    by_id = {hid: (text, js) for hid, text, js in printed}
    text, js = by_id["35874664176"]
    assert "*** Cards shown ***\n  HIWAII2: [3d 3s 5h 4h]" in text
    assert json.loads(js)["shown"] == [{"player": "HIWAII2", "cards": ["3d", "3s", "5h", "4h"]}]
    text, js = by_id["49382949075"]
    assert "  Player2 mucks [3s 8c 4h Qs Ah Td Qh]" in text
    assert json.loads(js)["shown"] == []
    # the other hands of a player's log show no other hidden cards
    assert sum("*** Cards shown ***" in t for _, t, _ in printed) == 1


def test_the_json_carries_the_printed_amounts(printed: list[tuple[str, str, str]]) -> None:
    for hid, text, js in printed:
        doc = json.loads(js)
        shown = Printed.read(text)
        cur = doc["currency"]
        for block in doc["rounds"]:
            lines = shown.sections[f"r{block['round']}"]
            acts = [shown.split(ln)[1] for ln in lines]
            acts = [a for a in acts if _ACTION.match(a)]
            assert len(acts) == len(block["actions"]), hid
            for a, act in zip(block["actions"], acts, strict=True):
                m = _ACTION.match(act)
                assert m is not None
                want = {
                    "call": [a["amount"]], "bet": [a["to_amount"]], "bring_in": [a["amount"]],
                    "complete": [a["to_amount"]], "raise": [a["raise_by"], a["to_amount"]],
                }.get(a["kind"], [])  # fmt: skip
                got = [m[k] for k in ("call", "bet", "bring", "complete", "by", "to") if m[k]]
                assert got == [format_money(x, cur) for x in want], (hid, act)
        antes = [ln for ln in shown.sections["header"] if " posts the ante " in ln]
        assert [ln.rsplit(" ante ", 1)[1].split()[0] for ln in antes] == [
            format_money(x["amount"], cur) for x in doc["antes"]
        ]
        pots = shown.sections["pots"]
        for pot, line in zip(doc["pots"], pots, strict=False):
            assert line.split(":")[0].endswith(format_money(pot["amount"], cur)), (hid, line)
            for w in pot["winners"]:
                assert f"{w['player']} collected {format_money(w['amount'], cur)}" in line
        assert pots[-1] == (
            f"Total pot {format_money(doc['total_pot'], cur)} | "
            f"{'House fee' if doc['game'] == 'rake' else 'Rake'} {format_money(doc['house_fee'], cur)}"
        )

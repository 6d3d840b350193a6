"""What a room's own summary lines say about each hand, read with small regexes of the
tests' own (independent of the readers): the pot, the rake, who collected how much.

Amounts with a currency symbol are cents, others chips (tournaments, play money).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from rakestats.formats import iter_file
from rakestats.records import HandRecord, QuarantineRecord, SkipRecord

DATA = Path(__file__).parents[2] / "data" / "stud"

_AMOUNT = r"[$€£]?[\d,]+(?:\.\d+)?"
_TOTAL = re.compile(rf"^Total pot ({_AMOUNT}).*\| Rake ({_AMOUNT})")
# "Seat 3: NAME (button) collected ($0.64)", "... showed [..] and won ($0.40) with ..."
_WON = re.compile(
    rf"^Seat \d+: (.+?) (?:\(\w[\w -]*\) )*(?:collected|showed \[[^\]]*\] and won) \(({_AMOUNT})\)"
)


def records(path: Path) -> list[HandRecord | QuarantineRecord | SkipRecord]:
    """Every record of a file, in order."""
    return list(iter_file(path))


def amount(text: str) -> int:
    cents = text[0] in "$€£"
    value = Decimal(text.lstrip("$€£").replace(",", ""))
    return int(value * 100) if cents else int(value)


@dataclass(frozen=True)
class Summary:
    hand_id: str
    pot: int
    rake: int
    won: dict[str, int]


def summaries(path: Path, header: str) -> list[Summary]:
    """Each hand's summary in a file whose hands start with lines matching ``header``
    (group 1: the hand id); the file is UTF-16 when it has a UTF-16 BOM or NUL bytes
    after its first characters, else UTF-8 (NUL bytes dropped)."""
    raw = path.read_bytes()
    if raw[:2] in (b"\xff\xfe", b"\xfe\xff"):
        text = raw.decode("utf-16")
    elif raw[1:2] == raw[3:4] == b"\x00":
        text = raw.decode("utf-16-le")
    else:
        text = raw.decode().replace("\x00", "")
    out: list[Summary] = []
    start = re.compile(header)
    hand_id, pot, rake, won = None, 0, 0, {}
    for line in text.lstrip("\ufeff").splitlines():
        line = line.strip()
        if (m := start.match(line)) is not None:
            if hand_id is not None:
                out.append(Summary(hand_id, pot, rake, won))
            hand_id, pot, rake, won = m[1], 0, 0, {}
        elif (t := _TOTAL.match(line)) is not None:
            pot, rake = amount(t[1]), amount(t[2])
        elif (w := _WON.match(line)) is not None:
            won[w[1]] = won.get(w[1], 0) + amount(w[2])
    if hand_id is not None:
        out.append(Summary(hand_id, pot, rake, won))
    return out


def check_chips(rec: HandRecord, put: dict[str, int], won: dict[str, int]) -> None:
    """A hand agrees with the chips each player put in and took out as its file says
    (for rooms that write no summary: XML rooms): the rake is what went in and did not
    come out, each player's net is what they took less what they put in (an uncalled bet
    both), and the players are those who put chips in."""
    assert rec.house_fee == sum(put.values()) - sum(won.values())
    net = {p.player: p.collected - p.invested for p in rec.players}
    assert net == {n: won.get(n, 0) - put.get(n, 0) for n in net}
    assert set(put) == set(net)
    assert sum(p.invested for p in rec.players) == rec.total_pot
    assert sum(p.collected for p in rec.players) + rec.house_fee == rec.total_pot

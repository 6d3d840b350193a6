"""The summaries of Winning hands, in the room's two formats.

Current software: the pot after the rake, then a line per seat::

    *** SUMMARY ***
    Total pot $0.36 | Rake $0.01
    Seat 7: Player2 did not show and won $0.36
    Seat 6: Thrash370 showed [Td Ad Qd 4s] and won 60600.00 with HI - ... | LO - ...

Old software: the pot after the rake and the jackpot fee, then a line per player (``*``:
a winner) with the chips put in, taken and won or lost::

    ------ Summary ------
    Pot: 8.95. Rake 0.11. JP fee 0.04
    *Player ChazDazzle shows: Two pairs. Qs and 7s [Qc Ts 7d 9c 6c Qd 7h]. Bets: 4.55.
        Collects: 8.95. Wins: 4.40.                                      (one line)
    Player Nee mucks (does not show cards). Bets: 4.55. Collects: 0. Loses: 4.55.

>>> c = read_closing(["*** SUMMARY ***", "Total pot $0.36 | Rake $0.01",
...                   "Seat 7: Player2 did not show and won $0.36"], 0, 1, 100, ["Player2"])
>>> [(x.name, x.amount) for x in c.collects], c.total, c.rake
([('Player2', 36)], 37, 1)
>>> o = read_old_closing(["------ Summary ------", "Pot: 8.95. Rake 0.11. JP fee 0.04",
...     "*Player Nee shows: Two pairs. Qs and 7s [Qc Ts 7d 9c 6c Qd 7h]. Bets: 4.55. "
...     "Collects: 8.95. Wins: 4.40."], 0, 1, 100, ["Nee"])
>>> [(x.name, x.amount) for x in o.collects], o.total, o.rake, o.results[0].net
([('Nee', 895)], 910, 15, 440)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from rakestats.formats import stud
from rakestats.formats.stud import AMOUNT

__all__ = ["read_closing", "read_old_closing"]

_LINES = stud.line_table(
    r"""
    total       ^Total pot (?P<total>{amount}).*? \| Rake (?P<rake>{amount})
                  (?: \| (?:JP|Jackpot) [Ff]ee (?P<jp>{amount}))?\s*$
    tags        ^(?:\((?:button|small blind|big blind|bring[- ]in)\) )+
    won         ^(?:did not show and )?(?:won|collected) \(?(?P<a>{amount})\)?
    showed      ^(?:showed|mucked) \[(?P<cards>[^\]]*)\]
                  (?: and (?:lost|(?:won|collected) \(?(?P<a>{amount})\)?)
                  (?: with .*?)?(?:, and (?:won \((?P<b>{amount})\)|lost) with .*)?)?
    old_pot     ^Pot: (?P<total>{amount})\.? Rake (?P<rake>{amount})
                  (?:\.? JP fee (?P<jp>{amount}))?\.?$
    old_player  ^\*?(?:Player )?(?P<rest>.+)$
    old_result  ^ (?P<what>.*?)\s*Bets: (?P<bets>{amount})\. Collects: (?P<got>{amount})
                  \. (?P<sign>Wins|Loses): (?P<net>{amount})\.?$
    cards       \[(?P<cards>[^\]]*)\]
    """,
    amount=AMOUNT,
)
_SEAT = stud.StudPatterns.summary_seat


def _who(rest: str, names: Sequence[str]) -> tuple[str, str] | None:
    return next(((n, rest[len(n) :]) for n in names if rest.startswith(n + " ")), None)


def _pot(closing: stud.Closing, m: re.Match[str], scale: int, n: int) -> None:
    """The pot line: the pot after the rake and the jackpot fee, both the house's."""
    closing.rake = stud.parse_money(m["rake"], scale, n)
    closing.rake += stud.parse_money(m["jp"], scale, n) if m["jp"] else 0
    closing.rake_line = n
    closing.total = stud.parse_money(m["total"], scale, n) + closing.rake


def _seat(closing: stud.Closing, text: str, names: Sequence[str], scale: int, n: int) -> None:
    """``Seat 7: Player2 did not show and won $0.36`` and the like."""
    s = _SEAT.match(text)
    hit = _who(s["rest"], names) if s is not None else None
    if hit is None:
        return
    name, rest = hit[0], _LINES["tags"].sub("", hit[1].lstrip())
    if (w := _LINES["won"].match(rest)) is not None:
        closing.collects.append(
            stud.CollectLine(n, name, stud.parse_money(w["a"], scale, n), "pot")
        )
    elif (sh := _LINES["showed"].match(rest)) is not None:
        for a in (sh["a"], sh["b"]):
            if a is not None:
                closing.collects.append(
                    stud.CollectLine(n, name, stud.parse_money(a, scale, n), "pot")
                )
        closing.results.append(stud.SeatResult(n, name, None, stud.cards_of(sh["cards"], n)))


def _old_player(closing: stud.Closing, text: str, names: Sequence[str], scale: int, n: int) -> None:
    """``*Player Nee shows: ... Bets: 4.55. Collects: 8.95. Wins: 4.40.`` and the like."""
    m = _LINES["old_player"].match(text)
    hit = _who(m["rest"], names) if m is not None else None
    if hit is None:
        return
    name, r = hit[0], _LINES["old_result"].match(hit[1])
    if r is None:
        raise stud.fail(n, f"cannot read the summary line of {name}")
    net = stud.parse_money(r["net"], scale, n) * (1 if r["sign"] == "Wins" else -1)
    got = stud.parse_money(r["got"], scale, n)
    if got:
        closing.collects.append(stud.CollectLine(n, name, got, "pot"))
    c = _LINES["cards"].search(r["what"])
    closing.results.append(stud.SeatResult(n, name, net, stud.cards_of(c["cards"], n) if c else ()))


_Player = Callable[[stud.Closing, str, Sequence[str], int, int], None]


def _read(
    lines: Sequence[str],
    at: tuple[int, int],
    scale: int,
    names: Sequence[str],
    how: tuple[re.Pattern[str], _Player, str],
) -> stud.Closing:
    summary, first_line = at
    pot, player, missing = how
    by_length = sorted(names, key=len, reverse=True)
    closing = stud.Closing(first_line + summary)
    for i in range(summary + 1, len(lines)):
        n, text = first_line + i, lines[i]
        if (m := pot.match(text)) is not None:
            _pot(closing, m, scale, n)
        else:
            player(closing, text, by_length, scale, n)
    if closing.total is None:
        raise stud.fail(first_line + len(lines) - 1, f"the summary has no {missing!r} line")
    return closing


def read_closing(
    lines: Sequence[str], summary: int, first_line: int, scale: int, names: Sequence[str]
) -> stud.Closing:
    """The summary of a hand of the current software, ``*** SUMMARY ***`` at
    ``lines[summary]`` (raises HandError)."""
    return _read(lines, (summary, first_line), scale, names, (_LINES["total"], _seat, "Total pot"))


def read_old_closing(
    lines: Sequence[str], summary: int, first_line: int, scale: int, names: Sequence[str]
) -> stud.Closing:
    """The summary of a hand of the old software, ``------ Summary ------`` at
    ``lines[summary]`` (raises HandError)."""
    return _read(
        lines, (summary, first_line), scale, names, (_LINES["old_pot"], _old_player, "Pot:")
    )

"""What Winamax writes its own way, made plain for the shared stud reader.

- Cards not seen are ``X``: ``Dealt to Player0 [X X 8h]`` is the door card 8h,
  ``Dealt to Player1 [X X Kc 6d 7d 2d] [X]`` a 7th-street card nobody saw (no line).
- ``Total pot 6€ | No rake``: no rake.
- A raise of the player who brought in forgets the bring-in: after ``brings in 10€``
  and a completion to 25€, ``raises -6.10€ to 18.90€`` is a raise to 28.90€ (and on 3rd
  street the first amount of a raise counts from the completion, not the bring-in).
- The summary's ``won 114€`` lines (one for each half of a split pot) and the
  ``collected`` lines include a bet nobody called: they are checked against each other
  here; the replay checks the collected lines.

>>> clean_line("Dealt to Player1 [X X Kc 6d] [7d]"), clean_line("Dealt to P [X X X] [X]")
('Dealt to Player1 [Kc 6d] [7d]', '')
>>> clean_line("Total pot 6€ | No rake")
'Total pot 6€ | Rake 0'
"""

from __future__ import annotations

import re
from dataclasses import replace

from rakestats.formats import stud

__all__ = ["check_summary", "clean_line", "raises_with_bring_in"]

_DEALT = re.compile(r"^(Dealt to .*?)((?: \[[^\]]*\])+)$")
_BRACKET = re.compile(r"\[([^\]]*)\]")


def clean_line(text: str) -> str:
    """A line with the unseen cards left out ('' for a deal nobody saw)."""
    if text.startswith("Total pot ") and text.endswith("| No rake"):
        return text.removesuffix("No rake") + "Rake 0"
    m = _DEALT.match(text)
    if m is None or "X" not in m[2]:
        return text
    groups = [[c for c in g.split() if c != "X"] for g in _BRACKET.findall(m[2])]
    if not groups[-1]:
        return ""
    return m[1] + "".join(f" [{' '.join(g)}]" for g in groups if g)


def raises_with_bring_in(items: list[stud.Item]) -> list[stud.Item]:
    """3rd-street raises made plain: the round total of the player who brought in
    includes the bring-in, and the first amount (counted from the completion) is left
    to the replay to work out."""
    out: list[stud.Item] = []
    street = 0
    brought: dict[str, int] = {}
    for it in items:
        if isinstance(it, stud.StreetLine):
            street = it.street
        elif isinstance(it, stud.ActLine) and street == 1:
            if it.verb == "bring_in" and it.amount is not None:
                brought[it.name] = it.amount
            elif it.verb == "raise" and it.to is not None:
                it = replace(it, amount=None, to=it.to + brought.get(it.name, 0))
        out.append(it)
    return out


def check_summary(items: list[stud.Item]) -> list[stud.Item]:
    """The summary's winnings agree with the collected lines (each player's sum) and
    its shown cards with the shows; they are left out of the replay's checks, which
    compare them with the winnings after an uncalled bet is taken back."""
    collected: dict[str, int] = {}
    shown: dict[str, tuple[object, ...]] = {}
    won: dict[str, int] = {}
    last: dict[str, int] = {}
    out: list[stud.Item] = []
    for it in items:
        if isinstance(it, stud.CollectLine):
            collected[it.name] = collected.get(it.name, 0) + it.amount
        elif isinstance(it, stud.ShowLine):
            shown[it.name] = it.cards
        elif isinstance(it, stud.SummarySeat) and it.outcome in ("won", "collected"):
            if it.cards and shown.get(it.name) != it.cards:
                raise stud.fail(it.line, f"{it.name} did not show these cards")
            won[it.name] = won.get(it.name, 0) + (it.amount or 0)
            last[it.name] = it.line
            it = replace(it, outcome="other", amount=None)
        out.append(it)
    for name, amount in won.items():
        if collected.get(name, 0) != amount:
            got = collected.get(name, 0)
            raise stud.fail(last[name], f"{name} won {amount} by the summary but collected {got}")
    return out

"""The reader of Everleaf stud hand histories: 7 Card Stud, Stud Hi/Lo and Razz
(docs/rooms.md, Everleaf), on the shared stud reader.

Everleaf's text is PartyPoker-like: the header takes several lines (:mod:`._header`),
amounts are the chips an action puts in (``raises [$ 0.10 USD]``), completions give the
total (``completes to $0.05.``). Other players' up cards are written one card a street
(``Dealt to MOURINHO_ [ Ah ].``), or no cards at all in older files (the room's
bring-in and first player to act are then accepted). Everleaf writes no summary, no
all-in mark and no uncalled bet, and its winnings leave the bet nobody called out: the
reader works out the all-ins and that bet from the chips put in (the replay checks
them), and the rake is the pot less the winnings. Times are UTC.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rakestats.cards import StdCard
from rakestats.formats import stud
from rakestats.formats.everleaf._header import HEADER, game_words, hand_id, parse_header

__all__ = ["EverleafParser"]

_NUM = r"[\d,]+(?:\.\d+)?"
_CUR = r"[$€ˆ£]?\s*"
_ISO = r"(?:\s*(?:USD|EURO?|GBP|Chips|GEL))?"
_CARD = re.compile(r"\b([2-9tjqka])([cdhs])\b")
_br = stud.amount_in(rf"\[\s*{_CUR}", rf"{_ISO}\s*\]", _NUM)  # [$ 0.10 USD], [€ 0.05 EURO]


def _cards_upper(text: str) -> str:
    """Card ranks in capitals (older files write ``[ qc, 3c ]``)."""
    return _CARD.sub(lambda m: m[1].upper() + m[2], text) if "[" in text else text


def fill_before(items: Sequence[stud.Item]) -> list[stud.Item]:
    """Deal lines from 4th street on with the cards held before (the hero's all, the
    others' up cards): Everleaf writes the new card only."""
    held: dict[str, list[StdCard]] = {}
    up: dict[str, list[StdCard]] = {}
    hero = None
    street = 0
    out: list[stud.Item] = []
    for it in items:
        if isinstance(it, stud.StreetLine):
            street = it.street
        elif isinstance(it, stud.DealtLine) and not it.before:
            if street == 1:
                hero = it.name if len(it.new) == 3 else hero
                up[it.name] = [it.new[-1]]
            else:
                before = held.get(it.name, []) if it.name == hero else up.get(it.name, [])
                it = replace(it, before=tuple(before))
                if street < 5:
                    up.setdefault(it.name, []).extend(it.new)
            held.setdefault(it.name, []).extend(it.new)
        out.append(it)
    return out


class EverleafParser(stud.ListedReader):
    """Everleaf hand histories; stud hands are read, other games skipped."""

    format_name = "everleaf"
    site = "Everleaf"
    header_pattern = HEADER
    seat_start = stud.SEAT_START
    seat_line = stud.seat_pattern(rf"\s*{_CUR}(?P<stack>{_NUM}){_ISO}\s*")
    streets: ClassVar[dict[str, int]] = {
        f"{deal} {name}": street
        for name, street in stud.street_table(
            """
            1 down cards
            2 4th street
            2 4th Street
            3 5th street
            3 5th Street
            4 6th street
            4 6th Street
            5 river
            5 River
            """
        ).items()
        for deal in ("Dealing", "dealing")
    }
    actions = stud.action_table(
        rf"""
        ante      ^: posts ante {{a}}$
        bring_in  posts bring-in\s+{_CUR}(?P<a>{_NUM})\.?
        complete  completes to\s+{_CUR}(?P<to>{_NUM})\.?
        bet       ^: bets {{a}}$
        call      calls {{a}}
        raise     raises {{added}}
        all_in    ^:? (?P<allin>is all-in) {{added}}$
        check     checks
        fold      folds
        """,
        amount=_br,
    )
    wording = stud.line_table(
        r"""
        section       ^\*{2,4} (?P<name>[^*]+?) \*{2,4}(?P<rest>.*)$
        dealt         ^ \[\s*(?P<a>[^\]]*?)\s*\]\.?$
        action_words  ^:? (posts|bets|calls|raises|completes|is all-in|checks|folds)\b
        show          ^ shows \[\s*(?P<cards>[^\]]*?)\s*\]\s*(?P<desc>.*)$
        muck          ^ (?:mucks \[\s*(?P<cards>[^\]]*?)\s*\].*|
                        does not show cards|doesn't show|mucks)$
        collect       ^ wins\s+(?:(?:high|low)\s+)?\(?\s*{cur}(?P<a>{num}){iso}\s*\)?\s+from\s+
                        (?P<pot>main pot|side pot(?:\s*#?\d+)?)(?:\s+with .*)?$
        """,
        cur=_CUR,
        num=_NUM,
        iso=_ISO,
    )
    uncalled = capped = total = stud.NEVER  # the uncalled bet: from the chips put in
    check_descriptions = False
    states_rake = False  # the rake is the pot less the winnings

    def hand_id_of(self, lines: Sequence[str]) -> str | None:
        return hand_id(lines)

    def game_text(self, lines: Sequence[str]) -> str:
        return game_words(lines)

    def header_lines(self, lines: Sequence[str], first_line: int) -> tuple[stud.StudHeader, int]:
        return parse_header(lines, first_line)

    def body_lines(self, lines: Sequence[str]) -> list[str]:
        return [_cards_upper(t) for t in lines]

    def body_items(
        self, hand: stud.ParsedStudHand, items: list[stud.Item], last_line: int
    ) -> list[stud.Item]:
        items = fill_before(items)
        if not any(isinstance(it, stud.DealtLine) for it in items):  # older files: no cards
            hand.room = replace(hand.room, up_cards_shown=False)
        items = stud.mark_all_ins(hand.seats, items)
        at = next((k for k, it in enumerate(items) if isinstance(it, stud.CollectLine)), len(items))
        line = items[at].line if at < len(items) else last_line
        uncalled = stud.uncalled_line(hand.seats, items, line)
        return items[:at] + ([uncalled] if uncalled else []) + items[at:]

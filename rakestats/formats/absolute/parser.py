"""The reader of Absolute Poker stud hand histories (the Cereus network's ``Stage``
format, UltimateBet's too): Seven Card Stud, Stud Hi/Lo and Razz (docs/rooms.md,
Absolute), on the shared stud reader.

Lines read ``NAME - Verb $X``; the cards a player holds are written again on every
street as ``NAME - Pocket [H H Js 10d]`` (``H``: a card not seen; ``10`` for the ten),
and the folded hero's keep coming: they are read as the deal of the street's new card.
Raises give the chips put in and the total (``Raises $45 to $60``); an uncalled bet is
``NAME - returned ($30) : not called``. Seats are listed from the dealer on, in any
order. Times are US Eastern (``(ET)``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar

from rakestats.formats import stud
from rakestats.formats.absolute._header import HEADER, game_words, parse_header

__all__ = ["AbsoluteParser", "rewrite"]

_a = stud.amount_in(r"(?:\s?€\s?)?")  # an amount: $0.01, or € 0.01
_SECTION = re.compile(r"^\*\*\* (?P<name>[^*]+?) \*\*\*")
_POCKET = re.compile(r"^(?P<name>.+?) - Pocket \[(?P<cards>[^\]]*)\]\s*$")
_TEN = re.compile(r"\b10([cdhs])\b")
_SEAT = re.compile(r"^Seat \d+ - ")
_STREET = stud.street_table(
    """
    1 3RD STREET
    2 4TH STREET
    3 5TH STREET
    4 6TH STREET
    5 RIVER
    """
)


def rewrite(lines: Sequence[str]) -> list[str]:
    """The lines in the words the shared reader reads: each street's ``Pocket`` line as
    the deal of its new card (``Dealt to NAME [Js] [10d]``; none for a card not seen or
    for a player who folded), tens as ``T``, a pot line without a rake with rake 0.

    >>> rewrite(["*** 4TH STREET ***", "P1 - Pocket [H H Js 10d] ", "Hero - Pocket [10c 5c 7s]",
    ...          "*** RIVER ***", "P1 - Pocket [H H Js 10d Kh 2c H] ", "Total Pot(30)"])[1:]
    ['Dealt to P1 [Js] [Td]', '', '*** RIVER ***', '', 'Total Pot(30) | Rake (0)']
    """
    out: list[str] = []
    street = 0
    for text in lines:
        if (s := _SECTION.match(text)) is not None:
            street = _STREET.get(s["name"].upper(), street)
        elif text.startswith("Total Pot(") and "| Rake" not in text:
            text += " | Rake (0)"
        elif (p := _POCKET.match(text)) is not None:
            cards = (_TEN.sub(r"T\1", p["cards"]) if "10" in p["cards"] else p["cards"]).split()
            known = [c for c in cards if c != "H"]
            if len(cards) != street + 2 or cards[-1] == "H":  # folded, or a card not seen
                text = ""
            elif street == 1:
                text = f"Dealt to {p['name']} [{' '.join(known)}]"
            else:
                text = f"Dealt to {p['name']} [{' '.join(known[:-1])}] [{known[-1]}]"
        elif "10" in text and "[" in text:
            text = _TEN.sub(r"T\1", text)
        out.append(text)
    return out


def _plain(items: Sequence[stud.Item]) -> list[stud.Item]:
    """An ``All-In`` before the first street is the ante; a ``Bets`` on 3rd street after
    the bring-in is the completion."""
    out: list[stud.Item] = []
    street, brought = 0, False
    for it in items:
        if isinstance(it, stud.StreetLine):
            street = max(street, it.street)
        elif isinstance(it, stud.ActLine) and street == 0 and it.verb == "all_in":
            it = stud.AnteLine(it.line, it.name, it.added or 0, True)
        elif isinstance(it, stud.ActLine) and street == 1:
            if it.verb == "bring_in":
                brought = True
            elif it.verb == "bet" and brought:
                it = stud.ActLine(it.line, it.name, "complete", None, it.amount, it.all_in)
        out.append(it)
    return out


class AbsoluteParser(stud.ListedReader):
    """Absolute Poker (and UltimateBet) hand histories; stud hands are read, other games
    skipped."""

    format_name = "absolute"
    site = "Absolute"
    header_pattern = HEADER
    stud_words = stud.any_word("razz", "stud", "seven card", "7 card", "horse", "hose", "mixed")

    seat_start = _SEAT  # the seats are listed from the dealer on
    seat_line = stud.seat_pattern(rf"{_a('stack')} in chips", sep=" - ")
    streets: ClassVar[dict[str, int]] = {**stud.StudReader.streets, **_STREET}  # and in capitals
    other_sections = frozenset({"POCKET CARDS", "FLOP", "TURN"})
    actions = stud.action_table(
        r"""
        ante      Ante {a}(?P<allin> \(?All-In\)?)?
        bring_in  Bring-In {a}
        bet       Bets {a}
        call      Calls {a}
        raise     (?:Raises|(?P<allin>All-In)\(Raise\)) {added}(?: to {to})?
        complete  Completes?(?: to)? {to}
        all_in    (?P<allin>All-In) {added}
        check     Checks
        fold      Folds
        """,
        before=" - ",
        amount=_a,
    )
    wording = stud.line_table(
        r"""
        action_words  ^ - (Ante|Bring-In|Bets|Calls|Raises|All-In|Completes?|Checks|Folds|Shows)\b
        show          ^ - Shows \[(?P<cards>[^\]]*)\](?: \((?P<desc>.*)\))?$
        muck          ^ - (?:Mucks(?: \[(?P<cards>[^\]]*)\])?|Does not show)$
        collect       ^ Collects {a} from (?P<pot>(?:main |side )?pot(?:[- ]?#?\d+)?)$
        uncalled      ^(?P<name>.+) - returned \({a}\) : not called$
        total         ^Total Pot\({total}\)(?P<pots>) \| Rake \({rake}\)
        collected     ^(?:won|collected) Total \({a}\)
        showed        ^(?:HI:|LO:)?(?P<lost>lost)(?: \((?P<a>[\d.]+)\))? with (?P<desc>[^\[]*?) \[
                        (?P<cards>[^\]-]*?)(?: - [^\]]*)?\]
        mucked        ^(?:HI: )?\[Mucked\](?: \[(?P<cards>[^\]]*)\])?
        """,
        a=_a("a"),
        total=_a("total"),
        rake=_a("rake"),
    )
    capped = stud.NEVER
    summary_tags = ("(dealer) ", "(small blind) ", "(big blind) ", "(bring-in) ")
    folded = re.compile(r"^Folded on the (?:(?P<street>\d)\w\w STREET|(?P<river>RIVER))", re.I)
    check_descriptions = False

    def game_text(self, lines: Sequence[str]) -> str:
        return game_words(lines)

    def header_lines(self, lines: Sequence[str], first_line: int) -> tuple[stud.StudHeader, int]:
        return parse_header(lines, first_line)

    def body_lines(self, lines: Sequence[str]) -> list[str]:
        return rewrite(lines)

    def body_items(
        self, hand: stud.ParsedStudHand, items: list[stud.Item], last_line: int
    ) -> list[stud.Item]:
        return stud.mark_all_ins(hand.seats, _plain(items))

"""The reader of Bovada (formerly Bodog; Ignition) stud hand histories: 7 Card Stud,
Stud Hi/Lo and Razz (docs/rooms.md, Bovada), on the shared stud reader.

Bovada's layout is read by :mod:`._lines` (players named by seat or position, the hero
marked ``[ME]`` and stored as ``Hero``; all cards written; streets begun by their deals)
and :mod:`._summary` (seat lines by seat number). The header gives no stakes: the bets
are worked out from the hand's first full wagers (a hand in which nobody bet keeps
``small_bet``/``big_bet`` unknown). Times are US Eastern.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rakestats.formats import stud
from rakestats.formats.bovada._header import HEADER, game_words, parse_header
from rakestats.formats.bovada._lines import HERO, BodyReader, read_seat
from rakestats.formats.bovada._summary import bets_of, summary_seat, total_line
from rakestats.records import HandRecord

__all__ = ["BovadaParser"]

_SUMMARY = "*** SUMMARY ***"
_UNKNOWN = ("stakes", "not written and no bet made")


def _unique_lines(lines: Sequence[str]) -> list[str]:
    """Bovada writes a line twice in a row at times: the copy is blanked (the line
    numbers stay)."""
    return [t if k == 0 or t != lines[k - 1] else "" for k, t in enumerate(lines)]


class BovadaParser(stud.StudReader):
    """Bovada, Bodog and Ignition hand histories; stud hands are read, other games
    skipped."""

    format_name = "bovada"
    site = "Bovada"
    header_pattern = HEADER
    stud_words = stud.any_word("7CARD", "RAZZ", "STUD")
    check_descriptions = False

    def game_text(self, lines: Sequence[str]) -> str:
        return game_words(lines[0]) if lines else "unknown"

    def read_header(self, lines: Sequence[str], first_line: int) -> stud.StudHeader:
        return parse_header(lines[0], first_line)

    def parse_lines(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> stud.ParsedStudHand:
        lines = _unique_lines(lines)
        seats, hero_raw, i = self._seats(header, lines, first_line)
        body = BodyReader(header, seats, hero_raw)
        k = i
        while k < len(lines) and lines[k].strip() != _SUMMARY:
            body.line(lines[k], first_line + k)
            k += 1
        items = stud.mark_all_ins(seats, body.reveal_down_cards())
        if k < len(lines):
            items.append(stud.StreetLine(first_line + k, 7))
            items.extend(self._summary(header, seats, lines, k + 1, first_line, items))
        bets = bets_of(items, body.doubled)
        stakes = _stakes_without_bets(items) if bets is None else bets
        extra = header.extra + ((_UNKNOWN,) if bets is None else ())
        header = replace(header, small_bet=stakes[0], big_bet=stakes[1], extra=extra)
        hand = stud.hand_of(header, first_line, seats)
        hand.items = items
        hand.room = stud.RoomRules(check_descriptions=False)
        return hand

    def _seats(
        self, header: stud.StudHeader, lines: Sequence[str], first_line: int
    ) -> tuple[list[stud.SeatLine], str | None, int]:
        seats: list[stud.SeatLine] = []
        hero_raw = None
        i = 1
        while i < len(lines) and (s := read_seat(lines[i])) is not None:
            n = first_line + i
            name = HERO if s["me"] else s["name"]
            hero_raw = s["name"] if s["me"] else hero_raw
            seats.append(
                stud.SeatLine(
                    n, int(s["seat"]), name, stud.parse_money(s["stack"], header.scale, n), False
                )
            )
            i += 1
        if not seats:
            raise stud.fail(first_line + 1, "expected the seat lines")
        return sorted(seats, key=lambda s: s.seat), hero_raw, i

    def _summary(
        self,
        header: stud.StudHeader,
        seats: Sequence[stud.SeatLine],
        lines: Sequence[str],
        start: int,
        first_line: int,
        items: Sequence[stud.Item],
    ) -> list[stud.Item]:
        names = {s.seat: s.name for s in seats}
        out: list[stud.Item] = []
        for k in range(start, len(lines)):
            n = first_line + k
            found = total_line(lines[k], n, header.scale, items) or summary_seat(
                lines[k], n, names, header.scale
            )
            if found is not None:
                out.append(found)
        return out

    def record(
        self, header: stud.StudHeader, parsed: stud.ParsedStudHand, source_file: str
    ) -> HandRecord:
        """The record with the bets worked out (unknown when nobody bet)."""
        rec = super().record(parsed.header, parsed, source_file)
        if _UNKNOWN in parsed.header.extra:
            return replace(rec, small_bet=None, big_bet=None)
        return rec


def _stakes_without_bets(items: Sequence[stud.Item]) -> tuple[int, int]:
    """Bets for the engine in a hand nobody bet in (only the bring-in, calls, checks and
    all-ins): larger than any chips put in, so none of them reads as a full bet."""
    most = max(
        (it.to or it.amount or it.added or 0 for it in items if isinstance(it, stud.ActLine)),
        default=0,
    )
    return most + 1, 2 * (most + 1)

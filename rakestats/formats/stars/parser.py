"""The parser of PokerStars Razz hand histories (docs/razz.md).

Each hand is decoded on its own (UTF-8, else cp1252), read line by line into typed
items, then validated by replaying it through the stud engine
(:class:`rakestats.razz.StudHand`); a hand that fails becomes a
:class:`rakestats.records.QuarantineRecord` naming the first offending line. Hands of
other games in the same file (a HORSE or 8-Game session) become
:class:`rakestats.records.SkipRecord`. Cash amounts are cents, tournament amounts chips.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rakestats.formats._base import HandError, ParseResult, SiteParser
from rakestats.formats.stars._grammar import parse_lines
from rakestats.formats.stars._header import HEADER, parse_header
from rakestats.formats.stars._record import player_records
from rakestats.formats.stars._replay import StarsReplay
from rakestats.records import Game, HandRecord, SkipRecord

__all__ = ["StarsRazzParser"]

_GAME_WORDS = re.compile(r"(Hold'em|Omaha|Razz|Stud|Draw|Badugi|Courchevel)[^(),\-]*", re.I)


def _game_of(header_line: str) -> str:
    m = _GAME_WORDS.search(header_line)
    return m[0].strip() if m else "unknown"


class StarsRazzParser(SiteParser):
    """PokerStars hand histories; Razz hands are parsed, other games skipped."""

    format_name = "pokerstars"
    game = "razz"
    header_pattern = HEADER
    fallback_encoding = "cp1252"

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        head = HEADER.match(lines[0]) if lines else None
        hand_id = head[2] if head is not None else None
        if head is not None and "razz" not in lines[0].lower():
            return SkipRecord(source_file, first_line, _game_of(lines[0]), hand_id)
        try:
            if head is None:
                raise HandError(first_line, f"line {first_line}: not a PokerStars hand header")
            return self._record(lines, first_line, source_file)
        except HandError as e:
            return self.quarantine(
                lines, e.line, e.reason, source_file, site="PokerStars", hand_id=hand_id
            )

    def _record(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        header = parse_header(lines[0], first_line)
        if not header.is_razz:
            return SkipRecord(source_file, first_line, header.game, header.hand_id)
        parsed = parse_lines(header, lines, first_line)
        replay = StarsReplay(parsed)
        settlement = replay.run()
        assert replay.total is not None
        e = replay.engine
        extra = {
            k: v
            for k, v in (
                ("game", header.game),
                ("mixed", header.mixed),
                ("level", header.level),
                ("buy_in", header.buy_in),
                ("club", header.club),
            )
            if v is not None
        }
        return HandRecord(
            hand_id=header.hand_id,
            site=header.site,
            game=Game.RAZZ,
            played_at=header.played_at,
            table_name=parsed.table,
            max_seats=parsed.max_seats,
            currency=header.currency,
            is_tournament=header.is_tournament,
            ante=e.ante,
            total_pot=settlement.total_pot,
            house_fee=replay.total.rake,
            source_file=source_file,
            source_line=first_line,
            view="player",
            players=player_records(e, replay.collected, replay.folded_round),
            actions=tuple(replay.actions),
            small_bet=header.small_bet,
            big_bet=header.big_bet,
            bring_in=e.bring_in,
            dealer_seat=None,
            hero=replay.hero,
            tournament_id=header.tournament_id,
            extra=extra,
            reveal=tuple(replay.reveal),
            pots=replay.pots,
        )

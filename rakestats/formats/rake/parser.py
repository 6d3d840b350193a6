"""The parser of Rake hand histories (docs/hand-history-format.md).

Each hand is parsed line by line into a typed :class:`ParsedHand`, then validated by
replaying it through the rules engine; a hand that fails either step becomes a
:class:`rakestats.records.QuarantineRecord` naming the first offending line.

>>> text = '''Example Rake Hand #abc-0001-000001: No Limit (ante 10) - 2024/01/02 03:04:05 UTC
... Table 'T' 2-max Seat #2 is the dealer
... House fee: none
... View: server
... Seat 1: Ann (100 in chips)
... Seat 2: Bob (100 in chips)
... Ann: posts the ante 10
... Bob: posts the ante 10
... *** DEAL ***
... Dealt to Ann [As Aw 7f]
... Dealt to Bob [2s 5w 9c]
... *** FIRST BETTING ROUND ***
... Ann: bets 20
... Bob: folds
... Uncalled bet (20) returned to Ann
... Ann collected 20 from pot
... *** SUMMARY ***
... Total pot 20 | House fee 0
... Seat 1: Ann collected (20)
... Seat 2: Bob (dealer) folded in the first betting round'''
>>> record = RakeParser().parse_hand(text.splitlines(), 1, "example.txt")
>>> [(p.player, p.invested, p.collected) for p in record.players]
[('Ann', 10, 20), ('Bob', 10, 0)]
"""

from __future__ import annotations

from collections.abc import Sequence

from rakestats.formats._base import HandError, ParseResult, SiteParser
from rakestats.formats.rake._grammar import RakePatterns, parse_lines
from rakestats.formats.rake._model import ParsedHand
from rakestats.formats.rake._record import build_record
from rakestats.formats.rake._replay import Replay

__all__ = ["RakeParser", "parse_rake_hand"]


class RakeParser(RakePatterns, SiteParser):
    """Rake hand histories as written by rakestats' simulator."""

    format_name = "rake"
    game = "rake"
    fallback_encoding = None  # the format is UTF-8: bad bytes quarantine the hand
    resumable = True  # each hand stands alone: a grown file is read from its last end

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        try:
            parsed = parse_lines(type(self), lines, first_line)
            replay = Replay(parsed)
            settlement = replay.run()
            return build_record(replay, settlement, source_file)
        except HandError as e:
            site = hand_id = None
            m = self.header_pattern.match(lines[0]) if lines else None
            if m is not None:
                site, hand_id = m[1], m[2]
            return self.quarantine(lines, e.line, e.reason, source_file, site=site, hand_id=hand_id)


def parse_rake_hand(lines: Sequence[str], first_line: int = 1) -> ParsedHand:
    """The typed intermediate structure of one hand, without validation (raises
    :class:`rakestats.formats._base.HandError`)."""
    return parse_lines(RakeParser, lines, first_line)

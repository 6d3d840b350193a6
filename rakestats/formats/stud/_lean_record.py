"""The stud fast path inside :meth:`StudReader.record`: a hand read by any room (its
own ``parse_hand`` and ``parse_lines``) is replayed by the fast replay
(:mod:`._lean_play`, :mod:`._lean_end`) and becomes the record the full replay would
make; a hand the fast replay does not vouch for gives None, and the full replay
(:class:`~rakestats.formats.stud._replay.StudReplay`) decides. So every room's hands,
read by :func:`rakestats.formats.iter_file` as by the ingest, are checked the fast way;
rooms that post-process the record (their ``record``) do so on this one.
"""

from __future__ import annotations

from rakestats.formats.stud import _lean_base
from rakestats.formats.stud._lean_base import Unhandled, passed_on
from rakestats.formats.stud._lean_end import check_end, player_rows
from rakestats.formats.stud._lean_play import LeanStud
from rakestats.formats.stud._lean_text import from_parsed
from rakestats.formats.stud._model import ParsedStudHand, StudHeader
from rakestats.formats.stud._record import GAME_OF, hand_record
from rakestats.records import ActionRecord, HandRecord, PlayerRecord, PotRecord

__all__ = ["lean_record"]


def lean_record(header: StudHeader, parsed: ParsedStudHand, source_file: str) -> HandRecord | None:
    """The record of a hand the fast replay vouches for (as ``StudReader.record`` makes
    it), or None: the full replay decides."""
    if not _lean_base.ENABLED or parsed.room.raise_on_bring_in:
        return None
    try:
        played = parsed.header
        if played.game is None or header.game not in GAME_OF:
            return None
        g = LeanStud(
            played.game, played.small_bet, played.big_bet, from_parsed(parsed), parsed.room
        )
        ended = check_end(g, g.run())
    except Unhandled:
        return None
    except Exception as e:  # a bug of the fast replay: logged, and the full replay decides
        passed_on(e, None, source_file, parsed.first_line)
        return None
    _, (total, rake, _), pots = ended
    return hand_record(
        header,
        parsed,
        source_file,
        ante=g.ante,
        total_pot=total,
        house_fee=rake,
        players=tuple(PlayerRecord(*row[1:17]) for row in player_rows(g, ended, 0)),
        actions=tuple(ActionRecord(*a[:8]) for a in g.actions),
        bring_in=g.bring_in,
        hero=g.hero,
        reveal=tuple(g.reveal),
        pots=tuple(PotRecord(i, amount, tuple(shares)) for i, amount, shares in pots),
    )

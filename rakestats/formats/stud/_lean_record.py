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
from rakestats.formats.stud._lean_base import Unhandled, internal, note
from rakestats.formats.stud._lean_end import check_end, player_rows
from rakestats.formats.stud._lean_play import LeanStud
from rakestats.formats.stud._lean_text import from_parsed
from rakestats.formats.stud._model import ParsedStudHand, StudHeader
from rakestats.records import ActionRecord, Game, HandRecord, PlayerRecord, PotRecord

__all__ = ["lean_record"]


def lean_record(header: StudHeader, parsed: ParsedStudHand, source_file: str) -> HandRecord | None:
    """The record of a hand the fast replay vouches for (as ``StudReader.record`` makes
    it), or None: the full replay decides."""
    if not _lean_base.ENABLED or parsed.room.raise_on_bring_in or header.game is None:
        return None
    try:
        game = Game(header.game)
        played = parsed.header
        if played.game is None:
            return None
        g = LeanStud(
            played.game, played.small_bet, played.big_bet, from_parsed(parsed), parsed.room
        )
        ended = check_end(g, g.run())
    except Unhandled:
        return None
    except Exception as e:  # a bug of the fast replay: logged, and the full replay decides
        note(internal(e), None, source_file, parsed.first_line)
        return None
    _, (total, rake, _), pots = ended
    return HandRecord(
        hand_id=header.hand_id,
        site=header.site,
        game=game,
        played_at=header.played_at,
        table_name=parsed.table,
        max_seats=parsed.max_seats,
        currency=header.currency,
        is_tournament=header.is_tournament,
        ante=g.ante,
        total_pot=total,
        house_fee=rake,
        source_file=source_file,
        source_line=parsed.first_line,
        view="player",
        players=tuple(PlayerRecord(*row[1:17]) for row in player_rows(g, ended, 0)),
        actions=tuple(ActionRecord(*a[:8]) for a in g.actions),
        small_bet=header.small_bet,
        big_bet=header.big_bet,
        bring_in=g.bring_in,
        dealer_seat=None,
        hero=g.hero,
        tournament_id=header.tournament_id,
        extra=dict(header.extra),
        reveal=tuple(g.reveal),
        pots=tuple(PotRecord(i, amount, tuple(shares)) for i, amount, shares in pots),
    )

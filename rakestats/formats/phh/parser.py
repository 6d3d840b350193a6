"""The reader of PHH (Poker Hand History, TOML) files of Razz, variant ``FR``.

A PHH file is one hand, a TOML document (read with :mod:`tomllib`). The file is
recognised by its first line, ``variant = '...'`` (as the PHH data sets write it); hands
of other variants become :class:`rakestats.records.SkipRecord`. A Razz hand is replayed
through the stud engine (:mod:`rakestats.formats.phh._replay`) and, when the file gives
``finishing_stacks`` (or ``winnings``), they must be the engine's. The dispatcher splits
files at blank lines, so a PHH file must have none (the PHH data sets write none).

Record fields (docs/razz.md): ``site`` ``"PHH"``; ``hand_id`` ``"<event> #<hand>"`` when
the file has both fields, else the file name without its extension (and ``#<hand>``);
``table_name`` the ``table`` field, else the event; ``played_at`` from ``year``,
``month``, ``day`` and ``time`` in ``time_zone`` (an IANA zone; UTC when none is given;
1970-01-01 when undated; a zone or date that is none quarantines the hand);
amounts are chips unless ``currency`` is given; a hand in chips is a tournament hand
(``tournament_id`` the event). Seats are the ``seats`` field, else 1..n in the order of
the players (PHH lists them in seating order); names default to ``p1``..``pn``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from datetime import UTC, datetime, time
from pathlib import PurePath
from typing import Any
from zoneinfo import ZoneInfo

from rakestats.formats._base import (
    FIRST_YEAR,
    LAST_YEAR,
    HandError,
    ParseResult,
    SiteParser,
    date_out_of_range,
)
from rakestats.formats.phh._replay import PhhError, PhhReplay
from rakestats.formats.stud import player_records
from rakestats.razz.engine import StudHand
from rakestats.records import Game, HandRecord, PotRecord, SkipRecord

__all__ = ["PhhParser"]

_REQUIRED = ("antes", "bring_in", "small_bet", "big_bet", "starting_stacks", "actions")


def _fail(line: int, reason: str) -> HandError:
    return HandError(line, f"line {line}: {reason}")


def _played_at(d: dict[str, Any], line_of: dict[str, int], first_line: int) -> datetime:
    """The time of the hand in UTC (1970-01-01 when a date field is missing). Raises
    HandError for a date outside the years rakestats reads, no such date, or a
    ``time_zone`` that is no IANA zone (the time could be hours off)."""
    if any(k not in d for k in ("year", "month", "day")):
        return datetime(1970, 1, 1, tzinfo=UTC)
    y, mo, dd = int(d["year"]), int(d["month"]), int(d["day"])
    if not FIRST_YEAR <= y <= LAST_YEAR:
        raise _fail(
            line_of.get("year", first_line), date_out_of_range(f"{y:04d}-{mo:02d}-{dd:02d}")
        )
    try:
        day = datetime(y, mo, dd)
    except ValueError:
        field = "day" if 1 <= mo <= 12 else "month"
        reason = f"no such date: year {y}, month {mo}, day {dd}"
        raise _fail(line_of.get(field, first_line), reason) from None
    clock = time()
    if isinstance(d.get("time"), time):
        clock = d["time"]
    elif isinstance(d.get("time"), str):
        clock = time.fromisoformat(d["time"])
    name = str(d.get("time_zone", "UTC"))
    try:
        zone = ZoneInfo(name)
    except (ValueError, KeyError):  # ZoneInfoNotFoundError is a KeyError
        raise _fail(line_of.get("time_zone", first_line), f"unknown time zone {name!r}") from None
    return datetime.combine(day.date(), clock.replace(tzinfo=None), tzinfo=zone).astimezone(UTC)


def _hand_id(d: dict[str, Any], source_file: str) -> str:
    hand = d.get("hand")
    if d.get("event") and hand is not None:
        return f"{d['event']} #{hand}"
    stem = PurePath(source_file.split("!")[-1]).stem
    return f"{stem} #{hand}" if hand is not None else stem


class PhhParser(SiteParser):
    """PHH files (one hand each); variant ``FR`` (fixed-limit Razz) is read."""

    format_name = "phh"
    game = "razz"
    header_pattern = re.compile(r"""^(variant)\s*=\s*["']([^"']*)["']""")
    fallback_encoding = None

    def parse_hand(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        try:
            return self._record(lines, first_line, source_file)
        except HandError as e:
            return self.quarantine(lines, e.line, e.reason, source_file, site="PHH")
        except (TypeError, ValueError, OverflowError, KeyError, IndexError, AttributeError) as e:
            # a field of the wrong type or out of range (a TOML value is anything)
            reason = f"line {first_line}: a field has a value PHH does not allow: {e}"
            return self.quarantine(lines, first_line, reason, source_file, site="PHH")

    def _record(self, lines: Sequence[str], first_line: int, source_file: str) -> ParseResult:
        try:
            d = tomllib.loads("\n".join(lines))
        except tomllib.TOMLDecodeError as e:
            raise _fail(first_line, f"not a PHH (TOML) document: {e}") from None
        except RecursionError:
            raise _fail(first_line, "not a PHH (TOML) document: nested too deeply") from None
        variant = str(d.get("variant", ""))
        if variant != "FR":
            return SkipRecord(
                source_file, first_line, variant or "unknown", _hand_id(d, source_file)
            )
        missing = [k for k in _REQUIRED if k not in d]
        if missing:
            raise _fail(first_line, f"missing field(s) {', '.join(missing)}")
        line_of = {ln.split("=")[0].strip(): first_line + i for i, ln in enumerate(lines)}
        played_at = _played_at(d, line_of, first_line)
        stacks = [int(s) for s in d["starting_stacks"]]
        n = len(stacks)
        names = [str(x) for x in d.get("players", [f"p{i + 1}" for i in range(n)])]
        seats = [int(x) for x in d.get("seats", range(1, n + 1))]
        antes = {int(a) for a in d["antes"]}
        if len(names) != n or len(seats) != n or len(d["antes"]) != n or len(antes) != 1:
            raise _fail(line_of.get("antes", first_line), "antes, players and stacks disagree")
        try:
            engine = StudHand(
                ante=antes.pop(),
                bring_in=int(d["bring_in"]),
                small_bet=int(d["small_bet"]),
                big_bet=int(d["big_bet"]),
                players=list(zip(seats, names, stacks, strict=True)),
            )
        except ValueError as e:
            raise _fail(line_of.get("starting_stacks", first_line), str(e)) from None
        replay = PhhReplay(engine, [str(a) for a in d["actions"]])
        actions_line = line_of.get("actions", first_line)
        try:
            replay.run()
        except PhhError as e:
            where = f"action {e.index + 1} " if e.index is not None else ""
            raise _fail(actions_line, f"{where}{e.reason}") from None
        final = engine.final_stacks
        for key, values in (("finishing_stacks", [final[s] for s in seats]),):
            if key in d and [int(x) for x in d[key]] != values:
                raise _fail(line_of[key], f"{key} should be {values}")
        s = engine.settlement
        assert s is not None
        if "winnings" in d and [int(x) for x in d["winnings"]] != [s.collected[x] for x in seats]:
            raise _fail(line_of["winnings"], "winnings disagree with the pots")
        currency = str(d.get("currency", "chips"))
        event = str(d["event"]) if d.get("event") else None
        return HandRecord(
            hand_id=_hand_id(d, source_file),
            site="PHH",
            game=Game.RAZZ,
            played_at=played_at,
            table_name=str(d.get("table", event or "")),
            max_seats=int(d.get("seat_count", max(n, max(seats)))),
            currency=currency,
            is_tournament=currency == "chips",
            ante=engine.ante,
            total_pot=s.total_pot,
            house_fee=0,
            source_file=source_file,
            source_line=first_line,
            view="player" if replay.unknown_cards else "server",
            players=player_records(engine, s.collected, replay.folded_round),
            actions=tuple(replay.actions),
            small_bet=engine.small_bet,
            big_bet=engine.big_bet,
            bring_in=engine.bring_in,
            dealer_seat=None,
            hero=None,
            tournament_id=event if currency == "chips" else None,
            extra={k: str(d[k]) for k in ("event", "author", "city", "country") if k in d},
            reveal=tuple(replay.reveal),
            pots=tuple(
                PotRecord(
                    pot.index,
                    pot.amount,
                    tuple(
                        (engine.players[w].name, share)
                        for w, share in zip(pot.winners, pot.shares, strict=True)
                        if share > 0
                    ),
                )
                for pot in s.pots
            ),
        )

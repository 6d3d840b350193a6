"""A validated Rake hand as a :class:`rakestats.records.HandRecord`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rakestats.cards import Card
from rakestats.formats.rake._fast import cards_text
from rakestats.rake.showdown import Settlement
from rakestats.records import Game, HandRecord, PlayerRecord, PotRecord

if TYPE_CHECKING:
    from rakestats.formats.rake._replay import Replay

__all__ = ["build_record", "pot_records"]

# what the record takes as the hand states it, under the same names
_AS_PARSED = ("hand_id", "site", "played_at", "max_seats", "ante", "view", "dealer_seat", "hero")


def _text(cards: Sequence[Card | None]) -> str | None:
    known = [c for c in cards if c is not None]
    return cards_text(known) if len(known) == len(cards) else None


def pot_records(s: Settlement, names: dict[int, str]) -> tuple[PotRecord, ...]:
    """The pots as the history writes them: amounts before the house fee (taken from the
    main pot), shares after it, winners of no chip left out (they have no collected line)."""
    return tuple(
        PotRecord(
            pot.index,
            pot.amount + (s.house_fee if pot.index == 0 else 0),
            tuple(
                (names[w], share)
                for w, share in zip(pot.winners, pot.shares, strict=True)
                if share > 0
            ),
        )
        for pot in s.pots
    )


def build_record(replay: Replay, s: Settlement, source_file: str) -> HandRecord:
    hand = replay.hand
    h = replay.engine
    position = {seat: i + 1 for i, seat in enumerate(h.order)}
    skull = s.skull_ace
    players = []
    skull_seat = skull[0] if skull is not None else None
    skull_outcome = skull[1].value if skull is not None else None
    for seat_line in hand.seats:
        seat = seat_line.seat
        p = h.players[seat]
        held = p.cards
        shown = replay.shown.get(seat)
        if shown is not None:
            cards: str | None = cards_text(shown)
            hole = _text(held[:3]) if replay.hole_known[seat] else None
        else:
            cards = _text(held) if held else None
            hole = _text(held[:3])
        value = s.values.get(seat)
        players.append(
            PlayerRecord(
                player=p.name,
                seat=seat,
                position=position[seat],
                stack=p.starting_stack,
                invested=p.invested,
                collected=s.collected[seat],
                cards=cards,
                hole_cards=hole,
                went_to_reveal=shown is not None,
                skull_ace_held=cards is not None and "As" in cards.split(" "),
                skull_ace_outcome=skull_outcome if seat == skull_seat else None,
                hand_category=value.category.name if value is not None else None,
                hand_description=value.description if value is not None else None,
                folded_round=replay.folded_round.get(seat),
                all_in=p.stack == 0 and not p.folded,
            )
        )
    return HandRecord(
        **{name: getattr(hand, name) for name in _AS_PARSED},
        game=Game.RAKE,
        table_name=hand.table,
        currency="chips",
        is_tournament=False,
        total_pot=s.total_pot,
        house_fee=s.house_fee,
        source_file=source_file,
        source_line=hand.first_line,
        players=tuple(players),
        actions=tuple(replay.actions),
        pickups=tuple(replay.pickups),
        middle_up=cards_text(replay.middle_up) if replay.middle_up else None,
        middle_down=cards_text(replay.middle_down) if replay.middle_down else None,
        reveal=tuple((h.players[seat].name, "show") for seat in replay.shown),
        pots=pot_records(s, {seat: p.name for seat, p in h.players.items()}),
    )

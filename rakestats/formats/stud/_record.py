"""Records of a validated stud hand: the hand's (:func:`hand_record`, what the header
and the room's reading say beside what the replay found, the full replay's or the fast
path's) and the players' (shared by the room readers and PHH)."""

from __future__ import annotations

from collections.abc import Mapping

from rakestats.cards import StdCard
from rakestats.formats.stud._engine import describe
from rakestats.formats.stud._model import ParsedStudHand, StudHeader
from rakestats.records import ActionRecord, Game, HandRecord, PlayerRecord, PotRecord
from rakestats.stud import StudGame, StudHand, evaluate_high, evaluate_low
from rakestats.stud.events import StudAction

__all__ = ["GAME_OF", "action_record", "hand_record", "player_records"]

#: The records' game of each game a stud engine plays.
GAME_OF = {"razz": Game.RAZZ, "stud": Game.STUD, "stud8": Game.STUD8}


def action_record(seq: int, player: str, action: StudAction) -> ActionRecord:
    """The record of the ``seq``-th action of a hand, the engine's ``action`` by ``player``."""
    return ActionRecord(
        seq=seq,
        round=action.round,
        player=player,
        kind=action.kind.value,
        amount=action.amount,
        to_amount=action.to,
        all_in=action.all_in,
        facing_bet=action.facing_bet,
    )


def hand_record(
    header: StudHeader,
    parsed: ParsedStudHand,
    source_file: str,
    *,
    ante: int,
    total_pot: int,
    house_fee: int,
    players: tuple[PlayerRecord, ...],
    actions: tuple[ActionRecord, ...],
    bring_in: int | None,
    hero: str | None,
    reveal: tuple[tuple[str, str], ...],
    pots: tuple[PotRecord, ...],
) -> HandRecord:
    """The record of a validated hand: the header's and the reading's facts, and what
    the replay found (the keyword arguments)."""
    assert header.game is not None
    return HandRecord(
        hand_id=header.hand_id,
        site=header.site,
        game=GAME_OF[header.game],
        played_at=header.played_at,
        table_name=parsed.table,
        max_seats=parsed.max_seats,
        currency=header.currency,
        is_tournament=header.is_tournament,
        ante=ante,
        total_pot=total_pot,
        house_fee=house_fee,
        source_file=source_file,
        source_line=parsed.first_line,
        view="player",
        players=players,
        actions=actions,
        small_bet=header.small_bet,
        big_bet=header.big_bet,
        bring_in=bring_in,
        dealer_seat=None,
        hero=hero,
        tournament_id=header.tournament_id,
        extra=dict(header.extra),
        reveal=reveal,
        pots=pots,
    )


def _text(cards: list[StdCard]) -> str | None:
    return " ".join(map(str, cards)) if cards else None


def _category(game: StudGame, cards: list[StdCard]) -> str:
    value = evaluate_low(cards) if game is StudGame.RAZZ else evaluate_high(cards)
    return value.category.name


def player_records(
    h: StudHand,
    collected: Mapping[int, int],
    folded_round: Mapping[int, int],
) -> tuple[PlayerRecord, ...]:
    """One record per player, in seat order.

    ``cards``: every card of the player that the history shows, in dealing order;
    ``hole_cards``: the down cards, when all are known; ``up_cards``: the face-up cards.
    At a showdown, players still in went to the reveal; for those whose seven cards are
    known, ``hand_category`` is the :class:`rakestats.stud.LowCategory` name of their
    best low (Razz) or the :class:`rakestats.stud.HighCategory` name of their best high
    hand (Stud, Stud Hi/Lo), and ``hand_description`` its text as PokerStars writes it
    (``Lo: 9,7,5,4,2``, ``a pair of Aces``, ``HI: a flush, Queen high; LO: 8,7,5,4,2``).
    """
    s = h.settlement
    assert s is not None
    out = []
    for seat in h.order:
        p = h.players[seat]
        cards = h.cards_of(seat)
        known = [c for c in cards if c is not None]
        down = [c for c, up in zip(p.cards, p.is_up, strict=True) if not up]
        hole = [c for c in down if c is not None]
        at_reveal = s.showdown and not p.folded
        shown = at_reveal and len(known) >= 5 and len(known) == len(cards)
        category = _category(h.game, known) if shown else None
        out.append(
            PlayerRecord(
                player=p.name,
                seat=seat,
                position=None,
                stack=p.starting_stack,
                invested=p.invested,
                collected=collected.get(seat, 0),
                cards=_text(known),
                hole_cards=_text(hole) if len(hole) == len(down) else None,
                up_cards=_text(p.up_cards),
                went_to_reveal=at_reveal,
                hand_category=category,
                hand_description=describe(h.game.value, known) if shown else None,
                folded_round=folded_round.get(seat),
                all_in=p.stack == 0 and not p.folded,
            )
        )
    return tuple(out)

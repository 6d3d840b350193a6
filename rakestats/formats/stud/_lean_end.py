"""The stud fast path's end of a hand: the checks of
:func:`~rakestats.formats.stud._settle.check_end` (uncalled bets, the pot and the rake,
what each winner collected, the summary) on the replayed state, and the hand appended
to a :class:`~rakestats.columns.HandColumns` batch with the values the records would
hold (:func:`~rakestats.formats.stud._record.player_records`,
:meth:`~rakestats.columns.HandColumns.add`).
"""

from __future__ import annotations

from typing import Any, Final

from rakestats.columns import (
    HAND_FIELDS,
    PLAYER_FIELDS,
    HandColumns,
    hand_key,
    micros,
)
from rakestats.formats.stud._lean_base import CARD_TEXT, Item, Unhandled
from rakestats.formats.stud._lean_play import LeanStud
from rakestats.formats.stud._lean_rules import shown_hand
from rakestats.formats.stud._model import StudHeader
from rakestats.formats.stud._settle import _pot_index, shares_fit

__all__ = ["Ended", "append_hand", "check_end", "player_rows"]

#: What the end checks found: what each seat collected, the pot line (total, rake,
#: written pots) and the pots as the records hold them (pot, amount, shares).
Ended = tuple[dict[int, int], tuple[int, int, tuple[int, ...]], list[tuple[int, int, list[Any]]]]


def _down(cards: list[int], up: list[bool]) -> list[int]:
    """The cards dealt face down (``up``: whether each card was dealt face up)."""
    if len(up) != len(cards):
        raise Unhandled("the cards dealt")
    return [cards[i] for i in range(len(cards)) if not up[i]]


def cards_text(cards: tuple[int, ...] | list[int]) -> str:
    """Card numbers as the records write them: ``As 2c``.

    >>> cards_text((51, 0))
    'As 2c'
    """
    return " ".join([CARD_TEXT[c] for c in cards])


def _collected(g: LeanStud, collects: list[Item], rake: int) -> dict[int, int]:
    got = {p.seat: 0 for p in g.players}
    for c in collects:
        seat = g.seat_of[c[2]]
        if seat not in got:
            raise Unhandled("chips collected by a player not in the hand")
        got[seat] += c[3][0]
    winners = {w for _, parts in g.pots for part in parts for w in part}
    for seat, amount in got.items():
        if amount and seat not in winners:
            raise Unhandled("chips collected by a player who did not win")
    if len(g.pots) == 1:
        net = g.pots[0][0] - rake
        parts = g.pots[0][1]
        # one winner of the whole pot takes it all (``shares_fit`` of one part, one winner)
        fits = got[parts[0][0]] == net if len(parts) == 1 and len(parts[0]) == 1 else None
        if not (fits if fits is not None else shares_fit(got, parts, net)):
            raise Unhandled("the shares of the pot")
    else:
        for seat, amount in got.items():
            if amount > g.paid[seat]:
                raise Unhandled("the shares of the pots")
        if sum(g.paid.values()) - sum(got.values()) != rake:
            raise Unhandled("the shares of the pots")
    return got


def _summary(g: LeanStud, got: dict[int, int], summary: list[Item]) -> None:
    for it in summary:
        name = it[2]
        written, (outcome, amount, cards, fold_round, _) = it[3]
        seat = g.seat_of[name]
        if seat != written:
            raise Unhandled("a summary seat")
        p = g.by_name.get(name)
        if p is None:
            continue
        if outcome in ("collected", "won") and amount != got[seat]:
            raise Unhandled("a summary's amount")
        if outcome == "lost" and got[seat]:
            raise Unhandled("a summary's loss")
        if outcome == "folded" and g.folded_round.get(seat) != fold_round:
            raise Unhandled("a summary's fold")
        if outcome in ("won", "lost") and cards and cards != g.shown.get(p):
            raise Unhandled("a summary's cards")
        if outcome == "mucked" and cards:
            g.reveal_cards(p, cards)


def _less_uncalled(g: LeanStud, collects: list[Item]) -> list[Item]:
    """A room that writes no uncalled bets counts the bet returned in the winnings of
    the player it goes back to: their first collected line is taken less it."""
    out = list(collects)
    for seat, amount in g.uncalled_events:
        name = next(p.name for p in g.players if p.seat == seat)
        k = next((i for i, c in enumerate(out) if c[2] == name), None)
        if k is not None and out[k][3][0] >= amount:
            c = out[k]
            out[k] = (c[0], c[1], c[2], (c[3][0] - amount, c[3][1]))
    return out


def check_end(g: LeanStud, lines: tuple[list[Item], ...]) -> Ended:
    """``check_end``: the uncalled bets (or, for a room that writes none, the winnings
    less them), the pot line (or the pot less the winnings), the pot, the shares, the
    summary; the pots as the records hold them."""
    uncalled, collects, totals, summary = lines
    expected = g.uncalled_events
    if not g.room.writes_uncalled:
        collects = _less_uncalled(g, collects)
    elif len(uncalled) != len(expected):
        raise Unhandled("the uncalled bets")
    else:
        for i in range(len(uncalled)):  # (compiled: zip with strict= parses a keyword)
            u, (seat, amount) = uncalled[i], expected[i]
            if (g.seat_of[u[2]], u[3]) != (seat, amount):
                raise Unhandled("the uncalled bets")
    if totals:
        total, rake, written = t = totals[-1][3]
    elif g.room.states_rake:
        raise Unhandled("no pot line")
    else:
        pot = sum([p.invested for p in g.players])
        collected = sum([c[3][0] for c in collects])
        if collected > pot:
            raise Unhandled("more collected than the pot")
        total, rake, written = t = (pot, pot - collected, ())
    if total != sum(p.invested for p in g.players):
        raise Unhandled("the total pot")
    if sum(c[3][0] for c in collects) + rake != total:
        raise Unhandled("the pot less the rake")
    got = _collected(g, collects, rake)
    _summary(g, got, summary)
    shares: dict[int, dict[str, int]] = {}
    for c in collects:
        try:
            mine = shares.setdefault(_pot_index(c[3][1]), {})
        except ValueError:
            raise Unhandled("a pot's label") from None
        mine[c[2]] = mine.get(c[2], 0) + c[3][0]
    n = max(len(g.pots), max(shares, default=0) + 1)
    amounts = written if len(written) == n else ((total,) if n == 1 else ())
    pots = []
    for i in range(n):
        amount = amounts[i] if amounts else (g.pots[i][0] if i < len(g.pots) else 0)
        pots.append((i, amount, list(shares.get(i, {}).items())))
    return got, t, pots


def player_rows(g: LeanStud, ended: Ended, index: int) -> list[tuple[Any, ...]]:
    """The players' rows of the hand (hand ``index``), in seat order, with the values of
    their records (:func:`~rakestats.formats.stud._record.player_records`) and of the
    columns :meth:`HandColumns.add` derives from the record (the reveal, the pots won)."""
    got, _, pots = ended
    game = g.game_text
    won: dict[str, list[tuple[int, int, int]]] = {}
    for pot, amount, pot_shares in pots:
        for name, share in pot_shares:
            won.setdefault(name, []).append((pot, amount, share))
    shown = {name: (k, what) for k, (name, what) in enumerate(g.reveal, start=1)}
    showdown = g.showdown
    folded_round = g.folded_round
    rows = []
    shown_cards: str | None
    board_text: str | None
    hole_text: str | None
    for p in g.players:
        cards = p.cards
        board = p.board
        unknown = cards.count(-1)
        if unknown and not p.hidden and unknown == len(cards) - len(board):
            # no down card known (every up card is): the up cards are the cards known
            known = board
            shown_cards = board_text = cards_text(board)
            hole_text = None
        elif unknown:
            known = [c for c in cards if c >= 0]
            board_text = cards_text(board) if board else None
            shown_cards = board_text if known == board else (cards_text(known) or None)
            down = _down(cards, p.up)
            hole_text = None if -1 in down else cards_text(down)
        else:
            known = cards
            shown_cards = cards_text(cards)
            board_text = cards_text(board) if board else None
            hole_text = cards_text(_down(cards, p.up))
        at_reveal = showdown and not p.folded
        category = description = None
        if at_reveal and len(known) >= 5 and len(known) == len(cards):
            description, category, _, _ = shown_hand(game, known)
        order, what = shown.get(p.name, (None, None))
        rows.append((
            index, p.name, p.seat, None, p.start, p.invested, got.get(p.seat, 0),
            shown_cards, hole_text, board_text, at_reveal, False, None, category,
            description, folded_round.get(p.seat), p.stack == 0 and not p.folded, order,
            what, won.get(p.name, []),
        ))  # fmt: skip
    return rows


_HAND_WIDTH: Final = len(HAND_FIELDS)
_PLAYER_WIDTH: Final = len(PLAYER_FIELDS)


def append_hand(
    cols: HandColumns,
    header: StudHeader,
    g: LeanStud,
    ended: Ended,
    first: int,
    source_file: str,
) -> bool:
    """Append the hand to ``cols`` as :meth:`HandColumns.add` appends its record (to the
    batch's flat rows); False (nothing appended) when ``cols`` holds the hand already.
    Every row is made before the first is appended, so that a failure leaves the batch
    as it was."""
    key = hand_key(header.site, header.hand_id)
    _, (total, rake, _), _ = ended
    values: tuple[Any, ...] = (
        key, header.hand_id, header.site, header.game, micros(header.played_at), g.table,
        g.max_seats, len(g.players), header.currency, header.is_tournament,
        header.tournament_id, g.ante, header.small_bet, header.big_bet, g.bring_in, None,
        g.hero, "player", total, rake, source_file, first, None, None,
    )  # fmt: skip
    rows = player_rows(g, ended, len(cols.flat_hands) // _HAND_WIDTH)
    first_row = len(cols.flat_players) // _PLAYER_WIDTH
    play: list[Any] = []
    for seq, rnd, _, verb, chips, to, all_in, facing, at in g.actions:
        play += (first_row + at, seq, rnd, verb, chips, to, all_in, facing)
    if not cols.claim(key):
        return False
    cols.flat_hands.extend(values)
    players = cols.flat_players
    for row in rows:
        players.extend(row)
    cols.flat_actions.extend(play)
    return True

"""One hand as a document: what ``rakestats hand`` prints, as typed data.

:func:`hand_document` turns the warehouse rows of one hand (:class:`HandDetail`) into a
:class:`HandDocument`: seats, antes, the deal, each betting round (the stud games: each
street, with the cards dealt on it) with its actions in acting order and its uncalled
bet, the middle cards and the pick-ups (Rake), the Reveal (showdown) in showing order
with shows and mucks, other hidden cards the history gives (a winner uncontested who
showed them), the Ace of Skulls outcome, each pot with its winners (Stud Hi/Lo:
who won its high and its low half), the house fee and every player's result. The text
and the JSON of ``rakestats hand`` are two renderings of it (``rakestats.cli.hand``);
the JSON keys are the field names (docs/report.md).

Amounts are integers in the hand's smallest unit (chips, or cents for a cash currency;
``currency`` says which), as the warehouse stores them; cards are text in the game's
notation. Where the history writes an amount, the document holds the same amount: a
raise is ``raise_by`` (the increment over the bet it faced) and ``to_amount`` (the round
total), a call or a bring-in its chips added, a bet or a completion its round total.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import pandas as pd

from rakestats.betting import uncalled_bet
from rakestats.records import Game
from rakestats.stats._games import is_stud
from rakestats.stats._hands import HandDetail
from rakestats.stats._pot_halves import PotHalves, pot_halves

__all__ = [
    "ActionLine",
    "AnteLine",
    "DealtCards",
    "HandDocument",
    "MiddleCards",
    "PickupLine",
    "PlayerAmount",
    "PotHalves",
    "PotLine",
    "PotShare",
    "ResultLine",
    "RevealLine",
    "RoundBlock",
    "SeatLine",
    "ShownCards",
    "UncalledLine",
    "hand_document",
    "round_name",
]

_RAKE_ROUNDS = ("first betting round", "second betting round", "third betting round")
_RAZZ_STREETS = ("3rd street", "4th street", "5th street", "6th street", "7th street")


def round_name(game: str, round_no: int) -> str:
    """The name of a betting round: Rake's ``first betting round`` ..., the stud
    games' streets.

    >>> round_name("rake", 2), round_name("razz", 5), round_name("razz", 9)
    ('second betting round', '7th street', 'round 9')
    """
    names = _RAKE_ROUNDS if game == "rake" else _RAZZ_STREETS
    return names[round_no - 1] if 1 <= round_no <= len(names) else f"round {round_no}"


@dataclass(frozen=True)
class SeatLine:
    seat: int
    player: str
    stack: int
    position: int | None
    dealer: bool


@dataclass(frozen=True)
class AnteLine:
    player: str
    amount: int
    all_in: bool


@dataclass(frozen=True)
class DealtCards:
    """Cards dealt to a player that the history shows: ``down`` (hidden) and ``up``."""

    player: str
    down: tuple[str, ...]
    up: tuple[str, ...]


@dataclass(frozen=True)
class ActionLine:
    """``amount``: chips added; ``to_amount``: the player's round total after it;
    ``raise_by``: for a raise, the increment over the bet faced (else None)."""

    seq: int
    player: str
    kind: str
    amount: int
    to_amount: int
    raise_by: int | None
    all_in: bool


@dataclass(frozen=True)
class PlayerAmount:
    """An amount and its player: the bet nobody called at the end of a round (returned
    to its bettor, :data:`UncalledLine`), or what a player collected from a pot
    (:data:`PotShare`)."""

    player: str
    amount: int


UncalledLine = PlayerAmount
PotShare = PlayerAmount


@dataclass(frozen=True)
class RoundBlock:
    """One betting round (Razz: street): cards dealt on it, actions, uncalled bet."""

    round: int
    name: str
    dealt: tuple[DealtCards, ...]
    actions: tuple[ActionLine, ...]
    uncalled: UncalledLine | None


@dataclass(frozen=True)
class MiddleCards:
    """Rake's middle cards; ``face_down`` is None where the log does not show them."""

    face_up: tuple[str, ...]
    face_down: tuple[str, ...] | None
    face_down_count: int


@dataclass(frozen=True)
class PickupLine:
    """A Rake pick-up (``pickup`` 1 or 2): the middle card the player took, face up or
    face down; ``card`` is None where the history does not show it."""

    pickup: int
    player: str
    card: str | None
    face_up: bool


@dataclass(frozen=True)
class RevealLine:
    """A player at the Reveal (showdown), in showing order. ``action``: ``show`` or
    ``muck`` (None where the history says neither); ``cards``: the cards shown, or a
    mucked hand's cards when the history shows them elsewhere (else None)."""

    player: str
    action: str | None
    cards: tuple[str, ...] | None
    description: str | None
    skull_ace_outcome: str | None


@dataclass(frozen=True)
class ShownCards:
    """The cards of a player not at the showdown whose hidden cards the history gives
    though its view does not show them as dealt: a winner uncontested who showed them,
    or a room that prints every player's cards (Bovada). All the player's cards."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class PotLine:
    """``pot`` 0 is the main (or only) pot, k side pot-k; ``amount`` before the house
    fee; ``winners`` what each collected from it (after the fee); ``halves``, in Stud
    Hi/Lo, who won its high half and its low half (no low: the high hand took it all),
    None in the other games."""

    pot: int
    name: str
    amount: int
    winners: tuple[PotShare, ...]
    halves: PotHalves | None = None


@dataclass(frozen=True)
class ResultLine:
    player: str
    seat: int
    invested: int
    collected: int
    net: int
    folded_round: int | None


@dataclass(frozen=True)
class HandDocument:
    hand_id: str
    site: str
    game: str
    played_at: str  # ISO 8601, UTC
    table: str
    max_seats: int | None
    currency: str
    is_tournament: bool | None
    tournament_id: str | None
    view: str | None
    hero: str | None
    dealer_seat: int | None
    ante: int | None
    small_bet: int | None
    big_bet: int | None
    bring_in: int | None
    seats: tuple[SeatLine, ...]
    antes: tuple[AnteLine, ...]
    deal: tuple[DealtCards, ...]  # Rake: the hidden cards dealt that the history shows
    rounds: tuple[RoundBlock, ...]
    middle_cards: MiddleCards | None
    pickups: tuple[PickupLine, ...]
    reveal: tuple[RevealLine, ...]
    skull_ace: RevealLine | None  # the holder at the Reveal whose Ace of Skulls decided
    pots: tuple[PotLine, ...]
    total_pot: int | None
    house_fee: int | None
    results: tuple[ResultLine, ...]
    shown: tuple[ShownCards, ...] = ()  # hidden cards given away from the showdown

    def to_dict(self) -> dict[str, Any]:
        """The document as plain data (lists, dicts, text, integers, None) for JSON."""
        return asdict(self)


def _v(value: Any) -> Any:
    """None for a missing value (None, NaN, NA); numpy scalars as Python values."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    return value.item() if hasattr(value, "item") and not isinstance(value, str) else value


def _int(value: Any) -> int | None:
    v = _v(value)
    return None if v is None else int(v)


def _cards(value: Any) -> tuple[str, ...]:
    v = _v(value)
    return tuple(str(v).split()) if v else ()


def _cell(value: Any) -> Any:
    if isinstance(value, (list, tuple, np.ndarray)):
        return list(value)
    return _v(value)


def _rows(frame: pd.DataFrame) -> Iterator[dict[str, Any]]:
    names = [str(c) for c in frame.columns]
    columns = [frame[c].tolist() for c in frame.columns]
    for values in zip(*columns, strict=True):
        yield {k: _cell(v) for k, v in zip(names, values, strict=True)}


def _alive_from(players: list[dict[str, Any]], round_no: int) -> list[dict[str, Any]]:
    """Players still in when betting round ``round_no`` begins."""
    return [p for p in players if p["folded_round"] is None or p["folded_round"] >= round_no]


def _shows_hidden(view: str | None, hero: str | None, player: str) -> bool:
    """Whether the view the hand came from shows this player's hidden cards as dealt."""
    return view != "player" or player == hero


def _stud_dealt(
    players: list[dict[str, Any]], street: int, view: str | None, hero: str | None
) -> tuple[DealtCards, ...]:
    """Cards dealt on a street: the up card (3rd to 6th), the down cards (3rd and 7th)
    where the view shows them."""
    out = []
    for p in _alive_from(players, street):
        up = _cards(p["up_cards"])
        hole = _cards(p["hole_cards"]) if _shows_hidden(view, hero, p["player"]) else ()
        new_up = (up[street - 1],) if street <= 4 and len(up) >= street else ()
        down = hole[:2] if street == 1 else (hole[2:3] if street == 5 else ())
        if new_up or down:
            out.append(DealtCards(p["player"], tuple(down), new_up))
    return tuple(out)


def _actions(rows: Iterable[dict[str, Any]]) -> tuple[ActionLine, ...]:
    out = []
    current = 0  # the bet to match: the highest round total so far
    for a in rows:
        to, kind = int(a["to_amount"]), str(a["kind"])
        out.append(
            ActionLine(
                seq=int(a["seq"]),
                player=str(a["player"]),
                kind=kind,
                amount=int(a["amount"]),
                to_amount=to,
                raise_by=to - current if kind == "raise" else None,
                all_in=bool(a["all_in"]),
            )
        )
        current = max(current, to)
    return tuple(out)


def _uncalled(actions: tuple[ActionLine, ...]) -> UncalledLine | None:
    """The bet nobody called at the end of the round (returned to its bettor)."""
    totals: dict[str, int] = {}
    for a in actions:
        totals[a.player] = a.to_amount
    names = list(totals)
    found = uncalled_bet([totals[n] for n in names])
    return UncalledLine(names[found[0]], found[1]) if found is not None else None


def _reveal(players: list[dict[str, Any]]) -> tuple[RevealLine, ...]:
    there = [p for p in players if p["reveal_order"] is not None or p["went_to_reveal"]]
    there.sort(key=lambda p: (p["reveal_order"] is None, p["reveal_order"] or 0))
    return tuple(
        RevealLine(
            player=p["player"],
            action=p["reveal_action"],
            cards=_cards(p["cards"]) or None,
            description=p["hand_description"] if p["reveal_action"] != "muck" else None,
            skull_ace_outcome=p["skull_ace_outcome"],
        )
        for p in there
    )


def _shown(
    players: list[dict[str, Any]], view: str | None, hero: str | None
) -> tuple[ShownCards, ...]:
    """Players not at the showdown whose hidden cards the history gives though the view
    does not show them as dealt (see :class:`ShownCards`)."""
    return tuple(
        ShownCards(p["player"], _cards(p["cards"]))
        for p in players
        if not p["went_to_reveal"]
        and p["reveal_order"] is None
        and p["hole_cards"]
        and not _shows_hidden(view, hero, p["player"])
    )


def _pots(players: list[dict[str, Any]], game: str) -> tuple[PotLine, ...]:
    amounts: dict[int, int] = {}
    shares: dict[int, list[PotShare]] = {}
    cards = {p["player"]: p["cards"] for p in players}
    for p in players:
        for entry in p["collected_pots"] if p["collected_pots"] is not None else ():
            pot = int(entry["pot"])
            amounts[pot] = int(entry["pot_amount"])
            shares.setdefault(pot, []).append(PotShare(p["player"], int(entry["amount"])))
    single = set(amounts) == {0}
    split = game == Game.STUD8.value and any(p["went_to_reveal"] for p in players)
    return tuple(
        PotLine(
            pot=k,
            name="pot" if single else ("main pot" if k == 0 else f"side pot-{k}"),
            amount=amounts[k],
            winners=tuple(shares[k]),
            halves=pot_halves({w.player: cards[w.player] for w in shares[k]}) if split else None,
        )
        for k in sorted(amounts)
    )


def hand_document(d: HandDetail) -> HandDocument:
    """The hand as a :class:`HandDocument` (see the module docstring)."""
    h = {k: _v(v) for k, v in d.hand.items()}
    game = str(h["game"])
    view, hero = h.get("view"), h.get("hero")
    by_seat = sorted(_rows(d.players), key=lambda p: (p["seat"] or 0, p["player"]))
    acting = sorted(by_seat, key=lambda p: (p["position"] is None, p["position"] or 0))
    ante = _int(h["ante"]) or 0
    antes = tuple(
        AnteLine(p["player"], min(ante, int(p["stack"])), int(p["stack"]) <= ante)
        for p in acting
        if ante > 0
    )
    deal: tuple[DealtCards, ...] = ()
    if game == "rake":
        deal = tuple(
            DealtCards(p["player"], _cards(p["hole_cards"]), ())
            for p in acting
            if p["hole_cards"] and _shows_hidden(view, hero, p["player"])
        )
    actions = list(_rows(d.actions))
    n_rounds = 3 if game == "rake" else 5
    rounds = []
    for r in range(1, n_rounds + 1):
        acts = _actions(a for a in actions if a["round"] == r)
        if len(_alive_from(by_seat, r)) < 2 and not acts:
            break
        dealt = _stud_dealt(by_seat, r, view, hero) if is_stud(game) else ()
        rounds.append(RoundBlock(r, round_name(game, r), dealt, acts, _uncalled(acts)))
    middle = None
    if h.get("middle_up"):
        up = _cards(h["middle_up"])
        down = _cards(h.get("middle_down")) or None
        middle = MiddleCards(up, down, len(up))
    pickups = tuple(
        PickupLine(int(k["pickup"]), str(k["player"]), k["card"], bool(k["face_up"]))
        for k in _rows(d.pickups)
    )
    reveal = _reveal(by_seat)
    skull = next((x for x in reveal if x.skull_ace_outcome), None)
    return HandDocument(
        hand_id=str(h["hand_id"]),
        site=str(h["site"]),
        game=game,
        played_at=pd.Timestamp(h["played_at"]).tz_convert("UTC").isoformat(),
        table=str(h["table_name"]),
        max_seats=_int(h["max_seats"]),
        currency=str(h["currency"]),
        is_tournament=h.get("is_tournament"),
        tournament_id=h.get("tournament_id"),
        view=view,
        hero=hero,
        dealer_seat=_int(h["dealer_seat"]),
        ante=_int(h["ante"]),
        small_bet=_int(h["small_bet"]),
        big_bet=_int(h["big_bet"]),
        bring_in=_int(h["bring_in"]),
        seats=tuple(
            SeatLine(
                int(p["seat"]),
                p["player"],
                int(p["stack"]),
                _int(p["position"]),
                p["seat"] == h["dealer_seat"],
            )
            for p in by_seat
        ),
        antes=antes,
        deal=deal,
        rounds=tuple(rounds),
        middle_cards=middle,
        pickups=pickups,
        reveal=reveal,
        skull_ace=skull,
        pots=_pots(acting, game),
        total_pot=_int(h["total_pot"]),
        house_fee=_int(h["house_fee"]),
        results=tuple(
            ResultLine(
                p["player"],
                int(p["seat"]),
                int(p["invested"]),
                int(p["collected"]),
                int(p["collected"]) - int(p["invested"]),
                _int(p["folded_round"]),
            )
            for p in by_seat
        ),
        shown=_shown(by_seat, view, hero),
    )

"""``rakestats hand``: one hand printed back from the warehouse, as the history says it.

The content is :func:`rakestats.stats._hand_document.hand_document`; this module renders it
as text (amounts in the currency's units through :func:`rakestats.money.format_money`,
actions worded as in the history: "raises 175 to 250", "brings in for $0.02") or as JSON
(``--format json``: the document's fields, amounts as stored integers).
"""

from __future__ import annotations

import json
import re

import click
import pandas as pd

from rakestats.api import Warehouse
from rakestats.cli._common import (
    echo,
    fail_on_warehouse_error,
    format_option,
    safe_text,
    warehouse_option,
)
from rakestats.cli._group import main
from rakestats.money import format_money
from rakestats.stats import (
    ActionLine,
    HandDetail,
    HandDocument,
    HandNotFoundError,
    PotLine,
    RevealLine,
    RoundBlock,
    game_title,
    hand_document,
    round_name,
)

__all__ = ["format_hand", "format_hand_json", "hand_command"]

_C1 = re.compile("[\x7f-\x9f]")
_PICKUPS = {1: "First pick-up", 2: "Second pick-up"}
_SKULL = {"auto_win": "automatic win", "auto_loss": "automatic loss"}


def _t(value: object) -> str:
    return safe_text(str(value))


def _cards(cards: tuple[str, ...] | None) -> str:
    return f"[{_t(' '.join(cards or ()))}]"


class _Text:
    """Renders one document; ``m`` writes an amount in the hand's currency."""

    def __init__(self, doc: HandDocument) -> None:
        self.doc = doc
        self.currency = doc.currency

    def m(self, amount: int | None) -> str:
        return format_money(amount, self.currency)

    def action(self, a: ActionLine) -> str:
        m = self.m
        text = {
            "fold": "folds",
            "check": "checks",
            "call": f"calls {m(a.amount)}",
            "bet": f"bets {m(a.to_amount)}",
            "raise": f"raises {m(a.raise_by)} to {m(a.to_amount)}",
            "bring_in": f"brings in for {m(a.amount)}",
            "complete": f"completes to {m(a.to_amount)}",
        }.get(a.kind, _t(a.kind))
        return f"  {_t(a.player)} {text}" + (" and is all-in" if a.all_in else "")

    def header(self) -> list[str]:
        d, m = self.doc, self.m
        played = pd.Timestamp(d.played_at).strftime("%Y-%m-%d %H:%M:%S UTC")
        if d.game == "rake":
            stakes = f"ante {m(d.ante)}"
        else:
            stakes = f"limit {m(d.small_bet)}/{m(d.big_bet)}"
            stakes += f", ante {m(d.ante)}" if d.ante else ""
            stakes += f", bring-in {m(d.bring_in)}" if d.bring_in is not None else ""
        unit = "tournament chips" if d.is_tournament and d.currency == "chips" else d.currency
        lines = [
            f"Hand {_t(d.hand_id)} at {_t(d.site)}: {game_title(d.game)}, {played}",
            f"Table '{_t(d.table)}' ({d.max_seats}-max), {stakes} ({_t(unit)}), "
            f"{len(d.seats)} players",
        ]
        if d.dealer_seat is not None:
            lines.append(f"Dealer: seat {d.dealer_seat}")
        if d.view is not None:
            who = f" {_t(d.hero)}" if d.view == "player" and d.hero else ""
            lines.append(f"View: {_t(d.view)}{who}")
        lines += ["", "Seats:"]
        for s in d.seats:
            pos = f", position {s.position}" if s.position is not None else ""
            dealer = " (dealer)" if s.dealer else ""
            lines.append(f"  Seat {s.seat}: {_t(s.player)}{dealer} ({m(s.stack)} in chips){pos}")
        if d.antes:
            lines += ["", "Antes:"]
            for a in d.antes:
                tail = " and is all-in" if a.all_in else ""
                lines.append(f"  {_t(a.player)} posts the ante {m(a.amount)}{tail}")
        if d.deal:
            lines += ["", "*** Deal ***"]
            lines += [f"  Dealt to {_t(x.player)} {_cards(x.down)}" for x in d.deal]
        return lines

    def betting(self, r: RoundBlock) -> list[str]:
        name = round_name(self.doc.game, r.round)
        lines = ["", f"*** {name[0].upper()}{name[1:]} ***"]
        for x in r.dealt:
            parts = [
                f"down {_cards(x.down)}" if x.down else "",
                f"up {_cards(x.up)}" if x.up else "",
            ]
            lines.append(f"  {_t(x.player)}: " + ", ".join(p for p in parts if p))
        lines += [self.action(a) for a in r.actions]
        if r.uncalled is not None:
            u = r.uncalled
            lines.append(f"  Uncalled bet ({self.m(u.amount)}) returned to {_t(u.player)}")
        return lines

    def rounds(self) -> list[str]:
        d = self.doc
        lines: list[str] = []
        for r in d.rounds:
            lines += self.betting(r)
            if r.round == 1 and d.middle_cards is not None:
                mc = d.middle_cards
                down = (
                    _cards(mc.face_down)
                    if mc.face_down is not None
                    else f"{mc.face_down_count} cards"
                )
                lines += ["", "*** Middle cards ***", f"  Face up: {_cards(mc.face_up)}"]
                lines.append(f"  Face down: {down}")
            picks = [k for k in d.pickups if k.pickup == r.round]
            if picks:
                lines += ["", f"*** {_PICKUPS.get(r.round, f'Pick-up {r.round}')} ***"]
                for k in picks:
                    card = f"[{_t(k.card)}]" if k.card else "a card"
                    side = "face up" if k.face_up else "face down"
                    lines.append(f"  {_t(k.player)} picks up {card} {side}")
        return lines

    @staticmethod
    def shown(x: RevealLine) -> str:
        who = _t(x.player)
        if x.action == "muck":
            # the cards of a mucked hand, where the history shows them (its summary)
            return f"  {who} mucks {_cards(x.cards)}" if x.cards else f"  {who} mucks hand"
        desc = f" ({_t(x.description)})" if x.description else ""
        verb = "shows" if x.action == "show" else "is at the showdown with"
        return f"  {who} {verb} {_cards(x.cards) if x.cards else 'unknown cards'}{desc}"

    def end(self) -> list[str]:
        d, m = self.doc, self.m
        lines: list[str] = []
        if d.reveal:
            lines += ["", "*** Reveal ***" if d.game == "rake" else "*** Showdown ***"]
            lines += [self.shown(x) for x in d.reveal]
            if d.skull_ace is not None and d.skull_ace.skull_ace_outcome in _SKULL:
                word = _SKULL[d.skull_ace.skull_ace_outcome]
                lines.append(f"  {_t(d.skull_ace.player)}: {word} with the Ace of Skulls")
        if d.shown:
            lines += ["", "*** Cards shown ***"]
            lines += [f"  {_t(x.player)}: {_cards(x.cards)}" for x in d.shown]
        lines += ["", "*** Pots ***"]
        for pot in d.pots:
            won = ", ".join(
                f"{_t(w.player)} collected {m(w.amount)}{_half(pot, w.player)}" for w in pot.winners
            )
            tail = (
                "; no low hand qualified" if pot.halves is not None and not pot.halves.low else ""
            )
            lines.append(f"  {pot.name.capitalize()} {m(pot.amount)}: {won or 'nobody'}{tail}")
        fee = "House fee" if d.game == "rake" else "Rake"  # as each format calls it
        lines.append(f"  Total pot {m(d.total_pot)} | {fee} {m(d.house_fee)}")
        lines += ["", "*** Result ***"]
        for r in d.results:
            if r.collected > 0:
                how = "won"
            elif r.folded_round is not None:
                where = round_name(d.game, r.folded_round)
                how = f"folded in the {where}" if d.game == "rake" else f"folded on {where}"
            else:
                how = "lost"
            lines.append(
                f"  {_t(r.player)}: put in {m(r.invested)}, collected {m(r.collected)}, "
                f"net {format_money(r.net, d.currency, signed=True)} ({how})"
            )
        return lines


def _half(pot: PotLine, player: str) -> str:
    """Which half of a Stud Hi/Lo pot the player won: `` (high)``, `` (low)``, `` (high
    and low)``; empty in the other games."""
    if pot.halves is None:
        return ""
    parts = [
        h for h, names in (("high", pot.halves.high), ("low", pot.halves.low)) if player in names
    ]
    return f" ({' and '.join(parts)})" if parts else ""


def format_hand(d: HandDetail) -> str:
    """The hand as text: header, seats and antes, the deal, each betting round (street)
    with its cards, actions and uncalled bet, the middle cards and pick-ups, the Reveal
    in showing order, the pots and the result. Names and cards from the history have
    control characters escaped."""
    text = _Text(hand_document(d))
    return "\n".join(text.header() + text.rounds() + text.end())


def format_hand_json(d: HandDetail) -> str:
    """The hand as JSON: the fields of :class:`HandDocument` (docs/report.md)."""
    text = json.dumps(hand_document(d).to_dict(), ensure_ascii=False, indent=2)
    # JSON escapes C0 controls itself; DEL and C1 controls (terminal escapes) too, here
    return _C1.sub(lambda c: f"\\u{ord(c[0]):04x}", text)


@main.command("hand")
@warehouse_option
@click.argument("hand_id")
@click.option("--site", help="The site, when the same hand id is at several.")
@format_option(
    "text", "json", help="Readable text, or the same content as JSON (amounts as stored integers)."
)
def hand_command(warehouse: str, hand_id: str, site: str | None, fmt: str) -> None:
    """Print one hand: seats, antes, the deal, actions round by round as the history
    words them, middle cards and pick-ups, the Reveal in showing order, each pot and
    who won what. Exit status 2 when the hand or the warehouse is not found.

    Example: rakestats hand --warehouse wh 2f192cf4cb46-0001-000016 --format json
    """
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()
        try:
            detail = wh.hand(hand_id, site=site)
        except HandNotFoundError as exc:
            click.echo(f"error: {safe_text(str(exc))}", err=True)
            raise SystemExit(2) from None
    echo(format_hand_json(detail) if fmt == "json" else format_hand(detail))

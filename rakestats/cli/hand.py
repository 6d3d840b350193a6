"""``rakestats hand``: one hand printed back as readable text, from the warehouse."""

from __future__ import annotations

from typing import Any

import click
import pandas as pd

from rakestats.api import Warehouse
from rakestats.cli._common import fail_on_warehouse_error, safe_text, warehouse_option
from rakestats.cli._group import main
from rakestats.stats._hands import HandDetail, HandNotFoundError, hand_detail

__all__ = ["format_hand", "hand_command"]

_RAKE_ROUNDS = {1: "First betting round", 2: "Second betting round", 3: "Third betting round"}
_RAZZ_STREETS = {1: "3rd street", 2: "4th street", 3: "5th street", 4: "6th street",
                 5: "7th street"}  # fmt: skip
_PICKUPS = {1: "First pick-up", 2: "Second pick-up"}
_OUTCOME = {"auto_win": "wins automatically", "auto_loss": "loses automatically"}


def _v(value: Any) -> Any:
    """None for a missing value (NaN, NA, NaT, None)."""
    return None if value is None or (not isinstance(value, str) and pd.isna(value)) else value


def _t(value: Any) -> str:
    return safe_text(str(value))


def _action(row: Any) -> str:
    who, kind = _t(row.player), str(row.kind)
    amount, to = _v(row.amount), _v(row.to_amount)
    text = {
        "fold": "folds",
        "check": "checks",
        "call": f"calls {amount}",
        "bet": f"bets {amount}",
        "raise": f"raises {amount} to {to}",
        "bring_in": f"brings in for {amount}",
        "complete": f"completes to {to}",
    }.get(kind, safe_text(kind))
    return f"  {who} {text}" + (" and is all-in" if _v(row.all_in) else "")


def _header(d: HandDetail) -> list[str]:
    h = d.hand
    game = str(h["game"])
    stakes = (
        f"ante {h['ante']}"
        if game == "rake"
        else f"bets {_v(h['small_bet'])}/{_v(h['big_bet'])}, bring-in {_v(h['bring_in'])}"
    )
    played = pd.Timestamp(h["played_at"]).strftime("%Y-%m-%d %H:%M:%S UTC")
    lines = [
        f"Hand {_t(h['hand_id'])} at {_t(h['site'])}: {game.capitalize()}, {played}",
        f"Table '{_t(h['table_name'])}' ({_v(h['max_seats'])}-max), {stakes} "
        f"({_t(h['currency'])}), {h['n_players']} players",
    ]
    if _v(h["dealer_seat"]) is not None:
        lines.append(f"Dealer: seat {h['dealer_seat']}")
    lines.append("")
    lines.append("Seats:")
    for p in d.players.itertuples(index=False):
        hole = f", dealt [{_t(p.hole_cards)}]" if _v(p.hole_cards) else ""
        up = f", up [{_t(p.up_cards)}]" if _v(p.up_cards) else ""
        pos = f", position {p.position}" if _v(p.position) is not None else ""
        lines.append(f"  Seat {p.seat}: {_t(p.player)} ({p.stack} in chips){pos}{hole}{up}")
    return lines


def _rounds(d: HandDetail) -> list[str]:
    names = _RAKE_ROUNDS if str(d.hand["game"]) == "rake" else _RAZZ_STREETS
    rounds = sorted(set(int(r) for r in d.actions["round"].dropna()) | set(names))
    picked = {int(k) for k in d.pickups["pickup"].dropna()}
    lines: list[str] = []
    for rnd in rounds:
        acts = d.actions[d.actions["round"] == rnd]
        if not acts.empty:
            lines += ["", f"*** {names.get(rnd, f'Round {rnd}')} ***"]
            lines += [_action(a) for a in acts.itertuples(index=False)]
        if rnd in picked:
            lines += ["", f"*** {_PICKUPS.get(rnd, f'Pick-up {rnd}')} ***"]
            for k in d.pickups[d.pickups["pickup"] == rnd].itertuples(index=False):
                card = f"[{_t(k.card)}]" if _v(k.card) else "a card"
                side = "face up" if k.face_up else "face down"
                lines.append(f"  {_t(k.player)} picks up {card} {side}")
    return lines


def _reveal(d: HandDetail) -> list[str]:
    shown = d.players[d.players["went_to_reveal"].fillna(False).astype(bool)]
    lines: list[str] = []
    if not shown.empty:
        lines += ["", "*** Reveal ***"]
        for p in shown.itertuples(index=False):
            desc = f" ({_t(p.hand_description)})" if _v(p.hand_description) else ""
            skull = _OUTCOME.get(str(_v(p.skull_ace_outcome)), "")
            note = f" - holds the Ace of Skulls and {skull}" if skull else ""
            lines.append(f"  {_t(p.player)} shows [{_t(p.cards)}]{desc}{note}")
    lines += ["", "*** Result ***"]
    for r in d.players.to_dict("records"):
        got = int(r["collected"])
        how = "won" if got > 0 else ("folded" if _v(r["folded_round"]) else "lost")
        lines.append(
            f"  {_t(r['player'])}: put in {r['invested']}, collected {got}, "
            f"net {int(r['net']):+d} ({how})"
        )
    h = d.hand
    lines.append(f"Total pot {_v(h['total_pot'])} | House fee {_v(h['house_fee'])}")
    return lines


def format_hand(d: HandDetail) -> str:
    """The hand as text: header, seats, each betting round and pick-up, the Reveal and
    the result. Names and cards from the history have control characters escaped."""
    return "\n".join(_header(d) + _rounds(d) + _reveal(d))


@main.command("hand")
@warehouse_option
@click.argument("hand_id")
@click.option("--site", help="The site, when the same hand id is at several.")
def hand_command(warehouse: str, hand_id: str, site: str | None) -> None:
    """Print one hand: seats, actions round by round, pick-ups, the Reveal and who won
    what. Exit status 2 when the hand or the warehouse is not found.

    Example: rakestats hand --warehouse wh 2f192cf4cb46-0001-000016
    """
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()
        try:
            detail = hand_detail(wh.sql, hand_id, site)
        except HandNotFoundError as exc:
            click.echo(f"error: {safe_text(str(exc))}", err=True)
            raise SystemExit(2) from None
    click.echo(format_hand(detail))

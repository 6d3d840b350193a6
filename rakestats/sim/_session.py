"""One table session: a few hundred hands through the engine, streamed to history files."""

from __future__ import annotations

import random
from contextlib import ExitStack
from dataclasses import dataclass, field, fields
from datetime import datetime, timedelta
from pathlib import Path
from typing import TextIO

from rakestats.cards import ACE_OF_SKULLS, DECK, Card
from rakestats.formats.rake.writer import HandMeta, format_hand
from rakestats.rake.engine import Phase, RakeHand
from rakestats.rake.events import Action, ActionKind, PickedUp
from rakestats.rake.rules import HouseFee
from rakestats.rake.showdown import SkullAceOutcome
from rakestats.sim._bot import Read, choose_action, choose_pick, read_hand
from rakestats.sim.styles import STYLES

__all__ = ["PlayerCounts", "SessionPlan", "part_path", "play_session"]

_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class SessionPlan:
    """Everything a session needs; picklable, so a worker process can play it."""

    site: str
    run_id: str
    table_no: int
    table_name: str
    max_seats: int
    seats: tuple[tuple[int, str, str], ...]  # (seat, name, style name)
    hands: int
    ante: int
    house_fee: HouseFee
    start: datetime
    seed: str
    out_dir: str
    view: str  # "server" | "player" | "both" (server/ and player/ sub-folders)

    def file_name(self, seat: int | None = None) -> str:
        base = f"{self.run_id}-{self.table_no:04d}"
        name = f"{base}.txt" if seat is None else f"{base}-seat{seat}.txt"
        if self.view == "both":
            return f"{'server' if seat is None else 'player'}/{name}"
        return name

    def file_names(self) -> list[str]:
        server = [self.file_name()] if self.view in ("server", "both") else []
        player = (
            [self.file_name(seat) for seat, _, _ in self.seats] if self.view != "server" else []
        )
        return server + player


@dataclass(slots=True)
class PlayerCounts:
    """Simulated truth for one player, summed over hands (see docs/simulator.md)."""

    sessions: int = 0
    hands_dealt: int = 0
    hands_voluntary: int = 0
    hands_raised_first_round: int = 0
    folds: int = 0
    reveals: int = 0
    hands_won: int = 0
    skull_ace_reveals: int = 0
    skull_ace_auto_wins: int = 0
    skull_ace_auto_losses: int = 0
    face_up_picks: int = 0
    face_down_picks: int = 0
    rebuys: int = 0
    bought_in: int = 0
    net: int = 0

    def add(self, other: PlayerCounts) -> None:
        for f in fields(self):
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))

    def as_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(slots=True)
class _Seat:
    seat: int
    name: str
    style: str
    stack: int = 0
    counts: PlayerCounts = field(default_factory=PlayerCounts)


def part_path(path: Path) -> Path:
    """Where a history file is written until its session is over: a hidden name beside
    it (``.NAME.part``), which the ingest's walk and ``--watch`` pass over, so that no
    reader sees a session half written, nor one cut short by a full disk."""
    return path.with_name(f".{path.name}.part")


def _open(path: Path) -> TextIO:
    return part_path(path).open("w", encoding="utf-8", newline="\n")


def _buy_in(rng: random.Random, ante: int) -> int:
    return ante * rng.randint(40, 200)


def play_session(plan: SessionPlan) -> dict[str, PlayerCounts]:
    """Play and write the session; return each player's counts."""
    rng = random.Random(plan.seed)
    seats = [_Seat(s, n, st) for s, n, st in plan.seats]
    for p in seats:
        p.counts.sessions = 1
    out = Path(plan.out_dir)
    paths = [out / name for name in plan.file_names()]
    _play_into(plan, rng, seats, paths)  # a failure leaves its parts: the run removes them
    for path in paths:
        part_path(path).replace(path)
    return {p.name: p.counts for p in seats}


def _play_into(
    plan: SessionPlan, rng: random.Random, seats: list[_Seat], paths: list[Path]
) -> None:
    """Play the session into ``paths`` (:meth:`SessionPlan.file_names`), each written at
    its :func:`part_path`."""
    heroes: list[str | None] = [None] if plan.view in ("server", "both") else []
    if plan.view in ("player", "both"):
        heroes += [p.name for p in seats]
    with ExitStack() as stack:
        files: list[tuple[str | None, TextIO]] = [
            (hero, stack.enter_context(_open(path)))
            for hero, path in zip(heroes, paths, strict=True)
        ]
        dealer_index = rng.randrange(len(seats))
        at = plan.start
        for number in range(1, plan.hands + 1):
            for p in seats:
                if p.stack == 0:
                    amount = _buy_in(rng, plan.ante)
                    p.stack = amount
                    p.counts.bought_in += amount
                    p.counts.rebuys += 1 if p.counts.hands_dealt else 0
            hand = _play_hand(rng, plan, seats, seats[dealer_index].seat)
            for hero, sink in files:
                meta = HandMeta(
                    plan.site,
                    f"{plan.run_id}-{plan.table_no:04d}-{number:06d}",
                    at,
                    plan.table_name,
                    plan.max_seats,
                    plan.house_fee,
                    hero,
                )
                sink.write(format_hand(hand, meta))
                sink.write("\n\n")
            _count(hand, seats)
            dealer_index = (dealer_index + 1) % len(seats)
            at += timedelta(seconds=rng.randint(35, 85))


def _play_hand(rng: random.Random, plan: SessionPlan, seats: list[_Seat], dealer: int) -> RakeHand:
    by_seat = {p.seat: p for p in seats}
    hand = RakeHand(plan.ante, [(p.seat, p.name, p.stack) for p in seats], dealer, plan.house_fee)
    deck: list[Card] = list(DECK)
    rng.shuffle(deck)
    n = len(seats)
    hand.deal_hole({s: deck[3 * i : 3 * i + 3] for i, s in enumerate(hand.order)})
    reads: dict[int, Read] = {}
    raises = 0
    current_round = 0
    while hand.phase is not Phase.COMPLETE:
        phase = hand.phase
        if phase is Phase.BETTING:
            if hand.round != current_round:
                current_round, raises = hand.round, 0
                reads.clear()
            seat = hand.to_act
            assert seat is not None
            me = hand.players[seat]
            read = reads.get(seat)
            if read is None:
                cards = [c for c in me.cards if c is not None]
                read = read_hand(cards, hand.middle_up, len(hand.live_seats) - 1)
                reads[seat] = read
            decision = choose_action(
                STYLES[by_seat[seat].style], rng, hand.legal_actions(), read,
                hand.pot, hand.ante, hand.current_bet, raises,
            )  # fmt: skip
            if decision.kind in (ActionKind.BET, ActionKind.RAISE):
                raises += 1
            hand.act(decision.kind, decision.amount)
        elif phase is Phase.MIDDLE:
            base = 3 * n
            hand.deal_middle(deck[base : base + n], deck[base + n : base + 2 * n])
        elif phase is Phase.PICKUP:
            seat = hand.to_act
            assert seat is not None
            cards = [c for c in hand.players[seat].cards if c is not None]
            choice = choose_pick(STYLES[by_seat[seat].style], rng, cards, hand.middle_up)
            if choice is None and hand.middle_down:
                hand.pick(False, hand.middle_down[0])
            else:
                hand.pick(True, choice if choice is not None else hand.middle_up[0])
        else:
            hand.reveal()
    return hand


def _count(hand: RakeHand, seats: list[_Seat]) -> None:
    settlement = hand.settlement
    assert settlement is not None
    voluntary: set[int] = set()
    raised: set[int] = set()
    by_seat = {p.seat: p for p in seats}
    for ev in hand.log:
        if isinstance(ev, Action):
            if ev.kind in _VOLUNTARY:
                voluntary.add(ev.seat)
            if ev.round == 1 and ev.kind in (ActionKind.BET, ActionKind.RAISE):
                raised.add(ev.seat)
        elif isinstance(ev, PickedUp):
            if ev.face_up:
                by_seat[ev.seat].counts.face_up_picks += 1
            else:
                by_seat[ev.seat].counts.face_down_picks += 1
    skull = settlement.skull_ace
    for p in seats:
        c = p.counts
        state = hand.players[p.seat]
        c.hands_dealt += 1
        c.hands_voluntary += p.seat in voluntary
        c.hands_raised_first_round += p.seat in raised
        c.folds += state.folded
        if p.seat in settlement.values:
            c.reveals += 1
            if ACE_OF_SKULLS in state.cards:
                c.skull_ace_reveals += 1
        if skull is not None and skull[0] == p.seat:
            c.skull_ace_auto_wins += skull[1] is SkullAceOutcome.AUTO_WIN
            c.skull_ace_auto_losses += skull[1] is SkullAceOutcome.AUTO_LOSS
        c.hands_won += settlement.collected[p.seat] > 0
        final = hand.final_stacks[p.seat]
        c.net += final - p.stack
        p.stack = final

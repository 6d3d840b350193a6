"""Round trip: play random hands on the engine, write them, parse them back, and compare
the records with the engine's own results; and parse whole simulated runs."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rakestats.cards import DECK
from rakestats.formats import iter_file, iter_text
from rakestats.rake import ActionKind, HouseFee, Phase, RakeHand
from rakestats.rake.evaluator import evaluate_partial
from rakestats.rake.events import Action, PickedUp
from rakestats.records import HandRecord, QuarantineRecord
from rakestats.sim import HandMeta, format_hand, simulate
from tests._hypothesis import examples

FEES = [HouseFee(), HouseFee.from_percent("5", 20), HouseFee.from_percent("2.5"), HouseFee(1000, 3)]


def play(seed: int, n: int, fee: HouseFee) -> RakeHand:
    """A random legal hand: random stacks (some below the ante), random actions."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    ante = rng.choice([1, 2, 5, 10])
    seats = sorted(rng.sample(range(1, 9), n))
    stacks = [rng.choice([rng.randint(1, 2 * ante), rng.randint(ante, 80 * ante)]) for _ in seats]
    names = rng.sample(["Ann", "Ann: Bob", "Bob", "Zoë [x]", "C (1)", "Dee", "Ed's", "F: G"], n)
    h = RakeHand(ante, list(zip(seats, names, stacks, strict=True)), rng.randint(1, 8), fee)
    h.deal_hole({s: [deck.pop() for _ in range(3)] for s in seats})
    while h.phase is not Phase.COMPLETE:
        if h.phase is Phase.BETTING:
            la = h.legal_actions()
            options: list[tuple[ActionKind, int | None]] = []
            if la.can_fold and rng.random() < 0.3:
                options.append((ActionKind.FOLD, None))
            if la.can_check:
                options.append((ActionKind.CHECK, None))
            if la.call_amount is not None:
                options.append((ActionKind.CALL, None))
            if la.min_bet is not None and la.max_bet is not None:
                options.append((ActionKind.BET, rng.randint(la.min_bet, la.max_bet)))
            if la.min_raise_to is not None and la.max_raise_to is not None:
                top = rng.choice([la.min_raise_to, la.max_raise_to])
                options.append((ActionKind.RAISE, rng.randint(la.min_raise_to, top)))
            if not options:
                options.append((ActionKind.FOLD, None))
            kind, amount = rng.choice(options)
            h.act(kind, amount)
        elif h.phase is Phase.MIDDLE:
            k = len(h.players)
            h.deal_middle([deck.pop() for _ in range(k)], [deck.pop() for _ in range(k)])
        elif h.phase is Phase.PICKUP:
            if h.middle_up and (not h.middle_down or rng.random() < 0.5):
                h.pick(face_up=True, card=rng.choice(h.middle_up))
            else:
                h.pick(face_up=False, card=rng.choice(h.middle_down))
        else:
            h.reveal()
    return h


def _parse(h: RakeHand, hero: str | None, fee: HouseFee) -> HandRecord:
    meta = HandMeta("R", "abc-0001-000001", datetime(2026, 1, 5, tzinfo=UTC), "T", 8, fee, hero)
    [r] = list(iter_text(format_hand(h, meta).split("\n"), "x"))
    assert isinstance(r, HandRecord), (r, format_hand(h, meta))
    return r


def _check(h: RakeHand, r: HandRecord) -> None:
    s = h.settlement
    assert s is not None
    server = r.view == "server"
    assert (r.total_pot, r.house_fee) == (s.total_pot, s.house_fee)
    assert [p.seat for p in r.players] == sorted(h.players)
    names = {seat: p.name for seat, p in h.players.items()}
    for rec in r.players:
        p = h.players[rec.seat]
        assert rec.player == p.name
        assert rec.position == h.order.index(rec.seat) + 1
        assert (rec.stack, rec.invested, rec.collected) == (
            p.starting_stack,
            p.invested,
            s.collected[rec.seat],
        )
        assert (rec.folded_round is not None) == p.folded
        assert rec.all_in == (p.stack == 0 and not p.folded)
        assert rec.went_to_reveal == (rec.seat in s.values)
        value = s.values.get(rec.seat)
        assert rec.hand_category == (value.category.name if value else None)
        assert rec.hand_description == (value.description if value else None)
        skull = s.skull_ace
        assert rec.skull_ace_outcome == (skull[1].value if skull and skull[0] == rec.seat else None)
        cards = " ".join(map(str, p.cards))
        if server or p.name == r.hero:
            assert rec.cards == cards
            assert rec.hole_cards == " ".join(map(str, p.cards[:3]))
        elif rec.went_to_reveal:
            assert rec.cards == cards
        else:
            assert rec.cards is None
        assert rec.skull_ace_held == (rec.cards is not None and "As" in cards.split())
    actions = [e for e in h.log if isinstance(e, Action)]
    assert [
        (a.seq, a.round, a.player, a.kind, a.amount, a.to_amount, a.all_in) for a in r.actions
    ] == [
        (i + 1, e.round, names[e.seat], e.kind.value, e.amount, e.to, e.all_in)
        for i, e in enumerate(actions)
    ]
    for a in r.actions:
        assert a.facing_bet == (a.kind in ("call", "raise", "fold"))
    picks = [e for e in h.log if isinstance(e, PickedUp)]
    assert len(r.pickups) == len(picks)
    for rec_pick, e in zip(r.pickups, picks, strict=True):
        seen = server or e.face_up or names[e.seat] == r.hero
        assert (rec_pick.pickup, rec_pick.player, rec_pick.face_up) == (
            e.pickup,
            names[e.seat],
            e.face_up,
        )
        assert rec_pick.card == (str(e.card) if seen else None)
        if server or names[e.seat] == r.hero:
            held = h.players[e.seat].cards
            k = held.index(e.card)
            assert rec_pick.category_before == evaluate_partial(held[:k]).category.name
            assert rec_pick.category_after == evaluate_partial(held[: k + 1]).category.name
        else:
            assert rec_pick.category_before is None and rec_pick.category_after is None


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 8), fee=st.sampled_from(FEES))
def test_round_trip_every_view(seed: int, n: int, fee: HouseFee) -> None:
    h = play(seed, n, fee)
    server = _parse(h, None, fee)
    _check(h, server)
    for p in h.players.values():
        r = _parse(h, p.name, fee)
        _check(h, r)
        assert [(x.invested, x.collected) for x in r.players] == [
            (x.invested, x.collected) for x in server.players
        ]


def test_simulated_runs_validate(tmp_path: Path) -> None:
    for view in ("server", "player"):
        out = tmp_path / view
        summary = simulate(hands=150, players="2-8", seed=7, out=out, view=view)
        records = [r for f in summary.files for r in iter_file(f)]
        bad = [r for r in records if isinstance(r, QuarantineRecord)]
        assert bad == []
        hands = {r.hand_id for r in records if isinstance(r, HandRecord)}
        assert len(hands) == 150

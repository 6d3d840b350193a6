"""Simulate Rake table sessions and write their histories and the simulated truth.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     s = simulate(hands=30, players=3, seed=1, out=d)
...     (s.hands, s.tables, len(s.files), s.truth.name)
(30, 1, 1, 'players.json')
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

from rakestats._pool import WorkerPool
from rakestats.formats.rake.writer import format_fee
from rakestats.rake.rules import MAX_PLAYERS, MIN_PLAYERS, HouseFee
from rakestats.sim._roster import ROSTER, TABLE_NAMES
from rakestats.sim._session import PlayerCounts, SessionPlan, part_path, play_session
from rakestats.sim.styles import STYLES

__all__ = [
    "DEFAULT_SITE",
    "SESSION_START",
    "SimulationSummary",
    "parse_players",
    "run_configuration",
    "run_id",
    "run_of",
    "simulate",
]

DEFAULT_SITE = "Rakestats Sim"
SESSION_START = datetime(2026, 1, 5, tzinfo=UTC)
ANTES = (1, 2, 5, 10, 25)
SESSION_HANDS = (200, 400)  # a session is a few hundred hands
TRUTH_FILE = "players.json"


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a run wrote: ``files`` are the history files, ``truth`` the players.json."""

    run_id: str
    hands: int
    tables: int
    files: tuple[Path, ...]
    truth: Path


def parse_players(spec: str | int) -> tuple[int, int]:
    """``"6"`` or ``6`` -> (6, 6); ``"2-8"`` -> (2, 8).

    >>> parse_players("2-8"), parse_players(5)
    ((2, 8), (5, 5))
    """
    text = str(spec).strip()
    lo_text, sep, hi_text = text.partition("-")
    try:
        lo = int(lo_text)
        hi = int(hi_text) if sep else lo
    except ValueError:
        raise ValueError(f"players must be a number or a range like 2-8, got {spec!r}") from None
    if not MIN_PLAYERS <= lo <= hi <= MAX_PLAYERS:
        raise ValueError(
            f"players must be within {MIN_PLAYERS}-{MAX_PLAYERS} (low first), got {spec!r}"
        )
    return lo, hi


def run_configuration(hands: int, players: tuple[int, int], fee: HouseFee, view: str) -> str:
    """The canonical text of a run's parameters, hashed into the hand ids' RUN part."""
    lo, hi = players
    span = str(lo) if lo == hi else f"{lo}-{hi}"
    return f"hands={hands};players={span};house_fee={format_fee(fee)};view={view}"


def run_id(site: str, seed: int, configuration: str) -> str:
    """First 12 hex digits of sha256("<site>|<seed>|<run configuration>")."""
    return hashlib.sha256(f"{site}|{seed}|{configuration}".encode()).hexdigest()[:12]


def _plans(
    site: str,
    rid: str,
    hands: int,
    players: tuple[int, int],
    seed: int,
    percent: Decimal,
    fee_cap: int | None,
    out: Path,
    view: str,
) -> Iterator[SessionPlan]:
    rng = random.Random(f"rakestats-plan|{site}|{seed}|{rid}")
    left = hands
    table = 0
    while left > 0:
        table += 1
        n = rng.randint(*SESSION_HANDS)
        if left - n < SESSION_HANDS[0] // 2:
            n = left
        left -= n
        k = rng.randint(*players)
        max_seats = 2 if k == 2 else (6 if k <= 6 else 8)
        seat_numbers = sorted(rng.sample(range(1, max_seats + 1), k))
        chosen = rng.sample(ROSTER, k)
        ante = rng.choice(ANTES)
        cap = None if fee_cap is None else fee_cap * ante
        start = SESSION_START + timedelta(hours=2 * (table - 1), minutes=rng.randint(0, 59))
        yield SessionPlan(
            site=site,
            run_id=rid,
            table_no=table,
            table_name=f"{TABLE_NAMES[(table - 1) % len(TABLE_NAMES)]} {table:04d}",
            max_seats=max_seats,
            seats=tuple(
                (s, name, style) for s, (name, style) in zip(seat_numbers, chosen, strict=True)
            ),
            hands=n,
            ante=ante,
            house_fee=HouseFee.from_percent(percent, cap),
            start=start,
            seed=f"rakestats-table|{seed}|{rid}|{table}",
            out_dir=str(out),
            view=view,
        )


def simulate(
    hands: int,
    players: str | int,
    seed: int,
    out: str | Path,
    *,
    view: str = "server",
    jobs: int = 1,
    house_fee: str | Decimal | int = "5",
    fee_cap: int | None = 2,
    site: str = DEFAULT_SITE,
    progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``hands`` hands over table sessions and write them under ``out``.

    ``players`` is a table size or a range (``"2-8"``); ``house_fee`` a percentage
    (0 turns the fee off) capped at ``fee_cap`` antes (``None``: uncapped). One history
    file per session (server view) or per seat per session (player view), or both in
    ``out/server/`` and ``out/player/`` with the same hand ids (``view="both"``), and
    players.json with each player's style and simulated counts. The output depends only
    on the arguments other than ``jobs``. A folder holding another run's truth is
    refused (its histories and that truth would no longer agree); the same run again
    writes the same bytes.
    """
    if hands < 1:
        raise ValueError(f"hands must be at least 1, got {hands}")
    if view not in ("server", "player", "both"):
        raise ValueError(f"view must be 'server', 'player' or 'both', got {view!r}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, got {jobs}")
    if fee_cap is not None and fee_cap < 0:
        raise ValueError(f"fee cap must be >= 0 antes, got {fee_cap}")
    span = parse_players(players)
    probe = HouseFee.from_percent(house_fee, fee_cap)  # validates the percentage
    percent = probe.percent
    config = run_configuration(hands, span, probe, view)
    rid = run_id(site, seed, config)
    out_path = Path(out)
    other = run_of(out_path / TRUTH_FILE)
    if other is not None and other != rid:
        raise ValueError(
            f"{out_path} holds the histories of another run "
            f"({f'run {other}' if other else 'an unreadable one'}, in {TRUTH_FILE}), "
            "whose truth this run would replace: write to another folder, or remove "
            "that run's files first"
        )
    out_path.mkdir(parents=True, exist_ok=True)
    if view == "both":
        (out_path / "server").mkdir(exist_ok=True)
        (out_path / "player").mkdir(exist_ok=True)
    plans = _plans(site, rid, hands, span, seed, percent, fee_cap, out_path, view)
    totals: dict[str, PlayerCounts] = {}
    files: list[Path] = []
    tables = 0
    played = 0
    before = set(_files_of_run(out_path, rid))
    try:
        for plan, counts in _run(plans, jobs):
            tables += 1
            played += plan.hands
            if progress is not None:
                progress(played)  # hands played so far
            files += [out_path / name for name in plan.file_names()]
            for name, c in counts.items():
                totals.setdefault(name, PlayerCounts()).add(c)
        truth = out_path / TRUTH_FILE
        _write_truth(truth, rid, site, seed, config, totals)
    except BaseException:
        # a run cut short (a full disk, Ctrl-C) leaves none of the files it made: its
        # histories would have no truth, and would mix with the next run's
        for path in set(_files_of_run(out_path, rid)) - before:
            path.unlink(missing_ok=True)
        raise
    return SimulationSummary(rid, hands, tables, tuple(files), truth)


def _files_of_run(out: Path, rid: str) -> Iterator[Path]:
    """The history files of run ``rid`` in ``out`` (and its server/ and player/
    folders), written or being written (:func:`part_path`)."""
    for folder in (out, out / "server", out / "player"):
        yield from folder.glob(f"{rid}-*.txt")
        yield from folder.glob(f".{rid}-*.txt.part")


def run_of(truth: Path) -> str | None:
    """The id of the run whose truth ``truth`` holds: ``""`` when it cannot be read as
    one, None when there is no such file."""
    try:
        doc = json.loads(truth.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError):
        return ""
    run = doc.get("run") if isinstance(doc, dict) else None
    return run if isinstance(run, str) and run else ""


def _play(plan: SessionPlan) -> tuple[SessionPlan, dict[str, PlayerCounts]]:
    return plan, play_session(plan)


def _run(
    plans: Iterator[SessionPlan], jobs: int
) -> Iterator[tuple[SessionPlan, dict[str, PlayerCounts]]]:
    if jobs == 1:
        yield from map(_play, plans)
        return
    # Workers are fresh interpreters that import only rakestats, never the caller's
    # __main__ (a script without a main guard, stdin and Jupyter all work).
    with WorkerPool(jobs, preload=["rakestats.sim.runner"]) as pool:
        yield from pool.imap(_play, plans)


def _write_truth(
    path: Path, rid: str, site: str, seed: int, config: str, totals: dict[str, PlayerCounts]
) -> None:
    styles = dict(ROSTER)
    players = [
        {
            "name": name,
            "style": styles[name],
            "params": STYLES[styles[name]].params(),
            "counts": totals[name].as_dict(),
        }
        for name in sorted(totals)
    ]
    doc = {
        "run": rid,
        "site": site,
        "seed": seed,
        "configuration": config,
        "styles": {name: style.params() for name, style in sorted(STYLES.items())},
        "players": players,
    }
    text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    part = part_path(path)
    try:
        part.write_text(text, encoding="utf-8", newline="\n")
        part.replace(path)  # whole or not at all
    finally:
        part.unlink(missing_ok=True)

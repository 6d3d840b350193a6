"""The fast path says why it passes a hand to the full parser, and the ingest counts it.

Every hand the fast path (``_lean``) does not vouch for raises :class:`Unhandled` with a
reason; an exception it did not expect is a reason of its own (``internal error: ...``),
never a silent detour through the slower parser. The ingest sums the reasons in
``IngestSummary.fast_path_declined`` and logs each declined hand at debug level.
"""

from __future__ import annotations

import logging
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rakestats.formats
import rakestats.formats.rake._lean as pure_lean
from rakestats._speedups import compiled
from rakestats.api import Warehouse
from rakestats.columns import HandColumns
from rakestats.formats.rake._unhandled import Unhandled

from .test_parse_broken import BROKEN, CUT, GOOD

COMPILED = compiled(pure_lean)
IMPLEMENTATIONS = [pure_lean] + ([COMPILED] if COMPILED is not None else [])


@pytest.fixture(params=IMPLEMENTATIONS, ids=lambda m: "compiled" if m is COMPILED else "pure")
def lean(request: pytest.FixtureRequest) -> Any:
    return request.param


class _Tally(HandColumns):
    def __init__(self) -> None:
        super().__init__()
        self.declined: dict[str, int] = {}


def _broken(case: tuple[int, str, str, str, str]) -> list[str]:
    hand, old, new = case[0], case[1], case[2]
    text = GOOD[hand][: GOOD[hand].index(old)] if new == CUT else GOOD[hand].replace(old, new, 1)
    return [ln for ln in text.split("\n") if ln]


def _decline(lean: Any, lines: list[str], cols: HandColumns) -> Unhandled:
    with pytest.raises(Unhandled) as caught:
        lean.lean_hand(lines, 1, "broken.txt", cols)
    return caught.value


@pytest.mark.parametrize(
    ("needle", "reason"),
    [
        ("Ann: posts the ante 5", "antes"),
        ("Cat: bets 3", "action"),
        ("Uncalled bet (30)", "uncalled bet"),
        ("Face up: [Ac 7s 8s]", "middle cards"),
        ("Grist: picks up [Ps]", "pick-up"),
        ("(Pair of 9s)", "reveal"),
        ("automatic loss with", "reveal"),
        ("Cat collected 57", "pots collected"),
        ("Total pot 456", "summary"),
        ("Cat (dealer) folded in the second", "summary"),
        ("2026/13/05", "header"),
        ("<the rest", "hand ends early"),
    ],
)
def test_a_declined_hand_says_why(lean: Any, needle: str, reason: str) -> None:
    case = next(c for c in BROKEN if needle in c[2])
    cols = _Tally()
    e = _decline(lean, _broken(case), cols)
    assert e.reason == reason
    assert cols.declined == {reason: 1}
    assert len(cols) == 0


def test_every_broken_hand_is_declined_for_a_reason_of_the_list(lean: Any) -> None:
    cols = _Tally()
    for case in BROKEN:
        _decline(lean, _broken(case), cols)
    assert sum(cols.declined.values()) == len(BROKEN)
    assert not any(r.startswith("internal error") for r in cols.declined), cols.declined


def test_a_held_card_shown_twice_in_place_of_another_is_declined(lean: Any) -> None:
    """Grist holds Dw Df 3c Dc 3s (the server sees every card) and the line shows Dw
    twice instead of Df. Nothing is new, so the count of new cards and the seen cards
    agree: only the Reveal's own checks (a card shown twice, a held card not shown)
    refuse it, and the full parser quarantines the hand."""
    old, new = "Grist: shows [Dw Df 3c Dc 3s]", "Grist: shows [Dw Dw 3c Dc 3s]"
    hand = next(g for g in GOOD if old in g)
    lines = [ln for ln in hand.replace(old, new, 1).split("\n") if ln]
    cols = _Tally()
    assert _decline(lean, lines, cols).reason == "reveal"
    assert cols.declined == {"reveal": 1} and len(cols) == 0
    bad = rakestats.formats.RakeParser().parse_hand(lines, 1, "broken.txt")
    assert bad.reason.endswith(": a card is shown twice")  # type: ignore[union-attr]


class _BrokenLines(list[str]):
    """A hand whose tenth line cannot be read: the fast path does not expect that."""

    def __getitem__(self, i: Any) -> Any:
        if i == 9 or (isinstance(i, slice) and i.start <= 9 < i.stop):
            raise ZeroDivisionError("a deliberately broken line")
        return super().__getitem__(i)


def test_an_unexpected_error_is_a_reason_of_its_own(
    lean: Any, caplog: pytest.LogCaptureFixture
) -> None:
    cols = _Tally()
    lines = _BrokenLines(GOOD[0].split("\n"))
    with caplog.at_level(logging.DEBUG, logger="rakestats.formats.rake"):
        e = _decline(lean, lines, cols)
    assert e.reason == "internal error: ZeroDivisionError"
    assert isinstance(e.__cause__, ZeroDivisionError)
    assert cols.declined == {"internal error: ZeroDivisionError": 1}
    [record] = caplog.records
    assert "broken.txt, line 1: " in record.getMessage()  # the file and the hand's line
    assert record.exc_info is not None  # the traceback is in the debug log


def test_a_failure_while_appending_leaves_the_batch_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand's rows are all made before the first is appended: a bug on the way (the
    hand goes to the full parser as an internal error) adds none of them."""
    import rakestats.formats.rake._lean_state as pure_state

    cols = _Tally()
    good = [ln for ln in GOOD[0].split("\n") if ln]
    assert pure_lean.lean_hand(good, 1, "good.txt", cols)
    flats = (cols.flat_hands, cols.flat_players, cols.flat_actions, cols.flat_pickups)
    sizes = [len(f) for f in flats]

    def failing(h: Any, prow: list[int]) -> None:
        h.actions[0] = prow[0]
        raise KeyError("a bug")

    monkeypatch.setattr(pure_state, "_play_rows", failing)
    other = [good[0].replace("#", "#9", 1), *good[1:]]  # another hand id
    assert _decline(pure_lean, other, cols).reason == "internal error: KeyError"
    assert [len(f) for f in flats] == sizes
    assert len(cols) == 1
    assert cols.players["hand"] == [0] * len(cols.players["player"])


def _history(tmp_path: Path) -> tuple[Path, Counter[str]]:
    """Good hands and broken ones, and the reasons the fast path gives for the latter."""
    picks = [c for c in BROKEN if c[2] != CUT][:6]
    hands = list(GOOD)
    want: Counter[str] = Counter()
    cols = _Tally()
    for case in picks:
        lines = _broken(case)
        want[_decline(pure_lean, lines, cols).reason] += 1
        hands.append("\n".join(lines))
    path = tmp_path / "h.txt"
    path.write_text("\n\n\n".join(hands) + "\n\n\n", encoding="utf-8")
    return path, want


def test_the_ingest_counts_the_declined_hands_by_reason(tmp_path: Path) -> None:
    path, want = _history(tmp_path)
    s = Warehouse(tmp_path / "wh").ingest([path])
    assert s.ingested == len(GOOD)
    assert s.quarantined == sum(want.values())
    assert s.fast_path_declined == dict(want)


def test_the_ingest_counts_a_fast_path_failure_and_keeps_the_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    path, want = _history(tmp_path)
    target = GOOD[2].split(":", 1)[0].split("#")[1]  # the id of one good hand
    append = pure_lean.append_hand

    def failing(cols: HandColumns, h: Any, *args: Any) -> bool:
        if h.hand_id == target:
            raise KeyError("a bug in the fast path")
        return append(cols, h, *args)

    monkeypatch.setattr(pure_lean, "append_hand", failing)
    monkeypatch.setattr(rakestats.formats, "lean_hand", pure_lean.lean_hand)
    with caplog.at_level(logging.DEBUG, logger="rakestats.formats.rake"):
        s = Warehouse(tmp_path / "wh").ingest([path], jobs=1)
    assert s.ingested == len(GOOD)  # the full parser stored it
    want["internal error: KeyError"] += 1
    assert s.fast_path_declined == dict(want)
    first = 1 + sum(len(h.split("\n")) + 2 for h in GOOD[:2])  # the hand's first line
    [message] = [r.getMessage() for r in caplog.records if "KeyError" in r.getMessage()]
    assert f"h.txt, line {first}: " in message

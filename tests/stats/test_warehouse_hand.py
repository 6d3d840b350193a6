"""``Warehouse.hand``: one hand from the library, as ``rakestats hand`` prints it."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.cli.hand import format_hand
from rakestats.stats import HandNotFoundError


def test_the_hand_the_command_prints(razz_rooms: Warehouse) -> None:
    hand_id = str(razz_rooms.hands(per="hand", limit=1)["hand_id"].iloc[0])
    detail = razz_rooms.hand(hand_id)
    assert detail.hand["hand_id"] == hand_id
    printed = CliRunner().invoke(main, ["hand", "-w", str(razz_rooms.path), hand_id])
    assert printed.exit_code == 0
    assert printed.stdout == format_hand(detail) + "\n"
    assert format_hand(razz_rooms.hand(f"#{hand_id}")) == format_hand(detail)


def test_a_hand_not_there(razz_rooms: Warehouse) -> None:
    with pytest.raises(HandNotFoundError, match="no hand"):
        razz_rooms.hand("123")


def test_a_numeric_id_as_a_frame_holds_it(stud_rooms: Warehouse) -> None:
    """PokerStars ids are numbers: ``wh.hand(35874004239)`` (or numpy's int64, as a frame
    gives it) raised DuckDB's conversion errors; None an AttributeError."""
    text = stud_rooms.hand("35874004239")
    for hid in (35874004239, np.int64(35874004239)):
        got = stud_rooms.hand(hid)  # type: ignore[arg-type]
        assert got.hand["hand_key"] == text.hand["hand_key"]
    for bad in (None, 1.5, True):
        with pytest.raises(TypeError, match="hand_id must be text or a whole number"):
            stud_rooms.hand(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="site must be text, got 5"):
        stud_rooms.hand("35874004239", site=5)  # type: ignore[arg-type]


def test_hands_selected_by_numeric_ids(stud_rooms: Warehouse) -> None:
    """``hands(hand_id=35874004239)`` raised "'int' object is not iterable", a list of
    them "expected text"."""
    text = stud_rooms.hands(hand_id="35874004239")
    assert len(text) > 1
    for ids in (35874004239, np.int64(35874004239), [35874004239], (35874004239,)):
        pd.testing.assert_frame_equal(stud_rooms.hands(hand_id=ids), text)  # type: ignore[arg-type]
    for bad in (1.5, [None], [1.5]):
        with pytest.raises(TypeError, match="hand_id"):
            stud_rooms.hands(hand_id=bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="category: expected text"):
        stud_rooms.hands(category=[5])  # type: ignore[list-item]

"""``sessions()`` against the same sessions counted in pandas from ``hands()``: hands at
the same instant (two tables at once) fall in one session whatever their order."""

from __future__ import annotations

import pandas as pd
import pytest

from rakestats import Warehouse

KEYS = ["player", "game", "currency"]


def _counted(wh: Warehouse, gap: float) -> pd.DataFrame:
    rows = wh.hands().sort_values([*KEYS, "played_at"], kind="stable")
    step = rows.groupby(KEYS, dropna=False)["played_at"].diff()
    rows["session"] = (step.isna() | (step > pd.Timedelta(minutes=gap))).astype(int)
    rows["session"] = rows.groupby(KEYS, dropna=False)["session"].cumsum()
    out = rows.groupby([*KEYS, "session"], dropna=False).agg(
        start=("played_at", "min"), end=("played_at", "max"),
        hands=("hand_id", "size"), net=("net", "sum"),
    )  # fmt: skip
    return out.reset_index().sort_values([*KEYS, "session"]).reset_index(drop=True)


@pytest.mark.parametrize("gap", [0.5, 1, 30])
def test_sessions_as_pandas_counts_them(sample_rake: Warehouse, gap: float) -> None:
    hands = sample_rake.hands()
    same = hands.duplicated([*KEYS, "played_at"], keep=False)
    assert same.any()  # hands of one player at one instant: the order among them is free
    got = sample_rake.sessions(gap=gap)[[*KEYS, "session", "start", "end", "hands", "net"]]
    got = got.sort_values([*KEYS, "session"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, _counted(sample_rake, gap), check_dtype=False)


def test_stud_sessions_as_pandas_counts_them(stud_rooms: Warehouse) -> None:
    got = stud_rooms.sessions()[[*KEYS, "session", "start", "end", "hands", "net"]]
    got = got.sort_values([*KEYS, "session"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, _counted(stud_rooms, 30), check_dtype=False)


@pytest.mark.parametrize("gap", [float("nan"), float("inf"), -5, 0, 1e13])
def test_a_gap_that_is_no_length_is_refused(sample_rake: Warehouse, gap: float) -> None:
    with pytest.raises(ValueError, match="the session gap"):
        sample_rake.sessions(gap=gap)

"""``Warehouse.hands(per="hand", limit=N)`` chooses its hands before listing their players
(a top-N of the keys; on a million hands ``rakestats hands --limit 5`` took 4.4 s, all
hands listed then cut): the rows are those of the whole list, cut, whatever the order,
filters and selectors."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main

CASES: list[dict[str, Any]] = [
    {},
    {"newest_first": True},
    {"player": "Grist"},
    {"newest_first": True, "outcome": "won"},
    {"skull_ace_outcome": "held"},
    {"min_hands": 200, "newest_first": True},
]


@pytest.mark.parametrize("limit", [0, 1, 7, 100])
@pytest.mark.parametrize("case", CASES, ids=[str(c) for c in CASES])
def test_a_limit_keeps_the_first_rows_of_the_whole_list(
    sample_rake: Warehouse, case: dict[str, Any], limit: int
) -> None:
    whole = sample_rake.hands(per="hand", **case)
    assert len(whole) > 100 or case  # the cases without filters cut a long list
    cut = sample_rake.hands(per="hand", limit=limit, **case)
    pd.testing.assert_frame_equal(cut, whole.head(limit).reset_index(drop=True))


@pytest.mark.parametrize("newest_first", [False, True])
def test_hands_at_the_same_instant_keep_their_order(
    stud_rooms: Warehouse, newest_first: bool
) -> None:
    """Ties in time are ordered by hand id and site, in the cut list as in the whole."""
    whole = stud_rooms.hands(per="hand", newest_first=newest_first)
    tied = whole["played_at"].duplicated(keep=False)
    assert tied.any()  # rooms that write the minute only
    for limit in (1, 5, len(whole) // 2, len(whole)):
        cut = stud_rooms.hands(per="hand", limit=limit, newest_first=newest_first)
        pd.testing.assert_frame_equal(cut, whole.head(limit).reset_index(drop=True))


@pytest.mark.parametrize("per", ["player", "hand"])
def test_a_limit_past_any_table_keeps_every_row(sample_rake: Warehouse, per: str) -> None:
    """A limit over DuckDB's BIGINT raised its conversion error; numpy's integers (a
    count taken from a frame) were refused."""
    whole = sample_rake.hands(per=per, newest_first=True)  # type: ignore[arg-type]
    for limit in (2**63 - 1, 2**63, 10**30):
        got = sample_rake.hands(per=per, newest_first=True, limit=limit)  # type: ignore[arg-type]
        pd.testing.assert_frame_equal(got, whole)
    three = sample_rake.hands(per=per, newest_first=True, limit=np.int64(3))  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(three, whole.head(3))
    for bad in (-1, np.int64(-1), 2.0, True, np.True_):
        with pytest.raises(ValueError, match="limit must be a non-negative int"):
            sample_rake.hands(per=per, limit=bad)  # type: ignore[arg-type]


def test_the_command_lists_all_past_any_table(sample_rake: Warehouse) -> None:
    result = CliRunner().invoke(
        main, ["hands", "-w", str(sample_rake.path), "--limit", str(10**30), "--format", "csv"]
    )
    assert result.exit_code == 0, result.output
    assert len(result.stdout.splitlines()) == 1 + sample_rake.count_hands(per="hand")

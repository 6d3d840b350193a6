"""``hands(order_by=..., ascending=...)``: the rows of the whole list in that column's
order (largest first, missing values last, ties in the order of play), made in the
database so that ``limit`` keeps the top rows; and ``rakestats hands --sort``."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.stats import ORDER_BY


def _sorted(whole: pd.DataFrame, column: str, ascending: bool) -> pd.DataFrame:
    out = whole.sort_values(column, ascending=ascending, na_position="last", kind="stable")
    return out.reset_index(drop=True)


@pytest.mark.parametrize("per", ["player", "hand"])
@pytest.mark.parametrize("ascending", [False, True])
def test_each_column_orders_the_whole_list(
    stud_rooms: Warehouse, per: str, ascending: bool
) -> None:
    for newest_first in (False, True):
        whole = stud_rooms.hands(per=per, newest_first=newest_first)  # type: ignore[arg-type]
        for column in ORDER_BY[per]:
            want = _sorted(whole, column, ascending)
            kw = {"per": per, "newest_first": newest_first, "order_by": column,
                  "ascending": ascending}  # fmt: skip
            got = stud_rooms.hands(**kw)  # type: ignore[arg-type]
            pd.testing.assert_frame_equal(got, want, obj=f"{column} {kw}")
            top = stud_rooms.hands(limit=7, **kw)  # type: ignore[arg-type]
            pd.testing.assert_frame_equal(top, want.head(7), obj=f"{column} limit 7")
            parts = list(stud_rooms.iter_hands(rows=50, **kw))  # type: ignore[arg-type]
            pd.testing.assert_frame_equal(pd.concat(parts, ignore_index=True), want)


def test_the_biggest_losses_of_a_player(stud_rooms: Warehouse) -> None:
    worst = stud_rooms.hands(player="Hero", order_by="net", ascending=True, limit=3)
    nets = stud_rooms.hands(player="Hero")["net"].nsmallest(3).tolist()
    assert worst["net"].tolist() == nets and nets[0] < 0


def test_a_column_it_cannot_order_by(stud_rooms: Warehouse) -> None:
    with pytest.raises(ValueError, match="order_by must be one of total_pot, played_at"):
        stud_rooms.hands(per="hand", order_by="net")
    with pytest.raises(ValueError, match="order_by must be one of net, invested"):
        stud_rooms.hands(order_by="player")


def test_the_command_lists_the_biggest_pots(stud_rooms: Warehouse) -> None:
    w = str(stud_rooms.path)
    result = CliRunner().invoke(
        main, ["hands", "-w", w, "--sort", "total_pot", "--limit", "5", "--format", "json"]
    )
    assert result.exit_code == 0, result.output
    got = [(r["hand_id"], r["total_pot"]) for r in json.loads(result.stdout)]
    lib = stud_rooms.hands(per="hand", newest_first=True, order_by="total_pot", limit=5)
    assert got == list(lib[["hand_id", "total_pot"]].itertuples(index=False, name=None))
    assert [p for _, p in got] == sorted((p for _, p in got), reverse=True)
    oldest = CliRunner().invoke(
        main, ["hands", "-w", w, "--reverse", "--limit", "1", "--format", "csv"]
    )
    first = stud_rooms.hands(per="hand", limit=1)["hand_id"].iloc[0]
    assert oldest.stdout.splitlines()[1].startswith(first)

"""A batch's Python columns become Arrow arrays exactly as Arrow's own conversion makes
them, and money that is not a whole number of chips is refused, never truncated."""

from __future__ import annotations

from pathlib import Path

import pyarrow as pa
import pytest

from rakestats.columns import HandColumns
from rakestats.formats import scan_file
from rakestats.sim import simulate
from rakestats.warehouse._arrow import columns_to_tables
from rakestats.warehouse.schema import ACTIONS, HANDS, PICKUPS, PLAYERS

TABLES = {"hands": HANDS, "players": PLAYERS, "actions": ACTIONS, "pickups": PICKUPS}


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> HandColumns:
    root = tmp_path_factory.mktemp("arrow")
    simulate(120, "2-8", 11, root / "server", jobs=1)
    simulate(40, "3-6", 12, root / "player", view="player", jobs=1)
    cols = HandColumns()
    for path in sorted(root.rglob("*.txt")):
        for _ in scan_file(path, cols):
            pass
    assert len(cols) == 160
    return cols


def _column_lists(cols: HandColumns) -> dict[str, dict[str, list[object]]]:
    return {"hands": cols.hands, "players": cols.players, "actions": cols.actions,
            "pickups": cols.pickups}  # fmt: skip


def test_every_stored_column_is_what_arrow_makes_of_the_values(batch: HandColumns) -> None:
    tables = columns_to_tables(batch, 0)
    lists = _column_lists(batch)
    checked = 0
    for name, schema in TABLES.items():
        for field in schema:
            values = lists[name].get(field.name)
            if values is None or field.name == "played_at":  # derived in bulk
                continue
            expected = pa.array(values, type=field.type)
            got = tables[name].column(field.name).combine_chunks()
            assert got.equals(expected), (name, field.name)
            checked += 1
    # the nullable integer columns are among them, with their nulls
    assert tables["players"].column("reveal_order").null_count > 0
    assert tables["players"].column("folded_round").null_count > 0
    assert tables["players"].column("collected_pots").to_pylist().count([]) > 0
    assert checked > 40


@pytest.mark.parametrize(("table", "field"), [("players", "invested"), ("actions", "amount")])
def test_chips_that_are_not_whole_are_refused(table: str, field: str) -> None:
    stored = _column_lists(_one_hand())
    stored[table][field][0] = 12.5
    with pytest.raises(TypeError, match="float"):
        columns_to_tables(_one_hand_with(stored), 0)


def test_a_whole_float_is_refused_too_beside_a_null() -> None:
    stored = _column_lists(_one_hand())
    stored["players"]["folded_round"][0] = None
    stored["players"]["folded_round"][-1] = 2.0
    with pytest.raises(TypeError, match="float"):
        columns_to_tables(_one_hand_with(stored), 0)
    stored["players"]["folded_round"][-1] = 2
    got = columns_to_tables(_one_hand_with(stored), 0)["players"].column("folded_round")
    assert got.to_pylist()[0] is None and got.to_pylist()[-1] == 2


_SAMPLE = Path(__file__).parents[1] / "data" / "rake" / "server.txt"


def _one_hand() -> HandColumns:
    cols = HandColumns()
    for _ in scan_file(_SAMPLE, cols):
        break
    assert len(cols) == 1
    return cols


def _one_hand_with(stored: dict[str, dict[str, list[object]]]) -> HandColumns:
    cols = _one_hand()
    for name, columns in _column_lists(cols).items():
        for field, values in stored[name].items():
            columns[field][:] = values
    return cols


def test_flat_rows_convert_as_the_rows_moved_into_the_columns(tmp_path: Path) -> None:
    """A batch holding rows as columns (hands the full parser added) and flat rows after
    them (the fast path's): converted column by column from where each row is, it gives
    the tables it gives once every row has moved into the columns, and the flat rows
    stay where they were."""
    from rakestats.columns import HAND_FIELDS
    from rakestats.formats import iter_file
    from rakestats.records import HandRecord

    files = {}
    for seed, part in enumerate("abc", start=21):
        simulate(30, "2-6", seed, tmp_path / part, jobs=1)
        [files[part]] = (tmp_path / part).rglob("*.txt")
    cols = HandColumns()
    for _ in scan_file(files["a"], cols):  # the fast path: flat rows
        pass
    records = [r for r in iter_file(files["b"]) if isinstance(r, HandRecord)][:5]
    for rec in records:  # the full parser's records: the flat rows move in first
        assert cols.add(rec)
    for _ in scan_file(files["c"], cols):  # flat rows again, after those held as columns
        pass
    flat = len(cols.flat_hands) // len(HAND_FIELDS)
    assert 0 < flat < len(cols) - len(records)  # both kinds of rows, the flat ones last
    read_in_place = columns_to_tables(cols, 3)
    assert len(cols.flat_hands) // len(HAND_FIELDS) == flat  # left where they were
    moved = _column_lists(cols)  # (moves the flat rows into the columns)
    assert not cols.flat_hands and len(moved["hands"]["hand_key"]) == len(cols)
    moved_first = columns_to_tables(cols, 3)
    for name in TABLES:
        assert read_in_place[name].num_rows > 0
        assert read_in_place[name].equals(moved_first[name]), name

"""One column specification: each statistics column's title, kind and place, defined
once (``STAT_COLUMNS``) and used by the command line's tables and the report's."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pandas as pd
import pytest

from rakestats import stats
from rakestats.cli import hands as cli_hands
from rakestats.cli import stats as cli_stats
from rakestats.cli._display import stat_table
from rakestats.report import _tables as report_tables
from rakestats.stats import STAT_COLUMNS, Kind, StatColumn, stat_columns


def _tables() -> list[tuple[str, tuple[StatColumn, ...]]]:
    """Every table of the command line and of the report, by name."""
    found = [
        ("cli stats", cli_stats._TABLE),
        ("cli stud", cli_stats.STUD_TABLE),
        ("cli stud8", cli_stats.STUD8_TABLE),
        ("cli hands", cli_hands._TABLE),
    ]
    found += [
        (f"report {name}", getattr(report_tables, name))
        for name in report_tables.__all__
        if name.endswith("_TABLE")
    ]
    return found


def test_every_table_is_a_selection_of_the_specification_in_its_order() -> None:
    order = list(STAT_COLUMNS)
    for name, columns in _tables():
        keys = [c.key for c in columns]
        assert keys == sorted(keys, key=order.index), name
        for c in columns:
            spec = STAT_COLUMNS[c.key]
            assert (c.kind, c.summed) == (spec.kind, spec.summed), (name, c.key)


def test_the_cli_and_the_report_head_a_column_alike() -> None:
    """A column's title is the same in every table that shows it, but where a table
    renames it on purpose (the stud tables' BB/100) or the terminal is narrower."""
    renamed = {
        ("winrate_per100", "BB/100"),
        ("category", "low"),
        ("category", "high hand"),
        ("shown", "at showdown"),
        ("won_no_reveal_pct", "won w/o showdown"),
    }
    for name, columns in _tables():
        for c in columns:
            if (c.key, c.title) not in renamed:
                assert c.title == STAT_COLUMNS[c.key].title, (name, c.key)
    assert [c.terminal_title for c in cli_stats._TABLE][:4] == ["player", "game", "cur", "hands"]
    vpip = [c for _, cols in _tables() for c in cols if c.key == "vpip"]
    assert len(vpip) >= 3 and {c.title for c in vpip} == {"VPIP"}


def test_a_table_out_of_order_or_unknown_is_refused() -> None:
    assert [c.key for c in stat_columns(["player", "hands"])] == ["player", "hands"]
    with pytest.raises(ValueError, match="out of order"):
        stat_columns("hands player")
    with pytest.raises(ValueError, match="no statistics column 'nope'"):
        stat_columns("player nope")


def test_a_table_may_rename_a_column() -> None:
    (net, rate) = stat_columns("net winrate_per100", titles={"winrate_per100": "BB/100"})
    assert (net.title, rate.title, rate.kind) == ("net", "BB/100", Kind.RATE)
    assert STAT_COLUMNS["winrate_per100"].title == "win/100"
    (cur,) = stat_columns("currency", titles={"currency": "money"})
    assert cur.terminal_title == "money"  # a table's own title wins over the short one


def test_round_columns() -> None:
    cols = stats.round_columns(["3rd", "4th"])
    assert [(c.key, c.title, c.kind) for c in cols] == [
        ("af_r1", "AF 3rd", Kind.RATIO),
        ("afq_r1", "AFq 3rd", Kind.PERCENT),
        ("af_r2", "AF 4th", Kind.RATIO),
        ("afq_r2", "AFq 4th", Kind.PERCENT),
    ]


@pytest.mark.parametrize(
    ("value", "kind", "currency", "page", "terminal"),
    [
        ("Ann", Kind.TEXT, None, "Ann", "Ann"),
        (1234, Kind.COUNT, None, "1,234", "1234"),
        (-425000, Kind.MONEY, "chips", "-425,000", "-425,000"),
        (97, Kind.MONEY, "USD", "$0.97", "$0.97"),
        (96.6, Kind.MEAN_MONEY, "USD", "$0.97", "$0.97"),
        ((1, 8), Kind.STAKES, "USD", "$0.01/$0.08", "$0.01/$0.08"),
        ((5, None), Kind.STAKES, "chips", "5", "5"),
        (0.12345, Kind.PERCENT, None, "12.3%", "12.3%"),
        (0.126, Kind.SHARE, None, "13%", "13%"),
        (-1859.71, Kind.RATE, None, "-1,859.7", "-1859.7"),
        (1.2345, Kind.RATIO, None, "1.23", "1.23"),
        (12.6, Kind.WHOLE, None, "13", "13"),
        (
            datetime(2026, 1, 5, 18, 37, 38, tzinfo=UTC),
            Kind.TIME,
            None,
            "2026-01-05 18:37",
            "2026-01-05 18:37:38",
        ),
    ],
)
def test_cell_text_of_each_kind(
    value: object, kind: Kind, currency: str | None, page: str, terminal: str
) -> None:
    assert stats.cell_text(value, kind, currency) == page
    assert stats.cell_text(value, kind, currency, terminal=True) == terminal


@pytest.mark.parametrize("missing", [None, pd.NA, pd.NaT, math.nan, math.inf])
def test_a_missing_value_is_a_dash(missing: object) -> None:
    for kind in Kind:
        value = (missing, missing) if kind is Kind.STAKES else missing
        assert stats.cell_text(value, kind, "USD") == "-"
        assert stats.sort_key(missing, kind) == ""


def test_sort_keys() -> None:
    assert stats.sort_key("Ann", Kind.TEXT) == "Ann"
    assert stats.sort_key(pd.Timestamp("2026-01-05 18:37", tz="UTC"), Kind.TIME).startswith(
        "2026-01-05T18:37"
    )
    assert stats.sort_key(1234, Kind.MONEY) == "1234.0"


def test_a_terminal_table_of_the_specification() -> None:
    df = pd.DataFrame(
        {"player": ["Ann", "B\x1b[31m"], "currency": ["USD", None], "hands": [1234, 2]}
    )
    out = stat_table(df, stat_columns("player currency hands"))
    assert out.splitlines() == [
        "player     cur  hands",
        "---------  ---  -----",
        "Ann        USD   1234",
        "B\\x1b[31m  -        2",
    ]

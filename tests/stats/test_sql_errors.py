"""``Warehouse.sql`` with a name that is no table: DuckDB's error, with a note naming the
warehouse's tables (DuckDB's own guess for ``nosuch`` is ``pg_sequences``, one of its
catalog's); other errors pass through as DuckDB raised them."""

from __future__ import annotations

import duckdb
import numpy as np
import pandas as pd
import pytest

from rakestats import Warehouse

TABLES = "the warehouse's tables: actions, files, hands, pickups, players, quarantine"


def test_a_table_that_is_not_there_names_those_that_are(stars_razz: Warehouse) -> None:
    with pytest.raises(duckdb.CatalogException, match="nosuch") as caught:
        stars_razz.sql("SELECT * FROM nosuch")
    assert caught.value.__notes__ == [TABLES]


@pytest.mark.parametrize(
    ("query", "error"),
    [
        ("SELECT nosuch(1)", duckdb.CatalogException),  # a function: no note of tables
        ("SELECT nett FROM players", duckdb.BinderException),  # DuckDB names the columns
        ("SELEC 1", duckdb.ParserException),
    ],
)
def test_other_errors_pass_through(
    stars_razz: Warehouse, query: str, error: type[Exception]
) -> None:
    with pytest.raises(error) as caught:
        stars_razz.sql(query)
    assert getattr(caught.value, "__notes__", []) == []
    assert stars_razz.sql("SELECT count(*) AS n FROM hands")["n"][0] > 0  # still usable


def test_numpy_values_as_parameters(sample_rake: Warehouse) -> None:
    """A value read from a frame is numpy's: DuckDB refused ``numpy.int64`` ("Unable to
    transform python value"), so ``wh.sql(..., [df["ante"].iloc[0]])`` failed."""
    stats = sample_rake.hands()
    ante = stats["ante"].iloc[0]
    assert isinstance(ante, np.integer)
    want = int((stats["ante"] == ante).sum())
    q = "SELECT count(*) AS n FROM players WHERE ante = ?"
    assert sample_rake.sql(q, [ante])["n"].iloc[0] == want
    assert sample_rake.sql(q.replace("?", "$a"), {"a": ante})["n"].iloc[0] == want
    first = stats["played_at"].min()
    when = sample_rake.sql("SELECT count(*) AS n FROM players WHERE played_at >= ?",
                           [first.to_datetime64()])  # fmt: skip
    assert when["n"].iloc[0] == len(stats)
    assert sample_rake.sql("SELECT ? AS v", [np.float64(1.5)])["v"].iloc[0] == 1.5
    assert pd.isna(sample_rake.sql("SELECT ? AS v", [pd.NA])["v"].iloc[0])

"""``reveal_categories()``: the categories shown at the Reveal or showdown, counted in
the database; the figure and the report's tables draw from the counts, and give what
the rows of ``hands(outcome="reveal")`` give."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pandas as pd
import pytest
from matplotlib.figure import Figure

from rakestats import Warehouse, plots
from rakestats.report._tables import category_counts, low_category_counts
from rakestats.stats import Statistics


def _by_hand(rows: pd.DataFrame) -> pd.DataFrame:
    """The counts made from the rows, in pandas."""
    rows = rows[rows["hand_category"].notna()]
    won = (rows["collected"] > 0).astype("int64")
    keys = ["player", "game", "currency", "hand_category"]
    out = rows.assign(won=won).groupby(keys).agg(shown=("won", "size"), won=("won", "sum"))
    return out.reset_index().sort_values(keys, ignore_index=True)


@pytest.mark.parametrize("name", ["sample_rake", "stud_rooms"])
def test_the_counts_are_those_of_the_rows(name: str, request: pytest.FixtureRequest) -> None:
    wh: Warehouse = request.getfixturevalue(name)
    for filters in ({}, {"min_hands": 50}, {"game": "razz"} if name == "stud_rooms" else {}):
        counts = wh.reveal_categories(**filters)
        assert not counts.empty
        got = counts.drop(columns="won_share").sort_values(
            ["player", "game", "currency", "hand_category"], ignore_index=True
        )
        want = _by_hand(wh.hands(outcome="reveal", **filters))
        pd.testing.assert_frame_equal(got, want, check_dtype=False)
        assert (counts["won_share"] == counts["won"] / counts["shown"]).all()


def _bars(ax: object) -> list[tuple[str, float]]:
    ticks = [t.get_text() for t in ax.get_xticklabels()]  # type: ignore[attr-defined]
    heights = [p.get_height() for p in ax.patches]  # type: ignore[attr-defined]
    return list(zip(ticks * 2, heights, strict=True))


@pytest.mark.parametrize("name", ["sample_rake", "stud_rooms"])
def test_the_figure_is_the_same_from_a_warehouse_its_counts_and_its_rows(
    name: str, request: pytest.FixtureRequest
) -> None:
    wh: Warehouse = request.getfixturevalue(name)
    drawn = [
        _bars(plots.reveal_categories(data, ax=Figure().add_subplot()))
        for data in (wh, wh.reveal_categories(), wh.hands(outcome="reveal"))
    ]
    assert drawn[0] == drawn[1] == drawn[2] and len(drawn[0]) > 10


def test_a_warehouse_is_asked_for_counts_not_rows(
    sample_rake: Warehouse, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A million hands' rows took 10.8 s and 3.6 GB to draw this figure (0.2 s as
    counts); a player's net won fetched every player's hands first (16 s, 4.6 GB)."""
    asked: list[tuple[str, dict[str, object]]] = []
    for method in ("hands", "net_won"):
        real = getattr(Statistics, method)

        def spy(self: Statistics, *a: object, _m: str = method, _r: object = real, **k: object):  # type: ignore[no-untyped-def]
            asked.append((_m, k))
            return _r(self, *a, **k)  # type: ignore[operator]

        monkeypatch.setattr(Statistics, method, spy)
    plots.reveal_categories(sample_rake, ax=Figure().add_subplot())
    assert not [m for m, _ in asked if m == "hands"]
    one = str(sample_rake.player_stats()["player"].iloc[0])
    ax = plots.net_won_graph(sample_rake, player=one, ax=Figure().add_subplot())
    assert asked == [("net_won", {"players": [one]})]
    assert ax.get_title() == f"Net won: {one}"


def test_the_report_tables_count_as_the_rows_did(
    sample_rake: Warehouse, stud_rooms: Warehouse
) -> None:
    rake_rows = sample_rake.hands(outcome="reveal")
    table = category_counts(sample_rake.reveal_categories())
    for _, row in table.iterrows():
        name = row["category"].upper().replace(" ", "_")
        mine = rake_rows[rake_rows["hand_category"].map(str.upper) == name]
        if row["shown"]:
            assert row["shown"] == len(mine) and row["won"] == int((mine["collected"] > 0).sum())
    assert table["shown"].sum() == rake_rows["hand_category"].notna().sum()
    razz = stud_rooms.reveal_categories(game="razz")
    razz_rows = stud_rooms.hands(outcome="reveal", game="razz")
    lows = low_category_counts(razz)
    assert lows["shown"].sum() == razz_rows["hand_category"].notna().sum() > 0
    assert lows["won"].sum() == int(
        (razz_rows.dropna(subset=["hand_category"])["collected"] > 0).sum()
    )


def test_the_report_lists_the_first_automatic_losses_and_counts_them_all(
    sample_rake: Warehouse,
) -> None:
    """The report fetched every automatic loss to list twenty and count them."""
    from rakestats.report import AUTO_LOSS_LIMIT, gather

    every = sample_rake.hands(skull_ace_outcome="auto_loss")
    assert len(every) > AUTO_LOSS_LIMIT
    data = gather(sample_rake, "wh", {})
    assert data.auto_loss_total == len(every)
    pd.testing.assert_frame_equal(data.auto_losses, every.head(AUTO_LOSS_LIMIT))
    assert data.reveals.equals(sample_rake.reveal_categories())

"""Plots of rows split further (``player_stats(by=...)``): each point's label names what
tells it from the others (site, table size, position, stakes), never two alike."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd

from rakestats import Warehouse, plots


def _winrate_labels(df: pd.DataFrame) -> list[str]:
    """The row labels of ``plots.winrate(df)``."""
    fig, ax = plt.subplots()
    try:
        plots.winrate(df, ax=ax)
        return [t.get_text() for t in ax.get_yticklabels()]
    finally:
        plt.close(fig)


def test_winrate_by_site_labels_each_row_by_its_site(stud_rooms: Warehouse) -> None:
    df = stud_rooms.player_stats(by="site", player=["Hero", "Player0"], game="stud")
    labels = _winrate_labels(df)
    assert len(labels) == len(df) and len(set(labels)) == len(labels)
    want = {f"{r.player} ({r.currency}, {r.site})" for r in df.itertuples()}
    assert set(labels) == want


def test_a_label_says_the_stakes_in_money_and_the_seats_in_words() -> None:
    df = pd.DataFrame(
        {
            "player": ["Ann"] * 4,
            "currency": ["USD"] * 4,
            "table_size": [6, 6, 2, 2],
            "from_dealer": [0, 1, 0, None],
            "big_bet": [200, 8, 200, 8],
        }
    )
    got = [plots.group_label(r, df) for r in df.itertuples(index=False)]
    assert got == [
        "Ann (6 players, the dealer, big bet $2.00)",
        "Ann (6 players, 1 before the dealer, big bet $0.08)",
        "Ann (2 players, the dealer, big bet $2.00)",
        "Ann (2 players, no position, big bet $0.08)",
    ]


def test_winrate_by_year_labels_each_row_by_its_year(stud_rooms: Warehouse) -> None:
    df = stud_rooms.player_stats(by="year", player="Hero", game="stud", currency="USD")
    assert len(df) >= 4
    labels = _winrate_labels(df)
    assert sorted(labels) == sorted(f"Hero ({y})" for y in df["year"])

"""The plot helpers on stud and Razz data, on mixed games and on no data at all: hand
categories in each game's own order, a stated "nothing to draw" instead of an empty
frame, legends in the bars' colours, a capped legend of players, and bar labels inside
the Axes. Checked on the Axes (ticks, texts, legend handles, limits), not on pixels."""

from __future__ import annotations

import io
import warnings
from collections.abc import Callable

import matplotlib
import pandas as pd
import pytest
from matplotlib.axes import Axes
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from rakestats import Warehouse, plots
from rakestats.rake.evaluator import HandCategory
from tests.report.test_report import build_warehouse

matplotlib.use("Agg")

HIGH_TITLES = ["High Card", "Pair", "Two Pair", "Three of a Kind", "Straight", "Flush",
               "Full House", "Four of a Kind", "Straight Flush"]  # fmt: skip


@pytest.fixture(scope="module")
def wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """A real Rake table session (258 hands, 3 players)."""
    return Warehouse(build_warehouse(tmp_path_factory.mktemp("games")))


LOW_TITLES = ["No Pair", "Pair", "Two Pair", "Three of a Kind", "Full House", "Four of a Kind"]
RAKE_TITLES = [c.title for c in HandCategory]


def _ax() -> Axes:
    return Figure(layout="constrained").add_subplot()


def _ticks(ax: Axes, axis: str = "x") -> list[str]:
    labels = ax.get_xticklabels() if axis == "x" else ax.get_yticklabels()
    return [t.get_text() for t in labels]


def _render(ax: Axes) -> None:
    """Save the figure as PNG, failing on any warning (a collapsed layout among them)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ax.figure.savefig(io.BytesIO(), format="png")


def _heights(ax: Axes) -> list[float]:
    """Won + not won per x slot (the two stacked containers)."""
    won, lost = ax.containers[0], ax.containers[1]
    return [a.get_height() + b.get_height() for a, b in zip(won, lost, strict=True)]


# 1. hand categories of the game(s) in the data


def test_reveal_categories_of_seven_card_stud(stud_rooms: Warehouse) -> None:
    df = stud_rooms.hands(outcome="reveal", game="stud")
    ax = plots.reveal_categories(df, ax=_ax())
    assert _ticks(ax) == HIGH_TITLES
    counts = df["hand_category"].value_counts()
    names = ["HIGH_CARD", "PAIR", "TWO_PAIR", "THREE_OF_A_KIND", "STRAIGHT", "FLUSH",
             "FULL_HOUSE", "FOUR_OF_A_KIND", "STRAIGHT_FLUSH"]  # fmt: skip
    assert _heights(ax) == [counts.get(n, 0) for n in names]
    assert ax.get_title() == "Hand categories at the showdown: Seven-Card Stud"
    assert ax.get_xlabel() == "hand category (weakest first)"
    assert ax.get_ylabel() == "hands at the showdown (count)"
    assert plots.nothing_drawn(ax) is None
    _render(ax)


def test_reveal_categories_of_razz_best_first(razz_rooms: Warehouse) -> None:
    df = razz_rooms.hands(outcome="reveal")
    ax = plots.reveal_categories(df, ax=_ax())
    assert _ticks(ax) == LOW_TITLES  # No Pair (the best Razz hand) first
    assert _heights(ax)[0] == (df["hand_category"] == "NO_PAIR").sum() > 0
    assert sum(_heights(ax)) == df["hand_category"].notna().sum()
    assert ax.get_title() == "Hand categories at the showdown: Razz"
    assert ax.get_xlabel() == "hand category (best first: Razz is won by the lowest hand)"
    _render(ax)


def test_reveal_categories_one_group_per_game(stud_rooms: Warehouse) -> None:
    df = stud_rooms.hands(outcome="reveal")
    assert set(df["game"]) == {"razz", "stud", "stud8"}
    ax = plots.reveal_categories(df, ax=_ax())
    # each game's categories in its own order, the games in a fixed order
    assert _ticks(ax) == LOW_TITLES + HIGH_TITLES + HIGH_TITLES
    groups = plots.category_groups(ax)
    assert [g for g, _ in groups] == ["Razz", "Seven-Card Stud", "Stud Hi/Lo"]
    heights = _heights(ax)
    for (_, slots), game in zip(groups, ["razz", "stud", "stud8"], strict=True):
        rows = df[(df["game"] == game) & df["hand_category"].notna()]
        assert sum(heights[i] for i in slots) == len(rows)
    assert "Razz best first" in ax.get_xlabel()
    _render(ax)


def test_reveal_categories_rake_unchanged_and_frames_without_game(wh: Warehouse) -> None:
    df = wh.hands(outcome="reveal")
    ax = plots.reveal_categories(df.drop(columns=["game"]), ax=_ax())
    assert _ticks(ax) == RAKE_TITLES
    assert ax.get_title() == "Hand categories at the Reveal"
    assert ax.get_xlabel() == "hand category (weakest first)"
    assert plots.category_groups(ax) == [("Rake", list(range(9)))]
    crafted = pd.DataFrame({"hand_category": ["FLUSH", "PAIR"], "collected": [1, 0]})
    with pytest.raises(ValueError, match="categories FLUSH are not Rake's: give the game column"):
        plots.reveal_categories(crafted, ax=_ax())


# 2. nothing to draw


def _empty_cases(rake: Warehouse, stud: Warehouse) -> dict[str, Callable[[], Axes]]:
    return {
        "skull": lambda: plots.skull_ace_outcomes(stud, ax=_ax()),
        "winrate": lambda: plots.winrate(stud, players="Nobody", ax=_ax()),
        "aggression": lambda: plots.aggression_map(stud, players="Nobody", ax=_ax()),
        "positions": lambda: plots.winrate_by_position(stud, game="razz", ax=_ax()),
        "reveal": lambda: plots.reveal_categories(rake, players="Nobody", ax=_ax()),
        "third": lambda: plots.third_street(rake, ax=_ax()),
        "streets": lambda: plots.street_aggression(rake, ax=_ax()),
        "net won": lambda: plots.net_won_graph(rake.net_won(), player="Nobody", ax=_ax()),
    }


REASONS = {
    "skull": "no Rake hands in the warehouse (it has Razz, Seven-Card Stud and Stud Hi/Lo",
    "winrate": "no player with a win rate",
    "aggression": "no player with both a VPIP and an AF",
    "positions": "no hands with a seat position",
    "reveal": "no hands with a category at the Reveal or showdown",
    "third": "no stud hands",
    "streets": "no stud hands",
    "net won": "no hands of Nobody",
}


@pytest.mark.parametrize("case", sorted(REASONS))
def test_nothing_to_draw_is_said(
    case: str,
    wh: Warehouse,
    stud_rooms: Warehouse,
    capsys: pytest.CaptureFixture[str],
) -> None:
    ax = _empty_cases(wh, stud_rooms)[case]()
    assert isinstance(ax, Axes)
    reason = plots.nothing_drawn(ax)
    assert reason is not None and reason.startswith(REASONS[case]), reason
    shown = [t.get_text() for t in ax.texts]
    assert shown == [f"Nothing to draw\n{reason}"]
    assert len(ax.get_xticks()) == 0 and len(ax.get_yticks()) == 0
    assert ax.get_legend() is None
    assert ax.get_title()
    assert not ax.patches and not [ln for ln in ax.get_lines() if len(ln.get_xdata())]
    _render(ax)
    assert capsys.readouterr() == ("", "")


def test_net_won_titles_agree_with_or_without_a_player(wh: Warehouse) -> None:
    empty = wh.net_won().iloc[:0]
    ax = plots.net_won_graph(empty, ax=_ax())
    assert ax.get_title() == "Net won"
    assert plots.nothing_drawn(ax) == "no hands"
    ax = plots.net_won_graph(wh.net_won(), player="Nobody", ax=_ax())
    assert ax.get_title() == "Net won: Nobody"


# 3. legends in the bars' colours


def _legend_matches_bars(ax: Axes) -> None:
    legend = ax.get_legend()
    assert legend is not None
    labels = [t.get_text() for t in legend.get_texts()]
    bars = {c.get_label(): {to_hex(p.get_facecolor()) for p in c} for c in ax.containers}
    for label, handle in zip(labels, legend.legend_handles, strict=True):
        assert handle is not None
        assert {to_hex(handle.get_facecolor())} == bars[label], label


def test_legends_have_the_bar_colours(wh: Warehouse, stud_rooms: Warehouse) -> None:
    _legend_matches_bars(plots.skull_ace_outcomes(wh, ax=_ax()))
    _legend_matches_bars(plots.third_street(stud_rooms.stud_stats(game="razz"), ax=_ax()))
    # no bars: no legend of default-blue patches
    for ax in (plots.skull_ace_outcomes(stud_rooms, ax=_ax()), plots.third_street(wh, ax=_ax())):
        assert ax.get_legend() is None


# 4. street aggression on a whole warehouse


def test_street_aggression_caps_the_players(stud_rooms: Warehouse) -> None:
    df = stud_rooms.stud_stats()
    assert len(df) > 100
    ax = plots.street_aggression(stud_rooms, ax=_ax())
    legend = ax.get_legend()
    assert legend is not None
    top = df.sort_values(["hands", "player"], ascending=[False, True], kind="stable").head(8)
    labels = [t.get_text() for t in legend.get_texts()]
    assert len(labels) == len(ax.get_lines()) == 8
    assert [label.split(" (")[0] for label in labels] == list(top["player"])
    assert legend.get_title().get_text() == f"8 of {len(df)} players (most hands)"
    _render(ax)  # no "axes sizes collapsed to zero"
    fig_box = ax.figure.bbox
    box = legend.get_window_extent()
    assert box.x1 <= fig_box.x1 + 1 and box.y1 <= fig_box.y1 + 1
    everyone = plots.street_aggression(df, max_players=None, ax=_ax())
    assert len(everyone.get_lines()) == len(df)
    three = plots.street_aggression(df, max_players=3, ax=_ax())
    assert len(three.get_lines()) == 3
    with pytest.raises(ValueError, match="max_players"):
        plots.street_aggression(df, max_players=0, ax=_ax())


# 5. room for the labels of the Ace of Skulls bars


def test_skull_ace_labels_inside_the_axes(wh: Warehouse) -> None:
    for size in ((8.0, 4.5), (5.0, 3.0)):
        ax = Figure(figsize=size, layout="constrained").add_subplot()
        plots.skull_ace_outcomes(wh, ax=ax)
        ends = [sum(p.get_width() for p in bars) for bars in zip(*ax.containers, strict=True)]
        assert ax.get_xlim()[1] > max(ends)
        ax.figure.draw_without_rendering()
        frame = ax.get_window_extent()
        labels = [t for t in ax.texts if t.get_text().endswith("% lost")]
        assert labels
        for t in labels:
            assert t.get_window_extent().x1 <= frame.x1, t.get_text()

"""The Ace of Skulls and the Reveal: outcomes per player, hand categories."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.patches import Patch
from matplotlib.text import Text

from rakestats.plots._categories import GAME_CATEGORIES, RAZZ_ORDER, GameCategories
from rakestats.plots._style import (
    OKABE_ITO,
    Data,
    axes,
    count_axis,
    frame,
    group_label,
    nothing_to_draw,
    only_stud,
    require,
)
from rakestats.plots._text import literal
from rakestats.records import Game
from rakestats.stats import SKULL_GAMES, is_stud

__all__ = [
    "GROUP_GID",
    "SEPARATOR_GID",
    "SKULL_SEGMENTS",
    "category_groups",
    "reveal_categories",
    "skull_ace_outcomes",
]

# Stacked segments of the Ace of Skulls bars: (label, colour).
SKULL_SEGMENTS = (
    ("automatic win at the Reveal", OKABE_ITO["green"]),
    ("automatic loss at the Reveal", OKABE_ITO["vermillion"]),
    ("folded holding it", OKABE_ITO["sky_blue"]),
    ("held, no Reveal, no fold", OKABE_ITO["yellow"]),
)
_LABEL_GAP = 3.0  # points between a bar's end and its label
_LABEL_PAD = 6.0  # points kept free between the longest label and the frame


def _room_for_labels(ax: Axes, ends: np.ndarray, labels: list[tuple[float, Text]]) -> None:
    """Set the x limit beyond the longest bar (``ends``) so that each label (drawn
    ``_LABEL_GAP`` points beyond its bar's end, given as (end, text)) ends inside the
    Axes, with room to spare: the labels are measured once the layout is done."""
    need = 1.02 * float(ends.max()) if len(ends) else 1.0
    ax.set_xlim(0, need or 1.0)
    if not labels:
        return
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure)
    pad = (_LABEL_GAP + _LABEL_PAD) * fig.dpi / 72.0
    # the new limit brings other tick labels, and a layout engine may then give the Axes
    # another width: measured again until the labels fit
    for _ in range(4):
        fig.draw_without_rendering()  # the layout (constrained or not) settles the Axes
        width = ax.get_window_extent().width
        wanted = need
        for end, text in labels:
            # the bar takes end / xmax of the width, and its label must fit in the rest
            free = width - text.get_window_extent().width - pad
            wanted = max(wanted, end * width / free if free > 0 else 2 * end)
        if wanted <= ax.get_xlim()[1]:
            return
        need = wanted
        ax.set_xlim(0, need)


def _room_for_legend(ax: Axes, legend: Legend, rows: int) -> None:
    """Free rows below the lowest bar, as many as the legend (lower right) is tall, so
    that it hides no bar: with players of similar counts every bar reaches the right,
    and the lowest ones went under it. Where the Axes is too short for that, the rows
    stay as they are."""
    fig = ax.get_figure(root=True)
    assert isinstance(fig, Figure)
    fig.draw_without_rendering()
    height = ax.get_window_extent().height
    need = legend.get_window_extent().height + 4.0 * fig.dpi / 72.0  # and a margin
    if need >= height:
        return
    free = need * rows / (height - need)  # rows of bars the legend's height takes
    ax.set_ylim(-0.6 - free, rows - 0.4)


def skull_ace_outcomes(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Per player, the hands that ended with the Ace of Skulls in hand, split into
    automatic wins, automatic losses, folds and the rest (won uncontested, or a Reveal
    with nobody to lose to), with the Skull Ace loss frequency beside each bar (the x
    axis leaves room for it). ``data`` is ``Warehouse.skull_ace()`` (or
    ``player_stats()``) output, or a warehouse. Players who never held it are left out;
    with none, the Axes says there is nothing to draw."""
    df = frame(
        data,
        lambda st: st.skull_ace(**filters),
        ("player", "skull_ace_held", "skull_ace_auto_wins", "skull_ace_auto_losses",
         "skull_ace_folds", "skull_ace_reveals", "skull_ace_loss_freq"),
        "skull_ace()",
    )  # fmt: skip
    held = df[df["skull_ace_held"] > 0].sort_values(["skull_ace_held", "player"])
    ax = axes(ax, (8.0, max(3.0, 0.32 * len(held) + 1.2)))
    ax.set_title("Ace of Skulls: how the hands holding it ended")
    if held.empty:
        reason = "no hand ended with the Ace of Skulls in a player's hand"
        if only_stud(df):  # player_stats() output: rows of stud games only
            reason += "\n(it is a Rake card: the data holds only stud games)"
        elif df.empty and not isinstance(data, pd.DataFrame):  # why the query is empty
            why = data.statistics.why_empty(within=SKULL_GAMES, **filters)
            reason = "\n".join(why) if why else reason
        return literal(nothing_to_draw(ax, reason))
    df = held
    y = np.arange(len(df))
    wins = df["skull_ace_auto_wins"].to_numpy(dtype=float)
    losses = df["skull_ace_auto_losses"].to_numpy(dtype=float)
    folds = df["skull_ace_folds"].to_numpy(dtype=float)
    rest = (df["skull_ace_held"].to_numpy(dtype=float) - wins - losses - folds).clip(min=0)
    left = np.zeros(len(df))
    for values, (label, colour) in zip((wins, losses, folds, rest), SKULL_SEGMENTS, strict=True):
        ax.barh(y, values, left=left, color=colour, label=label, edgecolor="white")
        left = left + values
    labels: list[tuple[float, Text]] = []
    for yi, total, freq in zip(y, left, df["skull_ace_loss_freq"], strict=True):
        if pd.notna(freq):
            text = ax.annotate(f"{100 * freq:.0f}% lost", (total, yi), xytext=(_LABEL_GAP, 0),
                               textcoords="offset points", va="center", fontsize=7)  # fmt: skip
            labels.append((float(total), text))
    ax.set_yticks(y, [group_label(r, df) for r in df.itertuples(index=False)])
    ax.set_xlabel("hands ending with the Ace of Skulls (count)")
    count_axis(ax.xaxis)
    ax.set_ylabel("player")
    handles = [
        Patch(facecolor=colour, edgecolor="white", label=lb) for lb, colour in SKULL_SEGMENTS
    ]
    legend = ax.legend(handles=handles, loc="lower right", fontsize=8, ncols=2)
    literal(ax)  # before the layout is drawn: names are not math text
    _room_for_legend(ax, legend, len(df))
    _room_for_labels(ax, left, labels)
    return ax


# Artists of reveal_categories with several games: each game's name above its group,
# and a line between two groups.
GROUP_GID = "category-group"
SEPARATOR_GID = "category-separator"


def category_groups(ax: Axes) -> list[tuple[str, list[int]]]:
    """The games of a :func:`reveal_categories` Axes and, for each, the positions of its
    categories among the x ticks (and the bars): ``[("Rake", [0, 1, ..., 8])]``."""
    ticks = list(ax.get_xticks())
    names = [t for t in ax.texts if t.get_gid() == GROUP_GID]
    if not names:
        # one game: its name is in the title
        title = ax.get_title().rsplit(": ", 1)
        game = title[1] if len(title) == 2 else GAME_CATEGORIES[Game.RAKE.value].title
        return [(game, list(range(len(ticks))))] if ticks else []
    cuts = sorted(
        float(np.asarray(line.get_xdata(), dtype=float)[0])
        for line in ax.get_lines()
        if line.get_gid() == SEPARATOR_GID
    )
    bounds = [-np.inf, *cuts, np.inf]
    out = []
    for lo, hi, text in zip(bounds[:-1], bounds[1:], names, strict=True):
        out.append((text.get_text(), [i for i, x in enumerate(ticks) if lo < x < hi]))
    return out


def _games_of(df: pd.DataFrame) -> list[tuple[GameCategories, pd.DataFrame]]:
    """The rows of each game in the data (games in :data:`GAME_CATEGORIES` order, then
    unknown ones by name), with that game's categories. Rows without a ``game`` column
    are Rake's, and must hold Rake's categories."""
    if "game" not in df.columns:
        rake = GAME_CATEGORIES[Game.RAKE.value]
        foreign = sorted(set(df["hand_category"].astype(str)) - set(rake.names))
        if foreign:
            raise ValueError(
                f"the hand categories {', '.join(foreign)} are not Rake's: give the "
                "game column (Warehouse.hands() has it) to draw another game's"
            )
        return [(rake, df)]
    games = df["game"].astype(str)
    known = [g for g in GAME_CATEGORIES if (games == g).any()]
    unknown = sorted(set(games) - set(GAME_CATEGORIES))
    out = [(GAME_CATEGORIES[g], df[games == g]) for g in known]
    for g in unknown:
        out.append((GameCategories(g, g, (), (), "in the order of their names"), df[games == g]))
    return out


def _counted(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of player-hands at the Reveal (``hand_category``, ``collected``, and
    ``game`` when there) as counts: ``shown`` and ``won`` per game and category."""
    keys = [c for c in ("game", "hand_category") if c in df.columns]
    rows = df[df["hand_category"].notna()]
    won = rows["collected"].fillna(0).astype(float) > 0
    grouped = rows.assign(won=won.astype("int64")).groupby(keys, sort=False)
    return grouped.agg(shown=("won", "size"), won=("won", "sum")).reset_index()


def reveal_categories(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Hand categories shown at the Reveal (Rake) or the showdown (the stud games), split
    into hands that won something (in Stud Hi/Lo a half counts) and hands that did not.
    Each game's categories are those of its rules, in its own order: weakest first for
    Rake and Seven-Card Stud (Stud Hi/Lo: the high hand), best first for Razz (no pair
    to four of a kind: the lowest hand wins). With several games, each has its own group
    of bars, named above it (:func:`category_groups`). ``data`` has one row per player at
    the Reveal with ``hand_category`` and ``collected`` (and ``game``: without it the
    rows are Rake's), as ``Warehouse.hands(outcome="reveal")``; or the counts of
    ``Warehouse.reveal_categories()`` (``hand_category``, ``shown``, ``won``); or is a
    warehouse (its counts are asked for, not its rows)."""
    if not isinstance(data, pd.DataFrame) or {"shown", "won"} <= set(data.columns):
        df = frame(
            data,
            lambda st: st.reveal_categories(**filters),
            ("hand_category", "shown", "won"),
            "reveal_categories()",
        )
    else:  # the rows of hands(outcome="reveal")
        df = _counted(require(data, ("hand_category", "collected"), 'hands(outcome="reveal")'))
    df = df[df["hand_category"].notna() & (df["shown"] > 0)]
    if df.empty:
        ax = axes(ax)
        ax.set_title("Hand categories at the Reveal or showdown")
        reason = "no hands with a category at the Reveal or showdown"
        return literal(nothing_to_draw(ax, reason))
    games = _games_of(df)
    x: list[float] = []
    titles: list[str] = []
    won: list[int] = []
    lost: list[int] = []
    spans: list[tuple[str, float, float]] = []
    start = 0.0
    for cats, rows in games:
        names = list(cats.names) + sorted(set(rows["hand_category"].astype(str)) - set(cats.names))
        n_won = rows.groupby(rows["hand_category"].astype(str))["won"].sum()
        n_all = rows.groupby(rows["hand_category"].astype(str))["shown"].sum()
        for i, name in enumerate(names):
            x.append(start + i)
            titles.append(cats.title_of(name))
            won.append(int(n_won.get(name, 0)))
            lost.append(int(n_all.get(name, 0)) - won[-1])
        spans.append((cats.title, start, start + len(names) - 1))
        start += len(names) + 1  # a free slot between two games
    xs = np.asarray(x)
    ax = axes(ax, (max(8.0, 0.32 * len(xs) + 1.5), 4.5))  # a new figure fits the bars
    ax.bar(xs, won, color=OKABE_ITO["blue"], label="won a pot")
    ax.bar(xs, lost, bottom=won, color=OKABE_ITO["orange"], label="won nothing")
    ax.set_xticks(xs, titles, rotation=30, ha="right")
    stud = [is_stud(c.game) for c, _ in games]
    where = "the showdown" if all(stud) else "the Reveal" if not any(stud) else None
    if len(games) == 1:
        cats = games[0][0]
        only = cats.title if cats.game != Game.RAKE.value else None
        ax.set_title(f"Hand categories at {where}" + (f": {only}" if only else ""))
        what = "high-hand category" if cats.game == Game.STUD8.value else "hand category"
        ax.set_xlabel(f"{what} ({cats.order})")
    else:
        ax.set_title(f"Hand categories at {where or 'the Reveal (Rake) and the showdown'}")
        razz = any(c.order == RAZZ_ORDER for c, _ in games)
        order = "Razz best first, the others weakest first" if razz else "weakest first"
        ax.set_xlabel(f"hand category per game ({order})")
        heights = np.asarray(won) + np.asarray(lost)
        ax.set_ylim(0, 1.18 * float(heights.max()))  # room for the games' names
        trans = ax.get_xaxis_transform()
        for title, lo, hi in spans:
            ax.text((lo + hi) / 2, 0.97, title, transform=trans, ha="center", va="top",
                    fontsize=9, fontweight="bold", gid=GROUP_GID)  # fmt: skip
        for _, lo, _ in spans[1:]:
            ax.axvline(lo - 1, color="grey", linewidth=0.8, linestyle=":", gid=SEPARATOR_GID)
    ax.set_ylabel(f"hands at {where or 'the Reveal or showdown'} (count)")
    count_axis(ax.yaxis)
    ax.legend(loc="best")
    return literal(ax)

"""The Ace of Skulls and the Reveal: outcomes per player, hand categories."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from matplotlib.axes import Axes

from rakestats.plots._style import OKABE_ITO, Data, axes, frame, group_label
from rakestats.plots._text import literal
from rakestats.rake.evaluator import HandCategory

__all__ = ["SKULL_SEGMENTS", "reveal_categories", "skull_ace_outcomes"]

# Stacked segments of the Ace of Skulls bars: (label, colour).
SKULL_SEGMENTS = (
    ("automatic win at the Reveal", OKABE_ITO["green"]),
    ("automatic loss at the Reveal", OKABE_ITO["vermillion"]),
    ("folded holding it", OKABE_ITO["sky_blue"]),
    ("held, no Reveal, no fold", OKABE_ITO["yellow"]),
)


def skull_ace_outcomes(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Per player, the hands that ended with the Ace of Skulls in hand, split into
    automatic wins, automatic losses, folds and the rest (won uncontested, or a Reveal
    with nobody to lose to), with the Skull Ace loss frequency beside each bar. ``data``
    is ``Warehouse.skull_ace()`` (or ``player_stats()``) output, or a warehouse. Players
    who never held it are left out."""
    df = frame(
        data,
        lambda st: st.skull_ace(**filters),
        ("player", "skull_ace_held", "skull_ace_auto_wins", "skull_ace_auto_losses",
         "skull_ace_folds", "skull_ace_reveals", "skull_ace_loss_freq"),
    )  # fmt: skip
    df = df[df["skull_ace_held"] > 0].sort_values(["skull_ace_held", "player"])
    ax = axes(ax, (8.0, max(3.0, 0.32 * len(df) + 1.2)))
    y = np.arange(len(df))
    wins = df["skull_ace_auto_wins"].to_numpy(dtype=float)
    losses = df["skull_ace_auto_losses"].to_numpy(dtype=float)
    folds = df["skull_ace_folds"].to_numpy(dtype=float)
    rest = (df["skull_ace_held"].to_numpy(dtype=float) - wins - losses - folds).clip(min=0)
    left = np.zeros(len(df))
    for values, (label, colour) in zip((wins, losses, folds, rest), SKULL_SEGMENTS, strict=True):
        ax.barh(y, values, left=left, color=colour, label=label, edgecolor="white")
        left = left + values
    for yi, total, freq in zip(y, left, df["skull_ace_loss_freq"], strict=True):
        if pd.notna(freq):
            ax.annotate(f"{100 * freq:.0f}% lost", (total, yi), xytext=(3, 0),
                        textcoords="offset points", va="center", fontsize=7)  # fmt: skip
    ax.set_yticks(y, [group_label(r, df) for r in df.itertuples(index=False)])
    ax.set_title("Ace of Skulls: how the hands holding it ended")
    ax.set_xlabel("hands ending with the Ace of Skulls (count)")
    ax.set_ylabel("player")
    ax.legend(loc="lower right", fontsize=8)
    return literal(ax)


def reveal_categories(data: Data, *, ax: Axes | None = None, **filters: Any) -> Axes:
    """Hand categories shown at the Reveal, lowest first, split into hands that won
    something and hands that did not. ``data`` has one row per player at the Reveal with
    ``hand_category`` and ``collected`` (``Warehouse.hands(outcome="reveal")``), or is a
    warehouse."""
    df = frame(
        data,
        lambda st: st.hands(outcome="reveal", **filters),
        ("hand_category", "collected"),
    )
    df = df[df["hand_category"].notna()]
    order = [c.name for c in HandCategory]
    extra = sorted(set(df["hand_category"]) - set(order))
    cats = order + extra
    won = df["collected"].fillna(0).astype(float) > 0
    n_won = df[won]["hand_category"].value_counts().reindex(cats, fill_value=0)
    n_lost = df[~won]["hand_category"].value_counts().reindex(cats, fill_value=0)
    ax = axes(ax)
    x = np.arange(len(cats))
    ax.bar(x, n_won.to_numpy(), color=OKABE_ITO["blue"], label="won a pot")
    ax.bar(x, n_lost.to_numpy(), bottom=n_won.to_numpy(), color=OKABE_ITO["orange"],
           label="won nothing")  # fmt: skip
    titles = {c.name: c.title for c in HandCategory}
    ax.set_xticks(x, [titles.get(str(c), str(c)) for c in cats], rotation=30, ha="right")
    ax.set_title("Hand categories at the Reveal")
    ax.set_xlabel("hand category (lowest first)")
    ax.set_ylabel("hands at the Reveal (count)")
    ax.legend(loc="best")
    return literal(ax)

"""The report's figures, drawn with :mod:`rakestats.plots` on fresh Figures."""

from __future__ import annotations

import base64
import io
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

import pandas as pd
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from rakestats import plots
from rakestats.report._data import ReportData
from rakestats.stats import game_title, is_stud

__all__ = [
    "FIGURE_DPI",
    "FIGURE_WIDTH",
    "STUD_PLAYERS",
    "WINRATE_ROWS",
    "Chart",
    "charts",
    "png_base64",
]

STUD_PLAYERS = 8  # players (most hands first) drawn in the stud figures
WINRATE_ROWS = 40  # rows (most hands first) of the win-rate chart: more are not legible
FIGURE_WIDTH = 8.0  # inches: the page's text width at about 90 %, so text stays >= 8 pt
FIGURE_DPI = 150


@dataclass(frozen=True)
class Chart:
    """A figure, the report section it belongs to, its title (the figure's own) and a
    caption that says how to read it; ``unlabelled`` names the points left without a
    label (listed under the figure)."""

    section: str
    title: str
    figure: Figure
    caption: str = ""
    unlabelled: list[str] = field(default_factory=list)


def _fig(height: float = 4.5) -> Figure:
    return Figure(figsize=(FIGURE_WIDTH, height), layout="constrained")


def _rows_height(n: int) -> float:
    return max(3.0, min(14.0, 0.3 * n + 1.5))


# Each figure the report may draw: (section, title, caption: how to read it); charts()
# fills in the ``{names}``.
_FIGURES = {
    "winrate": (
        "results",
        "Win rate per player",
        "A dot is the win rate, the bar its 95% interval (normal approximation). A bar that "
        "crosses 0 means these hands cannot tell a winner from a loser.",
    ),
    "net won": (
        "results",
        "Net won: {name}",
        "{name}'s {game} hands in {currency}, the game and currency of most of their hands. "
        "Black: the running total. Orange-red: hands that reached {showdown}; blue: hands won "
        "or lost before it.",
    ),
    "aggression": (
        "style",
        "Aggression map",
        "Right: plays more hands; up: bets and raises more than it calls. The players with "
        "the most hands are labelled.",
    ),
    "positions": (
        "positions",
        "Win rate by position",
        "All players pooled; 0 is the dealer, who acts last in every round.",
    ),
    "skull": (
        "skull",
        "Ace of Skulls outcomes",
        "How the hands that ended with the Ace of Skulls in hand ended; the share beside "
        "each bar is the Skull Ace loss frequency.",
    ),
    "reveal": (
        "reveal",
        "Hand categories at the Reveal",
        "Each category shown at the Reveal, split into hands that won a pot and hands that "
        "won nothing.",
    ),
    "3rd street": (
        "{game}",
        "3rd street",
        "The {n} {title} players with the most hands: shares of hands with each 3rd-street action.",
    ),
    "street aggression": (
        "{game}",
        "Aggression by street",
        "AFq on each street of {title}: the share of bets and raises among the player's actions.",
    ),
    "profile": (
        "profile-{n}",
        "Net won: {name}",
        "In the game's unit (each hand's net over its own ante or big bet), so hands at "
        "different stakes add up.",
    ),
}


def _chart(key: str, draw: Callable[..., object], height: float = 4.5, **names: object) -> Chart:
    """The figure ``key`` of :data:`_FIGURES`, drawn by ``draw(ax=...)`` on the Axes of a
    fresh Figure; ``names`` fill in its section, title and caption."""
    section, title, caption = (text.format(**names) for text in _FIGURES[key])
    fig = _fig(height)
    draw(ax=fig.add_subplot())
    return Chart(section, title, fig, caption)


def _unlabelled(ax: Axes, stats: pd.DataFrame) -> list[str]:
    """The players of the aggression map drawn without a label."""
    drawn = {t.get_text().split(" (AF ")[0] for t in plots.point_labels(ax)}
    shown = stats[stats["vpip"].notna() & stats["af"].notna()]
    names = [plots.group_label(r, shown) for r in shown.itertuples(index=False)]
    return sorted(set(names) - drawn)


def _winrate_chart(stats: pd.DataFrame) -> Chart:
    """The win-rate chart of the :data:`WINRATE_ROWS` rows with the most hands."""
    top = stats.sort_values("hands", ascending=False, kind="stable").head(WINRATE_ROWS)
    chart = _chart("winrate", partial(plots.winrate, top), _rows_height(len(top)))
    if len(top) < len(stats):
        note = f"The {len(top)} rows with the most hands, of {len(stats)} in the table. "
        chart = replace(chart, caption=note + chart.caption)
    return chart


def charts(data: ReportData) -> list[Chart]:
    """Every figure of the report, in order; figures without data are left out."""
    out: list[Chart] = []
    stats = data.stats
    if not stats.empty:
        out.append(_winrate_chart(stats))
    for name, df in data.net_won.items():
        game = str(df["game"].iloc[0]) if len(df) else "rake"
        currency = str(df["currency"].iloc[0]) if len(df) else "chips"
        showdown = "the showdown" if is_stud(game) else "the Reveal (showdown)"
        draw = partial(plots.net_won_graph, df)
        title = game_title(game)
        out.append(
            _chart("net won", draw, name=name, game=title, currency=currency, showdown=showdown)
        )
    if not stats.empty:
        chart = _chart("aggression", partial(plots.aggression_map, stats), 6.0)
        out.append(replace(chart, unlabelled=_unlabelled(chart.figure.axes[0], stats)))
    if not data.positions.empty and data.positions["from_dealer"].notna().any():
        out.append(_chart("positions", partial(plots.winrate_by_position, data.positions)))
    held = data.skull[data.skull["skull_ace_held"] > 0] if not data.skull.empty else data.skull
    if not held.empty:
        draw = partial(plots.skull_ace_outcomes, data.skull)
        out.append(_chart("skull", draw, _rows_height(len(held))))
    if not data.rake_reveals.empty:
        out.append(_chart("reveal", partial(plots.reveal_categories, data.rake_reveals)))
    for game in data.stud_games:
        rows = data.stud_of(game)
        top = rows.sort_values("hands", ascending=False, kind="stable").head(STUD_PLAYERS)
        height = _rows_height(2 * len(top))
        title = game_title(game)
        third = partial(plots.third_street, top)
        out.append(_chart("3rd street", third, height, n=len(top), game=game, title=title))
        aggression = partial(plots.street_aggression, top)
        out.append(_chart("street aggression", aggression, game=game, title=title))
    for i, prof in enumerate(data.profiles, start=1):
        if not prof.net_won.empty:
            draw = partial(plots.net_won_graph, prof.net_won, unit="game")
            out.append(_chart("profile", draw, n=i, name=prof.row["player"]))
    return out


def png_base64(fig: Figure, dpi: int = FIGURE_DPI) -> str:
    """The figure as a base64 PNG (for a ``data:`` URL)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return base64.b64encode(buf.getvalue()).decode("ascii")

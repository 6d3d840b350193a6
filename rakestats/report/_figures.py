"""The report's figures, drawn with :mod:`rakestats.plots` on fresh Figures."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass, field

from matplotlib.figure import Figure

from rakestats import plots
from rakestats.report._data import ReportData

__all__ = ["FIGURE_DPI", "FIGURE_WIDTH", "STUD_PLAYERS", "Chart", "charts", "png_base64"]

STUD_PLAYERS = 8  # players (most hands first) drawn in the stud figures
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


def charts(data: ReportData) -> list[Chart]:
    """Every figure of the report, in order; figures without data are left out."""
    out: list[Chart] = []
    if not data.stats.empty:
        fig = _fig(_rows_height(len(data.stats)))
        plots.winrate(data.stats, ax=fig.add_subplot())
        out.append(
            Chart(
                "results",
                "Win rate per player",
                fig,
                "A dot is the win rate, the bar its 95% interval (normal approximation). A "
                "bar that crosses 0 means these hands cannot tell a winner from a loser.",
            )
        )
    for name, df in data.net_won.items():
        fig = _fig()
        plots.net_won_graph(df, ax=fig.add_subplot())
        out.append(
            Chart(
                "results",
                f"Net won: {name}",
                fig,
                "Black: the running total. Red: hands that reached the Reveal (showdown); "
                "blue: hands won or lost before it.",
            )
        )
    if not data.stats.empty:
        fig = _fig(6.0)
        ax = plots.aggression_map(data.stats, ax=fig.add_subplot())
        drawn = {t.get_text().split(" (AF ")[0] for t in plots.point_labels(ax)}
        shown = data.stats[data.stats["vpip"].notna() & data.stats["af"].notna()]
        names = [plots.group_label(r, shown) for r in shown.itertuples(index=False)]
        missing = sorted(set(names) - drawn)
        out.append(
            Chart(
                "style",
                "Aggression map",
                fig,
                "Right: plays more hands; up: bets and raises more than it calls. The "
                "players with the most hands are labelled.",
                missing,
            )
        )
    if not data.positions.empty and data.positions["from_dealer"].notna().any():
        fig = _fig()
        plots.winrate_by_position(data.positions, ax=fig.add_subplot())
        out.append(
            Chart(
                "positions",
                "Win rate by position",
                fig,
                "All players pooled; 0 is the dealer, who acts last in every round.",
            )
        )
    held = data.skull[data.skull["skull_ace_held"] > 0] if not data.skull.empty else data.skull
    if not held.empty:
        fig = _fig(_rows_height(len(held)))
        plots.skull_ace_outcomes(data.skull, ax=fig.add_subplot())
        out.append(
            Chart(
                "skull",
                "Ace of Skulls outcomes",
                fig,
                "How the hands that ended with the Ace of Skulls in hand ended; the share "
                "beside each bar is the Skull Ace loss frequency.",
            )
        )
    if not data.rake_reveals.empty:
        fig = _fig()
        plots.reveal_categories(data.rake_reveals, ax=fig.add_subplot())
        out.append(
            Chart(
                "reveal",
                "Hand categories at the Reveal",
                fig,
                "Each category shown at the Reveal, split into hands that won a pot and "
                "hands that won nothing.",
            )
        )
    if data.has_stud:
        top = data.stud.sort_values("hands", ascending=False, kind="stable").head(STUD_PLAYERS)
        fig = _fig(_rows_height(2 * len(top)))
        plots.third_street(top, ax=fig.add_subplot())
        out.append(
            Chart(
                "stud",
                "3rd street",
                fig,
                f"The {len(top)} stud players with the most hands: shares of hands with "
                "each 3rd-street action.",
            )
        )
        fig = _fig()
        plots.street_aggression(top, ax=fig.add_subplot())
        out.append(
            Chart(
                "stud",
                "Aggression by street",
                fig,
                "AFq on each street: the share of bets and raises among the player's actions.",
            )
        )
    for i, prof in enumerate(data.profiles, start=1):
        df = prof.net_won
        if df.empty:
            continue
        fig = _fig()
        plots.net_won_graph(df, unit="game", ax=fig.add_subplot())
        out.append(
            Chart(
                f"profile-{i}",
                f"Net won: {prof.player}",
                fig,
                "In the game's unit (each hand's net over its own ante or big bet), so "
                "hands at different stakes add up.",
            )
        )
    return out


def png_base64(fig: Figure, dpi: int = FIGURE_DPI) -> str:
    """The figure as a base64 PNG (for a ``data:`` URL)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return base64.b64encode(buf.getvalue()).decode("ascii")

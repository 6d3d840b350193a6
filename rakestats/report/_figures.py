"""The report's figures, drawn with :mod:`rakestats.plots` on fresh Figures."""

from __future__ import annotations

import base64
import io
from dataclasses import dataclass

from matplotlib.figure import Figure

from rakestats import plots
from rakestats.report._data import ReportData

__all__ = ["STUD_PLAYERS", "Chart", "charts", "png_base64"]

STUD_PLAYERS = 8  # players (most hands first) drawn in the stud figures


@dataclass(frozen=True)
class Chart:
    """A figure and the report section it belongs to."""

    section: str
    title: str
    figure: Figure


def _fig(height: float = 4.5) -> Figure:
    return Figure(figsize=(8.0, height), layout="constrained")


def _rows_height(n: int) -> float:
    return max(3.0, min(14.0, 0.3 * n + 1.5))


def charts(data: ReportData) -> list[Chart]:
    """Every figure of the report, in order; figures without data are left out."""
    out: list[Chart] = []
    if not data.stats.empty:
        fig = _fig(_rows_height(len(data.stats)))
        plots.winrate(data.stats, ax=fig.add_subplot())
        out.append(Chart("results", "Win rate per player", fig))
    for name, df in data.net_won.items():
        fig = _fig()
        plots.net_won_graph(df, ax=fig.add_subplot())
        out.append(Chart("results", f"Net won: {name}", fig))
    if not data.stats.empty:
        fig = _fig(6.0)
        plots.aggression_map(data.stats, ax=fig.add_subplot())
        out.append(Chart("style", "Aggression map", fig))
    if data.positions["from_dealer"].notna().any():
        fig = _fig()
        plots.winrate_by_position(data.positions, ax=fig.add_subplot())
        out.append(Chart("positions", "Win rate by position", fig))
    held = data.skull[data.skull["skull_ace_held"] > 0]
    if not held.empty:
        fig = _fig(_rows_height(len(held)))
        plots.skull_ace_outcomes(data.skull, ax=fig.add_subplot())
        out.append(Chart("skull", "Ace of Skulls outcomes", fig))
    if not data.rake_reveals.empty:
        fig = _fig()
        plots.reveal_categories(data.rake_reveals, ax=fig.add_subplot())
        out.append(Chart("reveal", "Hand categories at the Reveal", fig))
    if data.has_stud:
        top = data.stud.sort_values("hands", ascending=False, kind="stable").head(STUD_PLAYERS)
        fig = _fig(_rows_height(2 * len(top)))
        plots.third_street(top, ax=fig.add_subplot())
        out.append(Chart("stud", "3rd street", fig))
        fig = _fig()
        plots.street_aggression(top, ax=fig.add_subplot())
        out.append(Chart("stud", "Aggression by street", fig))
    return out


def png_base64(fig: Figure, dpi: int = 96) -> str:
    """The figure as a base64 PNG (for a ``data:`` URL)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi)
    return base64.b64encode(buf.getvalue()).decode("ascii")

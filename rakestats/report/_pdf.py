"""The report as a PDF with matplotlib's PdfPages: a title page, the figures, then the
tables split over pages."""

from __future__ import annotations

import pandas as pd
from matplotlib.backends.backend_pdf import PdfPages
from matplotlib.figure import Figure

from rakestats.plots._text import literal, plain
from rakestats.report._data import ReportData
from rakestats.report._figures import Chart
from rakestats.report._tables import (
    AUTO_LOSS_TABLE,
    CATEGORY_TABLE,
    LOW_CATEGORY_TABLE,
    SKULL_TABLE,
    STATS_TABLE,
    STUD_TABLE,
    Column,
    category_counts,
    low_category_counts,
    rows,
)

__all__ = ["write_pdf"]

ROWS_PER_PAGE = 30
_A4_LANDSCAPE = (11.69, 8.27)


def _text_page(lines: list[str]) -> Figure:
    fig = Figure(figsize=_A4_LANDSCAPE)
    plain(fig.text(0.05, 0.95, "\n".join(lines), va="top", family="monospace", fontsize=10))
    return fig


def _table_pages(title: str, df: pd.DataFrame, columns: tuple[Column, ...]) -> list[Figure]:
    body = rows(df, columns)
    heads = [h for h, _, _ in columns]
    pages = []
    for start in range(0, max(1, len(body)), ROWS_PER_PAGE):
        chunk = body[start : start + ROWS_PER_PAGE] or [["-"] * len(heads)]
        fig = Figure(figsize=_A4_LANDSCAPE, layout="constrained")
        ax = fig.add_subplot()
        ax.axis("off")
        ax.set_title(title if start == 0 else f"{title} (continued)")
        table = ax.table(cellText=chunk, colLabels=heads, loc="upper center", cellLoc="right")
        table.auto_set_font_size(False)
        table.set_fontsize(7)
        table.auto_set_column_width(list(range(len(heads))))
        literal(ax)  # names from histories are drawn as written
        pages.append(fig)
    return pages


def write_pdf(path: str, data: ReportData, charts: list[Chart], summary: list[str]) -> int:
    """Write the PDF to ``path``; returns the number of pages."""
    pages = [_text_page(summary)]
    pages += [c.figure for c in charts]
    pages += _table_pages("Statistics per player", data.stats, STATS_TABLE)
    if data.has_rake:
        held = data.skull[data.skull["skull_ace_held"] > 0]
        pages += _table_pages("The Ace of Skulls", held, SKULL_TABLE)
        pages += _table_pages(
            "Automatic losses to the Ace of Skulls", data.auto_losses, AUTO_LOSS_TABLE
        )
        pages += _table_pages(
            "Hand categories at the Reveal", category_counts(data.rake_reveals), CATEGORY_TABLE
        )
    if data.has_stud:
        pages += _table_pages("Stud (Razz) per player", data.stud, STUD_TABLE)
        pages += _table_pages(
            "Lows at the showdown", low_category_counts(data.stud_showdowns), LOW_CATEGORY_TABLE
        )
    with PdfPages(path) as pdf:
        for fig in pages:
            pdf.savefig(fig)
    return len(pages)

"""The batch report: one self-contained HTML file (figures as base64 PNG, tables, the
definitions, the filters, when it was made), and optionally a PDF.

Both are written atomically: a temporary file beside the target, then one rename.

>>> from rakestats.report import SECTIONS
>>> [sid for sid, _ in SECTIONS][:3]
['overview', 'results', 'style']
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

from rakestats.report._atomic import write_atomic
from rakestats.report._data import AUTO_LOSS_LIMIT, ReportData, gather
from rakestats.report._figures import charts
from rakestats.report._html import SECTIONS, hand_command, render_html
from rakestats.report._pdf import write_pdf
from rakestats.stats import AliasesLike, FilterArgs, StatsMixin

__all__ = [
    "AUTO_LOSS_LIMIT",
    "SECTIONS",
    "STEPS",
    "ReportData",
    "ReportSummary",
    "build_report",
    "gather",
    "hand_command",
    "write_atomic",
]

# The steps ``build_report`` reports to its ``step`` callback, in order.
STEPS = (
    "statistics",
    "positions",
    "ace of skulls",
    "reveals",
    "stud",
    "net won",
    "figures",
    "write",
)


@dataclass(frozen=True)
class ReportSummary:
    """What was written: the HTML path, the PDF path (or None), figures and rows."""

    html: Path
    pdf: Path | None
    figures: int
    rows: int
    auto_losses: int

    def line(self) -> str:
        pdf = f" and {self.pdf}" if self.pdf is not None else ""
        return f"report: {self.html}{pdf} ({self.figures} figures, {self.rows} player rows)"


def build_report(
    wh: StatsMixin,
    out: str | os.PathLike[str],
    *,
    pdf: str | os.PathLike[str] | None = None,
    warehouse: str | None = None,
    aliases: AliasesLike = None,
    step: Callable[[str], None] | None = None,
    **filters: Unpack[FilterArgs],
) -> ReportSummary:
    """Query ``wh`` with ``filters`` (those of the statistics methods), draw the figures
    and write the HTML report to ``out`` (and a PDF to ``pdf``). ``warehouse`` is the
    directory named in the report and in its ``rakestats hand`` commands (default: the
    warehouse's ``path``); ``step(name)`` is called at each of :data:`STEPS`."""
    label = warehouse if warehouse is not None else str(getattr(wh, "path", "WAREHOUSE"))
    with wh.pinned():  # every section from one snapshot, even while an ingest commits
        data = gather(wh, label, filters, aliases, step)
    if step is not None:
        step("figures")
    drawn = charts(data)
    if step is not None:
        step("write")
    page = render_html(data, drawn)

    def write_html(tmp: str) -> None:
        Path(tmp).write_text(page, encoding="utf-8")

    html_path = write_atomic(out, write_html)
    pdf_path = None
    if pdf is not None:
        summary = [
            "rakestats report",
            f"made {data.made_at:%Y-%m-%d %H:%M:%S} UTC from {label}",
            "filters: "
            + (", ".join(f"{k}={v}" for k, v in data.filters.items()) or "none (every hand)"),
            f"{len(data.stats)} player rows"
            + (
                f", {data.auto_loss_total} automatic losses to the Ace of Skulls"
                if data.has_rake
                else ""
            )
            + (f", {len(data.stud)} stud (Razz) rows" if data.has_stud else ""),
        ]

        def write_pdf_file(tmp: str) -> None:
            write_pdf(tmp, data, drawn, summary)

        pdf_path = write_atomic(pdf, write_pdf_file)
    return ReportSummary(html_path, pdf_path, len(drawn), len(data.stats), data.auto_loss_total)

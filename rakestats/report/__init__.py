"""The batch report: one self-contained HTML document made from a Jinja2 template
(figures as base64 PNG, sortable tables, the definitions, the filters, when it was
made), and optionally the same document as a PDF (WeasyPrint).

Both are written atomically: a temporary file beside the target, then one rename.

>>> from rakestats.report import SECTIONS
>>> [sid for sid, _ in SECTIONS][:3]
['overview', 'results', 'style']
"""

from __future__ import annotations

import numbers
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Unpack

import numpy as np

from rakestats.report._atomic import check_writable, write_atomic
from rakestats.report._data import (
    AUTO_LOSS_LIMIT,
    GATHER_STEPS,
    ReportData,
    gather,
    profile_names,
)
from rakestats.report._figures import charts
from rakestats.report._html import PAPERS, SECTIONS, hand_command, render_html
from rakestats.report._pdf import PdfUnavailableError, write_pdf
from rakestats.report._template import (
    DEFAULT_TEMPLATE,
    TEMPLATES,
    ReportTemplateError,
    check_template,
)
from rakestats.stats import AliasesLike, FilterArgs, HasStatistics

__all__ = [
    "AUTO_LOSS_LIMIT",
    "DEFAULT_TEMPLATE",
    "PAPERS",
    "SECTIONS",
    "STEPS",
    "TEMPLATES",
    "PdfUnavailableError",
    "ReportData",
    "ReportSummary",
    "ReportTemplateError",
    "build_report",
    "check_template",
    "gather",
    "hand_command",
    "profile_names",
    "same_file",
    "write_atomic",
]

# The steps ``build_report`` reports to its ``step`` callback, in order.
STEPS = (*GATHER_STEPS, "figures", "write")


@dataclass(frozen=True)
class ReportSummary:
    """What was written: the HTML path, the PDF path (or None), figures and rows."""

    html: Path
    pdf: Path | None
    figures: int
    rows: int
    auto_losses: int
    pages: int = 0
    profiles: int = 0
    unprofiled: tuple[str, ...] = ()  # players named for a profile, without hands here

    def __str__(self) -> str:  # print(summary) prints its line
        return self.line()

    def line(self) -> str:
        pdf = f" and {self.pdf} ({self.pages} pages)" if self.pdf is not None else ""
        text = f"report: {self.html}{pdf} ({self.figures} figures, {self.rows} player rows)"
        if self.unprofiled:
            text += f" (no profile for {', '.join(self.unprofiled)}: no hands within the filters)"
        return text


def same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether the paths ``a`` and ``b`` name one file (followed through links and
    ``..``; the file need not exist yet).

    >>> same_file("r.html", "./r.html"), same_file("r.html", "r.pdf")
    (True, False)
    """
    return os.path.realpath(a) == os.path.realpath(b)


def build_report(
    wh: HasStatistics,
    out: str | os.PathLike[str],
    *,
    pdf: str | os.PathLike[str] | None = None,
    warehouse: str | None = None,
    aliases: AliasesLike = None,
    step: Callable[[str], None] | None = None,
    profiles: int | Sequence[str] = (),
    template: str | os.PathLike[str] | None = None,
    paper: str = "a4",
    **filters: Unpack[FilterArgs],
) -> ReportSummary:
    """Query ``wh`` (a :class:`~rakestats.Warehouse`, or anything with its statistics)
    with ``filters`` (those of the statistics methods), draw the figures
    and write the HTML report to ``out`` (and the same document as a PDF to ``pdf``).

    ``warehouse`` is the directory named in the report and in its ``rakestats hand``
    commands (default: the warehouse's ``path``); ``step(name)`` is called at each of
    :data:`STEPS`; ``profiles`` adds a player profile for each name given (one name or
    a list), or for the N players with the most hands; ``template`` is a Jinja2
    template file used instead of the package's (:data:`TEMPLATES`); ``paper`` the
    PDF's paper, ``"a4"`` or ``"letter"`` (portrait).

    A fault in the template (a syntax error, a file that is not UTF-8, a template it
    names that does not exist, an undefined name) raises :class:`ReportTemplateError`
    naming the file and line; those that compiling shows are raised before any query, as
    is the :class:`OSError` of an ``out`` or ``pdf`` that cannot be written there."""
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}")
    if pdf is not None and same_file(out, pdf):
        raise ValueError(
            f"out and pdf name the same file ({os.fspath(pdf)}): the PDF would replace the HTML"
        )
    label = warehouse if warehouse is not None else str(getattr(wh, "path", "WAREHOUSE"))
    if "player" in filters:  # the statistics' other spelling of players=
        one = filters.pop("player")
        if "players" in filters:
            raise TypeError("give player= or players=, not both")
        filters["players"] = [one] if isinstance(one, str) else one
    if isinstance(profiles, str):  # one name (not its letters)
        profiles = (profiles,)
    if isinstance(profiles, (bool, np.bool_)) or (
        isinstance(profiles, numbers.Integral) and profiles < 0
    ):
        raise ValueError(f"profiles must be a number of players (0 or more), got {profiles!r}")
    if isinstance(profiles, numbers.Integral):  # numpy's too: a count taken from a frame
        profiles = int(profiles)
    check_template(template)  # a fault in it is told before the queries, not after
    for target in (out, pdf):  # and a folder it cannot write
        if target is not None:
            check_writable(target)
    with wh.statistics.pinned():  # one snapshot for every section, whatever commits
        data = gather(wh, label, filters, aliases, step, profiles)
    if step is not None:
        step("figures")
    drawn = charts(data)
    if step is not None:
        step("write")
    page = render_html(data, drawn, template=template, paper=paper)

    def write_html(tmp: str) -> None:
        Path(tmp).write_text(page, encoding="utf-8")

    html_path = write_atomic(out, write_html)
    pdf_path = None
    pages = 0
    if pdf is not None:

        def write_pdf_file(tmp: str) -> None:
            nonlocal pages
            pages = write_pdf(tmp, page)

        pdf_path = write_atomic(pdf, write_pdf_file)
    return ReportSummary(
        html_path,
        pdf_path,
        len(drawn),
        len(data.stats),
        data.auto_loss_total,
        pages,
        len(data.profiles),
        data.unprofiled,
    )

"""``rakestats report``: the batch report (HTML, optionally PDF)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import click
import jinja2

from rakestats.api import Warehouse
from rakestats.cli._common import (
    count_option,
    echo,
    fail_on_warehouse_error,
    safe_text,
    warehouse_option,
)
from rakestats.cli._filters import check_filters, filter_options, nothing_matched
from rakestats.cli._group import main
from rakestats.report import (
    PAPERS,
    STEPS,
    ReportTemplateError,
    build_report,
    profile_names,
    same_file,
)
from rakestats.stats import AliasError, quiet_empty

__all__ = ["report_command", "step_bar"]


@contextmanager
def step_bar(steps: tuple[str, ...]) -> Iterator[Callable[[str], None]]:
    """A step callback: a progress bar on a terminal, silent when stderr is piped."""
    if not sys.stderr.isatty():
        yield lambda name: None
        return
    from tqdm import tqdm

    bar = tqdm(total=len(steps), desc="report", unit="step", file=sys.stderr, leave=False)

    def update(name: str) -> None:
        bar.n = steps.index(name) + 1 if name in steps else bar.n
        bar.set_postfix_str(name, refresh=False)
        bar.refresh()

    try:
        yield update
    finally:
        bar.close()


@main.command("report")
@warehouse_option
@click.option(
    "--out",
    "-o",
    required=True,
    type=click.Path(dir_okay=False),
    help="HTML file to write; a name ending in .pdf writes the PDF there (and the HTML "
    "beside it, as .html).",
)
@click.option(
    "--pdf", type=click.Path(dir_okay=False), help="Also write the same document as a PDF."
)
@count_option(
    "--profiles",
    "top_n",
    default=0,
    help="A profile section for each of the N players with the most hands.",
)
@click.option(
    "--template",
    type=click.Path(exists=True, dir_okay=False),
    help="A Jinja2 template to use instead of the package's (it may extend report.html.j2).",
)
@click.option(
    "--paper",
    type=click.Choice(sorted(PAPERS)),
    default="a4",
    show_default=True,
    help="Paper of the PDF (portrait).",
)
@filter_options
def report_command(
    warehouse: str,
    out: str,
    pdf: str | None,
    top_n: int,
    template: str | None,
    paper: str,
    **opts: Any,
) -> None:
    """Write the report: one self-contained HTML file (opens offline), and the same
    document as a PDF with --pdf. Takes the filters of `rakestats stats`; each player
    named with --player also gets a profile, as do the --profiles N players with the most
    hands.

    The filters are those of every reading command (docs/filters.md).

    Exit status: 0 written; 2 usage, template or warehouse error; 4 a filter value
    matches nothing (the nearest values are named on stderr), or the filters together
    select no hand (nothing is written); 1 any other failure.

    Example: rakestats report -w wh --out report.html --pdf report.pdf --player Bess

    Example: rakestats report -w wh --out report.pdf   # the PDF, and report.html beside it
    """
    if out.lower().endswith(".pdf"):
        if pdf is not None:
            raise click.UsageError(f"--out {out!r} is a PDF already; give --pdf or --out FILE.pdf")
        out, pdf = out[: -len(".pdf")] + ".html", out
    if pdf is not None and same_file(out, pdf):
        raise click.UsageError(
            f"--out and --pdf name the same file ({pdf!r}): the PDF would replace the HTML"
        )
    named = list(opts.get("players") or ())
    with fail_on_warehouse_error():
        wh = Warehouse(warehouse)
        wh.store.check_version()  # a missing or foreign directory is an error, not created
        filters = check_filters(wh, opts)  # a value matching nothing: exit 4, nearest named
        try:
            with quiet_empty():  # an empty result: said below, once (exit 4)
                top = wh.player_stats(aliases=opts.get("aliases"), **filters)
            if top.empty:
                nothing_matched(wh, opts)  # no report of empty sections: exit 4, as stats
            with step_bar(STEPS) as step:
                if top_n:
                    named += [p for p in profile_names(top, top_n) if p not in named]
                summary = build_report(
                    wh, out, pdf=pdf, warehouse=warehouse, aliases=opts.get("aliases"),
                    step=step, profiles=named, template=template, paper=paper, **filters,
                )  # fmt: skip
        except AliasError as exc:
            raise click.UsageError(safe_text(str(exc))) from None
        except ReportTemplateError as exc:  # file:line: reason, and the line
            shown = "\n".join(safe_text(line) for line in str(exc).split("\n"))
            click.echo(f"error: template {shown}", err=True)
            sys.exit(2)
        except jinja2.TemplateError as exc:
            click.echo(f"error: template: {safe_text(str(exc))}", err=True)
            sys.exit(2)
        except (OSError, RuntimeError, ValueError, TypeError, LookupError) as exc:
            click.echo(f"error: report failed: {safe_text(str(exc))}", err=True)
            sys.exit(1)
    echo(safe_text(summary.line()))

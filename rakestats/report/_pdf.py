"""The PDF: the report's HTML document rendered by WeasyPrint with its print style
(one paper size and orientation for every page, page numbers in the margin).

WeasyPrint needs Pango (Debian: ``libpango-1.0-0 libpangoft2-1.0-0``); without it
:func:`write_pdf` raises :class:`PdfUnavailableError` with what to install.
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["PdfUnavailableError", "write_pdf"]


class PdfUnavailableError(RuntimeError):
    """WeasyPrint or the system libraries it needs are missing."""


def _weasyprint() -> Any:
    try:
        import weasyprint  # type: ignore[import-untyped]
        import weasyprint.urls  # type: ignore[import-untyped]
    except (ImportError, OSError) as exc:  # OSError: Pango missing
        raise PdfUnavailableError(
            "the PDF needs WeasyPrint and Pango (pip install weasyprint; Debian: "
            f"apt-get install libpango-1.0-0 libpangoft2-1.0-0): {exc}"
        ) from None
    return weasyprint


def write_pdf(path: str, html: str) -> int:
    """Render ``html`` (the report's document) to a PDF at ``path``; returns the number
    of pages. Nothing is fetched: the document holds its figures and style."""
    weasyprint = _weasyprint()
    for name in ("weasyprint", "fontTools"):  # font subsetting chatter, not errors
        logging.getLogger(name).setLevel(logging.ERROR)

    fetcher_class = getattr(weasyprint.urls, "URLFetcher", None)
    if fetcher_class is not None:  # WeasyPrint 66 and later
        fetcher = fetcher_class(allowed_protocols={"data"})
    else:  # pragma: no cover - older WeasyPrint

        def fetcher(url: str, *args: Any, **kwargs: Any) -> Any:
            if url.startswith("data:"):
                return weasyprint.default_url_fetcher(url, *args, **kwargs)
            raise ValueError(f"the report fetches nothing: {url}")

    document = weasyprint.HTML(string=html, url_fetcher=fetcher).render()
    document.write_pdf(path)
    return len(document.pages)

"""``rakestats report --out FILE.pdf`` writes a PDF there, not HTML under a PDF name."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.report import build_report
from rakestats.sim import simulate

pytest.importorskip("weasyprint")


@pytest.fixture(scope="module")
def wh_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("outpdf")
    simulate(60, 3, 5, base / "h")
    Warehouse(base / "wh").ingest([base / "h"])
    return base / "wh"


def test_out_pdf_writes_a_pdf_and_the_html_beside_it(wh_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.pdf"
    result = CliRunner().invoke(main, ["report", "-w", str(wh_dir), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF-")
    assert (
        (tmp_path / "r.html")
        .read_text(encoding="utf-8")
        .lstrip()
        .lower()
        .startswith("<!doctype html")
    )


def test_out_pdf_with_pdf_is_refused(wh_dir: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["report", "-w", str(wh_dir), "--out", str(tmp_path / "a.PDF"), "--pdf", "b.pdf"]
    )
    assert result.exit_code == 2 and "is a PDF already" in result.output
    assert not (tmp_path / "a.PDF").exists()


def test_build_report_takes_player_as_statistics_do(wh_dir: Path, tmp_path: Path) -> None:
    from rakestats.report import build_report

    wh = Warehouse(wh_dir)
    name = str(wh.player_stats()["player"].iloc[0])
    summary = build_report(wh, tmp_path / "p.html", player=name, profiles=[name])
    assert "1 player rows" in summary.line()


def test_demo_without_pdf_support_still_writes_the_html(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rakestats.report import PdfUnavailableError, _pdf

    def missing() -> None:
        raise PdfUnavailableError("the PDF needs WeasyPrint and Pango (test)")

    monkeypatch.setattr(_pdf, "_weasyprint", missing)
    simulate(40, 3, 6, tmp_path / "h")
    result = CliRunner().invoke(
        main, ["demo", "--sample-data", str(tmp_path / "h"), "--out", str(tmp_path / "o")]
    )
    assert result.exit_code == 0, result.output
    assert "warning: no PDF" in result.stderr
    assert (tmp_path / "o" / "report.html").is_file()
    assert not (tmp_path / "o" / "report.pdf").exists()


@pytest.mark.parametrize("pdf", ["r.html", "./sub/../r.html", "link.pdf"])
def test_pdf_naming_the_html_file_is_refused(wh_dir: Path, tmp_path: Path, pdf: str) -> None:
    """--pdf naming --out's file (or a link to it) wrote the PDF over the HTML: the
    user was told `report: r.html and r.html` and had no HTML."""
    (tmp_path / "sub").mkdir()
    (tmp_path / "link.pdf").symlink_to(tmp_path / "r.html")
    out = tmp_path / "r.html"
    args = ["report", "-w", str(wh_dir), "--out", str(out), "--pdf", str(tmp_path / pdf)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert "--out and --pdf name the same file" in result.output
    assert not out.exists()
    with pytest.raises(ValueError, match="out and pdf name the same file"):
        build_report(Warehouse(wh_dir), out, pdf=tmp_path / pdf)
    assert not out.exists()


class _NoQueries:
    """A warehouse that fails the test if the report asks it anything."""

    @property
    def statistics(self) -> None:
        raise AssertionError("the report queried the warehouse before checking where it writes")

    path = "never"


@pytest.mark.parametrize("which", ["out", "pdf"])
def test_an_output_it_cannot_write_is_told_before_any_query(tmp_path: Path, which: str) -> None:
    """A report whose folder could not be written was refused only after every query
    and figure (minutes on a large warehouse), as `[Errno 13] ... .r.html.x1y2.tmp`:
    a temporary file's name, not the one the user gave."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder\n", encoding="utf-8")
    bad = blocker / "r.html" if which == "out" else blocker / "r.pdf"
    out = bad if which == "out" else tmp_path / "r.html"
    pdf = bad if which == "pdf" else None
    with pytest.raises(OSError, match=f"cannot write {re.escape(str(bad))}: "):
        build_report(_NoQueries(), out, pdf=pdf)  # type: ignore[arg-type]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes where permissions forbid")
def test_a_folder_without_write_permission_is_named(wh_dir: Path, tmp_path: Path) -> None:
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o555)
    try:
        result = CliRunner().invoke(main, ["report", "-w", str(wh_dir), "-o", str(shut / "r.html")])
    finally:
        shut.chmod(0o755)
    assert result.exit_code == 1
    assert f"cannot write {shut / 'r.html'}: Permission denied" in result.output
    assert list(shut.iterdir()) == []


def test_checking_where_a_report_goes_creates_nothing(tmp_path: Path) -> None:
    from rakestats.report._atomic import check_writable

    check_writable(tmp_path / "new" / "sub" / "r.html")  # the folders are made later
    assert list(tmp_path.iterdir()) == []

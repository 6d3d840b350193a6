"""``rakestats report --out FILE.pdf`` writes a PDF there, not HTML under a PDF name."""

from __future__ import annotations

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

"""A fault in a report template of the user's is named by file and line, with the line,
and those that compiling shows are told before any query is made."""

from __future__ import annotations

import pickle
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.report import ReportTemplateError, build_report, check_template
from rakestats.report._template import render_template

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def small_wh(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    root = tmp_path_factory.mktemp("tpl")
    (root / "h").mkdir()
    shutil.copy(REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt", root / "h")
    wh = Warehouse(root / "wh")
    wh.ingest([root / "h"], jobs=1)
    return wh


class NoQueries:
    """A warehouse that fails the test if the report asks it anything."""

    @property
    def statistics(self) -> None:
        raise AssertionError("the report queried the warehouse before checking its template")

    path = "never"


def _write(path: Path, text: str | bytes) -> Path:
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def _report(wh: Warehouse, template: Path, out: Path) -> tuple[int, str]:
    result = CliRunner().invoke(
        main, ["report", "-w", str(wh.path), "-o", str(out), "--template", str(template)]
    )
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("text", "line", "reason", "shown"),
    [
        ("<p>one</p>\n{% if %}\n", 2, "Expected an expression", "{% if %}"),
        (b"<p>one</p>\n<p>two</p>\n<p>caf\xe9</p>\n", 3, "not UTF-8 (byte 0xe9)", "<p>caf"),
        ('{% extends "report.html.j2" %}\n\n{% block heder %}x{% endblock %}\n', 3,
         "block 'heder' is in no template it extends", "{% block heder %}"),
        ('{% extends "reprt.html.j2" %}\n', 1, "no template 'reprt.html.j2'", "reprt.html.j2"),
    ],
)  # fmt: skip
def test_a_fault_compiling_shows_is_told_before_any_query(
    tmp_path: Path, text: str | bytes, line: int, reason: str, shown: str
) -> None:
    mine = _write(tmp_path / "mine.j2", text)
    out = tmp_path / "r.html"
    with pytest.raises(ReportTemplateError) as caught:
        build_report(NoQueries(), out, template=mine)  # type: ignore[arg-type]
    err = caught.value
    assert (err.file, err.line) == (str(mine), line)
    assert reason in err.reason
    assert err.text is not None and shown in err.text
    assert str(err).startswith(f"{mine}:{line}: ")
    assert not out.exists()


def test_the_command_names_the_file_and_line_and_shows_the_line(
    small_wh: Warehouse, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the file as the user named it, relative
    _write(tmp_path / "mine.j2", "<h1>x</h1>\n{% for p in %}\n")
    code, output = _report(small_wh, Path("mine.j2"), Path("r.html"))
    assert code == 2, output
    lines = output.splitlines()
    assert lines[0].startswith("error: template mine.j2:2: Expected an expression")
    assert lines[1].strip() == "{% for p in %}"
    assert "Traceback" not in output
    assert not (tmp_path / "r.html").exists()


def test_an_undefined_name_is_told_with_its_line(small_wh: Warehouse, tmp_path: Path) -> None:
    mine = _write(
        tmp_path / "mine.j2",
        '{% extends "report.html.j2" %}\n{% block header %}\n<h1>{{ coach.name }}</h1>\n'
        "{% endblock %}\n",
    )
    out = tmp_path / "r.html"
    code, output = _report(small_wh, mine, out)
    assert code == 2, output
    assert f"error: template {mine}:3: 'coach' is undefined" in output
    assert "<h1>{{ coach.name }}</h1>" in output
    assert not out.exists()


def test_a_fault_in_an_included_file_names_that_file(small_wh: Warehouse, tmp_path: Path) -> None:
    mine = _write(tmp_path / "mine.j2", '<p>a</p>\n{% include "part.j2" %}\n')
    _write(tmp_path / "part.j2", "<p>b</p>\n\n<p>{{ 1 // 0 }}</p>\n")
    with pytest.raises(ReportTemplateError) as caught:
        build_report(small_wh, tmp_path / "r.html", template=mine)
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "part.j2"), 3)
    assert caught.value.reason.startswith("ZeroDivisionError")
    _write(tmp_path / "part.j2", "<p>b</p>\n{% endif %}\n")  # and when compiling
    with pytest.raises(ReportTemplateError) as caught:
        check_template(mine)
    assert (caught.value.file, caught.value.line) == (str(tmp_path / "part.j2"), 2)


def test_a_block_called_by_name_is_no_fault(tmp_path: Path) -> None:
    mine = _write(
        tmp_path / "mine.j2",
        '{% extends "report.html.j2" %}\n{% block note %}n{% endblock %}\n'
        "{% block header %}{{ self.note() }}{% endblock %}\n",
    )
    check_template(mine)  # raises nothing
    check_template(None)  # nor does the package's own


def test_a_fault_of_the_package_template_code_is_left_as_it_is() -> None:
    class Boom:
        def __html__(self) -> str:
            raise RuntimeError("a bug of ours")

    with pytest.raises(RuntimeError, match="a bug of ours"):
        render_template(None, {"title": Boom(), "paper": "a4"})


def test_the_error_pickles_with_its_fields() -> None:
    err = ReportTemplateError("mine.j2", 2, "Expected an expression", "{% if %}")
    back = pickle.loads(pickle.dumps(err))
    assert (back.file, back.line, back.reason, back.text, str(back)) == (
        err.file, err.line, err.reason, err.text, str(err),
    )  # fmt: skip

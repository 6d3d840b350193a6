"""The batch report: HTML (escaped, self-contained, opened in a real headless
Chromium when one is installed), PDF, filters, exit codes and atomic writes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.report import AUTO_LOSS_LIMIT, SECTIONS, build_report, write_atomic

REPO = Path(__file__).resolve().parents[2]
SCRIPT = "<script>alert(1)</script>"
INJ = "O'Brien\"; DROP TABLE hands; --"
SOURCE = REPO / "sample_data" / "server" / "2f192cf4cb46-0003.txt"  # 3 players, 258 hands


def write_histories(folder: Path) -> Path:
    """One sample table session (258 hands) with two players renamed to hostile names."""
    text = SOURCE.read_text(encoding="utf-8")
    text = text.replace("Trinica Dracken", SCRIPT).replace('Silo\'s "Ghost"', INJ)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "table.txt").write_text(text, encoding="utf-8")
    return folder


def build_warehouse(root: Path) -> Path:
    """A warehouse of :func:`write_histories` at ``root / "wh"``."""
    wh = root / "wh"
    Warehouse(wh).ingest([write_histories(root / "histories")], jobs=1)
    return wh


@pytest.fixture(scope="module")
def wh_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_warehouse(tmp_path_factory.mktemp("report"))


@pytest.fixture(scope="module")
def report(wh_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    out = tmp_path_factory.mktemp("out")
    html, pdf = out / "report.html", out / "report.pdf"
    result = CliRunner().invoke(
        main, ["report", "-w", str(wh_dir), "--out", str(html), "--pdf", str(pdf)]
    )
    assert result.exit_code == 0, result.output
    return html, pdf, result.output


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: dict[str, int] = {}
        self.ids: list[str] = []
        self.srcs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags[tag] = self.tags.get(tag, 0) + 1
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        for key in ("src", "href"):
            if a.get(key):
                self.srcs.append(str(a[key]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def _parse(text: str) -> _Counter:
    c = _Counter()
    c.feed(text)
    return c


def test_report_html_is_self_contained_and_complete(report: tuple[Path, Path, str]) -> None:
    html, _, output = report
    assert "8 figures" in output
    page = html.read_text(encoding="utf-8")
    doc = _parse(page)
    assert [i for i in doc.ids if i in dict(SECTIONS)] == [sid for sid, _ in SECTIONS]
    # figures: win rate, 3 net-won graphs, aggression map, positions, Ace of Skulls, Reveal
    assert doc.tags["img"] == 8
    assert all(s.startswith(("data:image/png;base64,", "#")) for s in doc.srcs)
    assert doc.tags["table"] >= 5
    assert doc.tags["script"] == 1  # the inline sort script alone; names are text
    assert "link" not in doc.tags
    text = "".join(doc.text)
    for needle in ("Skull Ace loss frequency", "Made ", "none (every hand", "VPIP", "W$SD"):
        assert needle in text


def test_report_escapes_names_from_histories(report: tuple[Path, Path, str]) -> None:
    page = report[0].read_text(encoding="utf-8")
    assert SCRIPT not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "O&#39;Brien&#34;; DROP TABLE hands; --" in page
    assert INJ not in page
    text = "".join(_parse(page).text)
    assert SCRIPT in text and INJ in text  # shown as text, not as markup


def test_report_lists_automatic_losses_with_commands(
    report: tuple[Path, Path, str], wh_dir: Path
) -> None:
    page = report[0].read_text(encoding="utf-8")
    losses = Warehouse(wh_dir).hands(skull_ace_outcome="auto_loss")
    assert len(losses) > AUTO_LOSS_LIMIT
    listed = re.findall(r">rakestats hand --warehouse \S+ (2f192cf4cb46-\d{4}-\d{6})<", page)
    assert listed == list(losses["hand_id"][:AUTO_LOSS_LIMIT])
    assert f"{len(losses)} in all" in page


def test_report_pdf(report: tuple[Path, Path, str]) -> None:
    import pdfplumber

    assert report[1].read_bytes().startswith(b"%PDF")
    with pdfplumber.open(report[1]) as pdf:
        assert len(pdf.pages) >= 8
        assert len({(p.width, p.height) for p in pdf.pages}) == 1
        assert "rakestats report" in (pdf.pages[0].extract_text() or "")


def test_report_filters_are_applied_and_shown(wh_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    args = ["report", "-w", str(wh_dir), "-o", str(out), "--player", INJ, "--game", "rake"]
    args += ["--since", "2026-01-01", "--min-hands", "10"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "1 player rows" in result.output
    page = out.read_text(encoding="utf-8")
    doc = _parse(page)
    text = "".join(doc.text)
    assert "players" in text and "2026-01-01" in text and "min_hands" in text
    assert "--min-hands 10" in text and "--player" in text
    assert "Malvery (Doc)" not in text
    assert doc.tags["img"] == 7  # one net-won graph, and the profile's


def test_report_exit_codes(wh_dir: Path, tmp_path: Path) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["report", "-w", str(tmp_path / "no"), "-o", "x.html"])
    assert missing.exit_code == 2
    assert not (tmp_path / "no").exists()
    usage = runner.invoke(main, ["report", "-w", str(wh_dir)])
    assert usage.exit_code == 2
    bad_date = runner.invoke(main, ["report", "-w", str(wh_dir), "-o", "x", "--since", "soon"])
    assert bad_date.exit_code == 2
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    failed = runner.invoke(main, ["report", "-w", str(wh_dir), "-o", str(blocker / "r.html")])
    assert failed.exit_code == 1
    assert "error" in failed.output


def test_report_of_filters_that_select_nothing_exits_4_and_writes_nothing(
    wh_dir: Path, tmp_path: Path
) -> None:
    """Filters whose values each exist but which together select no player row: the
    message and exit status of ``stats``, and no report of empty sections."""
    runner = CliRunner()
    most = int(Warehouse(wh_dir).player_stats()["hands"].max())
    filters = ["--min-hands", str(most + 1)]
    html, pdf = tmp_path / "r.html", tmp_path / "r.pdf"
    result = runner.invoke(
        main, ["report", "-w", str(wh_dir), "-o", str(html), "--pdf", str(pdf), *filters]
    )
    stats = runner.invoke(main, ["stats", "-w", str(wh_dir), *filters])
    assert (result.exit_code, stats.exit_code) == (4, 4), result.output
    assert f"the most is {most}" in result.output
    assert result.output.strip() == stats.output.strip()
    assert not html.exists() and not pdf.exists()


def test_no_progress_bar_when_piped(report: tuple[Path, Path, str]) -> None:
    output = report[2]  # the command's output to a pipe (CliRunner's)
    assert output.startswith("report: ")
    assert "step" not in output and "%|" not in output


def test_write_atomic_keeps_old_file_on_failure(tmp_path: Path) -> None:
    target = tmp_path / "report.html"
    target.write_text("old")

    def half(tmp: str) -> None:
        Path(tmp).write_text("half a rep")
        raise RuntimeError("killed")

    with pytest.raises(RuntimeError):
        write_atomic(target, half)
    assert target.read_text() == "old"
    assert os.listdir(tmp_path) == ["report.html"]
    write_atomic(target, lambda tmp: Path(tmp).write_text("new"))
    assert target.read_text() == "new"
    assert os.listdir(tmp_path) == ["report.html"]
    assert (target.stat().st_mode & 0o777) != 0o600  # not mkstemp's private mode


def test_build_report_library(wh_dir: Path, tmp_path: Path) -> None:
    steps: list[str] = []
    s = build_report(Warehouse(wh_dir), tmp_path / "r.html", step=steps.append, game="rake")
    assert s.pdf is None and s.rows == 3 and s.figures == 8
    assert steps[0] == "statistics" and steps[-1] == "write"


def _chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


@pytest.mark.skipif(_chromium() is None, reason="no Chromium found (apt-get install chromium)")
def test_report_in_headless_chromium(report: tuple[Path, Path, str], tmp_path: Path) -> None:
    html = report[0]
    cmd = [
        str(_chromium()),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--dump-dom",
        html.resolve().as_uri(),
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = _parse(done.stdout)
    assert dom.tags.get("img", 0) + dom.tags.get("svg", 0) == 8
    assert dom.tags.get("table", 0) >= 5
    assert dom.tags.get("script") == 1
    text = "".join(dom.text)
    assert "rakestats report" in text and "The Ace of Skulls" in text
    assert SCRIPT in text  # the hostile name is text in the rendered page


def test_a_player_named_for_a_profile_without_hands_is_said(wh_dir: Path, tmp_path: Path) -> None:
    """A profile asked for a player with no hands within the filters is not dropped in
    silence: the report's profiles section and the summary line name the player."""
    wh = Warehouse(wh_dir)
    real = str(wh.player_stats().sort_values("hands")["player"].iloc[-1])
    out = tmp_path / "r.html"
    summary = build_report(wh, out, profiles=[real, "Nobody Here"])
    assert (summary.profiles, summary.unprofiled) == (1, ("Nobody Here",))
    assert "no profile for Nobody Here: no hands within the filters" in summary.line()
    text = _parse(out.read_text(encoding="utf-8"))
    words = " ".join(" ".join(text.text).split())
    assert "No profile for Nobody Here: no hands within the filters." in words
    assert "player profiles" in words.lower()
    # all named players profiled: no such note
    build_report(wh, out, profiles=[real])
    assert "No profile for" not in out.read_text(encoding="utf-8")
    # one name, not a list: that player (it was read letter by letter)
    one = build_report(wh, out, profiles=real)
    assert (one.profiles, one.unprofiled) == (1, ())
    with pytest.raises(ValueError, match="profiles must be a number of players"):
        build_report(wh, out, profiles=-1)  # it made no profile, and said nothing
    # a count taken from a frame is numpy's: it was read as names ('not iterable')
    assert build_report(wh, out, profiles=np.int64(1)).profiles == 1
    for wrong in (True, np.True_, np.int64(-1)):
        with pytest.raises(ValueError, match="profiles must be a number of players"):
            build_report(wh, out, profiles=wrong)  # type: ignore[arg-type]

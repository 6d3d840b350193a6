"""``rakestats --version`` says whether the ingest's hot modules run compiled, and why
not when they do not (``rakestats._speedups.status``)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import rakestats._speedups as speedups
from rakestats import __version__
from rakestats.build_info import core_status
from rakestats.cli._group import main


def test_status_names_every_hot_module_once() -> None:
    s = speedups.status()
    assert sorted(s.compiled + s.pure) == sorted(speedups.HOT.values())
    assert len(s.reasons) == len(s.pure)
    assert all(s.reasons)


def test_a_compiled_module_counts_only_while_its_sources_are_current(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = speedups.status()
    monkeypatch.setattr(speedups, "_digest", "0" * 64)  # as if a source had been edited
    after = speedups.status()
    assert after.compiled == ()
    if before.compiled:  # a build with a compiler: its copies are now stale
        assert "built from older sources" in str(after)
    assert str(after).startswith("pure Python: ")


def test_the_environment_turns_the_compiled_modules_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAKESTATS_PURE_PYTHON", "1")
    s = speedups.status()
    assert s.compiled == ()
    assert str(s) == "pure Python: turned off by RAKESTATS_PURE_PYTHON"


def test_version_prints_the_version_and_the_status() -> None:
    result = CliRunner().invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines == [f"rakestats, version {__version__}", f"ingest core: {core_status()}"]


def test_version_says_pure_python_when_turned_off() -> None:
    result = CliRunner(env={"RAKESTATS_PURE_PYTHON": "1"}).invoke(main, ["--version"])
    assert result.exit_code == 0, result.output
    assert (
        result.output.splitlines()[1]
        == "ingest core: pure Python: turned off by RAKESTATS_PURE_PYTHON"
    )

"""Suite-wide settings: which tests are long (``slow``).

``make test`` runs the suite without the slow tests (a few minutes at most on two
cores); ``make test-all`` and CI run everything. A test is slow when it kills
processes, fuzzes, simulates a calibration run, starts a Dask cluster, a notebook
kernel, a browser or a PDF renderer, or replays every sample hand: the list below names
them in one place, with a test file's own ``pytestmark = pytest.mark.slow`` as the
other way.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from rakestats import Warehouse
from rakestats.report import STEPS, build_report
from tests._hypothesis import QUICK_EXAMPLES

DATA = Path(__file__).resolve().parent / "data"

# An ingest under 16 MiB with ``jobs`` above 1 runs in the calling process (starting
# workers would cost more than they gain). The suite's inputs are all that small, and
# its ``jobs=2`` tests are there to exercise the workers: for them (and for the
# processes they start) a pool is started whenever there are two units.
# tests/warehouse/test_pool_threshold.py checks the default.
os.environ["RAKESTATS_POOL_MIN_BYTES"] = "0"

# ``make test`` runs the property tests with fewer examples (``tests/_hypothesis.py``);
# ``make test-all`` with the default profile's.
settings.register_profile("quick", max_examples=QUICK_EXAMPLES)

# Whole files, and single tests ("file::name" prefixes), that take more than a few
# seconds each.
_SLOW_FILES = {
    "test_crash_safety.py",
    "test_distributed.py",
    "test_fuzz_ingest.py",
    "test_fuzz_parse.py",
    "test_hand_source.py",
    "test_hardening_concurrency.py",
    "test_hardening_kill.py",
    "test_notebooks.py",
    "test_report_layout.py",
    "test_report_out_pdf.py",
    "test_report_stud_rooms.py",  # every room's report; quick: test_report_razz.py
    "test_stats_sim.py",
    "test_write_failures.py",
}
_SLOW_TESTS = (
    "test_demo.py::test_demo_runs_twice",
    "test_parse_lean.py::test_every_written_hand_takes_the_lean_path",
    "test_parse_lean.py::test_a_mutated_hand_is_refused",
    "test_workers_callers.py::test_readme_example",
    "test_workers_callers.py::test_dask_local_cluster",
    "test_workers_callers.py::test_simulator_jobs",
    "test_views_merge.py::test_views_in_any_order",
    "test_views_merge.py::test_a_kill_between",
    "test_memory_bounds.py::",
    "test_report.py::test_report_in_headless_chromium",
    "test_report_razz.py::test_razz_pdf",
    "test_plots_text.py::test_report_renders_names_as_written",
    "test_plots_text.py::test_report_cli_with_a_dollar_name_filter",
    "test_progress.py::test_long_commands_draw_a_bar_on_a_terminal",
    "test_progress.py::test_progress_true_in_jupyter_shows_a_bar",
    "test_razz_evaluator.py::test_pokerkit_best_of_seven_end_to_end",
    "test_cli_startup.py::test_the_package_type_checks_for_windows",
    "test_live_folders.py::test_cli_watch",
    "test_live_folders.py::test_watch_follows",
    "test_rollup_parts.py::test_any_ingest_order_gives_the_raw_figures",
    "test_rollup_parts.py::test_parts_without_a_rollup_are_rolled_up_by_the_query",
    # Dask and a kill: the other write paths' rollups are checked in the quick run
    "test_rollup_parts.py::test_dask_ingest_commits_the_rollups",
    "test_rollup_parts.py::test_a_commit_killed_before_its_snapshot_leaves_no_rollup",
    # quick: test_a_deleted_rollup_file_is_rolled_up_again
    "test_rollup_parts.py::test_a_rollup_of_another_version_is_not_used",
    # quick: test_mixed_report_keeps_games_apart
    "test_report_razz.py::test_report_game_filter",
    # quick: test_views_in_one_ingest_equal_the_server_view
    "test_views_merge.py::test_server_view_after_player_views_changes_nothing_but_the_view",
    # quick: test_stud8_halves_at_pokerstars, test_quartered_and_scooped_pots
    "test_stats_stud_rooms.py::test_halves_of_every_stud8_pot_agree_with_the_rules",
    # quick: test_report.py::test_report_escapes_names_from_histories
    "test_hardening_injection.py::test_html_report_escapes_hostile_names",
    # quick: test_report_net_won_figure_is_in_antes_for_several_stakes (its figure)
    "test_money_display.py::test_report_of_several_stakes_renders",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        name = item.nodeid.split("/")[-1]
        if name.split("::", 1)[0] in _SLOW_FILES or name.startswith(_SLOW_TESTS):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def stud_rooms(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """One warehouse of every room's stud histories (``tests/data/stud`` and
    ``tests/data/razz``), shared by the tests that only read it."""
    w = Warehouse(tmp_path_factory.mktemp("stud-rooms") / "wh")
    summary = w.ingest([DATA / "stud", DATA / "razz"])
    assert summary.ingested > 250
    return w


@pytest.fixture(scope="session")
def sample_rake(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """A warehouse of ``sample_data/`` (Rake, server and player views), shared by the
    tests that only read it."""
    w = Warehouse(tmp_path_factory.mktemp("sample-rake") / "wh")
    assert w.ingest([DATA.parent.parent / "sample_data"]).ingested > 2000
    return w


@pytest.fixture(scope="session")
def stars_razz(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """A warehouse of the real PokerStars Razz histories alone (``tests/data/razz/stars``)."""
    w = Warehouse(tmp_path_factory.mktemp("stars-razz") / "wh")
    assert w.ingest([DATA / "razz" / "stars"]).ingested > 0
    return w


@pytest.fixture(scope="session")
def razz_rooms(tmp_path_factory: pytest.TempPathFactory) -> Warehouse:
    """One warehouse of the real PokerStars and PHH Razz histories (15 hands), shared
    by the tests that only read it."""
    w = Warehouse(tmp_path_factory.mktemp("razz") / "wh")
    summary = w.ingest([DATA / "razz" / "stars", DATA / "razz" / "phh"], jobs=1)
    assert summary.ingested == 15 and summary.quarantined == 0
    return w


@pytest.fixture(scope="session")
def razz_report(razz_rooms: Warehouse, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The HTML report of :func:`razz_rooms` (labelled ``wh``)."""
    out = tmp_path_factory.mktemp("razz-report")
    steps: list[str] = []
    summary = build_report(razz_rooms, out / "r.html", warehouse="wh", step=steps.append)
    assert steps == list(STEPS)
    # win rate, net won of the 4 players with most hands, aggression map, 3rd street,
    # aggression by street
    assert summary.figures == 8 and summary.rows == 20
    assert summary.pdf is None  # (rendering one takes seconds: test_razz_pdf does)
    return summary.html.read_text(encoding="utf-8")

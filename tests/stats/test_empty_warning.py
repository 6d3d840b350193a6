"""An empty result is never silent in the library either: the statistics warn
``EmptyResultWarning`` with the reasons the command line prints (exit 4), attributed to
the analyst's line; ``quiet_empty`` silences a block; the report and the commands, which
say it their own way, do not repeat it."""

from __future__ import annotations

import threading
import warnings
from pathlib import Path

import pytest
from click.testing import CliRunner

from rakestats import Warehouse
from rakestats.cli import main
from rakestats.report import build_report
from rakestats.stats import STUD_GAMES, EmptyResultWarning, quiet_empty
from tests._warehouses import all_quarantined
from tests.stats.test_stats_filters import METHODS


def _reasons(call: object) -> list[tuple[str, ...]]:
    """The reasons of each EmptyResultWarning that ``call()`` warns."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call()  # type: ignore[operator]
    return [w.message.reasons for w in caught if isinstance(w.message, EmptyResultWarning)]


def test_a_player_never_seen(sample_rake: Warehouse) -> None:
    with pytest.warns(EmptyResultWarning) as caught:
        df = sample_rake.player_stats(player="grist")
    assert df.empty and "player" in df.columns
    miss = sample_rake.unmatched_filters(player="grist")
    assert caught[0].message.reasons == (miss[0].message,)  # type: ignore[union-attr]
    assert str(caught[0].message).startswith("no player 'grist'; did you mean")
    # attributed to this line, not to a line of rakestats
    assert caught[0].filename == __file__


def test_each_miss_is_a_reason(sample_rake: Warehouse) -> None:
    (reasons,) = _reasons(lambda: sample_rake.player_stats(player="grist", ante=15))
    assert reasons == tuple(
        m.message for m in sample_rake.unmatched_filters(player="grist", ante=15)
    )
    assert len(reasons) == 2


@pytest.mark.parametrize("method", [*METHODS, "net_units", "coverage"])
def test_every_statistic_warns_when_empty(sample_rake: Warehouse, method: str) -> None:
    call = getattr(sample_rake.statistics, method)
    within = STUD_GAMES if method == "stud_stats" else None
    expected = tuple(
        m.message for m in sample_rake.unmatched_filters(since="2099-01-01", within=within)
    )
    assert expected[0].startswith("no hands since 2099-01-01; the nearest hands: 2026-")
    assert _reasons(lambda: call(since="2099-01-01")) == [expected]


def test_results_with_rows_do_not_warn(sample_rake: Warehouse) -> None:
    assert _reasons(lambda: sample_rake.player_stats(min_hands=1)) == []
    assert _reasons(lambda: sample_rake.hands(limit=3)) == []
    assert sample_rake.hands(limit=0).empty  # none asked for: nothing to explain
    assert _reasons(lambda: sample_rake.hands(limit=0)) == []


def test_the_games_a_result_covers(sample_rake: Warehouse, stars_razz: Warehouse) -> None:
    assert _reasons(sample_rake.stud_stats) == [
        ("no stud hands in the warehouse (it has Rake hands only)",)
    ]
    assert [m.message for m in sample_rake.unmatched_filters(within=STUD_GAMES)] == [
        "no stud hands in the warehouse (it has Rake hands only)"
    ]
    assert _reasons(stars_razz.pickup_stats) == [
        ("no Rake hands in the warehouse (it has Razz hands only)",)
    ]


def test_values_that_exist_but_select_nothing_together(sample_rake: Warehouse) -> None:
    stats = sample_rake.player_stats()
    one = stats.sort_values("hands")["player"].iloc[0]
    sizes = sample_rake.table_sizes(player=one)["table_size"]
    absent = next(n for n in range(2, 9) if n not in set(sizes))
    assert 2 <= absent <= 8 and absent in set(sample_rake.table_sizes()["table_size"])
    assert _reasons(lambda: sample_rake.player_stats(player=one, table_size=absent)) == [
        ("no hands match the filters together (each value exists on its own)",)
    ]
    assert _reasons(lambda: sample_rake.hands(player=one, table_size=absent, outcome="won")) == [
        ("no hands match the filters and the selection together",)
    ]


def test_min_hands_above_everyone(sample_rake: Warehouse) -> None:
    most = int(sample_rake.player_stats()["hands"].max())
    assert _reasons(lambda: sample_rake.player_stats(min_hands=most + 1)) == [
        (f"no player has {most + 1} hands or more within the filters (the most is {most})",)
    ]


def test_hand_ids_in_no_hand(sample_rake: Warehouse) -> None:
    assert _reasons(lambda: sample_rake.hands(hand_id=["nope", "nada"])) == [
        ("no hand 'nope', 'nada' in the warehouse",)
    ]


def test_an_empty_warehouse_and_one_of_quarantined_hands(tmp_path: Path) -> None:
    empty = Warehouse(tmp_path / "empty")
    empty.ingest([])
    assert _reasons(empty.player_stats) == [("no hands: the warehouse is empty",)]
    held = all_quarantined(tmp_path)
    assert _reasons(held.hands) == [
        (
            "no hands: the warehouse holds none that passed validation "
            "(6 quarantined: Warehouse.quarantine() lists them)",
        )
    ]


def test_quiet_empty_silences_a_block_and_only_it(sample_rake: Warehouse) -> None:
    def quiet() -> None:
        with quiet_empty():
            assert sample_rake.player_stats(player="grist").empty
            with quiet_empty():
                pass
            sample_rake.player_stats(player="grist")  # still quiet after the inner block

    assert _reasons(quiet) == []
    assert len(_reasons(lambda: sample_rake.player_stats(player="grist"))) == 1


def test_quiet_in_one_thread_is_not_quiet_in_another(sample_rake: Warehouse) -> None:
    inside, release = threading.Event(), threading.Event()

    def hold_quiet() -> None:
        with quiet_empty():
            inside.set()
            release.wait(30)

    t = threading.Thread(target=hold_quiet)
    t.start()
    try:
        assert inside.wait(30)
        assert len(_reasons(lambda: sample_rake.player_stats(player="grist"))) == 1
    finally:
        release.set()
        t.join()


def test_the_report_warns_once_and_its_sections_not_at_all(
    sample_rake: Warehouse, tmp_path: Path
) -> None:
    every = _reasons(lambda: build_report(sample_rake, tmp_path / "r.html", pdf=None))
    assert every == []  # a Rake warehouse: the stud section is empty, and says so itself
    none = _reasons(
        lambda: build_report(sample_rake, tmp_path / "n.html", pdf=None, player="grist")
    )
    assert len(none) == 1 and none[0][0].startswith("no player 'grist'")


def test_the_command_line_says_it_once(sample_rake: Warehouse, tmp_path: Path) -> None:
    """The commands print why nothing matched (exit 4); the library's warning, which
    says the same, is not printed before it as a `warning:` line."""
    out = CliRunner().invoke(main, ["stats", "-w", str(sample_rake.path), "--player", "grist"])
    assert out.exit_code == 4
    assert out.stderr.splitlines()[0].startswith("no player 'grist'; did you mean")
    # values that exist but select nothing together: the query itself comes back empty
    one = sample_rake.player_stats().sort_values("hands")["player"].iloc[0]
    sizes = set(sample_rake.table_sizes(player=one)["table_size"])
    absent = str(next(n for n in range(2, 9) if n not in sizes))
    together = ["--player", one, "--table-size", absent]
    for args in (
        ["stats", *together],
        ["stats", "--min-hands", "100000"],
        ["hands", *together],
        ["report", *together, "--out", str(tmp_path / "r.html")],
    ):
        out = CliRunner().invoke(main, [args[0], "-w", str(sample_rake.path), *args[1:]])
        assert out.exit_code == 4, (args, out.output)
        assert len(out.stderr.splitlines()) == 1 and "warning" not in out.stderr, args

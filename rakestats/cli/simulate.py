"""``rakestats simulate``: play Rake tables with bots and write their hand histories."""

from __future__ import annotations

import click

from rakestats.cli._common import echo, not_written, progress_bar
from rakestats.cli._group import main
from rakestats.sim.runner import simulate

__all__ = ["simulate_command"]


def _fee_cap(text: str) -> int | None:
    if text.strip().lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise click.BadParameter(
            f"expected a whole number of antes or 'none', got {text!r}",
            param_hint="'--fee-cap'",
        ) from None


@main.command("simulate")
@click.option("--hands", type=click.IntRange(min=1), required=True, help="Total hands to play.")
@click.option("--players", required=True, help="Players per table: a number (6) or a range (2-8).")
@click.option("--seed", type=int, required=True, help="Random seed; same seed, same bytes.")
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Output directory.")
@click.option(
    "--view",
    type=click.Choice(["server", "player", "both"]),
    default="server",
    show_default=True,
    help="Server log (one file per session), players' logs (one file per seat), or both "
    "(the same hands in OUT/server/ and OUT/player/).",
)
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Worker processes; the output does not depend on it.")  # fmt: skip
@click.option("--house-fee", default="5", show_default=True,
              help="House fee in percent of the pot (5 or 5%); 0 turns it off.")  # fmt: skip
@click.option("--fee-cap", default="2", show_default=True,
              help="Cap on the house fee, in antes; 'none' for no cap.")  # fmt: skip
def simulate_command(
    hands: int,
    players: str,
    seed: int,
    out: str,
    view: str,
    jobs: int,
    house_fee: str,
    fee_cap: str,
) -> None:
    """Play HANDS hands of Rake between bots and write the hand histories to OUT,
    with the simulated truth (each player's style and counts) in OUT/players.json.

    \b
    Example: rakestats simulate --hands 5000 --players 2-8 --seed 7 --out sim --jobs 2
    """
    try:
        with progress_bar("simulate", total=hands, unit="hand") as bar:
            summary = simulate(
                hands, players, seed, out, view=view, jobs=jobs, house_fee=house_fee,
                fee_cap=_fee_cap(fee_cap), progress=lambda done: bar.total_is(hands, done),
            )  # fmt: skip
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    except OSError as err:
        not_written(out, err)
    echo(
        f"run {summary.run_id}: {summary.hands} hands at {summary.tables} "
        f"table{'s' if summary.tables != 1 else ''}, "
        f"{len(summary.files)} history files and {summary.truth.name} in {out}"
    )

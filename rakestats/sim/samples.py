"""The committed sample data: a server-view run and a players'-view run.

``rakestats sample-data --out sample_data`` (``make sample-data``) calls
:func:`write_sample_data`; a test checks that it reproduces sample_data/ byte for byte.
The two runs have different seeds, so no hand appears in both views.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rakestats.sim.runner import TRUTH_FILE, SimulationSummary, run_of, simulate

__all__ = ["SAMPLE_RUNS", "SampleRun", "sample_data_dir", "write_sample_data"]


@dataclass(frozen=True, slots=True)
class SampleRun:
    subdir: str
    hands: int
    players: str
    seed: int
    view: str


SAMPLE_RUNS: tuple[SampleRun, ...] = (
    SampleRun("server", hands=2000, players="2-8", seed=2037, view="server"),
    SampleRun("player", hands=250, players="2-3", seed=2027, view="player"),
)

_README = """\
# Sample hand histories

Simulated Rake hand histories in the rakestats format (docs/hand-history-format.md),
made by `rakestats sample-data --out sample_data` (`make sample-data`); see
docs/simulator.md. Do not edit: a test regenerates them and compares the bytes.

{runs}
Each directory holds one history file per table session (`server/`) or per seat per
session (`player/`, named `...-seat<N>.txt`), and `players.json`, the simulated truth:
each player's style, its parameters and their simulated counts.
"""


def _describe(run: SampleRun, summary: SimulationSummary) -> str:
    return (
        f"- `{run.subdir}/`: {summary.hands} hands, {run.view} view, {run.players} players "
        f"per table, {summary.tables} table session(s), seed {run.seed}, run `{summary.run_id}`.\n"
    )


def _earlier_sample(root: Path) -> list[Path]:
    """The files of sample data written earlier under ``root`` (none when it is new or
    empty). Raises ValueError, before anything is removed, when ``root`` holds anything
    else: another folder's histories are never replaced."""
    if not root.exists():
        return []
    if not root.is_dir():
        raise ValueError(f"{root} is a file, not a folder: name a new or empty folder")
    entries = sorted(root.iterdir())
    if not entries:
        return []
    readme = root / "README.md"
    try:
        ours = readme.read_text(encoding="utf-8").startswith(_README.split("\n", 1)[0])
    except (OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        raise ValueError(
            f"{root} is not empty and holds no sample data (no README.md of the sample "
            "data): name a new or empty folder; nothing was written"
        )
    earlier = [readme]
    others = [p for p in entries if p.name not in {"README.md", *(r.subdir for r in SAMPLE_RUNS)}]
    for run in SAMPLE_RUNS:
        sub = root / run.subdir
        if not sub.is_dir():
            continue
        rid = run_of(sub / TRUTH_FILE)
        for p in sorted(sub.iterdir()):
            mine = p.name == TRUTH_FILE or (
                bool(rid) and p.name.startswith(f"{rid}-") and p.suffix == ".txt"
            )
            (earlier if mine else others).append(p)
    if others:
        more = f" and {len(others) - 1} more" if len(others) > 1 else ""
        raise ValueError(
            f"{root} holds sample data and files that are not of it ({others[0]}{more}): "
            "they would be mixed with it; move them, or name a new or empty folder; "
            "nothing was written"
        )
    return earlier


def write_sample_data(out: str | Path) -> tuple[SimulationSummary, ...]:
    """Write the sample runs under ``out``, replacing the sample data written there
    earlier. A folder holding anything else is refused (ValueError) before anything is
    written or removed."""
    root = Path(out)
    for old in _earlier_sample(root):
        if old.is_file():
            old.unlink()
    summaries = []
    lines = []
    for run in SAMPLE_RUNS:
        target = root / run.subdir
        summary = simulate(run.hands, run.players, run.seed, target, view=run.view)
        summaries.append(summary)
        lines.append(_describe(run, summary))
    text = _README.format(runs="".join(lines))
    (root / "README.md").write_text(text, encoding="utf-8", newline="\n")
    return tuple(summaries)


def _checkout_copy() -> Path | None:
    """sample_data/ of the source checkout rakestats runs from, if it does."""
    here = Path(__file__).resolve().parents[2] / "sample_data"
    ok = (here / "README.md").is_file() and all((here / r.subdir).is_dir() for r in SAMPLE_RUNS)
    return here if ok else None


def sample_data_dir(path: str | os.PathLike[str] | None = None) -> Path:
    """The sample histories, wherever rakestats is installed.

    In order: ``path`` when given (written there if it holds no sample data yet); the
    folder named by ``RAKESTATS_SAMPLE_DATA`` (:class:`FileNotFoundError` when there is
    none such: it is read, never written); the repository's sample_data/ when
    rakestats runs from a checkout; else a copy made by the simulator (byte for byte the
    committed one, see :func:`write_sample_data`) in the user's cache folder
    (``$XDG_CACHE_HOME/rakestats`` or ``~/.cache/rakestats``), made once. Nothing is
    downloaded.
    """
    if path is None:
        env = os.environ.get("RAKESTATS_SAMPLE_DATA", "").strip()
        if env:
            if not Path(env).exists():
                raise FileNotFoundError(
                    f"RAKESTATS_SAMPLE_DATA names {env!r}, which does not exist "
                    "(unset it for the sample data rakestats finds or makes)"
                )
            return Path(env)
        found = _checkout_copy()
        if found is not None:
            return found
        cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        from rakestats._version import __version__

        path = cache / "rakestats" / f"sample_data-{__version__}"
    target = Path(path)
    if (target / "README.md").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    # written aside and moved into place: a reader never sees half a folder
    work = Path(tempfile.mkdtemp(prefix=".sample_data-", dir=target.parent))
    try:
        write_sample_data(work)
        try:
            os.replace(work, target)
        except OSError:
            if not (target / "README.md").is_file():  # not made meanwhile by another run
                raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target

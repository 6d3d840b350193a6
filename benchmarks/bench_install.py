"""How long ``pip install .`` takes in a fresh virtual environment, compile included.

The tracked files of this checkout are copied to a new scratch folder for each install
(so no build left over in a tree is reused), and each install goes into a new venv with
pip's cache of dependency wheels as it is (the target assumes them cached). The
baseline, in the same run, is the pure-Python install (``RAKESTATS_PURE_PYTHON=1``): the
difference is the compile. Target: the compiled install in at most 60 s wall on two
cores, and its hot modules really compiled.

    python benchmarks/bench_install.py [--rounds 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_S = 60.0
_CHECK = (
    "import rakestats.formats.rake._lean as m; from rakestats._speedups import compiled; "
    "print(compiled(m) is not None)"
)


def _copy_tree(dest: Path) -> None:
    """The tracked files of the checkout, as they are in the working tree."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.split(b"\0")
    for raw in files:
        if not raw:
            continue
        rel = Path(os.fsdecode(raw))
        src = ROOT / rel
        if not src.is_file():
            continue
        out = dest / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(src.read_bytes())


def _install(tree: Path, venv: Path, pure: bool) -> tuple[float, bool]:
    """Seconds of ``pip install tree`` into a new venv, and whether the hot modules are
    compiled there."""
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = dict(os.environ)
    env.pop("RAKESTATS_PURE_PYTHON", None)
    if pure:
        env["RAKESTATS_PURE_PYTHON"] = "1"
    start = time.perf_counter()
    subprocess.run(
        [str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(tree)],
        check=True,
        env=env,
        cwd=venv,
    )
    took = time.perf_counter() - start
    check = subprocess.run(
        [str(py), "-c", _CHECK], check=True, capture_output=True, text=True, cwd=venv
    )
    return took, check.stdout.strip() == "True"


def _runs(seconds: list[float]) -> str:
    return ", ".join(f"{x:.1f}" for x in seconds)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1, help="installs of each kind")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="rakestats-bench-install-") as tmp:
        compiled_s: list[float] = []
        pure_s: list[float] = []
        ok = True
        for k in range(args.rounds):
            # a fresh copy each time: a second build in one tree reuses the first's
            # objects in build/ and compiles nothing
            for pure, runs in ((False, compiled_s), (True, pure_s)):
                tree = Path(tmp) / f"src-{int(pure)}{k}"
                _copy_tree(tree)
                took, is_compiled = _install(tree, Path(tmp) / f"venv-{int(pure)}{k}", pure)
                runs.append(took)
                ok = ok and (pure or is_compiled)
    best_c, best_p = min(compiled_s), min(pure_s)
    print(f"machine: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    print(f"pip install . (compiled):  {best_c:6.1f} s wall  (runs: {_runs(compiled_s)})")
    print(f"baseline, pure Python:     {best_p:6.1f} s wall  (runs: {_runs(pure_s)})")
    print(f"ratio compiled / pure:     {best_c / best_p:6.2f}")
    print(f"hot modules compiled:      {'yes' if ok else 'NO'}")
    verdict = "PASS" if best_c <= TARGET_S and ok else "FAIL"
    print(f"target: compiled install <= {TARGET_S:.0f} s wall: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

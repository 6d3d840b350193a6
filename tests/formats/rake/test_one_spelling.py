"""The Rake text is spelled in one place (``formats/rake/_text.py``).

The writer, the fast validator and the full checker all take the lines from that
module, so words changed there are changed for all of them: a copy of the package with
other words writes hands that both readers accept, and names a broken hand's line in
the new words. A second test keeps the format's literal text out of the other modules.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

from rakestats.formats.rake import _text

PACKAGE = Path(_text.__file__).resolve().parents[2]  # the rakestats package
RAKE = PACKAGE / "formats" / "rake"

# (old, new): words of the format, each changed in _text.py only
WORDS = [
    ("posts the ante", "antes up"),
    (" collected ", " takes "),
    ("collected (", "took ("),
    ("folds", "passes"),
    (" and is all-in", " (all in)"),
    ("picks up", "draws"),
    ("'up' if face_up", "'showing' if face_up"),
    ("*** REVEAL ***", "*** SHOWDOWN ***"),
    ("BETTING ROUND", "ROUND OF BETS"),
    ("Total pot", "All chips"),
    ("automatic", "instant"),
    ("folded in the", "gave up in the"),
    ("Dealt to", "Cards for"),
    ("in chips", "chips"),
]

SCRIPT = """
import sys
from collections import Counter
from pathlib import Path
from rakestats.columns import HandColumns
from rakestats.formats import iter_file, scan_file
from rakestats.records import QuarantineRecord
from rakestats.sim import simulate

out = Path(sys.argv[1])
simulate(40, "2-6", 3, out / "server", jobs=1)
simulate(10, "3-4", 4, out / "player", view="player", jobs=1)
files = sorted(out.rglob("*.txt"))
kinds = Counter(type(r).__name__ for f in files for r in iter_file(f))
cols = HandColumns()
cols.declined = {}
stored = sum(not isinstance(r, QuarantineRecord) for f in files for r in scan_file(f, cols))
text = "".join(f.read_text(encoding="utf-8") for f in files)
(out / "written.txt").write_text(text, encoding="utf-8")
# a hand with one summary line changed: its seat
lines = text.split("\\n\\n\\n")[0].split("\\n")
lines[-1] = lines[-1].replace(" ", "0 ", 1)
(out / "broken.txt").write_text("\\n".join(lines) + "\\n", encoding="utf-8")
[q] = list(iter_file(out / "broken.txt"))
print(kinds["HandRecord"], kinds["QuarantineRecord"], stored, sum(cols.declined.values()))
print(q.reason if isinstance(q, QuarantineRecord) else "accepted")
"""


def test_words_changed_in_the_one_module_change_every_reader(tmp_path: Path) -> None:
    copy = tmp_path / "pkg" / "rakestats"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "*.so", "c_*.py"))
    text_py = copy / "formats" / "rake" / "_text.py"
    source = text_py.read_text(encoding="utf-8")
    for old, new in WORDS:
        assert old in source, old
        source = source.replace(old, new)
    text_py.write_text(source, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy.parent), "RAKESTATS_PURE_PYTHON": "1"}
    out = tmp_path / "out"
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(out)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    counts, reason = run.stdout.splitlines()
    # every hand written in the new words is read by both paths, none declined
    records, quarantined, stored, declined = map(int, counts.split())
    assert records == stored >= 50 and quarantined == declined == 0, counts
    written = (out / "written.txt").read_text(encoding="utf-8")
    for old, _ in WORDS:
        assert old.strip() not in written, old
    for new in ("antes up", " takes ", "took (", "passes", "draws", "face showing", "SHOWDOWN"):
        assert new in written, new
    for new in ("ROUND OF BETS", "All chips", "gave up in the", "Cards for", " chips)"):
        assert new in written, new
    # a broken hand is named in the new words
    assert reason.startswith("line ") and "unexpected line 'Seat0 " in reason, reason
    assert "expected 'Seat " in reason, reason


def _literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    doc = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in doc
    ]


def test_no_other_module_of_the_format_spells_its_lines() -> None:
    fragments = [
        ": posts the ante",
        "*** ",
        "Dealt to ",
        ": folds",
        ": checks",
        ": calls ",
        ": bets ",
        ": raises ",
        " and is all-in",
        "Uncalled bet (",
        "Face up: ",
        "Face down: ",
        ": picks up ",
        ": shows [",
        " with the Ace of Skulls",
        " collected ",
        "side pot-",
        "Total pot ",
        "| House fee ",
        "folded in the ",
        "showed [",
        " in chips)",
        "Rake Hand #",
        "House fee: ",
        "View: ",
    ]
    for path in sorted(RAKE.glob("*.py")):
        if path.name == "_text.py":
            continue
        for literal in _literals(path):
            found = [f for f in fragments if f in literal]
            assert not found, (path.name, literal)

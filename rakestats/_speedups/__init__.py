"""Compiled copies of the ingest's hot modules, when the build could make them.

At install time ``setup.py`` copies each module named in :data:`HOT` here (their
imports of one another pointed at the copies) and compiles the copies together with
mypyc (a C compiler is needed; without one rakestats installs as pure Python). Each
copy records the SHA-256 of the sources it was made from, and :func:`load` uses it only
while those sources are unchanged, so an edited module is never shadowed by a stale
build. ``RAKESTATS_PURE_PYTHON=1`` turns the compiled copies off.

>>> import rakestats.formats.rake._lean as lean
>>> load(lean).lean_hand.__name__
'lean_hand'
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

__all__ = ["HOT", "CoreStatus", "compiled", "copy_source", "load", "source_digest", "status"]

# module name here -> the source module it is compiled from
HOT = {
    "c_rake_lean": "rakestats.formats.rake._lean",
    "c_rake_lean_play": "rakestats.formats.rake._lean_play",
    "c_rake_lean_state": "rakestats.formats.rake._lean_state",
    "c_rake_text": "rakestats.formats.rake._text",
    "c_rake_fast": "rakestats.formats.rake._fast",
    "c_betting_rules": "rakestats.rake.betting_rules",
    "c_rake_showdown": "rakestats.rake.showdown",
    "c_rake_evaluator": "rakestats.rake.evaluator",
    "c_betting_pots": "rakestats.betting.pots",
    "c_betting_order": "rakestats.betting.rules",
    "c_stud_lean": "rakestats.formats.stud._lean",
    "c_stud_lean_text": "rakestats.formats.stud._lean_text",
    "c_stud_lean_bet": "rakestats.formats.stud._lean_bet",
    "c_stud_lean_play": "rakestats.formats.stud._lean_play",
    "c_stud_lean_end": "rakestats.formats.stud._lean_end",
    "c_stud_lean_record": "rakestats.formats.stud._lean_record",
    "c_stud_lean_rules": "rakestats.formats.stud._lean_rules",
}
_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the rakestats package
_digest: str | None = None


def _source(module: str, root: Path) -> Path:
    return root.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_digest(root: Path = _PACKAGE_DIR) -> str:
    """SHA-256 over the sources of every module in :data:`HOT` (``root``: the package)."""
    h = hashlib.sha256()
    for module in sorted(HOT.values()):
        h.update(module.encode() + b"\0" + _source(module, root).read_bytes() + b"\0")
    return h.hexdigest()


def copy_source(name: str, root: Path = _PACKAGE_DIR) -> str:
    """The text of the copy of ``HOT[name]`` to compile: its imports of the other hot
    modules point at their copies, and it records :func:`source_digest`."""
    text = _source(HOT[name], root).read_text(encoding="utf-8")
    for other, module in HOT.items():
        text = text.replace(f"from {module} import", f"from rakestats._speedups.{other} import")
    head = f"# Generated at build time from {HOT[name]}; do not edit.\n"
    return head + text + f'\nSOURCE_SHA256 = "{source_digest(root)}"\n'


def compiled(pure: ModuleType) -> ModuleType | None:
    """The compiled copy of ``pure`` built from its current source, or None."""
    name = next((k for k, v in HOT.items() if v == pure.__name__), None)
    if name is None:
        return None
    return _compiled(name)[0]


_NOT_BUILT = "not built (installed without a C compiler, or with RAKESTATS_PURE_PYTHON=1)"
_STALE = "built from older sources (reinstall to compile the current ones)"
_NO_SOURCES = "the sources it was built from cannot be read"
_TURNED_OFF = "turned off by RAKESTATS_PURE_PYTHON"


def _compiled(name: str) -> tuple[ModuleType | None, str]:
    """The current compiled copy named ``name`` (a key of :data:`HOT`), or None and why."""
    if os.environ.get("RAKESTATS_PURE_PYTHON"):
        return None, _TURNED_OFF
    try:
        mod = importlib.import_module(f"{__name__}.{name}")
    except Exception:  # not built, or a copy an older build left (its library lacks it)
        return None, _NOT_BUILT
    if not str(mod.__file__).endswith((".so", ".pyd")):
        return None, _NOT_BUILT
    global _digest
    if _digest is None:
        try:
            _digest = source_digest()
        except OSError:
            return None, _NO_SOURCES
    if getattr(mod, "SOURCE_SHA256", None) != _digest:
        return None, _STALE
    return mod, ""


class CoreStatus(NamedTuple):
    """Which of the hot modules (:data:`HOT`) run compiled: ``compiled`` and ``pure``
    name the source modules, ``reasons`` says why each pure one is not compiled."""

    compiled: tuple[str, ...]
    pure: tuple[str, ...]
    reasons: tuple[str, ...]

    def __str__(self) -> str:
        if not self.pure:
            return f"compiled (mypyc), {len(self.compiled)} of {len(HOT)} hot modules"
        why = "; ".join(sorted(set(self.reasons)))
        if not self.compiled:
            return f"pure Python: {why}"
        return f"partly compiled, {len(self.compiled)} of {len(HOT)} hot modules: {why}"


def status() -> CoreStatus:
    """Which hot modules run compiled, and why the others do not.

    >>> s = status()
    >>> sorted(s.compiled + s.pure) == sorted(HOT.values())
    True
    """
    done: list[str] = []
    pure: list[str] = []
    reasons: list[str] = []
    for name, module in HOT.items():
        mod, why = _compiled(name)
        if mod is not None:
            done.append(module)
        else:
            pure.append(module)
            reasons.append(why)
    return CoreStatus(tuple(done), tuple(pure), tuple(reasons))


def load(pure: ModuleType) -> ModuleType:
    """The compiled copy of ``pure`` when there is a current one, else ``pure``."""
    return compiled(pure) or pure

"""The package's shape, beside the layer contract `lint-imports` checks
(``pyproject.toml``): no import cycle between modules, and no module imports a private
module (``_name``) of a package it is not part of — a package's outside users go
through the names its ``__init__`` exports."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1] / "rakestats"


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.find_modules_directly_imported_by(v):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_import_cycle() -> None:
    graph = grimp.build_graph("rakestats", exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_private_import_across_packages() -> None:
    crossings = []
    for path in sorted(ROOT.rglob("*.py")):
        if "_speedups" in path.parts:  # generated copies of the hot modules
            continue
        importer = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.ImportFrom) and node.module):
                continue
            parts = node.module.split(".")
            if parts[0] != "rakestats":
                continue
            private = next((i for i, p in enumerate(parts) if p.startswith("_")), None)
            if private is None or parts[private].startswith("__"):
                continue
            owner = ".".join(parts[:private])
            if importer != owner and not importer.startswith(owner + "."):
                crossings.append(f"{importer} imports {node.module} (line {node.lineno})")
    assert crossings == []

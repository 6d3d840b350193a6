"""Names analysts import keep working after the readers moved to ``rakestats.formats``,
and the command line and the report stand on public names alone."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

import rakestats.formats as formats
import rakestats.parse as parse
import rakestats.sim as sim
import rakestats.sim.writer as old_writer
from rakestats.formats import rake as rake_format


def test_parse_re_exports_every_public_name_of_formats() -> None:
    assert parse.__all__ == formats.__all__
    for name in formats.__all__:
        assert getattr(parse, name) is getattr(formats, name), name


def test_the_writer_is_the_same_under_both_names() -> None:
    for name in ("HandMeta", "NameRefusedError", "format_hand", "write_hand"):
        assert getattr(old_writer, name) is getattr(rake_format, name), name
        assert getattr(sim, name) is getattr(rake_format, name), name


def _imports(package: str) -> list[tuple[str, str, list[str]]]:
    """(file, module, names) of each import in ``rakestats/<package>/*.py``."""
    import ast
    from pathlib import Path

    folder = Path(formats.__file__).resolve().parents[1] / package
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.append((path.name, node.module, [a.name for a in node.names]))
            elif isinstance(node, ast.Import):
                found += [(path.name, a.name, []) for a in node.names]
    return found


@pytest.mark.parametrize("package", ["cli", "report"])
def test_thin_edges_import_only_public_names(package: str) -> None:
    """The command line and the report are thin layers over the library's public
    surface: from another package they import no private module (``_name``), and from a
    module only the names it lists in ``__all__`` (or its public subpackages)."""
    private = []
    for file, module, names in _imports(package):
        if not module.startswith("rakestats") or module.startswith(f"rakestats.{package}"):
            continue
        if any(p.startswith("_") for p in module.split(".")[1:]):
            private.append(f"{file}: {module}")
            continue
        imported = importlib.import_module(module)
        listed = getattr(imported, "__all__", None)
        for name in names:
            if listed is None or name in listed:
                continue
            public_submodule = (
                hasattr(imported, "__path__")
                and not name.startswith("_")
                and importlib.util.find_spec(f"{module}.{name}") is not None
            )
            if not public_submodule:
                private.append(f"{file}: {module}.{name}")
    assert private == []


def test_a_private_import_is_seen() -> None:
    """The check above reads the imports it should: the report's own private modules
    are among them."""
    modules = {module for _, module, _ in _imports("report")}
    assert "rakestats.report._tables" in modules
    assert "rakestats.stats" in modules

"""Names analysts import keep working after the readers moved to ``rakestats.formats``."""

from __future__ import annotations

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


def test_the_cli_imports_only_public_names() -> None:
    """The command line is a thin layer over the library's public surface: it imports
    no private module (``_name``) of another package."""
    import ast
    from pathlib import Path

    cli = Path(formats.__file__).resolve().parents[1] / "cli"
    private = []
    for path in sorted(cli.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                parts = name.split(".")
                if name.startswith("rakestats.cli"):
                    continue
                if any(p.startswith("_") and p != "__future__" for p in parts[1:]):
                    private.append(f"{path.name}: {name}")
    assert private == []

"""The report's Jinja2 template: found, checked before any query, rendered, and every
fault in it named by file and line (:class:`ReportTemplateError`).

A template of the user's may ``{% extends "report.html.j2" %}`` (its folder is searched
first, then the package's templates). Its faults are the user's to fix, so they are
told as such: a syntax error, a file that is not UTF-8, a template it names that
does not exist, an undefined name or a failing expression while rendering — each with
the file, the line and the line's text, never a traceback through Jinja2.
"""

from __future__ import annotations

import os
import posixpath
import traceback
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import nodes

from rakestats.report._words import counted

__all__ = [
    "DEFAULT_TEMPLATE",
    "TEMPLATES",
    "ReportTemplateError",
    "check_template",
    "environment",
    "render_template",
]

TEMPLATES = Path(__file__).resolve().parent / "templates"
DEFAULT_TEMPLATE = "report.html.j2"
_PACKAGE = " (the package's template)"


class ReportTemplateError(jinja2.TemplateError):
    """A report template that cannot be read, compiled or rendered: ``file`` (as the
    caller named it; a package template is marked so), ``line`` (1-based; None when
    unknown), ``reason``, and ``text``, the line itself, shown under the message.

    >>> e = ReportTemplateError("mine.j2", 2, "Expected an expression", "{% if %}")
    >>> print(e)
    mine.j2:2: Expected an expression
        {% if %}
    >>> e.file, e.line
    ('mine.j2', 2)
    """

    def __init__(self, file: str, line: int | None, reason: str, text: str | None = None) -> None:
        self.file = file
        self.line = line
        self.reason = reason
        self.text = text
        where = f"{file}:{line}" if line is not None else file
        shown = f"\n    {text.strip()}" if text and text.strip() else ""
        super().__init__(f"{where}: {reason}{shown}")

    def __reduce__(self) -> tuple[Any, ...]:  # pickles with its fields, not its message
        return (type(self), (self.file, self.line, self.reason, self.text))


class _Names:
    """How a template file is named in an error: the user's as they named its folder,
    the package's by its name, marked."""

    def __init__(self, template: str | os.PathLike[str] | None) -> None:
        self.user_dir = None if template is None else Path(template).resolve().parent
        self.user_shown = None if template is None else os.path.dirname(os.fspath(template))

    def user_file(self, filename: str) -> bool:
        return self.user_dir is not None and _under(filename, self.user_dir)

    def __call__(self, filename: str) -> str:
        if self.user_dir is not None and _under(filename, self.user_dir):
            rel = os.path.relpath(filename, self.user_dir)
            return os.path.join(self.user_shown, rel) if self.user_shown else rel
        if _under(filename, TEMPLATES):
            return os.path.relpath(filename, TEMPLATES) + _PACKAGE
        return filename


def _under(filename: str, folder: Path) -> bool:
    try:
        Path(filename).resolve().relative_to(folder)
    except ValueError:
        return False
    return True


class _Loader(jinja2.FileSystemLoader):
    """Jinja2's file loader, whose files that are not UTF-8 are named by file and line."""

    def __init__(self, searchpath: str, names: Callable[[str], str]) -> None:
        super().__init__(searchpath)
        self._names = names

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        try:
            return super().get_source(environment, template)
        except UnicodeDecodeError as exc:
            pieces = jinja2.loaders.split_template_path(template)
            path = posixpath.join(self.searchpath[0], *pieces)
            data = exc.object if isinstance(exc.object, bytes) else b""
            line = data.count(b"\n", 0, exc.start) + 1
            text = data.split(b"\n")[line - 1].decode("utf-8", "replace") if data else None
            raise ReportTemplateError(
                self._names(path),
                line,
                f"not UTF-8 (byte 0x{data[exc.start]:02x}); save the file as UTF-8"
                if data
                else "not UTF-8; save the file as UTF-8",
                text,
            ) from None


def environment(
    template: str | os.PathLike[str] | None = None,
) -> tuple[jinja2.Environment, str]:
    """The Jinja2 environment (autoescaping on) and the name of the template to render:
    the package's default, or ``template`` (a file; its folder is searched first, then
    the package's templates, so it may extend the default). Raises FileNotFoundError
    when ``template`` is no file."""
    names = _Names(template)
    loaders: list[jinja2.BaseLoader] = []
    name = DEFAULT_TEMPLATE
    if template is not None:
        path = Path(template)
        if not path.is_file():
            raise FileNotFoundError(f"no template file {str(path)!r}")
        loaders.append(_Loader(str(path.resolve().parent), names))
        name = path.name
    loaders.append(_Loader(str(TEMPLATES), names))
    env = jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["counted"] = counted
    return env, name


def check_template(template: str | os.PathLike[str] | None = None) -> None:
    """Compile ``template`` and every template it names by a constant (extends,
    include, import), before any query is made: raises :class:`ReportTemplateError`
    for a syntax error, a file that is not UTF-8, a named template that does not
    exist or a block that no template it extends has (it would not be shown), and
    FileNotFoundError when ``template`` is no file. What only rendering
    shows (an undefined name) is raised by :func:`render_template`."""
    env, name = environment(template)
    names = _Names(template)
    todo: list[tuple[str, str | None, int | None]] = [(name, None, None)]
    parsed: dict[str, tuple[str, nodes.Template]] = {}  # name: (file, tree)
    while todo:
        current, by, line = todo.pop()
        if current in parsed:
            continue
        try:
            source, filename, _ = env.loader.get_source(env, current)  # type: ignore[union-attr]
        except jinja2.TemplateNotFound:
            raise _at(by, line, f"no template {current!r}{_searched(template)}", names) from None
        try:
            tree = env.parse(source, current, filename)
        except jinja2.TemplateSyntaxError as exc:
            raise _syntax(exc, names) from None
        parsed[current] = (filename or current, tree)
        for ref, at in _references(tree):
            todo.append((ref, filename, at))
    for filename, tree in parsed.values():
        _check_blocks(filename, tree, parsed, names)


def _check_blocks(
    filename: str,
    tree: nodes.Template,
    parsed: Mapping[str, tuple[str, nodes.Template]],
    names: _Names,
) -> None:
    """A template that extends another shows only the blocks its parents have: one of
    its own blocks that none of them has (a misspelt name) would be dropped without a
    word, so it is an error, naming the blocks there are."""
    parent = _parent(tree)
    if parent is None or parent not in parsed:
        return
    inherited: set[str] = set()
    chain: set[str] = set()
    while parent is not None and parent in parsed and parent not in chain:
        chain.add(parent)
        inherited |= {b.name for b in parsed[parent][1].find_all(nodes.Block)}
        parent = _parent(parsed[parent][1])
    called = {  # blocks called as self.NAME() are shown where they are called
        g.attr
        for _, t in parsed.values()
        for g in t.find_all(nodes.Getattr)
        if isinstance(g.node, nodes.Name) and g.node.name == "self"
    }
    blocks = list(tree.find_all(nodes.Block))
    nested = {id(inner) for b in blocks for inner in b.find_all(nodes.Block)}
    for block in blocks:
        if id(block) in nested or block.name in inherited or block.name in called:
            continue
        there = ", ".join(sorted(inherited))
        raise _at(
            filename,
            block.lineno,
            f"block {block.name!r} is in no template it extends, so it would not be shown "
            f"(the blocks there: {there})",
            names,
        )


def _parent(tree: nodes.Template) -> str | None:
    """The template that ``tree`` extends, when named by a constant."""
    for node in tree.find_all(nodes.Extends):
        if isinstance(node.template, nodes.Const) and isinstance(node.template.value, str):
            return node.template.value
    return None


def render_template(template: str | os.PathLike[str] | None, context: Mapping[str, Any]) -> str:
    """``template`` (None: the package's) rendered with ``context``. A fault of a
    template is :class:`ReportTemplateError` naming the file and line; an exception
    raised while the package's own template code runs is not the user's and is left
    as it is."""
    env, name = environment(template)
    names = _Names(template)
    try:
        return env.get_template(name).render(**context)
    except ReportTemplateError:
        raise
    except jinja2.TemplateSyntaxError as exc:
        raise _syntax(exc, names) from None
    except jinja2.TemplateNotFound as exc:
        where, line = _innermost(exc)
        raise _at(where, line, f"no template {exc.name!r}{_searched(template)}", names) from None
    except jinja2.TemplateError as exc:
        raise _at(*_innermost(exc), str(exc), names) from None
    except Exception as exc:
        where, line = _innermost(exc)
        if where is None or not names.user_file(where):
            raise  # the package's template code: not the user's to fix
        raise _at(where, line, f"{type(exc).__name__}: {exc}", names) from None


def _syntax(exc: jinja2.TemplateSyntaxError, names: _Names) -> ReportTemplateError:
    return _at(exc.filename or exc.name, exc.lineno, exc.message or "syntax error", names)


def _at(filename: str | None, line: int | None, reason: str, names: _Names) -> ReportTemplateError:
    """The error at ``line`` of the file ``filename`` (as Jinja2 names it; None when not
    known), the file shown as ``names`` names it, with the line's text."""
    shown = names(filename) if filename is not None else "template"
    return ReportTemplateError(shown, line, reason, _line(filename, line))


def _references(tree: nodes.Template) -> list[tuple[str, int]]:
    """The templates that ``tree`` names by a constant, with the line naming them
    (an ``include ... ignore missing`` is left to the rendering)."""
    out = []
    for node in tree.find_all((nodes.Extends, nodes.Include, nodes.Import, nodes.FromImport)):
        if isinstance(node, nodes.Include) and node.ignore_missing:
            continue
        target = getattr(node, "template", None)
        if isinstance(target, nodes.Const) and isinstance(target.value, str):
            out.append((target.value, node.lineno))
    return out


def _frames(exc: BaseException) -> list[tuple[str, int]]:
    """The template frames of ``exc``'s traceback (Jinja2 rewrites them to name the
    template file and line), outermost first."""
    return [
        (f.filename, f.lineno or 0)
        for f in traceback.extract_tb(exc.__traceback__)
        if not f.filename.endswith(".py") and os.path.isfile(f.filename)
    ]


def _innermost(exc: BaseException) -> tuple[str | None, int | None]:
    """The template file and line where ``exc`` was raised (None, None: no template
    frame)."""
    frames = _frames(exc)
    return frames[-1] if frames else (None, None)


def _line(filename: str | None, line: int | None) -> str | None:
    """Line ``line`` of the file ``filename`` (None when it cannot be read)."""
    if filename is None or line is None:
        return None
    try:
        with open(filename, encoding="utf-8", errors="replace") as f:
            for number, text in enumerate(f, 1):
                if number == line:
                    return text.rstrip("\n")
    except OSError:
        return None
    return None


def _searched(template: str | os.PathLike[str] | None) -> str:
    if template is None:
        return " among the package's templates"
    folder = os.path.dirname(os.fspath(template)) or "."
    return f" in {folder} or among the package's templates"

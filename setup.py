"""Build of rakestats: the pure-Python package, plus mypyc-compiled copies of the
ingest's hot modules (see rakestats/_speedups) when a C compiler is at hand.

Set RAKESTATS_PURE_PYTHON=1 to build without them. A failed compilation is reported
and the package installs as pure Python; the results are the same, only slower.
"""

from __future__ import annotations

import importlib.util
import os
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SPEEDUPS = Path("rakestats") / "_speedups"


def _speedups() -> Any:
    spec = importlib.util.spec_from_file_location("_speedups", HERE / SPEEDUPS / "__init__.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# pip runs setup.py three times: for the build requirements (egg_info), for the metadata
# (dist_info) and for the build. Only the build needs the compiled modules, and mypyc's
# type check and C generation are most of an install's time: done once, not three times.
_METADATA_COMMANDS = {"egg_info", "dist_info", "sdist"}


def _metadata_only() -> bool:
    commands = [a for a in sys.argv[1:] if not a.startswith("-")]
    return bool(commands) and commands[0] in _METADATA_COMMANDS


# mypyc's -O3. Measured against it: -O2 compiles no faster here; -O1 compiles in half
# the time but runs 1.4-1.5 % more instructions a hand on the Rake and Razz paths.
OPT_LEVEL = "3"


def _in_child(generate: Callable[[], list[Any]]) -> list[Any]:
    """Run mypyc's type check and C generation in a child process, which hands back the
    extensions to build and exits without freeing mypy's state: freeing it at the end of
    the build took about 4 s, as long as generating the C. Where the system cannot fork,
    in this process. A failure in the child is raised here as a RuntimeError."""
    if not hasattr(os, "fork"):
        return generate()
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        try:
            os.close(read_end)
            try:
                payload = pickle.dumps((True, generate()))
            except BaseException as exc:  # a type error (SystemExit) or a missing tool
                payload = pickle.dumps((False, f"{type(exc).__name__}: {exc}"))
            with os.fdopen(write_end, "wb") as out:
                out.write(payload)
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(0)
    os.close(write_end)
    with os.fdopen(read_end, "rb") as src:
        data = src.read()
    _, status = os.waitpid(pid, 0)
    if not data:
        code = os.waitstatus_to_exitcode(status)
        raise RuntimeError(f"the C generation stopped without a result (exit code {code})")
    ok, value = pickle.loads(data)
    if not ok:
        raise RuntimeError(value)
    return list(value)


def _ext_modules() -> list[Any]:
    if os.environ.get("RAKESTATS_PURE_PYTHON") or _metadata_only():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("rakestats: mypyc is not available, installing pure Python", file=sys.stderr)
        return []
    speedups = _speedups()
    paths = []
    # Two libraries, built side by side on two cores: the stud path's modules, and the
    # Rake path's with the rules they call. Each library compiles its own copy of mypyc's
    # runtime (about 2 s of gcc), so no more of them than there are cores to share.
    groups: dict[str, list[str]] = {}
    for name, module in speedups.HOT.items():
        copy = SPEEDUPS / f"{name}.py"
        text = speedups.copy_source(name, HERE / "rakestats")
        (HERE / copy).write_text(text, encoding="utf-8")
        paths.append(str(copy))
        groups.setdefault("stud" if ".stud." in module else "rake", []).append(str(copy))
    separate = [(files, f"rakestats._speedups.native_{pkg}") for pkg, files in groups.items()]
    cwd = os.getcwd()
    os.chdir(HERE)
    try:
        # The build may run before rakestats' dependencies are installed (pip installs
        # them beside it): the hot modules do not use them, so mypy need not see them,
        # nor judge the modules it reads only for their types.
        options = ["--ignore-missing-imports", "--follow-imports=silent"]
        names = ", ".join(speedups.HOT.values())
        print(f"rakestats: compiling {len(paths)} hot modules with mypyc: {names}", file=sys.stderr)
        start = time.perf_counter()
        args = [*options, *paths]
        exts = _in_child(lambda: mypycify(args, opt_level=OPT_LEVEL, separate=separate))
        if sys.platform != "win32":  # no debug information: about a tenth less to compile
            for ext in exts:
                ext.extra_compile_args = [*ext.extra_compile_args, "-g0"]
        took = time.perf_counter() - start
        print(f"rakestats: C generated in {took:.0f} s; compiling it now", file=sys.stderr)
        return list(exts)
    except (Exception, SystemExit) as exc:  # a type error or a missing tool
        print(f"rakestats: not compiling ({exc}), installing pure Python", file=sys.stderr)
        return []
    finally:
        os.chdir(cwd)


class OptionalBuildExt(build_ext):
    """Compiled modules are an optional speed-up: a build that fails leaves pure Python.
    The libraries (one per package of hot modules) are compiled in parallel, one per core."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            print(f"rakestats: compiling failed ({exc}), using pure Python", file=sys.stderr)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            print(f"rakestats: compiling {ext.name} failed ({exc})", file=sys.stderr)


if __name__ == "__main__":  # as pip's build backend runs it (tests import the helpers)
    setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})

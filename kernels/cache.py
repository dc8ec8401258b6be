"""Numba's on-disk cache, keyed per module by the module and everything it
imports.

Numba stamps a cached function with a hash of the file that defines it, not
of the functions it calls in other files (numba issue 1833), so an edited
engine could run inside a stale cached runner. The locator below stamps each
function with a hash over its own file and, transitively, every kernels
module (and sibling test module) that file imports: editing one bot
recompiles that bot and what imports it (dispatch, runner), not the engine.
The Scratch's layout is in every stamp too: the bots take the record
without importing the module that lays it out, and a cache kept across a
change of it would otherwise hold a second signature beside the stale one.

It subclasses numba's cache locator for NUMBA_CACHE_DIR and is put first in
numba's list of locators (its cache folders are named by the module's folder
inside the project, so a copy of the sources elsewhere shares the cache):
both are numba internals, so pyproject.toml pins
numba to the minor versions this was checked with.
"""

from __future__ import annotations

import ast
import hashlib
import os
from functools import cache
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parent  # kernels/
PROJECT_ROOT = PACKAGE_ROOT.parent
# how every kernel is optimised (kernels/optimise.py): part of every kernel's stamp
OPTIMISE_FILE = PACKAGE_ROOT / "optimise.py"
# the Scratch's layout (and the bot weights it sizes, which it imports): part of every kernel's stamp
SCRATCH_FILE = PACKAGE_ROOT / "bots" / "shared" / "scratch.py"


def _module_file(dotted: str) -> Path | None:
    """The file of a kernels module named `kernels.a.b`, or None."""
    parts = dotted.split(".")
    if parts[0] != PACKAGE_ROOT.name:
        return None
    base = PROJECT_ROOT.joinpath(*parts)
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    if len(parts) > 1 and (base / "__init__.py").is_file():  # a package read as one module (kernels.layouts)
        return base / "__init__.py"
    return None


@cache
def _imports(path: Path) -> tuple[Path, ...]:
    """The kernels modules (and modules beside `path`) that path imports."""
    tree = ast.parse(path.read_bytes(), str(path))
    found: set[Path] = set()

    def add(dotted: str) -> None:
        f = _module_file(dotted)
        if f is None and "." not in dotted:
            sibling = path.with_name(dotted + ".py")  # e.g. tests importing invariant_kernels
            f = sibling if sibling.is_file() else None
        if f is not None and f != path:
            found.add(f)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            add(node.module)
            for alias in node.names:  # `from kernels.variants import ghost` imports a module
                add(f"{node.module}.{alias.name}")
    return tuple(sorted(found))


def imported_files(*paths: Path) -> frozenset[Path]:
    """paths and every module they import, transitively."""
    seen: set[Path] = set()
    todo = [Path(p).resolve() for p in paths]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo.extend(_imports(f))
    return frozenset(seen)


@cache
def dependency_files(path: Path) -> frozenset[Path]:
    """path and every module it imports, transitively, with the optimisation
    settings (OPTIMISE_FILE) and the Scratch's layout (SCRATCH_FILE) and theirs."""
    return imported_files(path, OPTIMISE_FILE, SCRATCH_FILE)


@cache
def dependency_hash(path: Path) -> str:
    """SHA-256 over dependency_files(path)."""
    h = hashlib.sha256()
    for f in sorted(dependency_files(path)):
        h.update(str(f.relative_to(PROJECT_ROOT) if f.is_relative_to(PROJECT_ROOT) else f).encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def source_hash() -> str:
    """One hash of every kernels source: a run's manifest records it, and a
    Dask worker with other sources is refused."""
    h = hashlib.sha256()
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        h.update(str(path.relative_to(PACKAGE_ROOT)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


def install(cache_dir: Path) -> None:
    """Point Numba's cache at cache_dir and stamp functions by their imports.
    Called by kernels/__init__.py before any kernel is defined."""
    if "NUMBA_CACHE_DIR" not in os.environ or os.environ.get("TTR_NUMBA_CACHE_SET") == "1":
        os.environ["NUMBA_CACHE_DIR"] = str(cache_dir)
        os.environ["TTR_NUMBA_CACHE_SET"] = "1"
    from numba.core import caching, config

    config.reload_config()

    class KernelCacheLocator(caching.UserProvidedCacheLocator):
        """NUMBA_CACHE_DIR, stamped with dependency_hash (see the module doc)."""

        def get_source_stamp(self):
            return dependency_hash(Path(self._py_file))

        def get_disambiguator(self):
            # the stamp in the file names: checkouts of different sources
            # sharing one cache folder keep their own files instead of
            # overwriting each other's index at every run
            return f"{self._lineno}-{self.get_source_stamp()[:12]}"

        @classmethod
        def get_suitable_cache_subpath(cls, py_file):
            # Named by the folder's path inside the project (kernels/bots, tests),
            # not its absolute path: an installed copy with the same sources
            # finds the kernels a source checkout compiled (the stamp already
            # covers the contents), e.g. `make check-install` in CI.
            folder = Path(py_file).resolve().parent
            if folder.is_relative_to(PROJECT_ROOT):
                return "_".join(folder.relative_to(PROJECT_ROOT).parts) or "root"
            return super().get_suitable_cache_subpath(py_file)

    if not any(c.__name__ == "KernelCacheLocator" for c in caching.CacheImpl._locator_classes):
        caching.CacheImpl._locator_classes.insert(0, KernelCacheLocator)

"""Which kernels module may import which, checked on the source (ast), so a
layering mistake fails here and not in a reader's head:

- kernels never imports analyzer, pandas, pyarrow, matplotlib or file I/O
  (kernels/__init__.py and kernels/cache.py, which set up the compile cache
  and hash the sources, are the one exception for os/pathlib);
- kernels/core imports neither variants, bots, the engine nor the runner;
- a variant imports the core, never the engine, the bots or the runner;
- the bots never import the runner; their folders import only the folders
  below them (shared, planning, heuristic, variants, search, then
  dispatch.py); paths.py, graph.py and prng.py import only layouts (and
  each other);
- no import cycle among the kernels modules.
"""

import ast
import re
from pathlib import Path

import pytest
from helpers import PROJECT_ROOT as ROOT

KERNELS = ROOT / "kernels"
CACHE_SETUP = {"kernels", "kernels.cache"}
FILE_IO = {"os", "pathlib", "io", "shutil", "tempfile", "glob"}

BOT_FOLDERS = tuple(f"kernels.bots.{f}" for f in ("shared", "planning", "heuristic", "variants", "search",
                                                       "dispatch"))

# (importer prefix, forbidden import prefix, why)
RULES = [
    ("kernels", "analyzer", "kernels are below the analyzer"),
    ("kernels", "pandas", "kernels work on plain arrays"),
    ("kernels", "pyarrow", "kernels never touch files"),
    ("kernels", "matplotlib", "kernels never draw"),
    ("kernels.core", "kernels.variants", "the core is what every variant shares"),
    ("kernels.core", "kernels.bots", "the core knows no bot"),
    ("kernels.core", "kernels.engine", "the engine calls the core"),
    ("kernels.core", "kernels.runner", "the runner calls the core"),
    ("kernels.variants", "kernels.engine", "a variant is called by the engine"),
    ("kernels.variants", "kernels.bots", "a variant knows no bot"),
    ("kernels.variants", "kernels.runner", "the runner calls the variants"),
    ("kernels.bots", "kernels.runner", "the runner calls the bots"),
    ("kernels.engine", "kernels.bots", "the engine knows no bot"),
    ("kernels.paths", "kernels.core", "the path search only reads prices"),
    ("kernels.paths", "kernels.bots", "the path search only reads prices"),
    ("kernels.graph", "kernels.core", "graph algorithms only read arrays"),
    ("kernels.prng", "kernels.core", "the PRNG is a leaf"),
    # the bots' folders, lowest first: shared < planning < heuristic < variants < search < dispatch
    *[(low, high, "the bots' folders import only the folders below them")
      for i, low in enumerate(BOT_FOLDERS) for high in BOT_FOLDERS[i + 1:]],
]


def modules() -> dict[str, Path]:
    out = {}
    for p in KERNELS.rglob("*.py"):
        parts = list(p.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def imports_of(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def internal_imports(mods: dict[str, Path], name: str) -> set[str]:
    out = set()
    for target in imports_of(mods[name]):
        while target and target not in mods:
            target = target.rpartition(".")[0]
        if target and target != name and target != "kernels":
            out.add(target)
    return out


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


@pytest.mark.parametrize("importer,forbidden,why", RULES)
def test_layer_rule(importer, forbidden, why):
    mods = modules()
    bad = []
    for name, path in mods.items():
        if not _under(name, importer):
            continue
        for target in imports_of(path):
            if _under(target, forbidden):
                bad.append(f"{name} imports {target}")
    assert not bad, f"{why}: " + "; ".join(sorted(bad))


def test_kernels_do_no_file_io():
    bad = []
    for name, path in modules().items():
        if name in CACHE_SETUP:
            continue
        text = path.read_text()
        for target in imports_of(path):
            if target.split(".")[0] in FILE_IO:
                bad.append(f"{name} imports {target}")
        if re.search(r"\bopen\(", text):
            bad.append(f"{name} calls open()")
    assert not bad, "; ".join(bad)


def test_no_import_cycle_in_kernels():
    mods = modules()
    graph = {m: internal_imports(mods, m) for m in mods}
    state: dict[str, int] = {}
    cycles = []

    def visit(m, stack):
        state[m] = 1
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == 1:
                cycles.append(" -> ".join(stack[stack.index(n):] + [n]))
            elif n not in state:
                visit(n, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert not cycles, "; ".join(cycles)


def test_the_rules_can_fail():
    """The checks see a forbidden import and a cycle when there is one."""
    assert _under("kernels.core.claims", "kernels.core")
    assert "kernels.variants.ghost" in imports_of(KERNELS / "engine.py")
    mods = modules()
    assert "kernels.core.claims" in internal_imports(mods, "kernels.engine")

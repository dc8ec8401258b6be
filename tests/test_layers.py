"""Which package may import which: the layers of analyzer/ and
kernels/, read from the source with ast (every import, at the top of a module
or inside a function), and no import cycle anywhere in the product.

A rule is a row (importer prefix, forbidden prefix, why): no module whose
name starts with the importer prefix may import a module whose name starts
with the forbidden prefix. Add kernels rules as rows of RULES."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("analyzer", "kernels")

RULES: list[tuple[str, str, str]] = [
    ("analyzer.stats", "analyzer.run", "statistics read tables; they never run games or read folders"),
    ("analyzer.stats", "analyzer.report", "statistics do not know how they are shown"),
    ("analyzer.stats", "analyzer.cli", "statistics do not know the command line"),
    ("analyzer.run", "analyzer.report", "running experiments does not depend on the report"),
    ("analyzer.run", "analyzer.cli", "the runner is called by the CLI, never the other way"),
    ("analyzer.report", "analyzer.cli", "the report is a library the CLI calls; it prints nothing of the CLI's"),
    ("analyzer.boards", "analyzer.run", "boards, rules and bots are below everything that runs"),
    ("analyzer.rules", "analyzer.run", "boards, rules and bots are below everything that runs"),
    ("analyzer.bots", "analyzer.run", "boards, rules and bots are below everything that runs"),
    ("analyzer.tunnels", "analyzer.run", "the exact tunnel odds are statistics: no runner"),
    ("analyzer.tunnels", "analyzer.report", "the exact tunnel odds are statistics: no report"),
    ("analyzer.tunnels", "analyzer.cli", "the exact tunnel odds are statistics: no CLI"),
    ("kernels", "analyzer", "the kernels are Numba only: the analyzer calls them, never the reverse"),
    ("analyzer.run.tune_space", "analyzer.run.tune_output", "a trial's games do not know what the study writes"),
    ("analyzer.run.tune_space", "analyzer.run.tune", "a trial's games do not know the study loop"),
    ("analyzer.run.tune_output", "analyzer.run.tune", "a finished study is read without the study loop"),
    *(("analyzer.report", f"analyzer.run.{m}", "the report only reads (results, protocol, tune_output, "
                                               "sweep_output); analyzer.run.studies runs the plan")
      for m in ("simulate", "sweep", "tune", "ladder")),
    ("analyzer.studies", "analyzer.run", "the study plan is data: analyzer.run executes it"),
    ("analyzer.studies", "analyzer.report", "the study plan is data: the report's sections read it"),
]

# Third-party libraries only some modules may import: the rest of the product
# (and `ttr simulate`) loads without them.
LIBRARY_OWNERS = {"optuna": ("analyzer.run.tune", "analyzer.run.tune_space", "analyzer.run.tune_study"),
                  "scipy": ("analyzer.optimum.model",),
                  "highspy": ("analyzer.optimum.model",)}



def product_modules() -> dict[str, Path]:
    mods = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            mods[".".join(parts)] = path
    return mods


def imported_modules(name: str, path: Path, mods: dict[str, Path]) -> set[str]:
    """The product modules `name` imports: each import resolved to the
    longest module name it names (`from analyzer.stats import wilson` is
    analyzer.stats; `from analyzer.stats.intervals import wilson` is
    analyzer.stats.intervals)."""
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            targets = [f"{base}.{a.name}" for a in node.names] + [base]
        else:
            continue
        for t in targets:
            while t and t not in mods:
                t = t.rpartition(".")[0]
            if t and t != name:
                found.add(t)
                break  # the most specific module the import names
    return found


def import_graph() -> dict[str, set[str]]:
    mods = product_modules()
    return {name: imported_modules(name, path, mods) for name, path in mods.items()}


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def _within(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


GRAPH = import_graph()


def violations(graph: dict[str, set[str]], importer: str, forbidden: str) -> list[str]:
    """The imports of `graph` that break the rule (importer, forbidden)."""
    return sorted(f"{m} imports {t}" for m, targets in graph.items() if _within(m, importer)
                  for t in targets if _within(t, forbidden))


@pytest.mark.parametrize("importer,forbidden,why", RULES, ids=[f"{a} -/-> {b}" for a, b, _ in RULES])
def test_layer_rule(importer, forbidden, why):
    assert any(_within(m, importer) for m in GRAPH), f"no module {importer}: update the rule"
    assert any(_within(m, forbidden) for m in GRAPH), f"no module {forbidden}: update the rule"
    bad = violations(GRAPH, importer, forbidden)
    assert not bad, f"{why}: " + "; ".join(bad)


def test_no_import_cycle_in_analyzer():
    found = [sorted(c) for c in cycles(GRAPH) if any(_within(m, "analyzer") for m in c)]
    assert not found, f"import cycles: {found}"


def test_no_kernel_import_cycle():
    """No import cycle among the kernels' modules."""
    found = [sorted(c) for c in cycles(GRAPH) if all(_within(m, "kernels") for m in c)]
    assert not found, f"import cycles in kernels/: {found}"


def test_the_checker_sees_a_cycle_and_a_function_level_import():
    """The checks are worth something: a cycle through an import inside a function is found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]
    mods = product_modules()
    assert "kernels.tunnel_mc" in imported_modules("analyzer.tunnels", mods["analyzer.tunnels"], mods)


def test_the_checker_sees_a_report_module_that_runs_games(tmp_path):
    """A report module that imports a simulating module, even inside a function, breaks
    its rule; the reading modules (sweep_output beside sweep) break none."""
    src = tmp_path / "fake.py"
    src.write_text("from analyzer.run.sweep_output import compare\n\n\ndef build_section(runs, out_dir):\n"
                   "    from analyzer.run.sweep import sweep\n\n    return sweep, compare\n")
    name = "analyzer.report.sections.fake"
    graph = {name: imported_modules(name, src, product_modules())}
    found = {forbidden: violations(graph, importer, forbidden) for importer, forbidden, _ in RULES
             if importer == "analyzer.report" and forbidden.startswith("analyzer.run.")}
    assert found.pop("analyzer.run.sweep") == [f"{name} imports analyzer.run.sweep"]
    assert set(found) == {"analyzer.run.simulate", "analyzer.run.tune", "analyzer.run.ladder"}
    assert not any(found.values())


def test_libraries_are_imported_only_by_their_owners():
    """optuna is imported by analyzer.run.tune, tune_space and tune_study alone, scipy and
    highspy by analyzer.optimum.model alone (inside functions), so the stats, the report
    and every other command load without them."""
    for name, path in product_modules().items():
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for lib, owners in LIBRARY_OWNERS.items():
                if any(n == lib or n.startswith(lib + ".") for n in names):
                    assert name in owners, f"{name} imports {lib}; only {', '.join(owners)} may"

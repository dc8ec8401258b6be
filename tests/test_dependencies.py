"""Every module the product imports is a declared dependency: a
plain `pip install .` without extras gives a working `ttr`.

The imports are read from the source with ast (analyzer/ and kernels/); a
module imported at the top of a module must be in [project].dependencies; a
module imported inside a function may instead be in an optional extra (not
`dev`), and then the import must sit in a `try` that turns ImportError into a
clear message."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("analyzer", "kernels")
# import name -> distribution name, where they differ (compared case- and
# punctuation-insensitively); distributed comes with dask's `distributed` extra
DISTRIBUTION = {"distributed": "dask[distributed]", "yaml": "pyyaml", "PIL": "pillow", "sklearn": "scikit-learn"}


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def distribution(import_name: str) -> str:
    """The requirement that provides an import: 'distributed' -> 'dask[distributed]'."""
    base, _, extra = DISTRIBUTION.get(import_name, import_name).partition("[")
    return _norm(base) + (f"[{_norm(extra.rstrip(']'))}]" if extra else "")


def requirements(items: list[str]) -> set[str]:
    """'dask[distributed]>=2024.1' -> {'dask', 'dask[distributed]'}."""
    out = set()
    for item in items:
        m = re.match(r"\s*([A-Za-z0-9_.\-]+)\s*(\[([^\]]*)\])?", item)
        name = _norm(m.group(1))
        out.add(name)
        for extra in (m.group(3) or "").split(","):
            if extra.strip():
                out.add(f"{name}[{_norm(extra.strip())}]")
    return out


def pyproject() -> tuple[set[str], set[str]]:
    """(required, optional outside dev) distributions."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    optional = [r for extra, reqs in project.get("optional-dependencies", {}).items() if extra != "dev"
                for r in reqs]
    return requirements(project["dependencies"]), requirements(optional)


def third_party_imports() -> list[tuple[str, str, bool, bool]]:
    """(file:line, top-level name, at module level, guarded by `except ImportError`) of every import."""
    found = []
    for pkg in PRODUCT:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            tree = ast.parse(path.read_text(), str(path))
            parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
            for node in ast.walk(tree):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and not node.level:
                    names = [node.module]
                else:
                    continue
                chain, up = [], parents.get(node)
                while up is not None:
                    chain.append(up)
                    up = parents.get(up)
                in_function = any(isinstance(a, (ast.FunctionDef, ast.AsyncFunctionDef)) for a in chain)
                guarded = any(isinstance(a, ast.Try) and any(_catches_import_error(h) for h in a.handlers)
                              for a in chain)
                for name in names:
                    root = name.split(".")[0]
                    if root in PRODUCT or root in sys.stdlib_module_names or root == "__future__":
                        continue
                    found.append((f"{path.relative_to(ROOT)}:{node.lineno}", root, not in_function, guarded))
    return found


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(isinstance(t, ast.Name) and t.id in ("ImportError", "ModuleNotFoundError") for t in types)


def test_every_import_is_a_declared_dependency():
    required, optional = pyproject()
    imports = third_party_imports()
    assert {root for _, root, _, _ in imports} >= {"numba", "numpy", "pandas", "typer", "rich"}  # the scan works
    problems = []
    for where, root, top_level, guarded in imports:
        dist = distribution(root)
        if dist in required:
            continue
        if top_level:
            problems.append(f"{where}: `{root}` is imported at module level but is not in [project].dependencies")
        elif dist not in optional:
            problems.append(f"{where}: `{root}` is not a declared dependency (nor an optional extra)")
        elif not guarded:
            problems.append(f"{where}: the optional `{root}` is imported without `except ImportError` and a message")
    assert not problems, "\n".join(problems)


def test_the_check_catches_an_undeclared_import():
    """click was imported by the CLI without being declared: such an import is reported."""
    required, _ = pyproject()
    assert "click" not in required and "click" not in {root for _, root, _, _ in third_party_imports()}
    assert requirements(["dask[distributed]>=2024.1", "Jinja2>=3.1"]) == {"dask", "dask[distributed]", "jinja2"}

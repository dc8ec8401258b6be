"""The shape of the code, counted from its syntax tree (docs/architecture.md):
no product function over 80 lines, at most 100 lines of name-by-name import
lists of kernels.layouts, at most 5 test files at the top of tests/, no
product module that nothing imports, and a folder map (docs/architecture.md)
that names every folder. Product = analyzer/ and kernels/."""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import PROJECT_ROOT

PRODUCT = ("analyzer", "kernels")
MAX_FUNCTION_LINES = 80
MAX_LAYOUT_IMPORT_LINES = 100
MAX_TOP_TEST_FILES = 5
# entry points: imported by the interpreter or by name, never by another module
ENTRY_POINTS = {"analyzer", "kernels", "analyzer.cli.__main__"}


def modules(root: Path = PROJECT_ROOT) -> dict[str, Path]:
    out = {}
    for pkg in PRODUCT:
        for path in (root / pkg).rglob("*.py"):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def long_functions(mods: dict[str, Path], limit: int = MAX_FUNCTION_LINES) -> list[str]:
    return sorted(f"{p.name}:{n.lineno} {n.name} ({n.end_lineno - n.lineno + 1} lines)"
                  for p in mods.values() for n in ast.walk(ast.parse(p.read_text()))
                  if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.end_lineno - n.lineno + 1 > limit)


def layout_import_lines(mods: dict[str, Path]) -> int:
    return sum(n.end_lineno - n.lineno + 1 for p in mods.values() for n in ast.parse(p.read_text()).body
               if isinstance(n, ast.ImportFrom) and (n.module or "").endswith("layouts"))


def imported_names(path: Path, name: str) -> set[str]:
    """Every dotted name an import of `path` names (`from a.b import c` names a.b and a.b.c; relative
    imports resolved against the module `name`)."""
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for n in ast.walk(ast.parse(path.read_text())):
        if isinstance(n, ast.Import):
            out.update(a.name for a in n.names)
        elif isinstance(n, ast.ImportFrom):
            base = n.module or ""
            if n.level:
                up = pkg.split(".")[: len(pkg.split(".")) - (n.level - 1)]
                base = ".".join(up + ([base] if base else []))
            out.add(base)
            out.update(f"{base}.{a.name}" for a in n.names)
    return out


def unimported_modules(mods: dict[str, Path]) -> list[str]:
    """Product modules no module of the project (product, tests, bench, tools) imports, nor names as a
    string (a module list such as the report's SECTIONS), and no package of theirs either."""
    users = set()
    text = "\n".join(p.read_text() for p in modules().values())
    users |= {m for m in modules() if f'"{m}"' in text}
    for folder in (*PRODUCT, "tests", "bench", "tools"):
        for path in (PROJECT_ROOT / folder).rglob("*.py"):
            name = ".".join(path.relative_to(PROJECT_ROOT).with_suffix("").parts).removesuffix(".__init__")
            users |= {t for t in imported_names(path, name) if t != name}
    return sorted(m for m in mods if m not in users and m not in ENTRY_POINTS
                  and not any(u.startswith(m + ".") for u in users))


def top_test_files() -> list[str]:
    return sorted(p.name for p in (PROJECT_ROOT / "tests").glob("test_*.py"))


def test_no_product_function_is_over_80_lines():
    assert long_functions(modules()) == []


def test_kernels_reach_layouts_through_the_module():
    assert layout_import_lines(modules()) <= MAX_LAYOUT_IMPORT_LINES


def test_the_tests_mirror_the_tree():
    assert len(top_test_files()) <= MAX_TOP_TEST_FILES, top_test_files()


def test_no_module_is_imported_by_nothing():
    assert unimported_modules(modules()) == []


def test_the_architecture_doc_names_every_folder():
    """docs/architecture.md names each folder of the product (a board's data folder aside) and the
    project's top-level folders."""
    doc = (PROJECT_ROOT / "docs" / "architecture.md").read_text()
    folders = [p for pkg in PRODUCT for p in [PROJECT_ROOT / pkg, *(PROJECT_ROOT / pkg).rglob("*")]
               if p.is_dir() and p.name != "__pycache__" and p.parent.name != "boards_data"]
    folders += [PROJECT_ROOT / f for f in ("bench", "tools", "tests", "docs", "reports")]
    missing = [str(f.relative_to(PROJECT_ROOT)) for f in folders if f"`{f.relative_to(PROJECT_ROOT).as_posix()}/`"
               not in doc]
    assert missing == []


def test_the_counts_see_what_they_count(tmp_path):
    """Each count finds a long function, an import list, and a module nothing imports."""
    long = tmp_path / "long.py"
    long.write_text("def f():\n" + "    x = 1\n" * 90)
    lists = tmp_path / "lists.py"
    lists.write_text("from kernels.layouts import (\n    A,\n    B,\n)\n")
    assert len(long_functions({"long": long})) == 1 and long_functions({"long": long}, limit=100) == []
    assert layout_import_lines({"lists": lists}) == 4
    mods = modules()
    assert unimported_modules({**mods, "analyzer.nobody_imports_me": long}) == ["analyzer.nobody_imports_me"]
